import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES } from '../bookings/booking-status';
import { addDays } from '../shared/calendar-date';
import { aBooking, aSite, aTenant } from '../testing/mothers';
import { aWorld } from '../testing/test-world';
import { GetCalendar } from './get-calendar';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 150);
const EPOCH = '2027-07-01';
const TYPES = [1, 2, 3];
/** docs/booking-lifecycle.md: the statuses whose nights are taken, written out rather than read from the code. */
const TAKING = ['pending', 'confirmed'];

/** Up to eight sites of three types in any status, up to thirty bookings on them in any status, and a window. */
const scenario = fc.record({
  sites: fc.array(
    fc.record({ siteTypeId: fc.constantFrom(...TYPES), status: fc.constantFrom('active', 'active', 'inactive', 'maintenance') }),
    { maxLength: 8 },
  ),
  bookings: fc.array(
    fc.record({
      site: fc.nat(),
      start: fc.integer({ min: -10, max: 50 }),
      nights: fc.integer({ min: 1, max: 15 }),
      status: fc.constantFrom(...BOOKING_STATUSES, 'legacy_hold'),
    }),
    { maxLength: 30 },
  ),
  windowStart: fc.integer({ min: 0, max: 40 }),
  windowNights: fc.integer({ min: 1, max: 30 }),
  pageSize: fc.integer({ min: 1, max: 3 }),
});

describe('GetCalendar over random sites and bookings', () => {
  it('counts as free, per type and night, the active sites that no pending or confirmed booking covers', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ sites: drawn, bookings: drawnBookings, windowStart, windowNights, pageSize }) => {
        const sites = drawn.map((site, i) => aSite({ id: i + 1, siteNumber: `S${i + 1}`, ...site }));
        const bookings =
          sites.length === 0
            ? []
            : drawnBookings.map((b, i) =>
                aBooking({
                  id: i + 1,
                  siteId: (b.site % sites.length) + 1,
                  status: b.status,
                  checkInDate: addDays(EPOCH, b.start),
                  checkOutDate: addDays(EPOCH, b.start + b.nights),
                }),
              );
        const world = await aWorld([
          aTenant('camp', { siteTypes: TYPES.map((id) => ({ id, name: `Type ${id}` })), sites, bookings }),
          // Another tenant, with sites of the same ids and types taken all the time: its bookings never count.
          aTenant('other', {
            siteTypes: TYPES.map((id) => ({ id, name: `Type ${id}` })),
            sites,
            bookings: sites.map((site) =>
              aBooking({ id: site.id, siteId: site.id, checkInDate: addDays(EPOCH, -20), checkOutDate: addDays(EPOCH, 90) }),
            ),
          }),
        ]);
        const window = { from: addDays(EPOCH, windowStart), to: addDays(EPOCH, windowStart + windowNights) };
        const calendar = new GetCalendar(world.siteTypes, world.tariffs);
        const seen: Array<{ siteTypeId: number; free: number[] }> = [];
        for (let page = 1; ; page++) {
          const result = await calendar.execute(world.principal('camp'), window, { page, pageSize });
          seen.push(...result.results.map((r) => ({ siteTypeId: r.siteType.id, free: r.days.map((day) => day.free) })));
          if (!result.hasNext) break;
        }
        const bruteForce = TYPES.map((siteTypeId) => ({
          siteTypeId,
          free: Array.from({ length: windowNights }, (_, n) => {
            const night = addDays(window.from, n);
            return sites.filter(
              (site) =>
                site.siteTypeId === siteTypeId &&
                site.status === 'active' &&
                !bookings.some(
                  (b) => b.siteId === site.id && TAKING.includes(b.status) && b.checkInDate <= night && night < b.checkOutDate,
                ),
            ).length;
          }),
        }));
        expect(seen).toEqual(bruteForce);
      }),
      { numRuns: RUNS },
    );
  });
});
