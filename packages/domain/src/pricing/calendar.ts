import type { DateRange, Stay } from '../bookings/stay';
import { type CalendarDate, dayAfter, dayNumber } from '../shared/calendar-date';
import type { Rappen } from '../shared/money';
import { type Restriction, type Season, type SeasonsAndRules, coverageRuns, tariffOfSiteType } from './tariff';

/**
 * The prices of a night's season (null where no season covers it) and the stay rules of its date (those of no
 * restriction where no row covers it). Every night of a run under the same season and the same restriction row shares
 * one such object: a year of ten types has a few dozen of them, not thousands.
 */
export interface NightTerms {
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

/** One night of a site type's calendar: how many of its active pitches are free, and its terms. */
export interface CalendarDay {
  date: CalendarDate;
  free: number;
  terms: NightTerms;
}

/**
 * The nights of a calendar's window (night 0 is `from`), worked out once per calendar: their dates are the same for
 * every site type, and a date's night is counted from its digits, where a `Date` round trip per night, per stay and
 * per type cost more than the rest of a year's calendar.
 */
export class WindowNights {
  readonly dates: readonly CalendarDate[];
  private readonly first: number;

  constructor(readonly window: DateRange) {
    const dates: CalendarDate[] = [];
    this.first = dayNumber(window.from);
    for (let night = 0, date = window.from, count = dayNumber(window.to) - this.first; night < count; night++, date = dayAfter(date)) {
      dates.push(date);
    }
    this.dates = dates;
  }

  /** The night of `date` held to the window: 0 on or before `from`, the number of nights on or after `to`. */
  clamp(date: CalendarDate): number {
    if (date <= this.window.from) return 0;
    if (date >= this.window.to) return this.dates.length;
    return dayNumber(date) - this.first;
  }
}

/**
 * The calendar of one site type (docs/pricing.md): one day per night of the window, in date order. `freeOn` gives the
 * free count of a night, by its date and its index in the window (0 for `from`), for example from `freeNightsByType`.
 * A row's `minStay` of null stays null; only a date without a row shows 1.
 */
export function calendarDays(
  tariff: SeasonsAndRules,
  siteTypeId: number,
  nights: WindowNights,
  freeOn: (date: CalendarDate, night: number) => number,
): CalendarDay[] {
  const own = tariffOfSiteType(tariff, siteTypeId);
  const seasons = perNight<Season>(own.seasons, nights);
  const rows = perNight<Restriction>(own.restrictions, nights);
  const days = new Array<CalendarDay>(nights.dates.length);
  let terms = termsOf(null, null);
  for (let night = 0; night < days.length; night++) {
    const season = seasons[night]!;
    const row = rows[night]!;
    if (night === 0 || season !== seasons[night - 1] || row !== rows[night - 1]) terms = termsOf(season, row);
    const date = nights.dates[night]!;
    days[night] = { date, free: freeOn(date, night), terms };
  }
  return days;
}

function termsOf(season: Season | null, row: Restriction | null): NightTerms {
  return {
    pitch: season?.pitch ?? null,
    adult: season?.adult ?? null,
    youth: season?.youth ?? null,
    child: season?.child ?? null,
    minStay: row === null ? 1 : row.minStay,
    maxStay: row === null ? null : row.maxStay,
    closedToArrival: row === null ? false : row.closedToArrival,
    closedToDeparture: row === null ? false : row.closedToDeparture,
    stopSell: row === null ? false : row.stopSell,
  };
}

/** The range covering each night of the window, or null; one entry per night. */
function perNight<T extends { from: CalendarDate; to: CalendarDate }>(ranges: readonly T[], nights: WindowNights): (T | null)[] {
  const items = new Array<T | null>(nights.dates.length).fill(null);
  for (const run of coverageRuns(ranges, nights.window)) {
    if (run.item !== null) items.fill(run.item, nights.clamp(run.from), nights.clamp(run.to));
  }
  return items;
}

/**
 * How many of `activeSiteIds` no stay covers, per night of the window (index 0 is `from`). `staysBySite` holds the
 * occupying stays of those sites (and maybe of others, which are ignored), in any order; they may reach outside the
 * window and overlap one another. Only the listed sites' stays are read: each site's are merged, then counted into a
 * difference array over the window, so the cost is a sort of those stays plus one pass over the nights.
 */
export function freeNightsByType(
  nights: WindowNights,
  activeSiteIds: readonly number[],
  staysBySite: ReadonlyMap<number, readonly Stay[]>,
): number[] {
  const count = nights.dates.length;
  const sites = new Set(activeSiteIds);
  const change = new Int32Array(count + 1);
  // A site's stays as nights [start, end), each one number (start * width + end) so that a numeric sort orders them
  // by start, in one typed array reused from site to site: thousands of stays make no object each.
  const width = count + 1;
  let spans = new Float64Array(16);
  for (const siteId of sites) {
    const stays = staysBySite.get(siteId) ?? [];
    if (spans.length < stays.length) spans = new Float64Array(stays.length);
    let kept = 0;
    for (const stay of stays) {
      const start = nights.clamp(stay.checkInDate);
      const end = nights.clamp(stay.checkOutDate);
      if (start < end) spans[kept++] = start * width + end;
    }
    let coveredUntil = 0;
    for (const span of spans.subarray(0, kept).sort()) {
      const start = Math.max(coveredUntil, Math.floor(span / width));
      const end = span % width;
      if (end <= start) continue;
      change[start]! += 1;
      change[end]! -= 1;
      coveredUntil = end;
    }
  }
  const free = new Array<number>(count);
  let occupied = 0;
  for (let night = 0; night < count; night++) {
    occupied += change[night]!;
    free[night] = sites.size - occupied;
  }
  return free;
}
