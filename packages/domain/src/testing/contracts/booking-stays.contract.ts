import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOccupying } from '../../bookings/booking-status';
import { rangesOverlap } from '../../shared/calendar-date';
import { aBooking } from '../mothers';
import { rejectionOf } from '../rejection-of';
import type { AdapterSet } from './adapter-set';
import { aNewBooking } from './new-booking';

type StayLike = { siteId: number; checkInDate: string; checkOutDate: string };
const stayKey = (s: StayLike) => `${s.siteId}/${s.checkInDate}/${s.checkOutDate}`;

/** Stays by site, arrival and departure: imported rows may overlap, so the order is total over all three. */
export const sortStays = <T extends StayLike>(stays: T[]) =>
  [...stays].sort((a, b) => (stayKey(a) < stayKey(b) ? -1 : stayKey(a) > stayKey(b) ? 1 : 0));

/**
 * Bookings on sites 1, 2 and 3 around a window in July 2027: occupying ones inside it, on its edges and after it, a
 * cancelled one inside it, and one on site 3. `occupyingSites1And2` are the stays of sites 1 and 2 that hold a night of
 * the window, sorted by site, arrival and departure.
 */
export const STAYS_AROUND_JULY = {
  window: { from: '2027-07-01', to: '2027-07-12' },
  bookings: () => [
    aBooking({ id: 1, siteId: 1, status: 'pending', checkInDate: '2027-07-01', checkOutDate: '2027-07-05' }),
    aBooking({ id: 2, siteId: 1, status: 'confirmed', checkInDate: '2027-07-10', checkOutDate: '2027-07-12' }),
    aBooking({ id: 3, siteId: 1, status: 'cancelled', checkInDate: '2027-07-05', checkOutDate: '2027-07-10' }),
    aBooking({ id: 4, siteId: 2, status: 'confirmed', checkInDate: '2027-06-25', checkOutDate: '2027-07-02' }),
    aBooking({ id: 5, siteId: 2, status: 'confirmed', checkInDate: '2027-07-12', checkOutDate: '2027-07-14' }),
    aBooking({ id: 6, siteId: 3, status: 'confirmed', checkInDate: '2027-07-03', checkOutDate: '2027-07-04' }),
  ],
  occupyingSites1And2: [
    { siteId: 1, checkInDate: '2027-07-01', checkOutDate: '2027-07-05' },
    { siteId: 1, checkInDate: '2027-07-10', checkOutDate: '2027-07-12' },
    { siteId: 2, checkInDate: '2027-06-25', checkOutDate: '2027-07-02' },
  ],
};

/** Seeds a tenant with sites 1 (active), 2 (active) and 3 (inactive), plus the given bookings; answers its id. */
export type TenantWith = (set: AdapterSet, bookings?: ReturnType<typeof aBooking>[]) => Promise<number>;

/**
 * The part of the `BookingRepository` contract about stays that hold a site (`listOccupyingStays`) and status changes
 * (`updateStatus`), run inside describeBookingRepositoryContract.
 */
