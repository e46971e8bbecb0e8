import { describe, expect, it } from 'vitest';
import { rejectionOf } from '../rejection-of';
import { aBooking, aSite, aTenant, aUser, anInvoice } from '../mothers';
import { type AdapterSetup, uniquePrefix, uniqueSlug, useAdapterSet } from './adapter-set';

/** The contract of `TenantImporter`: all or nothing, ids kept, later rows continue after them. */
export function describeTenantImporterContract(name: string, setup: AdapterSetup): void {
  describe(`TenantImporter contract: ${name}`, () => {
    const adapters = useAdapterSet(setup);

    it('stores every part of every tenant, and reports progress up to the number of rows', async () => {
      const set = adapters();
      const prefixes = [uniquePrefix(), uniquePrefix()];
      const expiresAt = new Date('2027-01-01T00:00:00.000Z');
      const first = aTenant(uniqueSlug('import'), {
        name: 'Camping Alpenblick',
        apiKeys: [
          {
            name: 'erp',
            prefix: prefixes[0]!,
            secretHash: '$2b$12$hash-one',
            fastVerifier: 'v1$0a1b2c3d$imported',
            scopes: ['invoices:read'],
            expiresAt,
            revoked: false,
          },
          {
            name: 'old',
            prefix: prefixes[1]!,
            secretHash: '$2b$12$hash-two',
            scopes: ['bookings:read', 'sites:read'],
            expiresAt: null,
            revoked: true,
          },
        ],
        siteTypes: [
          { id: 1, name: 'Tent pitch' },
          { id: 2, name: 'Cabin' },
        ],
        sites: [aSite({ id: 1 }), aSite({ id: 2, siteTypeId: 2, siteNumber: 'H1' })],
        users: [aUser({ id: 1 }), aUser({ id: 2, role: 'staff' })],
        bookings: [aBooking({ id: 1 }), aBooking({ id: 2, siteId: 2, status: 'pending' })],
        invoices: [anInvoice({ id: 1, bookingId: 1 })],
      });
      const second = aTenant(uniqueSlug('import'), { sites: [aSite({ id: 1 })], bookings: [aBooking({ id: 1 })] });
      const reports: number[] = [];
      set.clock.set('2026-06-01T09:30:00.500Z');
      await set.importer.importTenants([first, second], (rows) => reports.push(rows));

      expect(reports.length).toBeGreaterThan(0);
      expect(reports).toEqual([...reports].sort((x, y) => x - y));
      expect(reports[reports.length - 1]).toBe(2 + 2 + 2 + 1 + 1 + 1);

      const tenant = await set.tenants.findBySlug(first.slug);
      expect(tenant).toEqual({ id: expect.any(Number), slug: first.slug, name: 'Camping Alpenblick' });
      const other = await set.tenants.findBySlug(second.slug);
      expect(other?.id).not.toBe(tenant!.id);
      const id = tenant!.id;

      expect((await set.sites.findById(id, 2))?.siteTypeName).toBe('Cabin');
      expect(await set.customers.count(id)).toBe(1);
      expect(await set.bookings.count(id, {})).toBe(2);
      expect(await set.bookings.count(id, { status: 'pending' })).toBe(1);
      expect(await set.bookings.findById(id, 2)).toMatchObject({ siteNumber: 'H1', status: 'pending' });
      const invoice = anInvoice({ id: 1, bookingId: 1 });
      expect(await set.invoices.list(id, { offset: 0, limit: 5 })).toEqual([{ ...invoice, tenantId: id, updatedAt: invoice.issuedAt }]);
      expect(await set.bookings.count(other!.id, {})).toBe(1);

      const now = new Date('2026-06-01T09:30:00.500Z');
      const keys = await set.apiKeys.listByTenant(id);
      expect(keys.map((k) => k.prefix).sort()).toEqual([...prefixes].sort());
      expect(await set.apiKeys.findByPrefix(prefixes[0]!)).toEqual({
        id: expect.any(Number),
        tenantId: id,
        name: 'erp',
        prefix: prefixes[0],
        secretHash: '$2b$12$hash-one',
        fastVerifier: 'v1$0a1b2c3d$imported',
        scopes: ['invoices:read'],
        expiresAt,
        revokedAt: null,
        lastUsedAt: null,
        createdAt: now,
      });
      // A key imported as revoked is revoked from the moment of the import.
      expect(await set.apiKeys.findByPrefix(prefixes[1]!)).toMatchObject({
        revokedAt: now,
        scopes: ['bookings:read', 'sites:read'],
        fastVerifier: null,
      });
    });

    it('stores text exactly as given: quotes, backslashes, braces, commas, the word NULL, empty and non-ASCII', async () => {
      const set = adapters();
      const awkward = ['O"Brien', 'back\\slash', '{a,b}', 'NULL', '', 'Zürich – 東京 🏕', "it's, (x)"];
      const slug = uniqueSlug('import');
      await set.importer.importTenants([
        aTenant(slug, {
          sites: [aSite({ id: 1, name: awkward[2]! })],
          users: awkward.map((lastName, i) => aUser({ id: i + 1, lastName, phoneNumber: awkward[(i + 1) % awkward.length]! })),
          bookings: awkward.map((guestLastName, i) =>
            aBooking({
              id: i + 1,
              guestLastName,
              guestFirstName: awkward[(i + 3) % awkward.length]!,
              checkInDate: `2026-07-${String(i + 1).padStart(2, '0')}`,
              checkOutDate: `2026-07-${String(i + 2).padStart(2, '0')}`,
            }),
          ),
        }),
      ]);
      const id = (await set.tenants.findBySlug(slug))!.id;
      const bookings = await set.bookings.list(id, {}, { offset: 0, limit: 20 });
      expect(bookings.map((b) => [b.id, b.guestLastName, b.guestFirstName]).sort((x, y) => Number(x[0]) - Number(y[0]))).toEqual(
        awkward.map((text, i) => [i + 1, text, awkward[(i + 3) % awkward.length]]),
      );
      const customers = await set.customers.list(id, { offset: 0, limit: 20 });
      expect(customers.map((c) => [c.id, c.lastName, c.phoneNumber]).sort((x, y) => Number(x[0]) - Number(y[0]))).toEqual(
        awkward.map((text, i) => [i + 1, text, awkward[(i + 1) % awkward.length]]),
      );
      expect((await set.sites.findById(id, 1))?.name).toBe('{a,b}');
    });

    it('lets later rows continue after the highest imported id of their own tenant', async () => {
      const set = adapters();
      const slug = uniqueSlug('import');
      await set.importer.importTenants([
        aTenant(slug, {
          sites: [aSite({ id: 1 })],
          bookings: [aBooking({ id: 41 }), aBooking({ id: 7, checkInDate: '2025-01-01', checkOutDate: '2025-01-02' })],
        }),
        aTenant(uniqueSlug('import'), { sites: [aSite({ id: 1 })], bookings: [aBooking({ id: 900 })] }),
      ]);
      const tenantId = (await set.tenants.findBySlug(slug))!.id;
      const created = await set.bookings.insertIfAvailable({
        ...aBooking({ checkInDate: '2026-12-01', checkOutDate: '2026-12-02', bookingReference: 'NEXT000001' }),
        id: undefined,
        tenantId,
        quoteId: null,
        extras: [],
        lines: [],
      });
      expect(created.id).toBe(42);
    });

    it('refuses a slug that exists, naming it, and stores nothing of the batch', async () => {
      const set = adapters();
      const taken = uniqueSlug('import');
      await set.tenants.create({ slug: taken, name: 'already here' });
      const fresh = aTenant(uniqueSlug('import'), {
        sites: [aSite({ id: 1 })],
        apiKeys: [{ name: 'k', prefix: uniquePrefix(), secretHash: 'h', scopes: [], expiresAt: null, revoked: false }],
      });
      const error = await rejectionOf(set.importer.importTenants([fresh, aTenant(taken)]));
      expect(error.code).toBe('tenant_exists');
      expect(error.message).toContain(taken);
      expect(await set.tenants.findBySlug(fresh.slug)).toBeNull();
      expect(await set.apiKeys.findByPrefix(fresh.apiKeys[0]!.prefix)).toBeNull();
      expect(await set.tenants.findBySlug(taken)).toMatchObject({ name: 'already here' });
    });

    it('refuses the same slug twice in one batch', async () => {
      const set = adapters();
      const slug = uniqueSlug('import');
      const error = await rejectionOf(set.importer.importTenants([aTenant(slug), aTenant(slug)]));
      expect(error.code).toBe('tenant_exists');
      expect(error.message).toContain(slug);
      expect(await set.tenants.findBySlug(slug)).toBeNull();
    });

    it('stores nothing when a row fails half-way (a duplicate id), earlier tenants of the batch included', async () => {
      const set = adapters();
      const good = aTenant(uniqueSlug('import'), { sites: [aSite({ id: 1 })], bookings: [aBooking({ id: 1 })] });
      const bad = aTenant(uniqueSlug('import'), {
        sites: [aSite({ id: 1 })],
        bookings: [aBooking({ id: 1 }), aBooking({ id: 2 }), aBooking({ id: 1, bookingReference: 'OTHER00001' })],
      });
      await expect(set.importer.importTenants([good, bad])).rejects.toThrow();
      expect(await set.tenants.findBySlug(good.slug)).toBeNull();
      expect(await set.tenants.findBySlug(bad.slug)).toBeNull();
    });

    // The SQL importers build the next chunk of rows while the one before is still being inserted.
    it('stores nothing, and answers with the first failure, when an early chunk fails while later ones wait', async () => {
      const set = adapters();
      const many = Array.from({ length: 12_000 }, (_, i) => aBooking({ id: i + 1 }));
      many[10] = aBooking({ id: 3, bookingReference: 'OTHER00001' });
      const bad = aTenant(uniqueSlug('import'), { sites: [aSite({ id: 1 })], bookings: many });
      const reports: number[] = [];
      await expect(set.importer.importTenants([bad], (rows) => reports.push(rows))).rejects.toThrow();
      expect(await set.tenants.findBySlug(bad.slug)).toBeNull();
      expect(reports.every((rows) => rows <= 1)).toBe(true);
    });

    it('stores nothing when a booking names a site the tenant does not have', async () => {
      const set = adapters();
      const bad = aTenant(uniqueSlug('import'), {
        sites: [aSite({ id: 1 })],
        bookings: [aBooking({ id: 1 }), aBooking({ id: 2, siteId: 9 })],
      });
      await expect(set.importer.importTenants([bad])).rejects.toThrow();
      expect(await set.tenants.findBySlug(bad.slug)).toBeNull();
    });

    it('stores nothing when an invoice names a booking the tenant does not have, and says which', async () => {
      const set = adapters();
      const bad = aTenant(uniqueSlug('import'), {
        sites: [aSite({ id: 1 })],
        bookings: [aBooking({ id: 1 })],
        invoices: [anInvoice({ id: 1, bookingId: 1 }), anInvoice({ id: 2, bookingId: 8 })],
      });
      const error = await rejectionOf(set.importer.importTenants([bad]));
      expect(error.code).toBe('validation_failed');
      expect(error.message).toMatch(/\b8\b/);
      expect(await set.tenants.findBySlug(bad.slug)).toBeNull();
    });

    it('stores nothing when a booking names a user who is not a customer', async () => {
      const set = adapters();
      const bad = aTenant(uniqueSlug('import'), {
        sites: [aSite({ id: 1 })],
        users: [aUser({ id: 1 }), aUser({ id: 2, role: 'staff' })],
        bookings: [aBooking({ id: 1, customerId: 1 }), aBooking({ id: 2, customerId: 2 })],
      });
      await expect(set.importer.importTenants([bad])).rejects.toThrow();
      expect(await set.tenants.findBySlug(bad.slug)).toBeNull();
    });

    it('stores nothing when a key prefix is already taken', async () => {
      const set = adapters();
      const prefix = uniquePrefix();
      const key = { name: 'k', prefix, secretHash: 'h', scopes: [], expiresAt: null, revoked: false };
      await set.importer.importTenants([aTenant(uniqueSlug('import'), { apiKeys: [key] })]);
      const second = aTenant(uniqueSlug('import'), { sites: [aSite({ id: 1 })], apiKeys: [key] });
      await expect(set.importer.importTenants([second])).rejects.toThrow();
      expect(await set.tenants.findBySlug(second.slug)).toBeNull();
    });
  });
}
