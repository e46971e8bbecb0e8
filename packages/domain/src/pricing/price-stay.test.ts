import { describe, expect, it } from 'vitest';
import { aSeason, aStayRequest, aTariff, aTouristTax, anExtra } from '../testing/tariff-mothers';
import { priceStay } from './price-stay';
import type { PricedLine, Tariff } from './tariff';

// A Swiss campsite in summer: shoulder season until 30 June, high season from 1 July, both at the accommodation rate.
const campsite: Tariff = {
  seasons: [
    aSeason({ from: '2027-07-01', to: '2027-08-31', pitch: 3600, adult: 1100, youth: 750, child: 500, vatRate: 380 }),
    aSeason({ from: '2027-06-01', to: '2027-06-30', pitch: 2800, adult: 950, youth: 600, child: 400, vatRate: 380 }),
    aSeason({ siteTypeId: 2, from: '2027-01-01', to: '2027-12-31', pitch: 9900 }),
  ],
  restrictions: [],
  extras: [
    anExtra({ id: 1, code: 'final-cleaning', name: 'Final cleaning', per: 'stay', price: 2500, vatRate: 810 }),
    anExtra({ id: 2, code: 'electricity', name: 'Electricity', per: 'night', price: 450, vatRate: 810, compulsoryFor: [1] }),
    anExtra({ id: 3, code: 'dog', name: 'Dog', per: 'night', price: 300, vatRate: 810 }),
    anExtra({ id: 4, code: 'bike', name: 'Bike rental', per: 'night', price: 1500, vatRate: 810, compulsoryFor: [2] }),
  ],
  touristTax: aTouristTax({ adult: 250, youth: 120, child: 0, maxNights: 7 }),
};

const line = (position: number, fields: Omit<PricedLine, 'position'>): PricedLine => ({ position, ...fields });

