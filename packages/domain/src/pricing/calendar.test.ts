import { describe, expect, it } from 'vitest';
import { type Stay, staysBySite } from '../bookings/stay';
import { addDays, daysBetween } from '../shared/calendar-date';
import { RANDOM_EPOCH, RandomPicks, randomTariff } from '../testing/random-tariffs';
import { SeededRandom } from '../testing/seeded-random';
import { aRestriction, aSeason, aTariff } from '../testing/tariff-mothers';
import { type CalendarDay, WindowNights, calendarDays, freeNightsByType } from './calendar';

/** A day with its terms' fields beside its date and free count, as the contract shows it. */
const flat = ({ date, free, terms }: CalendarDay) => ({ date, free, ...terms });

const RUNS = Number(process.env.PROPERTY_RUNS ?? 200);

describe('WindowNights', () => {
  it('dates every night as addDays does, over month ends, leap days, new year and four-digit early years', () => {
    for (const window of [
      { from: '2027-12-30', to: '2029-03-02' },
      { from: '0099-12-30', to: '0100-01-02' },
      { from: '2026-06-01', to: '2026-06-02' },
      // 2000 has a leap day, 2100 none, 1600 one; 0001 is the first year a date can have.
      { from: '1999-12-30', to: '2000-12-31' },
      { from: '2099-12-31', to: '2100-12-31' },
      { from: '1599-12-31', to: '1600-12-31' },
      { from: '0001-01-01', to: '0001-03-02' },
    ]) {
      const nights = new WindowNights(window);
      const count = daysBetween(window.from, window.to);
      expect(nights.dates).toEqual(Array.from({ length: count }, (_, night) => addDays(window.from, night)));
      expect(nights.dates.map((date) => nights.clamp(date))).toEqual(Array.from({ length: count }, (_, night) => night));
    }
  });

  it('holds a date to the window: 0 on or before from, the number of nights on or after to', () => {
    const nights = new WindowNights({ from: '2027-07-01', to: '2027-07-06' });
    expect(['2026-01-01', '2027-06-30', '2027-07-01', '2027-07-03', '2027-07-06', '2031-01-01'].map((d) => nights.clamp(d))).toEqual([
      0, 0, 0, 2, 5, 5,
    ]);
  });
});

describe('calendarDays', () => {
  const tariff = aTariff({
    seasons: [
      aSeason({ from: '2027-06-29', to: '2027-06-30', pitch: 2800, adult: 950, youth: 600, child: 400 }),
      aSeason({ from: '2027-07-02', to: '2027-07-31', pitch: 3600, adult: 1100, youth: 750, child: 500 }),
      aSeason({ siteTypeId: 2, from: '2027-01-01', to: '2027-12-31', pitch: 9900 }),
    ],
    restrictions: [
      aRestriction({ from: '2027-06-30', to: '2027-06-30', minStay: null, closedToDeparture: true }),
      aRestriction({ from: '2027-07-02', to: '2027-07-09', minStay: 7, maxStay: 14, closedToArrival: true, stopSell: true }),
      aRestriction({ siteTypeId: 2, from: '2027-01-01', to: '2027-12-31', stopSell: true }),
    ],
  });

  it('gives one day per night of the window with the season prices and the date rules, defaults where none', () => {
    const days = calendarDays(
      tariff,
      1,
      new WindowNights({ from: '2027-06-29', to: '2027-07-03' }),
      (date, night) => night * 10 + Number(date.slice(8)),
    ).map(flat);
    const open = { minStay: 1, maxStay: null, closedToArrival: false, closedToDeparture: false, stopSell: false };
    expect(days).toEqual([
      { date: '2027-06-29', free: 29, pitch: 2800, adult: 950, youth: 600, child: 400, ...open },
      { date: '2027-06-30', free: 40, pitch: 2800, adult: 950, youth: 600, child: 400, ...open, minStay: null, closedToDeparture: true },
      { date: '2027-07-01', free: 21, pitch: null, adult: null, youth: null, child: null, ...open },
      {
        date: '2027-07-02',
        free: 32,
        pitch: 3600,
        adult: 1100,
        youth: 750,
        child: 500,
        minStay: 7,
        maxStay: 14,
        closedToArrival: true,
        closedToDeparture: false,
        stopSell: true,
      },
    ]);
  });

  it('gives the nights of one season and one restriction row one terms object, and a new one where either changes', () => {
    const days = calendarDays(tariff, 1, new WindowNights({ from: '2027-06-28', to: '2027-07-12' }), () => 0);
    const runStarts = days.flatMap((day, night) => (night === 0 || day.terms !== days[night - 1]!.terms ? [day.date] : []));
    // No season before the 29th; the first season with no row, then with the 30th's row; a night of neither; the
    // second season with its row to the 9th, then without.
    expect(runStarts).toEqual(['2027-06-28', '2027-06-29', '2027-06-30', '2027-07-01', '2027-07-02', '2027-07-10']);
  });

  it('reads only the rows of its own site type', () => {
    const [day] = calendarDays(tariff, 3, new WindowNights({ from: '2027-07-05', to: '2027-07-06' }), () => 0);
    expect(flat(day!)).toEqual({
      date: '2027-07-05',
      free: 0,
      pitch: null,
      adult: null,
      youth: null,
      child: null,
      minStay: 1,
      maxStay: null,
      closedToArrival: false,
      closedToDeparture: false,
      stopSell: false,
    });
  });

  it('matches a look-up per night over random tariffs', () => {
    const picks = new RandomPicks(new SeededRandom(5));
    for (let run = 0; run < 50; run++) {
      const random = randomTariff(picks);
      const window = { from: addDays(RANDOM_EPOCH, picks.between(0, 20)), to: addDays(RANDOM_EPOCH, picks.between(21, 100)) };
      const days = calendarDays(random, 2, new WindowNights(window), () => 0).map(flat);
      const expected = days.map(({ date }) => {
        const season = random.seasons.find((s) => s.siteTypeId === 2 && s.from <= date && date <= s.to);
        const row = random.restrictions.find((r) => r.siteTypeId === 2 && r.from <= date && date <= r.to);
        return {
          date,
          free: 0,
          pitch: season?.pitch ?? null,
          adult: season?.adult ?? null,
          youth: season?.youth ?? null,
          child: season?.child ?? null,
          minStay: row ? row.minStay : 1,
          maxStay: row ? row.maxStay : null,
          closedToArrival: row?.closedToArrival ?? false,
          closedToDeparture: row?.closedToDeparture ?? false,
          stopSell: row?.stopSell ?? false,
        };
      });
      expect(days).toEqual(expected);
      expect(days.map((d) => d.date)).toEqual(Array.from({ length: days.length }, (_, i) => addDays(window.from, i)));
    }
  });
});

