import { beforeEach, describe, expect, it, vi } from 'vitest';
import { vatSharesOf } from '../pricing/price-stay';
import { aRestriction } from '../testing/tariff-mothers';
import { type Place, type SellingWorld, aQuoteInput, aSellingWorld, fromQuote } from '../testing/selling-world';
import { rejectionOf } from '../testing/test-world';
import type { QuoteInput } from './create-quote';

// docs/pricing.md and docs/booking-lifecycle.md: a quote checks, in this order, the fields, the site or type of the
// tenant, occupancy, the stay rules, the tariff and availability, and stores the price it binds.

let s: SellingWorld;

beforeEach(async () => {
  s = await aSellingWorld();
});

const refusal = async (input: QuoteInput) => rejectionOf(s.quote(input));
const codeOf = async (input: QuoteInput) => (await refusal(input)).code;
const violationsOf = async (input: QuoteInput) => {
  const error = await refusal(input);
  expect(error.code).toBe('validation_failed');
  return error.details.violations;
};

describe('CreateQuote: the fields come first', () => {
  it('reports fields the transport refused, before looking for a site', async () => {
    expect(await violationsOf({ ...aQuoteInput({}), fields: null })).toEqual([{ rule: 'invalid_fields' }]);
    expect(await violationsOf({ ...aQuoteInput({ siteId: 404 }), extras: null })).toEqual([{ rule: 'invalid_fields' }]);
  });

  it('reports every unknown extra code, another tenant’s included, with the other field errors at once', async () => {
    const unknown = aQuoteInput({ siteId: 404 }, {}, [
      { code: 'kayak', quantity: 1 },
      { code: 'dog', quantity: 1 },
      { code: 'xyz', quantity: 2 },
    ]);
    expect(await violationsOf(unknown)).toEqual([
      { rule: 'unknown_extra', code: 'kayak' },
      { rule: 'unknown_extra', code: 'xyz' },
    ]);
    expect(await violationsOf({ ...unknown, fields: null })).toEqual([
      { rule: 'invalid_fields' },
      { rule: 'unknown_extra', code: 'kayak' },
      { rule: 'unknown_extra', code: 'xyz' },
    ]);
  });

  it('checks the order of the dates and the longest stay before the site', async () => {
    expect(await violationsOf(aQuoteInput({}, { checkOutDate: '2027-07-01' }))).toEqual([{ rule: 'check_out_not_after_check_in' }]);
    expect(await violationsOf(aQuoteInput({ siteId: 404 }, { checkInDate: '2027-01-01', checkOutDate: '2028-01-02' }))).toEqual([
      { rule: 'stay_too_long', maxNights: 365 },
    ]);
  });
});

describe('CreateQuote: a site or a site type of the tenant', () => {
  it.each<[string, Place]>([
    ['neither', {}],
    ['an unknown site', { siteId: 404 }],
    ['a site id that is not one', { siteId: null }],
    ['id 0', { siteId: 0 }],
    ['another tenant’s site', { siteId: 9 }],
    ['an unknown site with a known type', { siteId: 404, siteTypeId: 1 }],
    ['an unknown site and an unknown type', { siteId: 404, siteTypeId: 404 }],
  ])('gives site_not_found for %s', async (_label, place) => {
    expect(await codeOf(aQuoteInput(place))).toBe('site_not_found');
  });

  it.each<[string, Place]>([
    ['an unknown type', { siteTypeId: 404 }],
    ['a type id that is not one', { siteTypeId: null }],
    ['another tenant’s type', { siteTypeId: 7 }],
    ['a known site with an unknown type', { siteId: 1, siteTypeId: 404 }],
  ])('gives site_type_not_found for %s', async (_label, place) => {
    expect(await codeOf(aQuoteInput(place))).toBe('site_type_not_found');
  });

  it('refuses a site of another type than the one named, before occupancy', async () => {
    expect(await violationsOf(aQuoteInput({ siteId: 1, siteTypeId: 2 }))).toEqual([{ rule: 'site_type_mismatch' }]);
    expect(await violationsOf(aQuoteInput({ siteId: 1, siteTypeId: 2 }, { numAdults: 9 }))).toEqual([{ rule: 'site_type_mismatch' }]);
  });

  it('quotes a site named with its own type as a quote for that site', async () => {
    expect(await s.quote(aQuoteInput({ siteId: 1, siteTypeId: 1 }))).toMatchObject({ siteId: 1, siteTypeId: 1 });
  });

  it('stores nothing for a refused quote', async () => {
    await codeOf(aQuoteInput({ siteId: 9 }));
    await codeOf(aQuoteInput({ siteTypeId: 7 }));
    expect(s.store.quotes).toEqual([]);
  });
});

