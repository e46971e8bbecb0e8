import { describe, expect, it } from 'vitest';
import { RandomPicks, randomTariff } from '../testing/random-tariffs';
import { SeededRandom } from '../testing/seeded-random';
import { aRestriction, aSeason, aTariff, aTouristTax, anExtra } from '../testing/tariff-mothers';
import { EXTRA_CODE_PATTERN } from './tariff';
import { tariffProblems } from './tariff-problems';

describe('tariffProblems', () => {
  it('finds nothing wrong with a valid tariff, nor with seasons that touch or belong to other types', () => {
    const tariff = aTariff({
      seasons: [
        aSeason({ from: '2027-06-01', to: '2027-06-30' }),
        aSeason({ from: '2027-07-01', to: '2027-07-01' }),
        aSeason({ siteTypeId: 2, from: '2027-06-15', to: '2027-07-15' }),
      ],
      restrictions: [aRestriction({ minStay: 2, maxStay: 2 }), aRestriction({ siteTypeId: 2 })],
      extras: [anExtra({ code: 'a' }), anExtra({ id: 2, code: 'z'.repeat(32), price: 0, vatRate: 0 })],
      touristTax: aTouristTax({ adult: 0, maxNights: 0 }),
    });
    expect(tariffProblems(tariff)).toEqual([]);
  });

  it('finds nothing wrong with the random tariffs the property tests price', () => {
    const picks = new RandomPicks(new SeededRandom(3));
    for (let run = 0; run < 50; run++) expect(tariffProblems(randomTariff(picks))).toEqual([]);
  });

  it('names overlapping seasons of one type at the later row, whatever their order', () => {
    const tariff = aTariff({
      seasons: [
        aSeason({ from: '2027-07-01', to: '2027-07-31' }),
        aSeason({ from: '2027-01-01', to: '2027-03-31' }),
        aSeason({ from: '2027-06-01', to: '2027-07-01' }),
        aSeason({ from: '2027-07-10', to: '2027-07-12' }),
      ],
    });
    expect(tariffProblems(tariff)).toEqual([
      { path: 'seasons[2].from', message: 'overlaps seasons[0] of site type 1' },
      { path: 'seasons[3].from', message: 'overlaps seasons[0] of site type 1' },
    ]);
  });

  it('names overlapping restrictions of one type', () => {
    const tariff = aTariff({ restrictions: [aRestriction({ from: '2027-07-31', to: '2027-08-02' }), aRestriction()] });
    expect(tariffProblems(tariff)).toEqual([{ path: 'restrictions[1].from', message: 'overlaps restrictions[0] of site type 1' }]);
  });

  it('names each bad field with its JSON path, section by section and row by row', () => {
    const tariff = aTariff({
      seasons: [aSeason({ to: '2027-05-31', pitch: -1, vatRate: 3.8 }), aSeason({ from: '2027-02-30', siteTypeId: 2 })],
      restrictions: [
        aRestriction({ minStay: 0, maxStay: 1.5 }),
        aRestriction({ from: '2027-08-01', to: '2027-08-31', minStay: 5, maxStay: 4 }),
      ],
      extras: [
        anExtra({ code: 'Dog' }),
        anExtra({ id: 2, code: '' }),
        anExtra({ id: 3, code: 'x'.repeat(33), price: -100 }),
        anExtra({ id: 4, code: 'dog', vatRate: -1 }),
        anExtra({ id: 5, code: 'dog' }),
      ],
      touristTax: aTouristTax({ child: -5, maxNights: -1 }),
    });
    expect(tariffProblems(tariff)).toEqual([
      { path: 'seasons[0].to', message: 'is before from' },
      { path: 'seasons[0].pitch', message: 'is negative' },
      { path: 'seasons[0].vat_rate', message: 'is not a whole number of its unit' },
      { path: 'seasons[1].from', message: 'is not a date' },
      { path: 'restrictions[0].min_stay', message: 'is not a whole number of nights of at least 1' },
      { path: 'restrictions[0].max_stay', message: 'is not a whole number of nights of at least 1' },
      { path: 'restrictions[1].max_stay', message: 'is below min_stay' },
      { path: 'extras[0].code', message: 'is not 1 to 32 of a-z, 0-9, _ and -' },
      { path: 'extras[1].code', message: 'is not 1 to 32 of a-z, 0-9, _ and -' },
      { path: 'extras[2].code', message: 'is not 1 to 32 of a-z, 0-9, _ and -' },
      { path: 'extras[2].price', message: 'is negative' },
      { path: 'extras[3].vat_rate', message: 'is negative' },
      { path: 'extras[4].code', message: 'repeats extras[3].code' },
      { path: 'tourist_tax.child', message: 'is negative' },
      { path: 'tourist_tax.max_nights', message: 'is negative' },
    ]);
  });
});

describe('EXTRA_CODE_PATTERN', () => {
  it.each(['a', 'dog', 'final-cleaning', 'e_bike', '0', 'x'.repeat(32)])('accepts %j', (code) => {
    expect(EXTRA_CODE_PATTERN.test(code)).toBe(true);
  });

  it.each(['', 'Dog', 'final cleaning', 'hund-groß', 'x'.repeat(33), 'dog\n', 'a.b'])('refuses %j', (code) => {
    expect(EXTRA_CODE_PATTERN.test(code)).toBe(false);
  });
});
