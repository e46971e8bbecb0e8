import { beforeEach, describe, expect, it } from 'vitest';
import { SeededRandom } from '../testing';
import { CROCKFORD_REFERENCE, CountingRandom, type CreateBookingWorld, aCreateBookingWorld, input } from '../testing/create-booking-world';
import { rejectionOf } from '../testing/test-world';
import { BOOKING_REFERENCE_ALPHABET } from './booking';
import { CreateBooking } from './create-booking';
import type { RandomSource } from '../shared/random-source';

let world: CreateBookingWorld['world'];
let create: CreateBookingWorld['create'];
let alpine: CreateBookingWorld['alpine'];
let seedBooking: CreateBookingWorld['seedBooking'];

beforeEach(async () => {
  ({ world, create, alpine, seedBooking } = await aCreateBookingWorld());
});

describe('CreateBooking: the created booking (docs/api-behaviour.md §3)', () => {
  it('is pending, online, priced by the placeholder rule and stamped by the clock', async () => {
    world.clock.set('2026-06-15T08:30:00.123Z');
    const booking = await create.execute(alpine(), input(1, { numYouth: 1, numChildren: 1 }));
    expect(booking).toMatchObject({
      id: 1,
      tenantId: world.principal('alpine').tenantId,
      siteId: 1,
      siteNumber: 'A1',
      checkInDate: '2026-08-01',
      checkOutDate: '2026-08-04',
      numAdults: 2,
      numYouth: 1,
      numChildren: 1,
      guestFirstName: 'Anna',
      guestLastName: 'Muster',
      guestEmail: 'anna@example.ch',
      status: 'pending',
      totalPrice: 3550 * 3,
      source: 'online',
      createdAt: new Date('2026-06-15T08:30:00.123Z'),
    });
    expect(await world.bookings.findById(booking.tenantId, booking.id)).toEqual(booking);
  });

  it('prices a one-night stay and a stay over a leap day', async () => {
    expect((await create.execute(alpine(), input(1, { checkInDate: '2026-08-01', checkOutDate: '2026-08-02' }))).totalPrice).toBe(3550);
    expect((await create.execute(alpine(), input(1, { checkInDate: '2028-02-28', checkOutDate: '2028-03-01' }))).totalPrice).toBe(7100);
  });

  it('gets a reference of 10 Crockford base32 characters', async () => {
    expect(BOOKING_REFERENCE_ALPHABET).toBe('0123456789ABCDEFGHJKMNPQRSTVWXYZ');
    for (let day = 1; day <= 20; day++) {
      const night = (d: number) => `2027-01-${String(d).padStart(2, '0')}`;
      const booking = await create.execute(alpine(), input(1, { checkInDate: night(day), checkOutDate: night(day + 1) }));
      expect(booking.bookingReference).toMatch(CROCKFORD_REFERENCE);
    }
  });

  it('numbers ids per tenant: two tenants both get booking 1, and the next id follows the tenant highest', async () => {
    await seedBooking({ id: 41, siteId: 3, status: 'cancelled' });
    const lakeside = await create.execute(world.principal('lakeside'), input(1));
    const alpineBooking = await create.execute(alpine(), input(1));
    expect(lakeside.id).toBe(1);
    expect(alpineBooking.id).toBe(42);
    const lakesideAgain = await create.execute(world.principal('lakeside'), input(2));
    expect(lakesideAgain.id).toBe(2);
  });
});

/** CreateBooking on the world's ports, drawing its references from `random`. */
const creating = (random: RandomSource) =>
  new CreateBooking({
    bookings: world.bookings,
    sites: world.sites,
    clock: world.clock,
    random,
    customers: world.customers,
    quotes: world.quotes,
    tariffs: world.tariffs,
  });

describe('CreateBooking: reference collisions (docs/api-behaviour.md §3)', () => {
  // Bytes 0..9 map onto the alphabet's first ten characters.
  const forced = Uint8Array.from({ length: 10 }, (_, i) => i);

  it('draws a new reference when the first one is taken in the tenant', async () => {
    await seedBooking({ id: 1, siteId: 3, status: 'cancelled', bookingReference: '0123456789' });
    const retrying = creating(new SeededRandom(5, [forced, forced]));
    const booking = await retrying.execute(alpine(), input(1));
    expect(booking.bookingReference).toMatch(CROCKFORD_REFERENCE);
    expect(booking.bookingReference).not.toBe('0123456789');
    expect(new Set(world.store.bookings.map((b) => b.bookingReference)).size).toBe(2);
  });

  it('makes two bookings collide on their forced reference and still stores both', async () => {
    const retrying = creating(new SeededRandom(5, [forced, forced]));
    const first = await retrying.execute(alpine(), input(1));
    const second = await retrying.execute(alpine(), input(1, { checkInDate: '2026-09-01', checkOutDate: '2026-09-02' }));
    expect(first.bookingReference).toBe('0123456789');
    expect(second.bookingReference).not.toBe('0123456789');
  });

  it('does not count a reference of another tenant as a collision', async () => {
    await seedBooking({ id: 1, siteId: 3, status: 'cancelled', bookingReference: '0123456789' });
    const forcedOnce = creating(new SeededRandom(5, [forced]));
    expect((await forcedOnce.execute(world.principal('lakeside'), input(1))).bookingReference).toBe('0123456789');
  });

  it('gives up after a bounded number of attempts, storing nothing', async () => {
    await seedBooking({ id: 1, siteId: 3, status: 'cancelled', bookingReference: '0123456789' });
    const alwaysTaken = new (class extends CountingRandom {
      override bytes(length: number) {
        super.bytes(length);
        return forced;
      }
    })(1);
    const stubborn = creating(alwaysTaken);
    expect((await rejectionOf(stubborn.execute(alpine(), input(1)))).code).toBe('duplicate_booking_reference');
    expect(alwaysTaken.draws).toBeGreaterThan(1);
    expect(alwaysTaken.draws).toBeLessThanOrEqual(20);
    expect(world.store.bookings).toHaveLength(1);
  });
});
