import type { DateRange, Stay } from '../bookings/stay';
import { type CalendarDate, addDays, daysBetween } from '../shared/calendar-date';
import type { Rappen } from '../shared/money';
import { type Restriction, type Season, type Tariff, compareAscii, coverageRuns, tariffOfSiteType } from './tariff';

/**
 * One night of a site type's calendar: how many of its active pitches are free, the season's prices (null where no
 * season covers the night) and the stay rules of the date (those of no restriction where no row covers it).
 */
export interface CalendarDay {
  date: CalendarDate;
  free: number;
  pitch: Rappen | null;
  adult: Rappen | null;
  youth: Rappen | null;
  child: Rappen | null;
  minStay: number | null;
  maxStay: number | null;
  closedToArrival: boolean;
  closedToDeparture: boolean;
  stopSell: boolean;
}

/** What a date without a restriction row shows: any stay of at least one night, open every way. */
const UNRESTRICTED = { minStay: 1, maxStay: null, closedToArrival: false, closedToDeparture: false, stopSell: false } as const;

/**
 * The calendar of one site type (docs/pricing.md): one day per night of `window` (half-open, `to` is not a night), in
 * date order. `freeOn` gives the free count of a night, by its date and its index in the window (0 for `from`), for
 * example from `freeNightsByType`. A row's `minStay` of null stays null; only a date without a row shows 1.
 */
export function calendarDays(
  tariff: Tariff,
  siteTypeId: number,
  window: DateRange,
  freeOn: (date: CalendarDate, night: number) => number,
): CalendarDay[] {
  const own = tariffOfSiteType(tariff, siteTypeId);
  const seasons = perNight<Season>(own.seasons, window);
  const rows = perNight<Restriction>(own.restrictions, window);
  return seasons.map((season, night) => {
    const date = addDays(window.from, night);
    const row = rows[night] ?? null;
    return {
      date,
      free: freeOn(date, night),
      pitch: season?.pitch ?? null,
      adult: season?.adult ?? null,
      youth: season?.youth ?? null,
      child: season?.child ?? null,
      ...(row === null
        ? UNRESTRICTED
        : {
            minStay: row.minStay,
            maxStay: row.maxStay,
            closedToArrival: row.closedToArrival,
            closedToDeparture: row.closedToDeparture,
            stopSell: row.stopSell,
          }),
    };
  });
}

/** The range covering each night of the window, or null; one entry per night. */
function perNight<T extends { from: CalendarDate; to: CalendarDate }>(ranges: readonly T[], window: DateRange): (T | null)[] {
  return coverageRuns(ranges, window).flatMap((run) => Array<T | null>(daysBetween(run.from, run.to)).fill(run.item));
}

/**
 * How many of `activeSiteIds` no stay covers, per night of `window` (index 0 is `from`). `stays` are the occupying
 * stays of those sites, in any order; they may reach outside the window, overlap one another, and stays of other
 * sites are ignored. Each site's stays are merged, then counted into a difference array over the window, so the cost
 * is a sort of the stays plus one pass over the nights, whatever the number of sites.
 */
export function freeNightsByType(window: DateRange, activeSiteIds: readonly number[], stays: readonly Stay[]): number[] {
  const nights = daysBetween(window.from, window.to);
  const sites = new Set(activeSiteIds);
  const change = new Array<number>(nights + 1).fill(0);
  const bySite = new Map<number, Stay[]>();
  for (const stay of stays) {
    if (!sites.has(stay.siteId) || stay.checkInDate >= window.to || stay.checkOutDate <= window.from) continue;
    const siteStays = bySite.get(stay.siteId);
    if (siteStays) siteStays.push(stay);
    else bySite.set(stay.siteId, [stay]);
  }
  for (const siteStays of bySite.values()) {
    siteStays.sort((a, b) => compareAscii(a.checkInDate, b.checkInDate));
    let coveredUntil = 0;
    for (const stay of siteStays) {
      const start = Math.max(coveredUntil, daysBetween(window.from, stay.checkInDate));
      const end = Math.min(nights, daysBetween(window.from, stay.checkOutDate));
      if (end <= start) continue;
      change[start]! += 1;
      change[end]! -= 1;
      coveredUntil = end;
    }
  }
  const free: number[] = [];
  let occupied = 0;
  for (let night = 0; night < nights; night++) {
    occupied += change[night]!;
    free.push(sites.size - occupied);
  }
  return free;
}
