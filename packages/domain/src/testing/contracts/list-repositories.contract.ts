import { describe, expect, it } from 'vitest';
import { walkBothWays } from '../page-walks';
import { dateCursor } from '../../shared/pagination';
import { aBooking, aSite, aTenant, aUser, anInvoice } from '../mothers';
import { type AdapterSetup, seedTenant, uniqueSlug, useAdapterSet } from './adapter-set';

/** The contract of `SiteRepository`: byte-order `siteNumber`, then id ascending. */
export function describeSiteRepositoryContract(name: string, setup: AdapterSetup): void {
  describe(`SiteRepository contract: ${name}`, () => {
    const adapters = useAdapterSet(setup);
    const siteCursor = (s: { siteNumber: string; id: number }) => ({ key: s.siteNumber, id: s.id });

    it('orders by site number in byte order, ties by id ascending', async () => {
      const set = adapters();
      // UTF-8 byte order: digits < upper case < lower case < Latin-1 letters < U+FF21 < astral characters. The last
      // pair is where byte order and JavaScript's UTF-16 string order disagree.
      const numbers: Array<[number, string]> = [
        [1, 'a1'],
        [2, 'B1'],
        [3, 'A2'],
        [4, 'Ä1'],
        [5, 'A10'],
        [6, 'B1'],
        [7, '\u{1F3D5}1'],
        [8, '\uFF211'],
        [9, '10'],
      ];
      const tenantId = await seedTenant(
        set,
        aTenant(uniqueSlug('sites'), { sites: numbers.map(([id, siteNumber]) => aSite({ id, siteNumber })) }),
      );
      const rows = await set.sites.list(tenantId, { offset: 0, limit: 20 });
      expect(rows.map((s) => s.siteNumber)).toEqual(['10', 'A10', 'A2', 'B1', 'B1', 'a1', 'Ä1', '\uFF211', '\u{1F3D5}1']);
      expect(rows.map((s) => s.id)).toEqual([9, 5, 3, 2, 6, 1, 4, 8, 7]);
      expect(await set.sites.count(tenantId)).toBe(9);
      const { byOffset, byCursor } = await walkBothWays(9, 2, (w) => set.sites.list(tenantId, w), siteCursor);
      expect(byCursor).toEqual(byOffset);
      expect(byOffset.flat()).toEqual([9, 5, 3, 2, 6, 1, 4, 8, 7]);
    });

    it('round-trips every field and joins the site type name; null for an absent id', async () => {
      const set = adapters();
      const tenantId = await seedTenant(
        set,
        aTenant(uniqueSlug('sites'), {
          siteTypes: [
            { id: 1, name: 'Tent pitch' },
            { id: 4, name: 'Wohnmobil-Stellplatz' },
          ],
          sites: [
            aSite({
              id: 3,
              siteNumber: 'C03',
              name: '',
              maxOccupants: 12,
              basePricePerNight: 987654321,
              status: 'under_repair',
              siteTypeId: 4,
            }),
          ],
        }),
      );
      // A site has no creation time: without an updated_at of its own it takes the time of the import.
      const expected = {
        id: 3,
        tenantId,
        siteNumber: 'C03',
        name: '',
        maxOccupants: 12,
        basePricePerNight: 987654321,
        status: 'under_repair',
        siteTypeId: 4,
        siteTypeName: 'Wohnmobil-Stellplatz',
        updatedAt: set.clock.now(),
      };
      expect(await set.sites.findById(tenantId, 3)).toEqual(expected);
      expect(await set.sites.list(tenantId, { offset: 0, limit: 5 })).toEqual([expected]);
      expect(await set.sites.findById(tenantId, 4)).toBeNull();
    });

    it('keeps tenants apart even when they use the same ids', async () => {
      const set = adapters();
      const a = await seedTenant(set, aTenant(uniqueSlug('sites-a'), { sites: [aSite({ id: 1, siteNumber: 'A' }), aSite({ id: 2 })] }));
      const b = await seedTenant(
        set,
        aTenant(uniqueSlug('sites-b'), { siteTypes: [{ id: 1, name: 'Cabin' }], sites: [aSite({ id: 1, siteNumber: 'B' })] }),
      );
      expect(await set.sites.count(a)).toBe(2);
      expect(await set.sites.count(b)).toBe(1);
      expect(await set.sites.findById(b, 1)).toMatchObject({ tenantId: b, siteNumber: 'B', siteTypeName: 'Cabin' });
      expect(await set.sites.findById(b, 2)).toBeNull();
      expect((await set.sites.list(b, { offset: 0, limit: 10 })).map((s) => s.siteNumber)).toEqual(['B']);
    });

    it('has an empty first page for a tenant without sites', async () => {
      const set = adapters();
      const tenantId = await seedTenant(set, aTenant(uniqueSlug('sites-none')));
      expect(await set.sites.count(tenantId)).toBe(0);
      expect(await set.sites.list(tenantId, { offset: 0, limit: 50 })).toEqual([]);
    });
  });
}

