import type { BookingFields, CreateBookingInput } from '../bookings/create-booking';
import { CreateBooking } from '../bookings/create-booking';
import { aBooking, aSite, aTenant } from './mothers';
import { rejectionOf } from './rejection-of';
import { SeededRandom } from './seeded-random';
import { aWorld } from './test-world';

/** Counts draws, so a test can tell how many references were tried. */
export class CountingRandom extends SeededRandom {
  draws = 0;

  override bytes(length: number) {
    this.draws++;
    return super.bytes(length);
  }
}

export const CROCKFORD_REFERENCE = /^[0-9A-HJKMNP-TV-Z]{10}$/;

export function fields(overrides: Partial<BookingFields> = {}): BookingFields {
  return {
    checkInDate: '2026-08-01',
    checkOutDate: '2026-08-04',
    numAdults: 2,
    numYouth: 0,
    numChildren: 0,
    guestFirstName: 'Anna',
    guestLastName: 'Muster',
    guestEmail: 'anna@example.ch',
    ...overrides,
  };
}

export const input = (siteId: number | null, overrides: Partial<BookingFields> = {}): CreateBookingInput => ({
  siteId,
  fields: fields(overrides),
});
/** A request whose fields the transport refused (it words them itself). */
export const refused = (siteId: number | null): CreateBookingInput => ({ siteId, fields: null });

/**
 * The world of CreateBooking's tests, fresh for each test: tenant alpine with an active site 1 for four, an inactive
 * site 2 and a site 3 in maintenance; tenant lakeside with sites 1, 2 and 9. Not exported from `./testing`.
 */
export async function aCreateBookingWorld() {
  const world = await aWorld([
    aTenant('alpine', {
      sites: [
        aSite({ id: 1, siteNumber: 'A1', maxOccupants: 4, basePricePerNight: 3550 }),
        aSite({ id: 2, siteNumber: 'A2', status: 'inactive' }),
        aSite({ id: 3, siteNumber: 'A3', status: 'maintenance' }),
      ],
    }),
    aTenant('lakeside', { sites: [aSite({ id: 1 }), aSite({ id: 2 }), aSite({ id: 9, siteNumber: 'L9' })] }),
  ]);
  const create = new CreateBooking({
    bookings: world.bookings,
    sites: world.sites,
    clock: world.clock,
    random: new CountingRandom(99),
    customers: world.customers,
    quotes: world.quotes,
    tariffs: world.tariffs,
  });
  const alpine = () => world.principal('alpine');
  return {
    world,
    create,
    alpine,
    codeOf: async (request: CreateBookingInput) => (await rejectionOf(create.execute(alpine(), request))).code,
    /** Stores a booking of alpine as another writer would, past the use case's rules. */
    async seedBooking(overrides: Parameters<typeof aBooking>[0]) {
      const tenantId = world.principal('alpine').tenantId;
      const booking = aBooking(overrides);
      world.store.bookings.push({ ...booking, tenantId, updatedAt: booking.createdAt, quoteId: null, extras: [] });
    },
  };
}

export type CreateBookingWorld = Awaited<ReturnType<typeof aCreateBookingWorld>>;