describe('priceStay', () => {
  it('prices three nights across shoulder and high season, extras and tourist tax, to the Rappen', () => {
    const priced = priceStay(campsite, {
      siteTypeId: 1,
      checkInDate: '2027-06-29',
      checkOutDate: '2027-07-02',
      numAdults: 2,
      numYouth: 1,
      numChildren: 1,
      extras: [
        { code: 'final-cleaning', quantity: 1 },
        { code: 'dog', quantity: 1 },
      ],
    });

    const shoulder = { code: null, vatRate: 380 };
    const extra = { kind: 'extra' as const, vatRate: 810 };
    const tax = { kind: 'tourist_tax' as const, vatRate: 0 };
    expect(priced.lines).toEqual([
      line(1, {
        ...shoulder,
        kind: 'pitch',
        description: 'Pitch, 2 nights from 2027-06-29',
        quantity: 2000,
        unitPrice: 2800,
        amount: 5600,
      }),
      line(2, {
        ...shoulder,
        kind: 'adult',
        description: 'Adults, 2 × 2 nights from 2027-06-29',
        quantity: 4000,
        unitPrice: 950,
        amount: 3800,
      }),
      line(3, {
        ...shoulder,
        kind: 'youth',
        description: 'Youth, 1 × 2 nights from 2027-06-29',
        quantity: 2000,
        unitPrice: 600,
        amount: 1200,
      }),
      line(4, {
        ...shoulder,
        kind: 'child',
        description: 'Children, 1 × 2 nights from 2027-06-29',
        quantity: 2000,
        unitPrice: 400,
        amount: 800,
      }),
      line(5, { ...shoulder, kind: 'pitch', description: 'Pitch, 1 night from 2027-07-01', quantity: 1000, unitPrice: 3600, amount: 3600 }),
      line(6, {
        ...shoulder,
        kind: 'adult',
        description: 'Adults, 2 × 1 night from 2027-07-01',
        quantity: 2000,
        unitPrice: 1100,
        amount: 2200,
      }),
      line(7, {
        ...shoulder,
        kind: 'youth',
        description: 'Youth, 1 × 1 night from 2027-07-01',
        quantity: 1000,
        unitPrice: 750,
        amount: 750,
      }),
      line(8, {
        ...shoulder,
        kind: 'child',
        description: 'Children, 1 × 1 night from 2027-07-01',
        quantity: 1000,
        unitPrice: 500,
        amount: 500,
      }),
      line(9, { ...extra, code: 'dog', description: 'Dog, 3 nights', quantity: 3000, unitPrice: 300, amount: 900 }),
      line(10, { ...extra, code: 'electricity', description: 'Electricity, 3 nights', quantity: 3000, unitPrice: 450, amount: 1350 }),
      line(11, { ...extra, code: 'final-cleaning', description: 'Final cleaning', quantity: 1000, unitPrice: 2500, amount: 2500 }),
      line(12, { ...tax, code: 'adult', description: 'Tourist tax, adults, 2 × 3 nights', quantity: 6000, unitPrice: 250, amount: 1500 }),
      line(13, { ...tax, code: 'youth', description: 'Tourist tax, youth, 1 × 3 nights', quantity: 3000, unitPrice: 120, amount: 360 }),
      // The children's tourist tax is 0.00 and has no line.
    ]);
    // 184.50 at 3.80 % contains 184.50 × 3.8 / 103.8 = 6.7543; 47.50 at 8.10 % contains 3.5592.
    expect(priced.vat).toEqual([
      { rate: 810, amount: 356 },
      { rate: 380, amount: 675 },
    ]);
    expect(priced.total).toBe(25060);
    expect(priced.extras).toEqual([
      { code: 'dog', quantity: 1 },
      { code: 'electricity', quantity: 1 },
      { code: 'final-cleaning', quantity: 1 },
    ]);
  });

  it('charges a compulsory extra asked for with more at the quantity asked, and caps the tourist tax nights', () => {
    const priced = priceStay(campsite, {
      ...aStayRequest({ checkInDate: '2027-07-01', checkOutDate: '2027-07-11', numAdults: 1 }),
      extras: [{ code: 'electricity', quantity: 2 }],
    });
    expect(priced.lines.filter((l) => l.kind !== 'pitch' && l.kind !== 'adult')).toEqual([
      line(3, {
        kind: 'extra',
        code: 'electricity',
        description: 'Electricity, 2 × 10 nights',
        quantity: 20_000,
        unitPrice: 450,
        vatRate: 810,
        amount: 9000,
      }),
      line(4, {
        kind: 'tourist_tax',
        code: 'adult',
        description: 'Tourist tax, adults, 1 × 7 nights',
        quantity: 7000,
        unitPrice: 250,
        vatRate: 0,
        amount: 1750,
      }),
    ]);
    expect(priced.extras).toEqual([{ code: 'electricity', quantity: 2 }]);
    expect(priced.total).toBe(36_000 + 11_000 + 9000 + 1750);
  });

  it('gives each site type its own seasons and compulsory extras', () => {
    const priced = priceStay(
      campsite,
      aStayRequest({ siteTypeId: 2, checkInDate: '2027-03-01', checkOutDate: '2027-03-03', numAdults: 0 }),
    );
    expect(priced.lines.map((l) => [l.kind, l.code, l.amount])).toEqual([
      ['pitch', null, 19_800],
      ['extra', 'bike', 3000],
    ]);
    expect(priced.extras).toEqual([{ code: 'bike', quantity: 1 }]);
  });

  it('starts a new segment where the season changes, even at equal prices, and keeps segments in date order', () => {
    const tariff = aTariff({
      seasons: [
        aSeason({ from: '2027-07-03', to: '2027-07-31', pitch: 1000, adult: 0, youth: 0, child: 0 }),
        aSeason({ from: '2027-07-01', to: '2027-07-02', pitch: 1000, adult: 0, youth: 0, child: 0 }),
      ],
    });
    const priced = priceStay(tariff, aStayRequest({ checkInDate: '2027-07-02', checkOutDate: '2027-07-05' }));
    expect(priced.lines.map((l) => [l.position, l.kind, l.quantity, l.description])).toEqual([
      [1, 'pitch', 1000, 'Pitch, 1 night from 2027-07-02'],
      [2, 'pitch', 2000, 'Pitch, 2 nights from 2027-07-03'],
    ]);
  });

  it('orders extras by the ASCII order of their codes, not by name, request or locale', () => {
    const codes = ['e_bike', 'ebike', 'e-bike', '0-first', 'z9', 'a'];
    const tariff = aTariff({ extras: codes.map((code, i) => anExtra({ id: i + 1, code, name: `Z ${i}` })) });
    const priced = priceStay(tariff, aStayRequest({ extras: codes.map((code) => ({ code, quantity: 1 })) }));
    const inOrder = ['0-first', 'a', 'e-bike', 'e_bike', 'ebike', 'z9'];
    expect(priced.lines.filter((l) => l.kind === 'extra').map((l) => l.code)).toEqual(inOrder);
    expect(priced.extras.map((e) => e.code)).toEqual(inOrder);
  });

  it('leaves out lines of amount 0 and numbers the rest without gaps, keeping extras of price 0 in what was priced', () => {
    const tariff = aTariff({
      seasons: [aSeason({ pitch: 0, adult: 1000, youth: 0, child: 400 })],
      extras: [anExtra({ code: 'free-wifi', price: 0, compulsoryFor: [1] }), anExtra({ id: 2, code: 'towel', price: 500 })],
      touristTax: aTouristTax({ adult: 0, youth: 0, child: 100 }),
    });
    const priced = priceStay(tariff, aStayRequest({ numAdults: 0, numYouth: 2, numChildren: 1, extras: [{ code: 'towel', quantity: 2 }] }));
    expect(priced.lines.map((l) => [l.position, l.kind, l.code, l.amount])).toEqual([
      [1, 'child', null, 1200],
      [2, 'extra', 'towel', 1000],
      [3, 'tourist_tax', 'child', 300],
    ]);
    expect(priced.extras).toEqual([
      { code: 'free-wifi', quantity: 1 },
      { code: 'towel', quantity: 2 },
    ]);
  });

  it('answers an empty quote of total 0 when everything is free', () => {
    const tariff = aTariff({ seasons: [aSeason({ pitch: 0, adult: 0, youth: 0, child: 0 })] });
    expect(priceStay(tariff, aStayRequest())).toEqual({ lines: [], vat: [], total: 0, extras: [] });
  });
});

