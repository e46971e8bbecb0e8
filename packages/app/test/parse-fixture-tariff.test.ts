import { describe, expect, it } from 'vitest';
import { readFixture } from '../src/fixtures/parse-fixture';
import { problemIn, sample } from './support/fixture-sample';

// docs/import-format.md, "The tariff": seasons, stay rules, extras and the tourist tax of a tenant, and the extras of
// its bookings. A file that breaks a rule of docs/pricing.md is refused with the first problem's JSON path.

/** The sample with a small tariff on its first tenant (site types 1 and 2). */
function withTariff(edit: (tenant: any) => void = () => {}) {
  return sample((d) => {
    const tenant = d.tenants[0];
    tenant.seasons = [
      {
        site_type_id: 1,
        from: '2027-06-01',
        to: '2027-06-30',
        pitch: '24.00',
        adult: '9.50',
        youth: '6.00',
        child: '4.00',
        vat_rate: '3.80',
      },
      {
        site_type_id: 1,
        from: '2027-07-01',
        to: '2027-08-31',
        pitch: '30.00',
        adult: '9.50',
        youth: '6.00',
        child: '0.00',
        vat_rate: '3.8',
      },
    ];
    tenant.restrictions = [
      {
        site_type_id: 2,
        from: '2027-07-01',
        to: '2027-07-31',
        min_stay: 3,
        max_stay: null,
        closed_to_arrival: true,
        closed_to_departure: false,
        stop_sell: false,
      },
    ];
    tenant.extras = [
      { id: 4, code: 'dog', name: 'Dog', per: 'night', price: '5.00', vat_rate: '8.10', compulsory_for: [] },
      { id: 2, code: 'final-cleaning', name: 'Cleaning', per: 'stay', price: '60.00', vat_rate: '8.10', compulsory_for: [2] },
    ];
    tenant.tourist_tax = { adult: '2.50', youth: '1.20', child: '0.00', max_nights: 7 };
    tenant.bookings[0].quote_id = null;
    tenant.bookings[0].extras = [{ code: 'dog', quantity: 2 }];
    edit(tenant);
  });
}

describe('parseFixture: the tariff', () => {
  it('reads seasons, stay rules, extras and the tourist tax in Rappen and hundredths of a percent', () => {
    const [tenant] = readFixture(withTariff()).tenants;
    expect(tenant!.tariff).toEqual({
      seasons: [
        { siteTypeId: 1, from: '2027-06-01', to: '2027-06-30', pitch: 2400, adult: 950, youth: 600, child: 400, vatRate: 380 },
        { siteTypeId: 1, from: '2027-07-01', to: '2027-08-31', pitch: 3000, adult: 950, youth: 600, child: 0, vatRate: 380 },
      ],
      restrictions: [
        {
          siteTypeId: 2,
          from: '2027-07-01',
          to: '2027-07-31',
          minStay: 3,
          maxStay: null,
          closedToArrival: true,
          closedToDeparture: false,
          stopSell: false,
        },
      ],
      extras: [
        { id: 4, code: 'dog', name: 'Dog', per: 'night', price: 500, vatRate: 810, compulsoryFor: [] },
        { id: 2, code: 'final-cleaning', name: 'Cleaning', per: 'stay', price: 6000, vatRate: 810, compulsoryFor: [2] },
      ],
      touristTax: { adult: 250, youth: 120, child: 0, maxNights: 7 },
    });
    expect(tenant!.bookings[0]!.extras).toEqual([{ code: 'dog', quantity: 2 }]);
    expect(tenant!.bookings[1]!.extras).toEqual([]);
  });

  it('leaves a tenant without any of the four fields without a tariff, and counts tariff rows', () => {
    const plain = readFixture(sample());
    expect(plain.tenants[0]!.tariff).toBeUndefined();
    expect(readFixture(withTariff()).rows).toBe(plain.rows + 6);
  });

  it.each<[string, (tenant: any) => void, string]>([
    [
      'overlapping seasons of one type',
      (t) => {
        t.seasons[1].from = '2027-06-30';
      },
      'tenants[0].seasons[1].from: overlaps seasons[0] of site type 1',
    ],
    [
      'overlapping stay rules of one type',
      (t) => {
        t.restrictions.push({ ...t.restrictions[0], from: '2027-07-31', to: '2027-08-02' });
      },
      'tenants[0].restrictions[1].from: overlaps restrictions[0] of site type 2',
    ],
    ['an unknown site type', (t) => (t.seasons[0].site_type_id = 9), 'tenants[0].seasons[0].site_type_id: unknown site type 9'],
    ['a negative price', (t) => (t.seasons[0].adult = '-1.00'), 'tenants[0].seasons[0].adult: must not be negative, got "-1.00"'],
    ['a malformed code', (t) => (t.extras[0].code = 'Dog'), 'tenants[0].extras[0].code: must be 1 to 32 of a-z, 0-9, _ and -, got "Dog"'],
    ['a code twice', (t) => (t.extras[1].code = 'dog'), 'tenants[0].extras[1].code: repeats extras[0].code'],
    [
      'an extra neither per night nor per stay',
      (t) => (t.extras[0].per = 'week'),
      'tenants[0].extras[0].per: must be "night" or "stay", got "week"',
    ],
    [
      'compulsory for an unknown type',
      (t) => (t.extras[1].compulsory_for = [2, 5]),
      'tenants[0].extras[1].compulsory_for[1]: unknown site type 5',
    ],
    ['a stay bound of 0 nights', (t) => (t.restrictions[0].min_stay = 0), 'tenants[0].restrictions[0].min_stay: must be at least 1, got 0'],
    ['a season ending before it starts', (t) => (t.seasons[0].to = '2027-05-31'), 'tenants[0].seasons[0].to: is before from'],
    [
      'a VAT rate above 100 %',
      (t) => (t.seasons[0].vat_rate = '100.01'),
      'tenants[0].seasons[0].vat_rate: must be at most 100.00, got "100.01"',
    ],
    ['a tax capped at 0 nights', (t) => (t.tourist_tax.max_nights = 0), 'tenants[0].tourist_tax.max_nights: must be at least 1, got 0'],
    [
      'a booking from a quote',
      (t) => (t.bookings[0].quote_id = 3),
      'tenants[0].bookings[0].quote_id: must be null: quotes are not imported',
    ],
    [
      'a booking with an unknown extra',
      (t) => (t.bookings[0].extras[0].code = 'cat'),
      'tenants[0].bookings[0].extras[0].code: unknown extra "cat"',
    ],
    [
      'a booking with an extra twice',
      (t) => t.bookings[0].extras.push({ code: 'dog', quantity: 1 }),
      'tenants[0].bookings[0].extras[1].code: duplicate extra "dog"',
    ],
  ])('refuses %s', (_, edit, message) => {
    expect(problemIn(withTariff(edit))).toBe(message);
  });
});