describe('CreateQuote: occupancy', () => {
  const party = { numAdults: 2, numYouth: 1, numChildren: 2 };

  it('counts adults, youth and children against the site', async () => {
    expect(await violationsOf(aQuoteInput({ siteId: 1 }, party))).toEqual([{ rule: 'too_many_occupants', occupants: 5, maxOccupants: 4 }]);
    await expect(s.quote(aQuoteInput({ siteId: 1 }, { ...party, numChildren: 1 }))).resolves.toBeDefined();
  });

  it('counts against the largest active site for a type, not an inactive one', async () => {
    const seven = { ...party, numAdults: 4 };
    expect(await violationsOf(aQuoteInput({ siteTypeId: 1 }, seven))).toEqual([
      { rule: 'too_many_occupants', occupants: 7, maxOccupants: 6 },
    ]);
    await expect(s.quote(aQuoteInput({ siteTypeId: 1 }, { ...seven, numAdults: 3 }))).resolves.toBeDefined();
  });

  it('comes before the stay rules', async () => {
    s.restrict(aRestriction({ from: '2027-07-01', to: '2027-07-31', stopSell: true }));
    expect(await violationsOf(aQuoteInput({ siteId: 1 }, party))).toEqual([{ rule: 'too_many_occupants', occupants: 5, maxOccupants: 4 }]);
  });
});

describe('CreateQuote: the stay rules', () => {
  /** Three nights from 2027-07-20, arriving on a date that breaks every rule and leaving on one closed to departure. */
  const stay = { checkInDate: '2027-07-20', checkOutDate: '2027-07-23' };
  const arrival = aRestriction({ from: '2027-07-20', to: '2027-07-20', stopSell: true, closedToArrival: true, minStay: 5, maxStay: 2 });
  const departure = aRestriction({ from: '2027-07-23', to: '2027-07-23', closedToDeparture: true });

  it.each<[string, Place]>([
    ['a site', { siteId: 1 }],
    ['a type', { siteTypeId: 1 }],
  ])('refuses by the first rule broken, in the documented order, for %s', async (_label, place) => {
    s.restrict(arrival);
    s.restrict(departure);
    const [arrivalRow, departureRow] = s.store.restrictions;
    const lift: Array<() => void> = [
      () => (arrivalRow!.stopSell = false),
      () => (arrivalRow!.closedToArrival = false),
      () => (departureRow!.closedToDeparture = false),
      () => (arrivalRow!.minStay = null),
      () => (arrivalRow!.maxStay = null),
    ];
    const codes: string[] = [];
    for (const next of lift) {
      codes.push(await codeOf(aQuoteInput(place, stay)));
      next();
    }
    expect(codes).toEqual(['stop_sell', 'closed_to_arrival', 'closed_to_departure', 'min_stay', 'max_stay']);
    await expect(s.quote(aQuoteInput(place, stay))).resolves.toBeDefined();
  });

  it('refuses a stop_sell night in the middle of the stay, but not on the departure date', async () => {
    s.restrict(aRestriction({ from: '2027-07-22', to: '2027-07-22', stopSell: true }));
    expect(await codeOf(aQuoteInput({ siteId: 1 }, stay))).toBe('stop_sell');
    await expect(s.quote(aQuoteInput({ siteId: 1 }, { checkInDate: '2027-07-19', checkOutDate: '2027-07-22' }))).resolves.toBeDefined();
  });

  it('reads min_stay and max_stay of the arrival date only', async () => {
    s.restrict(aRestriction({ from: '2027-07-21', to: '2027-07-31', minStay: 7, maxStay: 1 }));
    await expect(s.quote(aQuoteInput({ siteId: 1 }, stay))).resolves.toBeDefined();
    expect(await codeOf(aQuoteInput({ siteId: 1 }, { checkInDate: '2027-07-21', checkOutDate: '2027-07-23' }))).toBe('min_stay');
  });

  it('applies only the rows of the quoted site’s type', async () => {
    s.restrict(aRestriction({ siteTypeId: 2, from: '2027-07-01', to: '2027-07-31', stopSell: true }));
    await expect(s.quote(aQuoteInput({ siteId: 1 }, stay))).resolves.toBeDefined();
    expect(await codeOf(aQuoteInput({ siteId: 4 }, stay))).toBe('stop_sell');
  });

  it('come before no_tariff', async () => {
    s.restrict(aRestriction({ siteTypeId: 3, from: '2027-07-20', to: '2027-07-20', closedToArrival: true }));
    expect(await codeOf(aQuoteInput({ siteId: 5 }, stay))).toBe('closed_to_arrival');
    expect(await codeOf(aQuoteInput({ siteId: 5 }, { checkInDate: '2027-07-21', checkOutDate: '2027-07-23' }))).toBe('no_tariff');
  });
});

