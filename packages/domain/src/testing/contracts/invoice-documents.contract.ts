import { describe, expect, it } from 'vitest';
import { rejectionOf } from '../rejection-of';
import type { InvoiceLine } from '../../invoices/invoice';
import { aBooking, aSite, aTenant, aUser, anInvoice, someBillingDetails } from '../mothers';
import { type AdapterSetup, seedTenant, uniqueSlug, useAdapterSet, useRawWriter } from './adapter-set';

const billing = someBillingDetails({ buildingNumber: '12a', language: 'it' });
const line = (position: number, overrides: Partial<InvoiceLine> = {}): InvoiceLine => ({
  position,
  description: `Line ${position}`,
  quantity: 3000,
  unitPrice: 3500,
  vatRate: 810,
  amount: 10500,
  ...overrides,
});

/**
 * The contract of docs/accounting.md's storage: a booking's customer, invoice lines and billing details, on every
 * backend alike, including what another writer changes behind the service's back.
 */
export function describeInvoiceDocumentsContract(name: string, setup: AdapterSetup): void {
  describe(`Invoice documents contract: ${name}`, () => {
    const adapters = useAdapterSet(setup);
    const rawWriter = useRawWriter(adapters);

    it('finds one invoice by id within its tenant only', async () => {
      const set = adapters();
      const a = await seedTenant(set, aTenant(uniqueSlug('inv-a'), { invoices: [anInvoice({ id: 1, status: 'PICKUP' })] }));
      const b = await seedTenant(set, aTenant(uniqueSlug('inv-b'), { invoices: [anInvoice({ id: 2 })] }));
      const expected = anInvoice({ id: 1, status: 'PICKUP' });
      expect(await set.invoices.findById(a, 1)).toEqual({ ...expected, tenantId: a, updatedAt: expected.issuedAt });
      expect(await set.invoices.findById(b, 1)).toBeNull();
      expect(await set.invoices.findById(a, 2)).toBeNull();
    });

    it('keeps lines exactly, in position order, per invoice and tenant', async () => {
      const set = adapters();
      const lines = [
        line(3, { description: 'Kurtaxe «Erwachsene»', quantity: 1, unitPrice: 0, vatRate: 0, amount: -5 }),
        line(1),
        line(2, { quantity: 123_456_789_012, unitPrice: 999_999_999_999_99, vatRate: 10_000, amount: 1 }),
      ];
      const a = await seedTenant(set, aTenant(uniqueSlug('lines'), { invoices: [anInvoice({ id: 1, lines }), anInvoice({ id: 2 })] }));
      const b = await seedTenant(
        set,
        aTenant(uniqueSlug('lines'), { invoices: [anInvoice({ id: 1, lines: [line(1, { description: 'other' })] })] }),
      );
      expect(await set.invoices.linesOf(a, 1)).toEqual([lines[1], lines[2], lines[0]]);
      expect(await set.invoices.linesOf(a, 2)).toEqual([]);
      expect(await set.invoices.linesOf(a, 3)).toEqual([]);
      expect(await set.invoices.linesOf(b, 1)).toEqual([line(1, { description: 'other' })]);
    });

    it('gives the issuer: the tenant name with its billing details, or none; null for no tenant', async () => {
      const set = adapters();
      const slug = uniqueSlug('issuer');
      const a = await seedTenant(set, aTenant(slug, { name: 'Camping Alpenblick', billing }));
      const b = await seedTenant(set, aTenant(uniqueSlug('issuer'), { name: 'Zeltplatz Ost' }));
      expect(await set.issuers.issuerOf(a)).toEqual({ tenantName: 'Camping Alpenblick', billing });
      expect(await set.issuers.issuerOf(b)).toEqual({ tenantName: 'Zeltplatz Ost', billing: null });
      expect(await set.issuers.issuerOf(2 ** 31 - 1)).toBeNull();
    });

    it('keeps a booking customer, filters by it, and finds customers (not staff) by id', async () => {
      const set = adapters();
      const tenantId = await seedTenant(
        set,
        aTenant(uniqueSlug('cust'), {
          sites: [aSite({ id: 1 })],
          users: [aUser({ id: 1 }), aUser({ id: 2, role: 'staff' }), aUser({ id: 3 })],
          bookings: [
            aBooking({ id: 1, customerId: 1 }),
            aBooking({ id: 2 }),
            aBooking({ id: 3, customerId: 3 }),
            aBooking({ id: 4, customerId: 1 }),
          ],
        }),
      );
      expect((await set.bookings.findById(tenantId, 1))?.customerId).toBe(1);
      expect((await set.bookings.findById(tenantId, 2))?.customerId).toBeNull();
      expect(await set.bookings.count(tenantId, { customerId: 1 })).toBe(2);
      expect((await set.bookings.list(tenantId, { customerId: 1 }, { offset: 0, limit: 10 })).map((b) => b.id)).toEqual([4, 1]);
      expect(await set.bookings.count(tenantId, { customerId: 1, status: 'pending' })).toBe(0);
      expect(await set.bookings.count(tenantId, { customerId: 2 })).toBe(0);
      expect(await set.customers.findById(tenantId, 1)).toMatchObject({ id: 1, tenantId });
      expect(await set.customers.findById(tenantId, 2)).toBeNull();
      expect(await set.customers.findById(tenantId, 9)).toBeNull();
    });

    it('stores a new booking with its customer, and refuses a staff user or another tenant customer', async () => {
      const set = adapters();
      const other = await seedTenant(set, aTenant(uniqueSlug('cust-o'), { users: [aUser({ id: 7 })] }));
      const tenantId = await seedTenant(
        set,
        aTenant(uniqueSlug('cust-n'), { sites: [aSite({ id: 1 })], users: [aUser({ id: 1 }), aUser({ id: 2, role: 'staff' })] }),
      );
      const draft = (customerId: number | null, day: number) => {
        const { id: _id, ...fields } = aBooking({
          checkInDate: `2027-03-0${day}`,
          checkOutDate: `2027-03-0${day + 1}`,
          bookingReference: `NEWBOOK00${day}`,
        });
        return { ...fields, tenantId, customerId, quoteId: null, extras: [], lines: [] };
      };
      expect((await set.bookings.insertIfAvailable(draft(1, 1))).customerId).toBe(1);
      expect((await rejectionOf(set.bookings.insertIfAvailable(draft(2, 3)))).code).toBe('customer_not_found');
      expect((await rejectionOf(set.bookings.insertIfAvailable(draft(7, 5)))).code).toBe('customer_not_found');
      expect(other).not.toBe(tenantId);
      expect(await set.bookings.count(tenantId, {})).toBe(1);
    });

    it('refuses an import whose booking names a staff user or another tenant user, and stores nothing', async () => {
      const set = adapters();
      const staff = aTenant(uniqueSlug('imp-staff'), {
        sites: [aSite({ id: 1 })],
        users: [aUser({ id: 1, role: 'staff' })],
        bookings: [aBooking({ id: 1, customerId: 1 })],
      });
      expect((await rejectionOf(set.importer.importTenants([staff]))).code).toBe('validation_failed');
      const owner = aTenant(uniqueSlug('imp-owner'), { users: [aUser({ id: 5 })] });
      const stranger = aTenant(uniqueSlug('imp-stranger'), { sites: [aSite({ id: 1 })], bookings: [aBooking({ id: 1, customerId: 5 })] });
      expect((await rejectionOf(set.importer.importTenants([owner, stranger]))).code).toBe('validation_failed');
      for (const slug of [staff.slug, owner.slug, stranger.slug]) expect(await set.tenants.findBySlug(slug)).toBeNull();
    });

    it('sees lines, billing and customers changed by another writer on the next read, with a new data version', async () => {
      const set = adapters();
      const tenantId = await seedTenant(
        set,
        aTenant(uniqueSlug('writer'), {
          billing,
          sites: [aSite({ id: 1 })],
          users: [aUser({ id: 1 }), aUser({ id: 2, role: 'staff' })],
          bookings: [aBooking({ id: 1, customerId: 1 })],
          invoices: [anInvoice({ id: 1, lines: [line(1)] })],
        }),
      );
      let version = await set.versions.versionOf(tenantId);
      const versionMoved = async () => {
        const next = await set.versions.versionOf(tenantId);
        expect(next).not.toEqual(version);
        version = next;
      };
      const feedBefore = await set.changes.read(tenantId, 0, ['invoice'], 10);
      const invoiceBefore = (await set.invoices.findById(tenantId, 1))!;
      set.clock.advance(1000);
      await rawWriter().setLineDescription(tenantId, 1, 1, 'Pitch B2');
      await versionMoved();
      expect((await set.invoices.linesOf(tenantId, 1))[0]?.description).toBe('Pitch B2');
      // A line change is a change of its invoice: updated_at moves and the feed lists the invoice at a later position.
      expect((await set.invoices.findById(tenantId, 1))!.updatedAt.getTime()).toBeGreaterThan(invoiceBefore.updatedAt.getTime());
      const feedAfter = await set.changes.read(tenantId, 0, ['invoice'], 10);
      expect(feedAfter.changes.map((c) => c.id)).toEqual([1]);
      expect(feedAfter.changes[0]!.position).toBeGreaterThan(feedBefore.changes[0]!.position);

      await rawWriter().insertLine(tenantId, 1, line(2, { description: 'Tax', quantity: 2000, unitPrice: 250, vatRate: 0, amount: 500 }));
      await versionMoved();
      expect((await set.invoices.linesOf(tenantId, 1)).map((l) => l.position)).toEqual([1, 2]);
      await rawWriter().setBillingIban(tenantId, 'CH9300762011623852957');
      await versionMoved();
      expect((await set.issuers.issuerOf(tenantId))?.billing?.iban).toBe('CH9300762011623852957');

      // Whoever writes, a booking's customer must be a customer; one who later becomes staff keeps their bookings.
      await expect(rawWriter().setBookingCustomer(tenantId, 1, 2)).rejects.toThrow(/customer/);
      await rawWriter().setUserRole(tenantId, 1, 'staff');
      expect((await set.bookings.findById(tenantId, 1))?.customerId).toBe(1);
    });
  });
}
