import { describe, expect, it } from 'vitest';
import { parseFixture, readFixture } from '../src/fixtures/parse-fixture';
import { SAMPLE_TEXT, problemIn, sample } from './support/fixture-sample';

// docs/import-format.md: what the import reads from a valid file, and what it checks across the whole file.

describe('parseFixture', () => {
  it('reads the sample fixture into snapshots, applying the documented defaults', () => {
    const { tenants, rows } = parseFixture(SAMPLE_TEXT);
    expect(tenants).toHaveLength(1);
    const [tenant] = tenants;
    expect(tenant?.slug).toBe('alpenblick');
    expect(rows).toBe(1 + 3 + 2 + 3 + 2 + 2 + 2);
    expect(tenant?.sites[2]).toEqual({
      id: 3,
      siteNumber: 'B10',
      name: 'Panorama',
      maxOccupants: 6,
      basePricePerNight: 5200,
      status: 'inactive',
      siteTypeId: 2,
    });
    // booking 2 leaves out num_youth and num_children
    expect(tenant?.bookings[1]).toMatchObject({ id: 2, numYouth: 0, numChildren: 0, source: 'walk_in', totalPrice: 2850 });
    expect(tenant?.bookings[0]?.createdAt).toEqual(new Date('2026-05-02T08:15:00Z'));
    expect(tenant?.invoices[1]).toMatchObject({ bookingId: null, totalChf: 1200, status: 'OFFEN' });
    expect(tenant?.apiKeys[0]).toMatchObject({ prefix: 'ck_d7T4a', token: 'ck_d7T4aogrKwV6h2sDvQvUFcLB604ep', revoked: false });
    expect(tenant?.apiKeys[2]?.revoked).toBe(true);
  });

  it('defaults optional fields: name, phone_number, num_youth, num_children, source, booking_id', () => {
    const { tenants } = readFixture(
      sample((d) => {
        const t = d.tenants[0];
        delete t.sites[0].name;
        delete t.users[0].phone_number;
        delete t.bookings[0].num_youth;
        delete t.bookings[0].num_children;
        delete t.bookings[0].source;
        delete t.invoices[0].booking_id;
      }),
    );
    const t = tenants[0]!;
    expect(t.sites[0]?.name).toBe('');
    expect(t.users[0]?.phoneNumber).toBe('');
    expect(t.bookings[0]).toMatchObject({ numYouth: 0, numChildren: 0, source: 'admin' });
    expect(t.invoices[0]?.bookingId).toBeNull();
  });

  it('keeps migrated keys (prefix + secret_hash) as they are', () => {
    const hash = `$2b$12$${'a'.repeat(53)}`;
    const { tenants } = readFixture(
      sample((d) => {
        d.tenants[0].api_keys = [
          { name: 'erp', prefix: 'ck_Ab12x', secret_hash: hash, scopes: ['invoices:read'], expires_at: '2027-01-01T00:00:00Z' },
        ];
      }),
    );
    expect(tenants[0]?.apiKeys[0]).toMatchObject({
      prefix: 'ck_Ab12x',
      secretHash: hash,
      expiresAt: new Date('2027-01-01T00:00:00Z'),
      revoked: false,
    });
  });

  it('stores unknown booking and invoice statuses verbatim', () => {
    const { tenants } = readFixture(
      sample((d) => {
        d.tenants[0].bookings[0].status = 'checked_in';
        d.tenants[0].invoices[0].status = 'MAHNUNG';
      }),
    );
    expect(tenants[0]?.bookings[0]?.status).toBe('checked_in');
    expect(tenants[0]?.invoices[0]?.status).toBe('MAHNUNG');
  });

  it('names invalid JSON with its line and column', () => {
    expect(() => parseFixture('{\n  "tenants": [\n    { "slug": "x", }\n  ]\n}')).toThrow(/^invalid JSON: .*line 3, column/);
  });

  it('reports the first problem in file order of tables', () => {
    const message = problemIn(
      sample((d) => {
        d.tenants[0].sites[0].site_type_id = 99;
        d.tenants[0].bookings[0].site_id = 99;
      }),
    );
    expect(message).toBe('tenants[0].sites[0].site_type_id: unknown site type 99');
  });

  it('allows the same ids in two tenants (ids are per tenant)', () => {
    const doc = sample((d) => {
      const copy = structuredClone(d.tenants[0]);
      copy.slug = 'seeblick';
      copy.api_keys = [];
      copy.bookings.forEach((b: any, i: number) => {
        b.booking_reference = `REF000000${i}`;
      });
      d.tenants.push(copy);
    });
    const { tenants } = readFixture(doc);
    expect(tenants.map((t) => t.sites.map((s) => s.id))).toEqual([
      [1, 2, 3],
      [1, 2, 3],
    ]);
  });

  it('validates a 100k-booking file in linear time', () => {
    const doc = sample((d) => {
      const t = d.tenants[0];
      t.bookings = Array.from({ length: 100_000 }, (_, i) => ({
        ...t.bookings[0],
        id: i + 1,
        booking_reference: `R${String(i).padStart(9, '0')}`,
      }));
      t.invoices = Array.from({ length: 20_000 }, (_, i) => ({ ...t.invoices[0], id: i + 1, booking_id: i + 1 }));
    });
    const text = JSON.stringify(doc);
    const started = performance.now();
    const { rows } = parseFixture(text);
    // Generous bound: a quadratic check would take minutes here, the linear one well under a second.
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(rows).toBe(1 + 3 + 2 + 3 + 2 + 100_000 + 20_000);
  });
});