/** The contract of `CustomerRepository`: users whose role is `customer`, dateJoined then id descending. */
export function describeCustomerRepositoryContract(name: string, setup: AdapterSetup): void {
  describe(`CustomerRepository contract: ${name}`, () => {
    const adapters = useAdapterSet(setup);
    const joinedCursor = (c: { dateJoined: Date; id: number }) => dateCursor(c.dateJoined, c.id);

    it('lists and counts customers only, newest first, ties by id descending, by offset and by cursor alike', async () => {
      const set = adapters();
      const same = new Date('2025-05-05T05:05:05.005Z');
      const users = [
        aUser({ id: 1, dateJoined: new Date('2025-01-01T00:00:00.000Z') }),
        aUser({ id: 2, role: 'staff', dateJoined: new Date('2025-09-01T00:00:00.000Z') }),
        aUser({ id: 3, dateJoined: same }),
        aUser({ id: 4, role: 'admin' }),
        aUser({ id: 5, dateJoined: same }),
        aUser({ id: 6, role: 'operator' }),
        aUser({ id: 7, dateJoined: new Date('2025-05-05T05:05:05.006Z') }),
        aUser({ id: 8, dateJoined: new Date('2025-05-05T05:05:05.004Z') }),
        aUser({ id: 9, dateJoined: same }),
      ];
      const tenantId = await seedTenant(set, aTenant(uniqueSlug('customers'), { users }));
      expect(await set.customers.count(tenantId)).toBe(6);
      const all = await set.customers.list(tenantId, { offset: 0, limit: 50 });
      expect(all.map((c) => c.id)).toEqual([7, 9, 5, 3, 8, 1]);
      const { byOffset, byCursor } = await walkBothWays(6, 4, (w) => set.customers.list(tenantId, w), joinedCursor);
      expect(byCursor).toEqual(byOffset);
      expect(byOffset.flat()).toEqual([7, 9, 5, 3, 8, 1]);
    });

    it('round-trips every field, empty phone numbers and millisecond dates included, and no role', async () => {
      const set = adapters();
      const user = aUser({
        id: 12,
        email: 'zoë@example.ch',
        firstName: 'Zoë',
        lastName: "O'Neill",
        phoneNumber: '',
        dateJoined: new Date('2024-02-29T23:59:59.999Z'),
      });
      const edited = aUser({ id: 13, dateJoined: new Date('2020-01-01T00:00:00.000Z'), updatedAt: new Date('2025-03-04T05:06:07.089Z') });
      const tenantId = await seedTenant(set, aTenant(uniqueSlug('customers'), { users: [user, edited] }));
      const { role: _role, ...customer } = user;
      const { role: _editedRole, ...editedCustomer } = edited;
      expect(await set.customers.list(tenantId, { offset: 0, limit: 5 })).toEqual([
        { ...customer, tenantId, updatedAt: user.dateJoined },
        { ...editedCustomer, tenantId },
      ]);
    });

    it('keeps tenants apart even when they use the same ids', async () => {
      const set = adapters();
      const a = await seedTenant(set, aTenant(uniqueSlug('customers-a'), { users: [aUser({ id: 1, firstName: 'A' }), aUser({ id: 2 })] }));
      const b = await seedTenant(
        set,
        aTenant(uniqueSlug('customers-b'), { users: [aUser({ id: 1, firstName: 'B' }), aUser({ id: 2, role: 'staff' })] }),
      );
      expect(await set.customers.count(a)).toBe(2);
      expect(await set.customers.count(b)).toBe(1);
      expect(await set.customers.list(b, { offset: 0, limit: 5 })).toEqual([
        expect.objectContaining({ id: 1, tenantId: b, firstName: 'B' }),
      ]);
    });
  });
}