describe('priceStay VAT', () => {
  // At 20 % a price contains a sixth of itself as VAT, so odd multiples of 3 Rappen end in exactly half a Rappen.
  it.each([
    [1503, 251], // 250.5 rounds up
    [1497, 250], // 249.5 rounds up, not to the even neighbour
    [1502, 250], // 250.33
    [1504, 251], // 250.67
    [9, 2], // 1.5
  ])('a pitch of %i Rappen at 20.00 %% contains %i Rappen of VAT', (pitch, vat) => {
    const tariff = aTariff({ seasons: [aSeason({ pitch, adult: 0, youth: 0, child: 0, vatRate: 2000 })] });
    const priced = priceStay(tariff, aStayRequest({ checkOutDate: '2027-07-02' }));
    expect(priced.vat).toEqual([{ rate: 2000, amount: vat }]);
  });

  it('rounds the sum of a rate once, not each line', () => {
    // Two lines of 9 Rappen at 20 %: 1.5 each, rounded separately 4, but 18 contains exactly 3.
    const tariff = aTariff({ seasons: [aSeason({ pitch: 9, adult: 9, youth: 0, child: 0, vatRate: 2000 })] });
    const priced = priceStay(tariff, aStayRequest({ checkOutDate: '2027-07-02', numAdults: 1 }));
    expect(priced.vat).toEqual([{ rate: 2000, amount: 3 }]);
  });

  it('lists no share for rate 0 and one per other rate, highest first', () => {
    const tariff = aTariff({
      seasons: [aSeason({ adult: 0, youth: 0, child: 0, vatRate: 0 })],
      extras: [
        anExtra({ code: 'a', vatRate: 260 }),
        anExtra({ id: 2, code: 'b', vatRate: 810 }),
        anExtra({ id: 3, code: 'c', vatRate: 260 }),
      ],
    });
    const extras = ['a', 'b', 'c'].map((code) => ({ code, quantity: 1 }));
    const priced = priceStay(tariff, aStayRequest({ extras }));
    // 10.00 at 8.10 % contains 0.7493; 20.00 at 2.60 % contains 0.5068.
    expect(priced.vat).toEqual([
      { rate: 810, amount: 75 },
      { rate: 260, amount: 51 },
    ]);
  });
});