/** Counts night by night, site by site, stay by stay: slow, and obviously right. */
function bruteForceFree(window: { from: string; to: string }, siteIds: number[], stays: Stay[]): number[] {
  const free: number[] = [];
  for (let night = window.from; night < window.to; night = addDays(night, 1)) {
    const sites = new Set(siteIds);
    free.push([...sites].filter((id) => !stays.some((s) => s.siteId === id && s.checkInDate <= night && night < s.checkOutDate)).length);
  }
  return free;
}

describe('freeNightsByType', () => {
  const window = { from: '2027-07-01', to: '2027-07-06' };

  it('counts the active sites no stay covers, per night', () => {
    const stays: Stay[] = [
      { siteId: 1, checkInDate: '2027-06-25', checkOutDate: '2027-07-02' }, // ends inside: only the first night
      { siteId: 2, checkInDate: '2027-07-03', checkOutDate: '2027-07-20' }, // runs past the window
      { siteId: 2, checkInDate: '2027-07-04', checkOutDate: '2027-07-05' }, // inside another stay of the same site
      { siteId: 9, checkInDate: '2027-07-01', checkOutDate: '2027-07-06' }, // a site of another type, or inactive
      { siteId: 3, checkInDate: '2027-07-06', checkOutDate: '2027-07-08' }, // starts on the window's end
    ];
    expect(freeNightsByType(new WindowNights(window), [1, 2, 3], staysBySite(stays))).toEqual([2, 3, 2, 2, 2]);
  });

  it('counts a site listed twice once, and every site free without stays', () => {
    expect(freeNightsByType(new WindowNights(window), [1, 1, 2], new Map())).toEqual([2, 2, 2, 2, 2]);
    expect(freeNightsByType(new WindowNights(window), [], new Map())).toEqual([0, 0, 0, 0, 0]);
  });

  it(`equals a brute-force count over random sites and stays (${RUNS} windows)`, () => {
    const picks = new RandomPicks(new SeededRandom(11));
    for (let run = 0; run < RUNS; run++) {
      const siteIds = Array.from({ length: picks.between(0, 8) }, () => picks.between(1, 10));
      const stays = Array.from({ length: picks.between(0, 25) }, () => {
        const checkIn = picks.between(0, 40);
        return {
          siteId: picks.between(1, 12),
          checkInDate: addDays(RANDOM_EPOCH, checkIn),
          checkOutDate: addDays(RANDOM_EPOCH, checkIn + picks.between(1, 10)),
        };
      });
      const from = picks.between(0, 30);
      const randomWindow = { from: addDays(RANDOM_EPOCH, from), to: addDays(RANDOM_EPOCH, from + picks.between(1, 20)) };
      expect(freeNightsByType(new WindowNights(randomWindow), siteIds, staysBySite(stays)), `run ${run}`).toEqual(
        bruteForceFree(randomWindow, siteIds, stays),
      );
    }
  });
});
