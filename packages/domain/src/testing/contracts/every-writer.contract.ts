import { describe, expect, it } from 'vitest';
import { rejectionOf } from '../rejection-of';
import { isKeyActive } from '../../api-keys/api-key';
import { aBooking, aSite, aTenant, aUser, anInvoice } from '../mothers';
import { type AdapterSet, type AdapterSetup, seedTenant, uniquePrefix, uniqueSlug, useAdapterSet, useRawWriter } from './adapter-set';
import { aNewBooking } from './new-booking';

const STATUSES = ['pending', 'confirmed', 'cancelled', 'completed'];

/**
 * docs/database-rules.md: another program writes the same data with plain SQL on a connection of
 * its own, and the adapters see it on the next read: the rows, `updatedAt`, every total, the data version, the API
 * keys, and the ids and the overlap rule of the next create. Nothing in between marks a change by hand.
 */
export function describeEveryWriterContract(name: string, setup: AdapterSetup): void {
  describe(`every writer is seen: ${name}`, () => {
    const adapters = useAdapterSet(setup);
    const rawWriter = useRawWriter(adapters);

    function aWorld(set: AdapterSet): Promise<number> {
      return seedTenant(
        set,
        aTenant(uniqueSlug('writers'), {
          sites: [aSite({ id: 1 }), aSite({ id: 2, siteNumber: 'B2' })],
          users: [aUser({ id: 1 }), aUser({ id: 2 }), aUser({ id: 3, role: 'staff' })],
          bookings: [
            aBooking({ id: 1, siteId: 1, status: 'pending', checkInDate: '2026-07-01', checkOutDate: '2026-07-03' }),
            aBooking({ id: 2, siteId: 2, status: 'confirmed', checkInDate: '2026-07-01', checkOutDate: '2026-07-03' }),
          ],
          invoices: [anInvoice({ id: 1, bookingId: 1 })],
        }),
      );
    }

    /** Every total the API answers equals COUNT(*) of the rows. */
    async function expectExactTotals(set: AdapterSet, tenantId: number): Promise<void> {
      expect(await set.bookings.count(tenantId, {}), 'bookings').toBe(await rawWriter().countRows(tenantId, 'bookings'));
      for (const status of STATUSES) {
        expect(await set.bookings.count(tenantId, { status }), status).toBe(await rawWriter().countRows(tenantId, 'bookings', status));
      }
      expect(await set.sites.count(tenantId), 'sites').toBe(await rawWriter().countRows(tenantId, 'sites'));
      expect(await set.customers.count(tenantId), 'customers').toBe(await rawWriter().countRows(tenantId, 'customers'));
      expect(await set.invoices.count(tenantId), 'invoices').toBe(await rawWriter().countRows(tenantId, 'invoices'));
    }

    it('sees updates and deletes on the next read: rows, updatedAt, per-status totals and the data version', async () => {
      const set = adapters();
      const tenantId = await aWorld(set);
      const before = (await set.bookings.findById(tenantId, 1))!;
      let version = await set.versions.versionOf(tenantId);
      const versionMoved = async () => {
        const next = await set.versions.versionOf(tenantId);
        expect(next).not.toEqual(version);
        version = next;
      };

      await rawWriter().setBookingStatus(tenantId, 1, 'confirmed');
      await versionMoved();
      const confirmed = (await set.bookings.findById(tenantId, 1))!;
      expect(confirmed.status).toBe('confirmed');
      expect(confirmed.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
      expect(await set.bookings.count(tenantId, { status: 'pending' })).toBe(0);
      expect(await set.bookings.count(tenantId, { status: 'confirmed' })).toBe(2);
      await expectExactTotals(set, tenantId);

      const site = (await set.sites.findById(tenantId, 2))!;
      await rawWriter().renameSite(tenantId, 2, 'Seeblick');
      await versionMoved();
      const renamed = (await set.sites.findById(tenantId, 2))!;
      expect(renamed.name).toBe('Seeblick');
      expect(renamed.updatedAt.getTime()).toBeGreaterThan(site.updatedAt.getTime() - 1);

      await rawWriter().setUserRole(tenantId, 2, 'staff');
      await versionMoved();
      expect((await set.customers.list(tenantId, { offset: 0, limit: 10 })).map((c) => c.id)).toEqual([1]);
      await rawWriter().setUserRole(tenantId, 3, 'customer');
      await versionMoved();
      expect((await set.customers.list(tenantId, { offset: 0, limit: 10 })).map((c) => c.id).sort()).toEqual([1, 3]);
      await expectExactTotals(set, tenantId);

      await rawWriter().deleteBooking(tenantId, 2);
      await versionMoved();
      expect(await set.bookings.findById(tenantId, 2)).toBeNull();
      await expectExactTotals(set, tenantId);
    });

    it('shows a renumbered site on its bookings, and moves their updatedAt', async () => {
      const set = adapters();
      const tenantId = await aWorld(set);
      const before = (await set.bookings.findById(tenantId, 2))!;
      await rawWriter().renumberSite(tenantId, 2, 'C9');
      const after = (await set.bookings.findById(tenantId, 2))!;
      expect(after.siteNumber).toBe('C9');
      expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    });

    it('counts inserted and deleted rows, and the next create takes a fresh id and still refuses an overlap', async () => {
      const set = adapters();
      const tenantId = await aWorld(set);
      await rawWriter().insertSite(tenantId, aSite({ id: 3, siteNumber: 'C3' }));
      // The console takes a booking by phone with the next free id, without touching any counter.
      await rawWriter().insertBooking(
        tenantId,
        aBooking({ id: 3, siteId: 3, status: 'pending', checkInDate: '2026-08-01', checkOutDate: '2026-08-05' }),
      );
      await rawWriter().insertInvoice(tenantId, anInvoice({ id: 2, bookingId: 3 }));
      await rawWriter().deleteInvoice(tenantId, 1);
      await expectExactTotals(set, tenantId);
      expect(await set.sites.count(tenantId)).toBe(3);
      expect(await set.invoices.count(tenantId)).toBe(1);

      const created = await set.bookings.insertIfAvailable(
        aNewBooking(tenantId, { siteId: 3, checkInDate: '2026-08-05', checkOutDate: '2026-08-07' }),
      );
      expect(created.id).toBe(4);
      expect(
        (
          await rejectionOf(
            set.bookings.insertIfAvailable(aNewBooking(tenantId, { siteId: 3, checkInDate: '2026-08-04', checkOutDate: '2026-08-06' })),
          )
        ).code,
      ).toBe('site_unavailable');
      await expectExactTotals(set, tenantId);
    });

    it('filters every list by updatedSince (the rows another program changed since), and invoices by status and issue date', async () => {
      const set = adapters();
      const tenantId = await aWorld(set);
      // Every imported row's updatedAt is its creation time (sites: the import's), all before now.
      const since = new Date(Math.max(Date.now(), set.clock.now().getTime()) + 1);
      const window = { offset: 0, limit: 50 };
      expect(await set.bookings.count(tenantId, { updatedSince: since })).toBe(0);
      // The store stamps changes with its own clock: the in-memory one with the adapters' clock, SQL with the database's.
      set.clock.set(new Date(since.getTime() + 60_000));
      await rawWriter().setBookingStatus(tenantId, 2, 'cancelled');
      await rawWriter().renameSite(tenantId, 1, 'Neu');
      await rawWriter().insertInvoice(tenantId, anInvoice({ id: 5, status: 'PICKUP', issuedAt: new Date('2026-03-10T23:59:59.999Z') }));
      const later = { updatedSince: new Date(since.getTime() - 1) };
      expect((await set.bookings.list(tenantId, later, window)).map((b) => b.id)).toEqual([2]);
      expect(await set.bookings.count(tenantId, later)).toBe(1);
      expect(await set.bookings.count(tenantId, { ...later, status: 'pending' })).toBe(0);
      expect((await set.sites.list(tenantId, window, later)).map((s) => s.id)).toEqual([1]);
      expect(await set.sites.count(tenantId, later)).toBe(1);
      expect(await set.customers.count(tenantId, later)).toBe(0);
      expect((await set.invoices.list(tenantId, window, later)).map((i) => i.id)).toEqual([]);

      expect((await set.invoices.list(tenantId, window, { status: 'PICKUP' })).map((i) => i.id)).toEqual([5]);
      expect(await set.invoices.count(tenantId, { status: 'PICKUP' })).toBe(1);
      expect(await set.invoices.count(tenantId, { issuedFrom: '2026-03-10', issuedTo: '2026-03-10' })).toBe(1);
      expect(await set.invoices.count(tenantId, { issuedFrom: '2026-03-11' })).toBe(0);
      expect(await set.invoices.count(tenantId, { issuedTo: '2026-03-09' })).toBe(1);
      expect(await set.invoices.count(tenantId, {})).toBe(2);
    });

    it('refuses a key on the next read once another program revokes it or lets it expire', async () => {
      const set = adapters();
      const tenantId = await aWorld(set);
      const keys = set.apiKeys;
      const now = set.clock.now();
      const make = async () => {
        const prefix = uniquePrefix();
        await set.apiKeys.create({ tenantId, name: 'mirror', prefix, secretHash: 'x', scopes: ['bookings:read'], expiresAt: null });
        expect(isKeyActive((await keys.findByPrefix(prefix))!, now)).toBe(true);
        return prefix;
      };
      const revoked = await make();
      await rawWriter().setKeyRevokedAt(revoked, new Date(now.getTime() - 1000));
      expect(isKeyActive((await keys.findByPrefix(revoked))!, now)).toBe(false);

      const expired = await make();
      await rawWriter().setKeyExpiresAt(expired, new Date(now.getTime() - 1000));
      expect(isKeyActive((await keys.findByPrefix(expired))!, now)).toBe(false);
    });
  });
}