describe('CreateQuote: no_tariff, then availability', () => {
  it('gives no_tariff when a night lies in no season of the type, but not for the departure date', async () => {
    expect(await codeOf(aQuoteInput({ siteTypeId: 1 }, { checkInDate: '2027-08-30', checkOutDate: '2027-09-02' }))).toBe('no_tariff');
    await expect(s.quote(aQuoteInput({ siteTypeId: 1 }, { checkInDate: '2027-08-30', checkOutDate: '2027-09-01' }))).resolves.toBeDefined();
  });

  it('checks the tariff before availability: an inactive site in season is unavailable, out of season no_tariff', async () => {
    expect(await codeOf(aQuoteInput({ siteId: 3 }))).toBe('site_unavailable');
    expect(await codeOf(aQuoteInput({ siteId: 3 }, { checkInDate: '2027-09-01', checkOutDate: '2027-09-03' }))).toBe('no_tariff');
  });

  it('refuses a site that a pending or confirmed booking covers, not a cancelled, completed or touching one', async () => {
    s.seedBooking({ siteId: 1, status: 'cancelled', checkInDate: '2027-07-01', checkOutDate: '2027-07-04' });
    s.seedBooking({ siteId: 1, status: 'completed', checkInDate: '2027-07-01', checkOutDate: '2027-07-04' });
    s.seedBooking({ siteId: 1, status: 'pending', checkInDate: '2027-06-28', checkOutDate: '2027-07-01' });
    s.seedBooking({ siteId: 1, status: 'confirmed', checkInDate: '2027-07-04', checkOutDate: '2027-07-08' });
    await expect(s.quote(aQuoteInput({ siteId: 1 }))).resolves.toBeDefined();
    expect(await codeOf(aQuoteInput({ siteId: 1 }, { checkOutDate: '2027-07-05' }))).toBe('site_unavailable');
    expect(await codeOf(aQuoteInput({ siteId: 1 }, { checkInDate: '2027-06-30' }))).toBe('site_unavailable');
  });

  it('quotes a type while one of its active sites is free for the whole stay', async () => {
    s.seedBooking({ siteId: 1, status: 'pending', checkInDate: '2027-07-01', checkOutDate: '2027-07-04' });
    await expect(s.quote(aQuoteInput({ siteTypeId: 1 }))).resolves.toMatchObject({ siteId: null, siteTypeId: 1 });
    // Site 2 is taken for one night of the stay only: no active site is free throughout (site 3 is inactive).
    s.seedBooking({ siteId: 2, status: 'confirmed', checkInDate: '2027-07-03', checkOutDate: '2027-07-10' });
    expect(await codeOf(aQuoteInput({ siteTypeId: 1 }))).toBe('site_unavailable');
  });

  it('quotes a type only while a free active site holds the party: the one its booking would take', async () => {
    // T1 holds 6, T2 holds 4: with T1 taken, five guests fit on no free pitch of the type, four do.
    s.seedBooking({ siteId: 2, status: 'confirmed', checkInDate: '2027-07-01', checkOutDate: '2027-07-04' });
    expect(await codeOf(aQuoteInput({ siteTypeId: 1 }, { numAdults: 5 }))).toBe('site_unavailable');
    const four = await s.quote(aQuoteInput({ siteTypeId: 1 }, { numAdults: 4 }));
    expect(await s.book(fromQuote(four.id))).toMatchObject({ siteId: 1 });
  });
});

