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

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The days of `month` (1 to 12) of `year`, by the Gregorian rule: February 1900 has 28, February 2000 has 29. */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** 00 to 31: a day or a month as a date writes it. */
const TWO_DIGITS: readonly string[] = Array.from({ length: 32 }, (_, n) => (n < 10 ? `0${n}` : String(n)));

function twoDigitsAt(text: string, at: number): number {
  return (text.charCodeAt(at) - 48) * 10 + text.charCodeAt(at + 1) - 48;
}

/**
 * A count of days to `date` from a fixed day, read from its digits (the proleptic Gregorian count of days_from_civil):
 * the difference of two dates' numbers is the days between them, with no `Date` and no parsing. For code run per
 * night or per stay, where a `Date` round trip costs many times as much.
 */
export function dayNumber(date: CalendarDate): number {
  const month = twoDigitsAt(date, 5);
  // Years counted from March, so that a leap day ends its year.
  const year = twoDigitsAt(date, 0) * 100 + twoDigitsAt(date, 2) - (month <= 2 ? 1 : 0);
  const era = Math.floor(year / 400);
  const yearOfEra = year - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + twoDigitsAt(date, 8) - 1;
  return era * 146_097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
}

/** `addDays(date, 1)` worked out from the digits, for dates before 9999-12-31 (see dayNumber). */
export function dayAfter(date: CalendarDate): CalendarDate {
  const year = twoDigitsAt(date, 0) * 100 + twoDigitsAt(date, 2);
  const month = twoDigitsAt(date, 5);
  const day = twoDigitsAt(date, 8);
  if (day < daysInMonth(year, month)) return `${date.slice(0, 8)}${TWO_DIGITS[day + 1]}`;
  if (month < 12) return `${date.slice(0, 5)}${TWO_DIGITS[month + 1]}-01`;
  return `${String(year + 1).padStart(4, '0')}-01-01`;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). Nights of a stay = daysBetween(checkIn, checkOut). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return dayNumber(to) - dayNumber(from);
}

/** The date `days` after `date` (before it when negative); `addDays(d, daysBetween(d, e))` is `e`. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Half-open ranges [aStart, aEnd) and [bStart, bEnd) overlap; touching ranges do not (docs/api-behaviour.md §2.4, rule 8). */
export function rangesOverlap(aStart: CalendarDate, aEnd: CalendarDate, bStart: CalendarDate, bEnd: CalendarDate): boolean {
  return aStart < bEnd && bStart < aEnd;
}