/** The contract of `InvoiceRepository`: issuedAt then id descending. */
export function describeInvoiceRepositoryContract(name: string, setup: AdapterSetup): void {
  describe(`InvoiceRepository contract: ${name}`, () => {
    const adapters = useAdapterSet(setup);
    const issuedCursor = (i: { issuedAt: Date; id: number }) => dateCursor(i.issuedAt, i.id);

    it('lists by issuedAt descending, ties by id descending, by offset and by cursor alike', async () => {
      const set = adapters();
      const same = new Date('2026-03-03T03:03:03.333Z');
      const invoices = [
        anInvoice({ id: 1, issuedAt: same }),
        anInvoice({ id: 2, issuedAt: new Date('2026-03-03T03:03:03.334Z') }),
        anInvoice({ id: 3, issuedAt: same }),
        anInvoice({ id: 4, issuedAt: new Date('2025-12-31T23:59:59.999Z') }),
        anInvoice({ id: 5, issuedAt: new Date('2026-03-03T03:03:03.332Z') }),
        anInvoice({ id: 6, issuedAt: same }),
        anInvoice({ id: 7, issuedAt: new Date('2027-01-01T00:00:00.000Z') }),
      ];
      const tenantId = await seedTenant(set, aTenant(uniqueSlug('invoices'), { invoices }));
      expect(await set.invoices.count(tenantId)).toBe(7);
      const expected = [7, 2, 6, 3, 1, 5, 4];
      expect((await set.invoices.list(tenantId, { offset: 0, limit: 50 })).map((i) => i.id)).toEqual(expected);
      const { byOffset, byCursor } = await walkBothWays(7, 3, (w) => set.invoices.list(tenantId, w), issuedCursor);
      expect(byCursor).toEqual(byOffset);
      expect(byOffset.flat()).toEqual(expected);
    });

    it('round-trips every field: null and set booking ids, exact Rappen, unknown statuses verbatim', async () => {
      const set = adapters();
      const loose = anInvoice({ id: 1, bookingId: null, totalChf: 5, status: 'OFFEN', issuedAt: new Date('2026-01-01T00:00:00.001Z') });
      const tied = anInvoice({
        id: 2,
        invoiceNumber: '',
        bookingId: 77,
        totalChf: 9007199254740,
        status: 'MAHNUNG',
        issuedAt: new Date('2026-01-02T00:00:00.000Z'),
      });
      const negative = anInvoice({
        id: 3,
        totalChf: -1250,
        status: 'STORNIERT',
        issuedAt: new Date('2025-01-02T00:00:00.000Z'),
        updatedAt: new Date('2025-02-01T00:00:00.000Z'),
      });
      const tenantId = await seedTenant(
        set,
        aTenant(uniqueSlug('invoices'), { sites: [aSite()], bookings: [aBooking({ id: 77 })], invoices: [loose, tied, negative] }),
      );
      expect(await set.invoices.list(tenantId, { offset: 0, limit: 5 })).toEqual([
        { ...tied, tenantId, updatedAt: tied.issuedAt },
        { ...loose, tenantId, updatedAt: loose.issuedAt },
        { ...negative, tenantId },
      ]);
    });

    it('keeps tenants apart even when they use the same ids', async () => {
      const set = adapters();
      const a = await seedTenant(set, aTenant(uniqueSlug('invoices-a'), { invoices: [anInvoice({ id: 1 }), anInvoice({ id: 2 })] }));
      const b = await seedTenant(set, aTenant(uniqueSlug('invoices-b'), { invoices: [anInvoice({ id: 1, status: 'PICKUP' })] }));
      expect(await set.invoices.count(a)).toBe(2);
      expect(await set.invoices.count(b)).toBe(1);
      expect(await set.invoices.list(b, { offset: 0, limit: 5 })).toEqual([
        expect.objectContaining({ id: 1, tenantId: b, status: 'PICKUP' }),
      ]);
    });
  });
}
