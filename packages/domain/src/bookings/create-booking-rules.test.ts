import { beforeEach, describe, expect, it } from 'vitest';
import { type CreateBookingWorld, aCreateBookingWorld, input, refused } from '../testing/create-booking-world';
import { rejectionOf } from '../testing/test-world';

let world: CreateBookingWorld['world'];
let create: CreateBookingWorld['create'];
let alpine: CreateBookingWorld['alpine'];
let codeOf: CreateBookingWorld['codeOf'];
let seedBooking: CreateBookingWorld['seedBooking'];

beforeEach(async () => {
  ({ world, create, alpine, codeOf, seedBooking } = await aCreateBookingWorld());
});

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
