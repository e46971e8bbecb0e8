import { describe, expect, it } from 'vitest';
import { aBooking } from '../mothers';
import { rejectionOf } from '../rejection-of';
import type { AdapterSet } from './adapter-set';
import type { TenantWith } from './booking-stays.contract';
import { aNewBooking } from './new-booking';

/**
 * The part of the `BookingRepository` contract about creating a booking (`insertIfAvailable`): ids per tenant, the
 * overlap rule, the reference's uniqueness, and races. Run inside describeBookingRepositoryContract.
 */
export function describeInsertIfAvailable(adapters: () => AdapterSet, tenantWith: TenantWith): void {
  describe('insertIfAvailable', () => {
    it('assigns the next id within the tenant, returns the stored booking and updates the counts', async () => {
      const set = adapters();
      const tenantId = await tenantWith(set, [
        aBooking({ id: 1 }),
        aBooking({ id: 7, checkInDate: '2026-01-01', checkOutDate: '2026-01-02' }),
      ]);
      // Another tenant with higher ids must not influence this tenant's numbering (docs/api-behaviour.md §3).
      await tenantWith(set, [aBooking({ id: 500 })]);
      const draft = aNewBooking(tenantId, { checkInDate: '2026-09-01', checkOutDate: '2026-09-03', totalPrice: 7000 });
      const created = await set.bookings.insertIfAvailable(draft);
      const { lines: _lines, ...fields } = draft;
      expect(created).toEqual({ ...fields, id: 8, siteNumber: 'A01', updatedAt: draft.createdAt });
      expect(await set.bookings.findById(tenantId, 8)).toEqual(created);
      expect(await set.bookings.count(tenantId, {})).toBe(3);
      expect(await set.bookings.count(tenantId, { status: 'pending' })).toBe(1);
      expect(await set.bookings.count(tenantId, { checkInFrom: '2026-09-01' })).toBe(1);
      const next = await set.bookings.insertIfAvailable(aNewBooking(tenantId, { checkInDate: '2026-10-01', checkOutDate: '2026-10-02' }));
      expect(next.id).toBe(9);
      expect((await set.bookings.list(tenantId, {}, { offset: 0, limit: 1 }))[0]?.id).toBe(9);
    });

    it('starts a tenant without bookings at id 1', async () => {
      const set = adapters();
      const tenantId = await tenantWith(set);
      expect((await set.bookings.insertIfAvailable(aNewBooking(tenantId))).id).toBe(1);
    });

    it('refuses an overlap with a pending or confirmed booking on the same site', async () => {
      const set = adapters();
      const tenantId = await tenantWith(set, [
        aBooking({ id: 1, status: 'pending', checkInDate: '2026-07-01', checkOutDate: '2026-07-05' }),
        aBooking({ id: 2, status: 'confirmed', checkInDate: '2026-07-10', checkOutDate: '2026-07-15' }),
      ]);
      for (const [checkInDate, checkOutDate] of [
        ['2026-07-01', '2026-07-05'],
        ['2026-06-28', '2026-07-02'],
        ['2026-07-04', '2026-07-11'],
        ['2026-07-11', '2026-07-12'],
        ['2026-07-09', '2026-07-20'],
      ] as const) {
        expect((await rejectionOf(set.bookings.insertIfAvailable(aNewBooking(tenantId, { checkInDate, checkOutDate })))).code).toBe(
          'site_unavailable',
        );
      }
      expect(await set.bookings.count(tenantId, {})).toBe(2);
    });

    it('accepts touching ranges on either side', async () => {
      const set = adapters();
      const tenantId = await tenantWith(set, [
        aBooking({ id: 1, status: 'confirmed', checkInDate: '2026-07-05', checkOutDate: '2026-07-10' }),
      ]);
      await set.bookings.insertIfAvailable(aNewBooking(tenantId, { checkInDate: '2026-07-01', checkOutDate: '2026-07-05' }));
      await set.bookings.insertIfAvailable(aNewBooking(tenantId, { checkInDate: '2026-07-10', checkOutDate: '2026-07-12' }));
      expect(await set.bookings.count(tenantId, {})).toBe(3);
    });

    it('is not blocked by cancelled, completed, no-show or unknown-status bookings, nor by other sites or tenants', async () => {
      const set = adapters();
      const stay = { checkInDate: '2026-07-01', checkOutDate: '2026-07-05' };
      const tenantId = await tenantWith(set, [
        aBooking({ id: 1, status: 'cancelled', ...stay }),
        aBooking({ id: 2, status: 'completed', ...stay }),
        aBooking({ id: 3, status: 'no_show', ...stay }),
        aBooking({ id: 4, status: 'legacy_hold', ...stay }),
        aBooking({ id: 5, status: 'confirmed', ...stay, siteId: 2 }),
      ]);
      const other = await tenantWith(set, [aBooking({ id: 1, status: 'confirmed', ...stay })]);
      expect((await set.bookings.insertIfAvailable(aNewBooking(tenantId, stay))).id).toBe(6);
      expect(await set.bookings.count(other, {})).toBe(1);
    });

    it('refuses an inactive or absent site', async () => {
      const set = adapters();
      const tenantId = await tenantWith(set);
      expect((await rejectionOf(set.bookings.insertIfAvailable(aNewBooking(tenantId, { siteId: 3 })))).code).toBe('site_unavailable');
      expect((await rejectionOf(set.bookings.insertIfAvailable(aNewBooking(tenantId, { siteId: 99 })))).code).toBe('site_unavailable');
      expect(await set.bookings.count(tenantId, {})).toBe(0);
    });

    it('refuses a reference taken in the tenant and stores nothing; another tenant may use it', async () => {
      const set = adapters();
      const tenantId = await tenantWith(set, [
        aBooking({ id: 1, bookingReference: 'TAKEN00001', checkInDate: '2026-01-01', checkOutDate: '2026-01-02' }),
      ]);
      const draft = aNewBooking(tenantId, { bookingReference: 'TAKEN00001', checkInDate: '2026-09-01', checkOutDate: '2026-09-02' });
      expect((await rejectionOf(set.bookings.insertIfAvailable(draft))).code).toBe('duplicate_booking_reference');
      expect(await set.bookings.count(tenantId, {})).toBe(1);
      expect(await set.bookings.count(tenantId, { status: 'pending' })).toBe(0);
      expect(await set.bookings.findById(tenantId, 2)).toBeNull();
      // The failed attempt used no id and left the dates free.
      expect((await set.bookings.insertIfAvailable({ ...draft, bookingReference: 'FRESH00001' })).id).toBe(2);

      const other = await tenantWith(set);
      expect((await set.bookings.insertIfAvailable({ ...draft, tenantId: other })).bookingReference).toBe('TAKEN00001');
    });

    it('lets exactly one of many parallel overlapping inserts succeed', async () => {
      const set = adapters();
      const tenantId = await tenantWith(set);
      const attempts = Array.from({ length: 12 }, (_, i) =>
        set.bookings.insertIfAvailable(
          aNewBooking(tenantId, { checkInDate: `2026-08-${String(10 + (i % 3)).padStart(2, '0')}`, checkOutDate: '2026-08-20' }),
        ),
      );
      const outcomes = await Promise.allSettled(attempts);
      const won = outcomes.filter((o) => o.status === 'fulfilled');
      expect(won).toHaveLength(1);
      for (const lost of outcomes.filter((o) => o.status === 'rejected')) {
        expect((lost as PromiseRejectedResult).reason).toMatchObject({ code: 'site_unavailable' });
      }
      expect(await set.bookings.count(tenantId, {})).toBe(1);
    });

    it('gives parallel non-overlapping inserts distinct consecutive ids', async () => {
      const set = adapters();
      const tenantId = await tenantWith(set, [aBooking({ id: 3, checkInDate: '2025-01-01', checkOutDate: '2025-01-02' })]);
      const created = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          set.bookings.insertIfAvailable(
            aNewBooking(tenantId, {
              checkInDate: `2026-09-${String(i + 1).padStart(2, '0')}`,
              checkOutDate: `2026-09-${String(i + 2).padStart(2, '0')}`,
            }),
          ),
        ),
      );
      expect(created.map((b) => b.id).sort((x, y) => x - y)).toEqual([4, 5, 6, 7, 8, 9, 10, 11]);
      expect(await set.bookings.count(tenantId, {})).toBe(9);
      expect(await set.bookings.count(tenantId, { status: 'pending' })).toBe(8);
    });
  });
}
