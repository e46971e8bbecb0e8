import { beforeEach, describe, expect, it } from 'vitest';
import { SeededRandom, aBooking, aSite, aTenant, aUser } from '../testing';
import { type World, aWorld, rejectionOf } from '../testing/test-world';
import { BOOKING_REFERENCE_ALPHABET } from './booking';
import { type BookingFields, CreateBooking, type CreateBookingInput } from './create-booking';

/** Counts draws, so a test can tell how many references were tried. */
class CountingRandom extends SeededRandom {
  draws = 0;

  override bytes(length: number) {
    this.draws++;
    return super.bytes(length);
  }
}

const CROCKFORD_REFERENCE = /^[0-9A-HJKMNP-TV-Z]{10}$/;

function fields(overrides: Partial<BookingFields> = {}): BookingFields {
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

const input = (siteId: number | null, overrides: Partial<BookingFields> = {}): CreateBookingInput => ({
  siteId,
  fields: fields(overrides),
});
/** A request whose fields the transport refused (it words them itself). */
const refused = (siteId: number | null): CreateBookingInput => ({ siteId, fields: null });

let world: World;
let random: CountingRandom;
let create: CreateBooking;

beforeEach(async () => {
  world = await aWorld([
    aTenant('alpine', {
      sites: [
        aSite({ id: 1, siteNumber: 'A1', maxOccupants: 4, basePricePerNight: 3550 }),
        aSite({ id: 2, siteNumber: 'A2', status: 'inactive' }),
        aSite({ id: 3, siteNumber: 'A3', status: 'maintenance' }),
      ],
    }),
    aTenant('lakeside', { sites: [aSite({ id: 1 }), aSite({ id: 2 }), aSite({ id: 9, siteNumber: 'L9' })] }),
  ]);
  random = new CountingRandom(99);
  create = new CreateBooking({
    bookings: world.bookings,
    sites: world.sites,
    clock: world.clock,
    random: random,
    customers: world.customers,
    quotes: world.quotes,
    tariffs: world.tariffs,
  });
});

const alpine = () => world.principal('alpine');
const codeOf = async (request: CreateBookingInput) => (await rejectionOf(create.execute(alpine(), request))).code;

async function seedBooking(overrides: Parameters<typeof aBooking>[0]) {
  const tenantId = world.principal('alpine').tenantId;
  const booking = aBooking(overrides);
  world.store.bookings.push({ ...booking, tenantId, updatedAt: booking.createdAt, quoteId: null, extras: [] });
}

describe('CreateBooking: the site comes first (docs/api-behaviour.md §2.4, rule 5)', () => {
  it('gives site_not_found when site_id was missing, null or not an integer', async () => {
    expect(await codeOf(input(null))).toBe('site_not_found');
  });

  it('gives site_not_found for a site id that does not exist', async () => {
    expect(await codeOf(input(404))).toBe('site_not_found');
  });

  it.each([0, -3, 2_147_483_648, 9_999_999_999, 1e10, 2 ** 60])('gives site_not_found for %s without asking storage', async (siteId) => {
    world.sites.findById = () => Promise.reject(new Error('storage asked'));
    expect(await codeOf(input(siteId))).toBe('site_not_found');
  });

  it('gives site_not_found for a site of another tenant', async () => {
    expect(await codeOf(input(9))).toBe('site_not_found');
  });

  it('gives site_not_found before field errors, for a null site and for another tenant site', async () => {
    expect(await codeOf(refused(null))).toBe('site_not_found');
    expect(await codeOf(refused(9))).toBe('site_not_found');
  });
});

describe('CreateBooking: field rules (docs/api-behaviour.md §2.4, rule 6, §2.6)', () => {
  it('reports fields the transport refused as validation_failed, for the transport to word', async () => {
    const error = await rejectionOf(create.execute(alpine(), refused(1)));
    expect(error.code).toBe('validation_failed');
    expect(error.details.violations).toEqual([{ rule: 'invalid_fields' }]);
    expect(error.details.fieldErrors).toBeUndefined();
  });

  it.each([
    ['the same day', '2026-08-01'],
    ['the day before', '2026-07-31'],
  ])('refuses a check-out on %s as check-in (the HTTP adapter words it as DRF did)', async (_label, checkOutDate) => {
    const error = await rejectionOf(create.execute(alpine(), input(1, { checkOutDate })));
    expect(error.code).toBe('validation_failed');
    expect(error.details.violations).toEqual([{ rule: 'check_out_not_after_check_in' }]);
  });

  it('accepts a stay of 365 nights and refuses 366, right after the order of the dates (docs/security.md)', async () => {
    await expect(create.execute(alpine(), input(1, { checkInDate: '2027-01-01', checkOutDate: '2028-01-01' }))).resolves.toBeDefined();
    const error = await rejectionOf(create.execute(alpine(), input(1, { checkInDate: '2028-01-01', checkOutDate: '2029-01-01' })));
    expect(error.details.violations).toEqual([{ rule: 'stay_too_long', maxNights: 365 }]);
    const huge = await rejectionOf(
      create.execute(alpine(), input(1, { checkInDate: '0001-01-01', checkOutDate: '9999-12-31', numAdults: 999 })),
    );
    expect(huge.details.violations).toEqual([{ rule: 'stay_too_long', maxNights: 365 }]);
  });

  it('compares dates as dates across months and years', async () => {
    await expect(create.execute(alpine(), input(1, { checkInDate: '2026-12-31', checkOutDate: '2027-01-01' }))).resolves.toBeDefined();
  });

  it('refuses more occupants than the site holds, counting adults, youth and children', async () => {
    const error = await rejectionOf(create.execute(alpine(), input(1, { numAdults: 2, numYouth: 2, numChildren: 1 })));
    expect(error.code).toBe('validation_failed');
    expect(error.details.violations).toEqual([{ rule: 'too_many_occupants', occupants: 5, maxOccupants: 4 }]);
  });

  it('accepts exactly the maximum number of occupants', async () => {
    await expect(create.execute(alpine(), input(1, { numAdults: 1, numYouth: 1, numChildren: 2 }))).resolves.toMatchObject({
      numAdults: 1,
      numYouth: 1,
      numChildren: 2,
    });
  });

  it('checks the dates before the occupants, and both before availability (first failing rule wins)', async () => {
    const both = input(1, { checkOutDate: '2026-08-01', numAdults: 9 });
    expect((await rejectionOf(create.execute(alpine(), both))).details.violations).toEqual([{ rule: 'check_out_not_after_check_in' }]);
    expect(await codeOf(refused(2))).toBe('validation_failed');
    expect(await codeOf(input(2, { checkOutDate: '2026-08-01' }))).toBe('validation_failed');
    expect(await codeOf(input(2, { numAdults: 9 }))).toBe('validation_failed');
  });
});

describe('CreateBooking: availability (docs/api-behaviour.md §2.4, rule 8)', () => {
  it.each([2, 3])('gives site_unavailable for a site that is not active (site %i)', async (siteId) => {
    expect(await codeOf(input(siteId))).toBe('site_unavailable');
  });

  it.each(['pending', 'confirmed'])('gives site_unavailable when a %s booking overlaps the stay', async (status) => {
    await seedBooking({ id: 1, siteId: 1, status, checkInDate: '2026-08-03', checkOutDate: '2026-08-10' });
    expect(await codeOf(input(1))).toBe('site_unavailable');
    expect(world.store.bookings).toHaveLength(1);
  });

  it.each(['cancelled', 'completed', 'no_show', 'checked_in', 'PENDING'])(
    'is not blocked by a %s booking on the same dates',
    async (status) => {
      await seedBooking({ id: 1, siteId: 1, status, checkInDate: '2026-08-01', checkOutDate: '2026-08-04' });
      await expect(create.execute(alpine(), input(1))).resolves.toMatchObject({ id: 2 });
    },
  );

  it('allows touching ranges on both sides: one departs the day the other arrives', async () => {
    await seedBooking({ id: 1, siteId: 1, status: 'confirmed', checkInDate: '2026-07-28', checkOutDate: '2026-08-01' });
    await seedBooking({ id: 2, siteId: 1, status: 'pending', checkInDate: '2026-08-04', checkOutDate: '2026-08-08' });
    await expect(create.execute(alpine(), input(1))).resolves.toMatchObject({ id: 3 });
  });

  it('is not blocked by bookings on another site, nor by the same site id of another tenant', async () => {
    await seedBooking({ id: 1, siteId: 3, status: 'confirmed', checkInDate: '2026-08-01', checkOutDate: '2026-08-04' });
    const lakeside = world.principal('lakeside');
    await create.execute(lakeside, input(1));
    await expect(create.execute(alpine(), input(1))).resolves.toMatchObject({ siteId: 1 });
  });

  it('lets exactly one of two concurrent requests for overlapping dates succeed', async () => {
    const outcomes = await Promise.allSettled([
      create.execute(alpine(), input(1, { checkInDate: '2026-08-01', checkOutDate: '2026-08-05' })),
      create.execute(alpine(), input(1, { checkInDate: '2026-08-03', checkOutDate: '2026-08-06' })),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const rejected = outcomes.find((o) => o.status === 'rejected');
    expect(rejected?.reason).toMatchObject({ code: 'site_unavailable' });
    expect(world.store.bookings).toHaveLength(1);
  });
});

describe('CreateBooking: the created booking (spec, docs/api-behaviour.md §3)', () => {
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

describe('CreateBooking: reference collisions (docs/api-behaviour.md §3)', () => {
  // Bytes 0..9 map onto the alphabet's first ten characters.
  const forced = Uint8Array.from({ length: 10 }, (_, i) => i);

  it('draws a new reference when the first one is taken in the tenant', async () => {
    await seedBooking({ id: 1, siteId: 3, status: 'cancelled', bookingReference: '0123456789' });
    const retrying = new CreateBooking({
      bookings: world.bookings,
      sites: world.sites,
      clock: world.clock,
      random: new SeededRandom(5, [forced, forced]),
      customers: world.customers,
      quotes: world.quotes,
      tariffs: world.tariffs,
    });
    const booking = await retrying.execute(alpine(), input(1));
    expect(booking.bookingReference).toMatch(CROCKFORD_REFERENCE);
    expect(booking.bookingReference).not.toBe('0123456789');
    expect(new Set(world.store.bookings.map((b) => b.bookingReference)).size).toBe(2);
  });

  it('makes two bookings collide on their forced reference and still stores both', async () => {
    const retrying = new CreateBooking({
      bookings: world.bookings,
      sites: world.sites,
      clock: world.clock,
      random: new SeededRandom(5, [forced, forced]),
      customers: world.customers,
      quotes: world.quotes,
      tariffs: world.tariffs,
    });
    const first = await retrying.execute(alpine(), input(1));
    const second = await retrying.execute(alpine(), input(1, { checkInDate: '2026-09-01', checkOutDate: '2026-09-02' }));
    expect(first.bookingReference).toBe('0123456789');
    expect(second.bookingReference).not.toBe('0123456789');
  });

  it('does not count a reference of another tenant as a collision', async () => {
    await seedBooking({ id: 1, siteId: 3, status: 'cancelled', bookingReference: '0123456789' });
    const forcedOnce = new CreateBooking({
      bookings: world.bookings,
      sites: world.sites,
      clock: world.clock,
      random: new SeededRandom(5, [forced]),
      customers: world.customers,
      quotes: world.quotes,
      tariffs: world.tariffs,
    });
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
    const stubborn = new CreateBooking({
      bookings: world.bookings,
      sites: world.sites,
      clock: world.clock,
      random: alwaysTaken,
      customers: world.customers,
      quotes: world.quotes,
      tariffs: world.tariffs,
    });
    expect((await rejectionOf(stubborn.execute(alpine(), input(1)))).code).toBe('duplicate_booking_reference');
    expect(alwaysTaken.draws).toBeGreaterThan(1);
    expect(alwaysTaken.draws).toBeLessThanOrEqual(20);
    expect(world.store.bookings).toHaveLength(1);
  });
});

describe('CreateBooking: nothing is stored when a rule fails', () => {
  it('leaves the store untouched for every refusal', async () => {
    for (const request of [
      input(null),
      input(9),
      refused(1),
      input(1, { checkOutDate: '2026-07-01' }),
      input(1, { numAdults: 5 }),
      input(2),
    ]) {
      await rejectionOf(create.execute(alpine(), request));
    }
    expect(world.store.bookings).toEqual([]);
  });
});

describe('CreateBooking: customer_id (docs/accounting.md, "Customers on bookings")', () => {
  let tenantId: number;
  beforeEach(() => {
    tenantId = alpine().tenantId;
    const lakeside = world.principal('lakeside').tenantId;
    const stored = (user: ReturnType<typeof aUser>, tenant: number) => ({ ...user, tenantId: tenant, updatedAt: user.dateJoined });
    world.store.users.push(
      stored(aUser({ id: 5 }), tenantId),
      stored(aUser({ id: 6, role: 'staff' }), tenantId),
      stored(aUser({ id: 7 }), lakeside),
    );
  });
  const withCustomer = (customerId: CreateBookingInput['customerId']): CreateBookingInput => ({ ...input(1), customerId });

  it('stores a customer of the tenant, and null when it is null or absent', async () => {
    expect((await create.execute(alpine(), withCustomer(5))).customerId).toBe(5);
    expect(
      (
        await create.execute(alpine(), {
          ...withCustomer(null),
          fields: fields({ checkInDate: '2026-09-01', checkOutDate: '2026-09-02' }),
        })
      ).customerId,
    ).toBeNull();
    expect((await create.execute(alpine(), input(1, { checkInDate: '2026-10-01', checkOutDate: '2026-10-02' }))).customerId).toBeNull();
  });

  it.each([
    ['a staff user', 6],
    ['another tenant customer', 7],
    ['an absent user', 99],
  ])('refuses %s as an unknown customer (the HTTP adapter words it, showing the value as sent)', async (_what, id) => {
    const error = await rejectionOf(create.execute(alpine(), withCustomer(id)));
    expect(error.details.violations).toEqual([{ rule: 'unknown_customer' }]);
  });

  it('joins the other field errors in one answer', async () => {
    const error = await rejectionOf(create.execute(alpine(), { ...refused(1), customerId: 99 }));
    expect(error.details.violations).toEqual([{ rule: 'invalid_fields' }, { rule: 'unknown_customer' }]);
  });

  it('keeps the customer on the booking when the user later becomes staff', async () => {
    const booking = await create.execute(alpine(), withCustomer(5));
    world.store.users.find((u) => u.tenantId === tenantId && u.id === 5)!.role = 'staff';
    world.store.changed();
    expect((await world.bookings.findById(tenantId, booking.id))?.customerId).toBe(5);
    expect(await world.bookings.count(tenantId, { customerId: 5 })).toBe(1);
  });
});