export function describeStaysAndStatus(adapters: () => AdapterSet, tenantWith: TenantWith): void {
  describe('listOccupyingStays', () => {
    const day = (n: number) => new Date(Date.UTC(2027, 5, 1) + n * 86_400_000).toISOString().slice(0, 10);

    it('returns the occupying stays of the given sites that overlap the window, and nothing of other tenants', async () => {
      const set = adapters();
      const rows = STAYS_AROUND_JULY.bookings();
      const tenantId = await tenantWith(set, rows);
      await tenantWith(set, rows);
      const stays = await set.bookings.listOccupyingStays(tenantId, [1, 2], STAYS_AROUND_JULY.window);
      expect(sortStays(stays)).toEqual(STAYS_AROUND_JULY.occupyingSites1And2);
      expect(await set.bookings.listOccupyingStays(tenantId, [], STAYS_AROUND_JULY.window)).toEqual([]);
    });

    it('agrees with a model for random bookings, statuses and windows', async () => {
      const set = adapters();
      const statuses = ['pending', 'confirmed', 'cancelled', 'completed', 'no_show', 'legacy_hold'];
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({
              siteId: fc.integer({ min: 1, max: 3 }),
              start: fc.integer({ min: 0, max: 40 }),
              nights: fc.integer({ min: 1, max: 10 }),
              status: fc.constantFrom(...statuses),
            }),
            { maxLength: 15 },
          ),
          fc.integer({ min: 0, max: 45 }),
          fc.integer({ min: 1, max: 30 }),
          fc.subarray([1, 2, 3], { minLength: 1 }),
          async (drawn, start, nights, siteIds) => {
            const rows = drawn.map((b, i) =>
              aBooking({
                id: i + 1,
                siteId: b.siteId,
                status: b.status,
                checkInDate: day(b.start),
                checkOutDate: day(b.start + b.nights),
              }),
            );
            const tenantId = await tenantWith(set, rows);
            const window = { from: day(start), to: day(start + nights) };
            const expected = rows
              .filter(
                (b) =>
                  siteIds.includes(b.siteId) &&
                  isOccupying(b.status) &&
                  rangesOverlap(b.checkInDate, b.checkOutDate, window.from, window.to),
              )
              .map(({ siteId, checkInDate, checkOutDate }) => ({ siteId, checkInDate, checkOutDate }));
            expect(sortStays(await set.bookings.listOccupyingStays(tenantId, siteIds, window))).toEqual(sortStays(expected));
          },
        ),
        { numRuns: 12 },
      );
    });
  });

  describe('updateStatus', () => {
    it('changes status and price only while the status is still `from`, and the counts follow', async () => {
      const set = adapters();
      const tenantId = await tenantWith(set, [
        aBooking({ id: 1, status: 'pending', totalPrice: 1000 }),
        aBooking({ id: 2, status: 'pending', checkInDate: '2026-02-01', checkOutDate: '2026-02-02' }),
      ]);
      const updated = await set.bookings.updateStatus(tenantId, 1, 'pending', 'confirmed', 12345);
      expect(updated).toMatchObject({ id: 1, status: 'confirmed', totalPrice: 12345, siteNumber: 'A01', bookingReference: 'REF0000001' });
      expect(await set.bookings.findById(tenantId, 1)).toEqual(updated);
      // Compare-and-set: a second operator working from the stale status loses.
      expect(await set.bookings.updateStatus(tenantId, 1, 'pending', 'cancelled', 1)).toBeNull();
      expect(await set.bookings.findById(tenantId, 1)).toMatchObject({ status: 'confirmed', totalPrice: 12345 });
      expect(await set.bookings.count(tenantId, { status: 'pending' })).toBe(1);
      expect(await set.bookings.count(tenantId, { status: 'confirmed' })).toBe(1);
      expect(await set.bookings.count(tenantId, {})).toBe(2);
      expect(await set.bookings.updateStatus(tenantId, 1, 'confirmed', 'cancelled', 12345)).toMatchObject({ status: 'cancelled' });
      expect(await set.bookings.count(tenantId, { status: 'confirmed' })).toBe(0);
      expect(await set.bookings.count(tenantId, { status: 'cancelled' })).toBe(1);
      expect(await set.bookings.list(tenantId, { status: 'cancelled' }, { offset: 0, limit: 5 })).toHaveLength(1);
    });

    it('returns null for an absent booking or one of another tenant', async () => {
      const set = adapters();
      const a = await tenantWith(set, [aBooking({ id: 1, status: 'pending' })]);
      const b = await tenantWith(set);
      expect(await set.bookings.updateStatus(a, 2, 'pending', 'confirmed', 1)).toBeNull();
      expect(await set.bookings.updateStatus(b, 1, 'pending', 'confirmed', 1)).toBeNull();
      expect(await set.bookings.findById(a, 1)).toMatchObject({ status: 'pending' });
      expect(await set.bookings.count(b, { status: 'confirmed' })).toBe(0);
    });

    it('frees the dates of a cancelled booking', async () => {
      const set = adapters();
      const stay = { checkInDate: '2026-07-01', checkOutDate: '2026-07-05' };
      const tenantId = await tenantWith(set, [aBooking({ id: 1, status: 'pending', ...stay })]);
      expect((await rejectionOf(set.bookings.insertIfAvailable(aNewBooking(tenantId, stay)))).code).toBe('site_unavailable');
      await set.bookings.updateStatus(tenantId, 1, 'pending', 'cancelled', 0);
      expect((await set.bookings.insertIfAvailable(aNewBooking(tenantId, stay))).id).toBe(2);
    });
  });
}
