/**
 * A calendar date as the spec writes it: `YYYY-MM-DD`, with no time and no time zone. Kept as the string itself so
 * that no `Date` conversion can shift it by a day; strings of this shape sort chronologically.
 */
export type CalendarDate = string & { readonly __brand?: 'CalendarDate' };

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True only for a real date in strict `YYYY-MM-DD` form (docs/api-behaviour.md §2: no other formats, no 2026-02-30). */
export function isCalendarDate(text: string): text is CalendarDate {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  return d <= daysInMonth(y, m);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Whole days from `from` to `to` (negative when `to` is earlier). Nights of a stay = daysBetween(checkIn, checkOut). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The date `days` after `date` (before it when negative); `addDays(d, daysBetween(d, e))` is `e`. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Half-open ranges [aStart, aEnd) and [bStart, bEnd) overlap; touching ranges do not (docs/api-behaviour.md §2.4, rule 8). */
export function rangesOverlap(aStart: CalendarDate, aEnd: CalendarDate, bStart: CalendarDate, bEnd: CalendarDate): boolean {
  return aStart < bEnd && bStart < aEnd;
}
