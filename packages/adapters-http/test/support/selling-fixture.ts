import type { TenantSnapshot } from '@campsite/domain';
import { aBooking, aRestriction, aSeason, aSite, aTariff, aTenant, aTouristTax, anExtra } from '@campsite/domain/testing';
import { API, type Reply, type Server, type World, seed, start } from './http-harness';

/**
 * A campsite that sells stays (docs/channel-managers.md, "Selling a stay"), for the HTTP tests of site types,
 * extras, the calendar, quotes, booking from a quote and cancelling:
 *
 * - type 1 "Tent pitch": T02 (id 1, 4 guests), T01 (id 2, 6 guests), T03 (id 3, inactive, 8 guests); a summer season
 *   2027-06-01..08-31 (pitch 30.00, adult 10.00, youth 6.00, child 4.00, VAT 3.80) and one stay rule per date:
 *   07-05..07-06 at least 14 nights, 07-10 closed to arrival, 07-15 closed to departure, 07-20 stop sell,
 *   07-25..07-26 at most 2 nights;
 * - type 2 "Camper": C01 (id 4, 5 guests); a July season (pitch 50.00, VAT 8.10); 2027-06-30 closed to arrival;
 * - extras `cleaning` (25.00 per stay, compulsory for campers) and `dog` (4.50 per night); a tourist tax of 2.50 per
 *   adult and 1.20 per youth and night;
 * - T02 is taken 2027-08-10..08-12 by booking 1 (confirmed, imported with a dog); booking 2 is `completed`, booking 3
 *   `cancelled`.
 */
export function sellingCamp(slug = 'camp'): TenantSnapshot {
  return aTenant(slug, {
    siteTypes: [
      { id: 1, name: 'Tent pitch' },
      { id: 2, name: 'Camper' },
    ],
    sites: [
      aSite({ id: 1, siteNumber: 'T02', siteTypeId: 1, maxOccupants: 4 }),
      aSite({ id: 2, siteNumber: 'T01', siteTypeId: 1, maxOccupants: 6 }),
      aSite({ id: 3, siteNumber: 'T03', siteTypeId: 1, maxOccupants: 8, status: 'inactive' }),
      aSite({ id: 4, siteNumber: 'C01', siteTypeId: 2, maxOccupants: 5 }),
    ],
    bookings: [
      aBooking({
        id: 1,
        siteId: 1,
        status: 'confirmed',
        checkInDate: '2027-08-10',
        checkOutDate: '2027-08-12',
        extras: [{ code: 'dog', quantity: 1 }],
      }),
      aBooking({ id: 2, siteId: 2, status: 'completed', checkInDate: '2026-05-01', checkOutDate: '2026-05-03' }),
      aBooking({ id: 3, siteId: 2, status: 'cancelled', checkInDate: '2027-08-10', checkOutDate: '2027-08-12' }),
    ],
    tariff: aTariff({
      seasons: [
        aSeason({ siteTypeId: 1 }),
        aSeason({ siteTypeId: 2, from: '2027-07-01', to: '2027-07-31', pitch: 5000, adult: 1200, youth: 800, child: 500, vatRate: 810 }),
      ],
      restrictions: [
        aRestriction({ siteTypeId: 1, from: '2027-07-05', to: '2027-07-06', minStay: 14 }),
        aRestriction({ siteTypeId: 1, from: '2027-07-10', to: '2027-07-10', closedToArrival: true }),
        aRestriction({ siteTypeId: 1, from: '2027-07-15', to: '2027-07-15', closedToDeparture: true }),
        aRestriction({ siteTypeId: 1, from: '2027-07-20', to: '2027-07-20', stopSell: true }),
        aRestriction({ siteTypeId: 1, from: '2027-07-25', to: '2027-07-26', minStay: 1, maxStay: 2 }),
        aRestriction({ siteTypeId: 2, from: '2027-06-30', to: '2027-06-30', closedToArrival: true }),
      ],
      extras: [
        anExtra({ id: 1, code: 'dog', name: 'Dog', per: 'night', price: 450, vatRate: 810 }),
        anExtra({ id: 2, code: 'cleaning', name: 'Final cleaning', per: 'stay', price: 2500, vatRate: 810, compulsoryFor: [2] }),
      ],
      touristTax: aTouristTax({ adult: 250, youth: 120, child: 0 }),
    }),
  });
}

/** A stay of type 1 in the summer season that breaks no stay rule: 3 nights, 2 adults and a child. */
export const TENT_STAY = { check_in_date: '2027-07-01', check_out_date: '2027-07-04', num_adults: 2, num_children: 1 };

export interface SellingWorld {
  world: World;
  server: Server;
  /** Every read scope, `bookings:write` and `rates:read`. */
  token: string;
  /** A key of another tenant (a camp of its own, with the same ids). */
  other: string;
  post(path: string, body: unknown, key?: string, headers?: Record<string, string>): Promise<Reply>;
  get(path: string, key?: string): Promise<Reply>;
}

/** The camp and a second one, served; `path` is below /api/v1/public. */
export async function startSelling(): Promise<SellingWorld> {
  const { world, server } = await start();
  const [token, other] = (await seed(world, [sellingCamp(), sellingCamp('other')])) as [string, string];
  return {
    world,
    server,
    token,
    other,
    post: (path, body, key = token, headers = {}) => server.request('POST', `${API}${path}`, { token: key, body, headers }),
    get: (path, key = token) => server.get(`${API}${path}`, key),
  };
}
