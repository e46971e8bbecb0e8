import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '../shared/calendar-date';
import { isDomainError } from '../shared/domain-error';
import { RandomPicks, randomStay, randomTariff } from '../testing/random-tariffs';
import { SeededRandom } from '../testing/seeded-random';
import { aRestriction } from '../testing/tariff-mothers';
import { checkStayRules } from './stay-rules';
import type { Restriction } from './tariff';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);

/** The code checkStayRules throws, or null when it accepts the stay. */
function refusal(rows: Restriction[], checkIn: string, checkOut: string, siteTypeId = 1): string | null {
  try {
    checkStayRules(rows, siteTypeId, checkIn, checkOut);
    return null;
  } catch (error) {
    if (isDomainError(error)) return error.code;
    throw error;
  }
}

describe('checkStayRules', () => {
  it('accepts any stay where no row applies', () => {
    expect(refusal([], '2027-07-01', '2027-07-02')).toBeNull();
    expect(refusal([aRestriction({ siteTypeId: 2, stopSell: true })], '2027-07-10', '2027-07-12')).toBeNull();
  });

  it.each([
    ['stop_sell on the first night', { from: '2027-07-10', to: '2027-07-10', stopSell: true }, '2027-07-10', '2027-07-12', 'stop_sell'],
    ['stop_sell on the last night', { from: '2027-07-11', to: '2027-07-20', stopSell: true }, '2027-07-08', '2027-07-12', 'stop_sell'],
    ['stop_sell only on the departure day', { from: '2027-07-12', to: '2027-07-20', stopSell: true }, '2027-07-08', '2027-07-12', null],
    ['stop_sell before the stay', { from: '2027-07-01', to: '2027-07-07', stopSell: true }, '2027-07-08', '2027-07-12', null],
    [
      'closed to arrival on check-in',
      { from: '2027-07-08', to: '2027-07-08', closedToArrival: true },
      '2027-07-08',
      '2027-07-12',
      'closed_to_arrival',
    ],
    [
      'closed to arrival on a later night',
      { from: '2027-07-09', to: '2027-07-20', closedToArrival: true },
      '2027-07-08',
      '2027-07-12',
      null,
    ],
    [
      'closed to departure on check-out',
      { from: '2027-07-12', to: '2027-07-12', closedToDeparture: true },
      '2027-07-08',
      '2027-07-12',
      'closed_to_departure',
    ],
    [
      'closed to departure on the last night',
      { from: '2027-07-11', to: '2027-07-11', closedToDeparture: true },
      '2027-07-08',
      '2027-07-12',
      null,
    ],
    ['min_stay above the nights', { minStay: 5 }, '2027-07-08', '2027-07-12', 'min_stay'],
    ['min_stay equal to the nights', { minStay: 4 }, '2027-07-08', '2027-07-12', null],
    ['max_stay below the nights', { maxStay: 3 }, '2027-07-08', '2027-07-12', 'max_stay'],
    ['max_stay equal to the nights', { maxStay: 4 }, '2027-07-08', '2027-07-12', null],
    ['min_stay of a later date only', { from: '2027-07-09', to: '2027-07-31', minStay: 7 }, '2027-07-08', '2027-07-12', null],
    ['max_stay of a later date only', { from: '2027-07-09', to: '2027-07-31', maxStay: 1 }, '2027-07-08', '2027-07-12', null],
  ])('%s', (_, row, checkIn, checkOut, code) => {
    expect(refusal([aRestriction(row)], checkIn, checkOut)).toBe(code);
  });

  it('reports the first broken rule in the order stop_sell, arrival, departure, min_stay, max_stay', () => {
    const everything = { closedToArrival: true, closedToDeparture: true, minStay: 5, maxStay: 3, stopSell: true };
    const order = ['stopSell', 'closedToArrival', 'closedToDeparture', 'minStay', 'maxStay'] as const;
    const seen: (string | null)[] = [];
    for (let lifted = 0; lifted <= order.length; lifted++) {
      const row = { ...everything, ...Object.fromEntries(order.slice(0, lifted).map((key) => [key, key.endsWith('Stay') ? null : false])) };
      seen.push(refusal([aRestriction(row)], '2027-07-08', '2027-07-12'));
    }
    expect(seen).toEqual(['stop_sell', 'closed_to_arrival', 'closed_to_departure', 'min_stay', 'max_stay', null]);
  });
});

/** The rules read one date at a time, straight from their wording. */
function expectedRefusal(rows: Restriction[], siteTypeId: number, checkIn: string, checkOut: string): string | null {
  const on = (date: string) => rows.find((r) => r.siteTypeId === siteTypeId && r.from <= date && date <= r.to);
  const nights = daysBetween(checkIn, checkOut);
  for (let i = 0; i < nights; i++) if (on(addDays(checkIn, i))?.stopSell) return 'stop_sell';
  if (on(checkIn)?.closedToArrival) return 'closed_to_arrival';
  if (on(checkOut)?.closedToDeparture) return 'closed_to_departure';
  const { minStay = null, maxStay = null } = on(checkIn) ?? {};
  if (minStay !== null && nights < minStay) return 'min_stay';
  if (maxStay !== null && nights > maxStay) return 'max_stay';
  return null;
}

describe('checkStayRules over random restrictions and stays', () => {
  it(`refuses exactly what a date-by-date reading refuses (${RUNS} stays)`, () => {
    const picks = new RandomPicks(new SeededRandom(84));
    const seen = new Set<string | null>();
    for (let run = 0; run < RUNS; run++) {
      const { restrictions } = randomTariff(picks);
      const { siteTypeId, checkInDate, checkOutDate } = randomStay(picks, { seasons: [], restrictions, extras: [], touristTax: null });
      const expected = expectedRefusal(restrictions, siteTypeId, checkInDate, checkOutDate);
      expect(refusal(restrictions, checkInDate, checkOutDate, siteTypeId), `run ${run}`).toBe(expected);
      seen.add(expected);
    }
    expect([...seen].sort()).toEqual(['closed_to_arrival', 'closed_to_departure', 'max_stay', 'min_stay', 'stop_sell', null].sort());
  });
});
