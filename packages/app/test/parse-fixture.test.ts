import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { someBillingDetails } from '@campsite/domain/testing';
import { FixtureError } from '../src/fixtures/fixture-row';
import { parseFixture, readFixture } from '../src/fixtures/parse-fixture';

const SAMPLE_TEXT = readFileSync(new URL('./fixtures/sample.json', import.meta.url), 'utf8');

/** The sample fixture, changed by `edit`; each case breaks one thing. */
function sample(edit: (doc: any) => void = () => {}): any {
  const doc = JSON.parse(SAMPLE_TEXT);
  edit(doc);
  return doc;
}

function problemIn(doc: unknown): string {
  try {
    readFixture(doc);
  } catch (error) {
    if (error instanceof FixtureError) return error.message;
    throw error;
  }
  throw new Error('expected the fixture to be rejected');
}

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

  it.each<[string, (d: any) => void, string]>([
    [
      'not an object',
      (d) => {
        d.tenants = undefined;
      },
      'tenants: required',
    ],
    [
      'tenants not an array',
      (d) => {
        d.tenants = {};
      },
      'tenants: must be an array, got an object',
    ],
    [
      'tenant not an object',
      (d) => {
        d.tenants.push(7);
      },
      'tenants[1]: must be an object, got number 7',
    ],
    [
      'missing slug',
      (d) => {
        delete d.tenants[0].slug;
      },
      'tenants[0].slug: required',
    ],
    [
      'duplicate slug in the file',
      (d) => {
        d.tenants.push({ slug: 'alpenblick', name: 'Copy' });
      },
      'tenants[1].slug: duplicate slug "alpenblick" (also tenants[0])',
    ],
    [
      'missing required field',
      (d) => {
        delete d.tenants[0].sites[1].site_number;
      },
      'tenants[0].sites[1].site_number: required',
    ],
    [
      'wrong type',
      (d) => {
        d.tenants[0].sites[0].max_occupants = '4';
      },
      'tenants[0].sites[0].max_occupants: must be an integer, got the string "4"',
    ],
    [
      'fractional integer',
      (d) => {
        d.tenants[0].bookings[0].num_adults = 1.5;
      },
      'tenants[0].bookings[0].num_adults: must be an integer, got number 1.5',
    ],
    [
      'negative count',
      (d) => {
        d.tenants[0].bookings[0].num_children = -1;
      },
      'tenants[0].bookings[0].num_children: must be at least 0, got -1',
    ],
    [
      'duplicate site type id',
      (d) => {
        d.tenants[0].site_types[1].id = 1;
      },
      'tenants[0].site_types[1].id: duplicate site type id 1 (also tenants[0].site_types[0])',
    ],
    [
      'duplicate site id',
      (d) => {
        d.tenants[0].sites[2].id = 2;
      },
      'tenants[0].sites[2].id: duplicate site id 2 (also tenants[0].sites[1])',
    ],
    [
      'duplicate user id',
      (d) => {
        d.tenants[0].users[1].id = 1;
      },
      'tenants[0].users[1].id: duplicate user id 1 (also tenants[0].users[0])',
    ],
    [
      'duplicate booking id',
      (d) => {
        d.tenants[0].bookings[1].id = 1;
      },
      'tenants[0].bookings[1].id: duplicate booking id 1 (also tenants[0].bookings[0])',
    ],
    [
      'duplicate invoice id',
      (d) => {
        d.tenants[0].invoices[1].id = 1;
      },
      'tenants[0].invoices[1].id: duplicate invoice id 1 (also tenants[0].invoices[0])',
    ],
    [
      'duplicate booking reference',
      (d) => {
        d.tenants[0].bookings[1].booking_reference = 'K7Q2M4XZ9B';
      },
      'tenants[0].bookings[1].booking_reference: duplicate booking_reference "K7Q2M4XZ9B" (also tenants[0].bookings[0])',
    ],
    [
      'unknown site type',
      (d) => {
        d.tenants[0].sites[2].site_type_id = 9;
      },
      'tenants[0].sites[2].site_type_id: unknown site type 9',
    ],
    [
      'unknown site',
      (d) => {
        d.tenants[0].bookings[1].site_id = 42;
      },
      'tenants[0].bookings[1].site_id: unknown site 42',
    ],
    [
      'unknown booking',
      (d) => {
        d.tenants[0].invoices[1].booking_id = 7;
      },
      'tenants[0].invoices[1].booking_id: unknown booking 7',
    ],
    [
      'id zero',
      (d) => {
        d.tenants[0].sites[0].id = 0;
      },
      'tenants[0].sites[0].id: must be at least 1, got 0',
    ],
    [
      'bad money',
      (d) => {
        d.tenants[0].sites[0].base_price_per_night = '35,00';
      },
      'tenants[0].sites[0].base_price_per_night: not a valid amount "35,00" (a decimal string such as "35.00")',
    ],
    [
      'money as a float',
      (d) => {
        d.tenants[0].bookings[0].total_price = 105.5;
      },
      'tenants[0].bookings[0].total_price: must be a decimal string such as "35.00", got number 105.5',
    ],
    [
      'negative price',
      (d) => {
        d.tenants[0].sites[0].base_price_per_night = '-1.00';
      },
      'tenants[0].sites[0].base_price_per_night: must not be negative, got "-1.00"',
    ],
    [
      'impossible date',
      (d) => {
        d.tenants[0].bookings[0].check_in_date = '2026-02-30';
      },
      'tenants[0].bookings[0].check_in_date: not a valid date "2026-02-30" (YYYY-MM-DD)',
    ],
    [
      'check-out not after check-in',
      (d) => {
        d.tenants[0].bookings[0].check_out_date = '2026-07-01';
      },
      'tenants[0].bookings[0].check_out_date: must be after check_in_date 2026-07-01, got 2026-07-01',
    ],
    [
      'datetime without a zone',
      (d) => {
        d.tenants[0].users[0].date_joined = '2025-03-01T10:00:00';
      },
      'tenants[0].users[0].date_joined: not a valid datetime "2025-03-01T10:00:00" (ISO 8601 with Z or an offset, ' +
        'e.g. 2026-05-02T08:15:00Z)',
    ],
    [
      'unknown role',
      (d) => {
        d.tenants[0].users[1].role = 'guest';
      },
      'tenants[0].users[1].role: unknown role "guest" (one of customer, staff, operator, admin)',
    ],
    [
      'bad token',
      (d) => {
        d.tenants[0].api_keys[1].token = 'ck_short';
      },
      'tenants[0].api_keys[1].token: must be 32 characters: "ck_" followed by 29 letters or digits',
    ],
    [
      'token with a bad character',
      (d) => {
        d.tenants[0].api_keys[0].token = 'ck_d7T4aogrKwV6h2sDvQvUFcLB604e!';
      },
      'tenants[0].api_keys[0].token: must be 32 characters: "ck_" followed by 29 letters or digits',
    ],
    [
      'token and hash together',
      (d) => {
        d.tenants[0].api_keys[0].prefix = 'ck_d7T4a';
      },
      'tenants[0].api_keys[0].token: give either token or prefix and secret_hash, not both',
    ],
    [
      'neither token nor prefix',
      (d) => {
        delete d.tenants[0].api_keys[0].token;
      },
      'tenants[0].api_keys[0].token: required (or prefix and secret_hash)',
    ],
    [
      'bad prefix',
      (d) => {
        d.tenants[0].api_keys[0] = { name: 'x', prefix: 'ab_12345', secret_hash: `$2b$12$${'a'.repeat(53)}`, scopes: [] };
      },
      'tenants[0].api_keys[0].prefix: must be "ck_" followed by 5 letters or digits, got "ab_12345"',
    ],
    [
      'bad secret hash',
      (d) => {
        d.tenants[0].api_keys[0] = { name: 'x', prefix: 'ck_12345', secret_hash: 'plaintext', scopes: [] };
      },
      'tenants[0].api_keys[0].secret_hash: must be a bcrypt hash ($2b$NN$ followed by 53 characters)',
    ],
    [
      'duplicate key prefix',
      (d) => {
        d.tenants[0].api_keys[1].token = 'ck_d7T4aXXXXXXXXXXXXXXXXXXXXXXXX';
      },
      'tenants[0].api_keys[1].token: duplicate key prefix "ck_d7T4a" (also tenants[0].api_keys[0])',
    ],
    [
      'unknown scope',
      (d) => {
        d.tenants[0].api_keys[0].scopes[2] = 'sites:write';
      },
      'tenants[0].api_keys[0].scopes[2]: unknown scope "sites:write"',
    ],
    [
      'revoked not a boolean',
      (d) => {
        d.tenants[0].api_keys[0].revoked = 'no';
      },
      'tenants[0].api_keys[0].revoked: must be true or false, got the string "no"',
    ],
  ])('stops at the first problem with its JSON path: %s', (_, edit, message) => {
    expect(problemIn(sample(edit))).toBe(message);
  });

  it('never echoes a token in an error', () => {
    const token = 'ck_d7T4aogrKwV6h2sDvQvUFcLB604e!';
    expect(
      problemIn(
        sample((d) => {
          d.tenants[0].api_keys[0].token = token;
        }),
      ),
    ).not.toContain('ogrKwV6h');
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

// docs/accounting.md and docs/import-format.md: customer_id, lines and billing, each error named by its JSON path.
describe('parseFixture: customer_id, lines and billing', () => {
  it('reads them: IBAN in electronic form, exact quantities and VAT rates, language defaulting to de', () => {
    const { tenants } = readFixture(sample((d) => delete d.tenants[0].billing.language));
    const t = tenants[0]!;
    expect(t.bookings[0]?.customerId).toBe(1);
    expect(t.bookings[1]?.customerId).toBeNull();
    // The sample fixture's billing details are the test kit's default ones.
    expect(t.billing).toEqual(someBillingDetails());
    expect(t.invoices[1]?.lines).toEqual([
      { position: 1, description: 'Firewood, 2 bundles', quantity: 2000, unitPrice: 450, vatRate: 810, amount: 900 },
      { position: 2, description: 'Tourist tax, 1 night', quantity: 1000, unitPrice: 300, vatRate: 0, amount: 300 },
    ]);
    expect(t.invoices[0]?.lines).toEqual([]);
    expect(readFixture(sample((d) => delete d.tenants[0].billing)).tenants[0]?.billing).toBeNull();
  });

  it.each<[string, (d: any) => void, string]>([
    [
      'a staff user as customer',
      (d) => (d.tenants[0].bookings[0].customer_id = 2),
      'tenants[0].bookings[0].customer_id: user 2 is staff, not a customer',
    ],
    [
      'an unknown (or another tenant) user',
      (d) => (d.tenants[0].bookings[0].customer_id = 77),
      'tenants[0].bookings[0].customer_id: unknown user 77',
    ],
    [
      'a customer_id that is a string',
      (d) => (d.tenants[0].bookings[0].customer_id = '1'),
      'tenants[0].bookings[0].customer_id: must be an integer, got the string "1"',
    ],
    [
      'a quantity with four decimals',
      (d) => (d.tenants[0].invoices[1].lines[0].quantity = '1.0001'),
      'tenants[0].invoices[1].lines[0].quantity: not a valid decimal "1.0001" (a decimal string such as "3.000", at most 3 decimals)',
    ],
    [
      'a quantity as a JSON number',
      (d) => (d.tenants[0].invoices[1].lines[0].quantity = 2),
      'tenants[0].invoices[1].lines[0].quantity: must be a decimal string such as "3.000", got number 2',
    ],
    [
      'a VAT rate above 100',
      (d) => (d.tenants[0].invoices[1].lines[1].vat_rate = '100.01'),
      'tenants[0].invoices[1].lines[1].vat_rate: must be at most 100.00, got "100.01"',
    ],
    [
      'a bad amount',
      (d) => (d.tenants[0].invoices[1].lines[1].amount = '3,00'),
      'tenants[0].invoices[1].lines[1].amount: not a valid amount "3,00" (a decimal string such as "35.00")',
    ],
    [
      'a duplicate position',
      (d) => (d.tenants[0].invoices[1].lines[1].position = 1),
      'tenants[0].invoices[1].lines[1].position: duplicate position 1 (also tenants[0].invoices[1].lines[0])',
    ],
    [
      'a missing description',
      (d) => delete d.tenants[0].invoices[1].lines[0].description,
      'tenants[0].invoices[1].lines[0].description: required',
    ],
    [
      'lines that are no array',
      (d) => (d.tenants[0].invoices[1].lines = {}),
      'tenants[0].invoices[1].lines: must be an array, got an object',
    ],
    [
      'an IBAN with a wrong check digit',
      (d) => (d.tenants[0].billing.iban = 'CH4531999123000889012'),
      'tenants[0].billing.iban: not a valid IBAN "CH4531999123000889012"',
    ],
    [
      'an IBAN of the wrong length',
      (d) => (d.tenants[0].billing.iban = 'CH93007620116238529'),
      'tenants[0].billing.iban: not a valid IBAN "CH93007620116238529"',
    ],
    [
      'an unknown language',
      (d) => (d.tenants[0].billing.language = 'rm'),
      'tenants[0].billing.language: unknown language "rm" (one of de, fr, it, en)',
    ],
    [
      'a long country name',
      (d) => (d.tenants[0].billing.country = 'Schweiz'),
      'tenants[0].billing.country: must be a two-letter country code such as "CH", got "Schweiz"',
    ],
    ['billing that is no object', (d) => (d.tenants[0].billing = 'yes'), 'tenants[0].billing: must be an object, got the string "yes"'],
  ])('refuses %s, naming its JSON path', (_what, edit, message) => {
    expect(problemIn(sample(edit))).toBe(message);
  });
});