describe('CreateQuote: scope and the stored quote', () => {
  it('needs bookings:write, before anything else', async () => {
    const reader = s.alpine(['bookings:read', 'rates:read']);
    expect((await rejectionOf(s.createQuote.execute(reader, { ...aQuoteInput({}), fields: null }))).code).toBe('permission_denied');
    expect((await rejectionOf(s.createQuote.execute(reader, aQuoteInput({ siteId: 1 })))).code).toBe('permission_denied');
    expect(s.store.quotes).toEqual([]);
  });

  it('stores docs/pricing.md’s worked example: its lines, VAT, total and extras with the compulsory one', async () => {
    const quote = await s.quote(
      aQuoteInput({ siteTypeId: 2 }, { checkInDate: '2027-06-29', checkOutDate: '2027-07-02', numChildren: 1 }, [
        { code: 'dog', quantity: 1 },
      ]),
    );
    expect(quote.lines.map((l) => [l.position, l.kind, l.code, l.description, l.quantity, l.unitPrice, l.vatRate, l.amount])).toEqual([
      [1, 'pitch', null, 'Pitch, 2 nights from 2027-06-29', 2000, 2800, 380, 5600],
      [2, 'adult', null, 'Adults, 2 × 2 nights from 2027-06-29', 4000, 950, 380, 3800],
      [3, 'child', null, 'Children, 1 × 2 nights from 2027-06-29', 2000, 400, 380, 800],
      [4, 'pitch', null, 'Pitch, 1 night from 2027-07-01', 1000, 3600, 380, 3600],
      [5, 'adult', null, 'Adults, 2 × 1 night from 2027-07-01', 2000, 950, 380, 1900],
      [6, 'child', null, 'Children, 1 × 1 night from 2027-07-01', 1000, 400, 380, 400],
      [7, 'extra', 'dog', 'Dog, 3 nights', 3000, 500, 810, 1500],
      [8, 'extra', 'power', 'Electricity (16 A), 3 nights', 3000, 450, 810, 1350],
      [9, 'tourist_tax', 'adult', 'Tourist tax, adults, 2 × 3 nights', 6000, 250, 0, 1500],
    ]);
    expect(quote.total).toBe(20450);
    expect(vatSharesOf(quote.lines)).toEqual([
      { rate: 810, amount: 214 },
      { rate: 380, amount: 589 },
    ]);
    expect(quote).toMatchObject({
      tenantId: s.alpineId,
      siteTypeId: 2,
      siteId: null,
      checkInDate: '2027-06-29',
      checkOutDate: '2027-07-02',
      numAdults: 2,
      numYouth: 0,
      numChildren: 1,
      extras: [
        { code: 'dog', quantity: 1 },
        { code: 'power', quantity: 1 },
      ],
      bookingId: null,
    });
    expect(await s.quotes.findById(s.alpineId, quote.id)).toEqual(quote);
  });

  it('binds for 1800 seconds by default, and for the configured time otherwise', async () => {
    const now = s.clock.now();
    expect(await s.quote(aQuoteInput({ siteId: 1 }))).toMatchObject({ createdAt: now, expiresAt: new Date(now.getTime() + 1_800_000) });
    const short = await aSellingWorld(90);
    expect(await short.quote(aQuoteInput({ siteId: 1 }))).toMatchObject({ createdAt: now, expiresAt: new Date(now.getTime() + 90_000) });
  });
});

describe('CreateQuote: what it reads', () => {
  it('reads only its type’s part of the tariff for the stay when it may be quoted, the whole only to refuse', async () => {
    const whole = vi.spyOn(s.tariffs, 'tariffOf');
    const part = vi.spyOn(s.tariffs, 'tariffOfSiteType');
    await s.quote(aQuoteInput({ siteTypeId: 2 }, {}, [{ code: 'dog', quantity: 1 }]));
    await s.quote(aQuoteInput({ siteId: 4 }));
    expect(whole).not.toHaveBeenCalled();
    const stay = { from: '2027-07-01', to: '2027-07-04' };
    expect(part.mock.calls).toEqual([
      [s.alpineId, 2, stay],
      [s.alpineId, 2, stay],
    ]);
    // Refused for its fields or its place, it needs only the extras' codes.
    expect(await codeOf({ ...aQuoteInput({ siteTypeId: 2 }), fields: null })).toBe('validation_failed');
    expect(await codeOf(aQuoteInput({ siteId: 404 }))).toBe('site_not_found');
    expect(whole).toHaveBeenCalledTimes(2);
  });
});
