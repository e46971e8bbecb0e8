import { aBooking, aSite, aTenant } from '@campsite/domain/testing';
import { expect } from 'vitest';
import { API, type Reply, seed, start } from './http-harness';

export const VALID = { site_id: 1, check_in_date: '2026-09-01', check_out_date: '2026-09-04', num_adults: 2 };

export const SITE_NOT_FOUND = { detail: 'site_not_found' };

export function expect400(reply: Reply, body: unknown) {
  expect(reply.status).toBe(400);
  expect(reply.json).toEqual(body);
  expect(reply.text).toBe(JSON.stringify(body));
}

/**
 * The API of the POST /bookings/ tests, with a key of alpine in `token`. Alpine has site 1 for four (3500 Rappen a
 * night, held 2026-07-10 to 07-14 and 07-20 to 07-22, cancelled 08-01 to 08-05), inactive site 2, site 3 for two and
 * site 4 for a million; birch has site 9.
 */
export async function startBookingServer() {
  const { server, world } = await start();
  const [token] = (await seed(world, [
    aTenant('alpine', {
      sites: [
        aSite({ id: 1, siteNumber: 'A01', maxOccupants: 4, basePricePerNight: 3500 }),
        aSite({ id: 2, siteNumber: 'A02', status: 'inactive' }),
        aSite({ id: 3, siteNumber: 'A03', maxOccupants: 2 }),
        aSite({ id: 4, siteNumber: 'BIG', maxOccupants: 1_000_000 }),
      ],
      bookings: [
        aBooking({ id: 1, siteId: 1, status: 'pending', checkInDate: '2026-07-10', checkOutDate: '2026-07-14' }),
        aBooking({ id: 2, siteId: 1, status: 'confirmed', checkInDate: '2026-07-20', checkOutDate: '2026-07-22' }),
        aBooking({ id: 3, siteId: 1, status: 'cancelled', checkInDate: '2026-08-01', checkOutDate: '2026-08-05' }),
      ],
    }),
    aTenant('birch', { sites: [aSite({ id: 9, siteNumber: 'B09' })] }),
  ])) as [string];
  const post = (body: unknown, headers: Record<string, string> = {}): Promise<Reply> =>
    server.request('POST', `${API}/bookings/`, { token, body, headers });
  /** A body sent as it is, under `contentType` (no Content-Type at all for null). */
  const raw = (body: string | Uint8Array, contentType: string | null = 'application/json'): Promise<Reply> =>
    post(body, contentType === null ? {} : { 'Content-Type': contentType });
  return { server, world, token, post, raw };
}

export type BookingServer = Awaited<ReturnType<typeof startBookingServer>>;
