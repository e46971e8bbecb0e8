import { type CalendarDate, isCalendarDate } from '@campsite/domain';

// A zone is required: a datetime without one means different instants on different machines.
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

// Imports repeat the same few hundred dates across 100k rows; remembering the verdict halves validation time.
const dateVerdicts = new Map<string, boolean>();
const MAX_REMEMBERED_DATES = 20_000;

/** `isCalendarDate`, remembered per distinct string. */
export function isKnownGoodDate(text: string): text is CalendarDate {
  let verdict = dateVerdicts.get(text);
  if (verdict === undefined) {
    verdict = isCalendarDate(text);
    if (dateVerdicts.size >= MAX_REMEMBERED_DATES) dateVerdicts.clear();
    dateVerdicts.set(text, verdict);
  }
  return verdict;
}

/** Parses an ISO 8601 datetime with `Z` or an offset (`2026-05-02T08:15:00Z`), or returns null. */
export function parseIsoDateTime(text: string): Date | null {
  const match = ISO_DATE_TIME.exec(text);
  if (!match) return null;
  const [, date = '', hours, minutes, seconds = '0'] = match;
  if (!isKnownGoodDate(date) || Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return null;
  const parsed = new Date(text);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

export const ISO_DATE_TIME_HINT = 'ISO 8601 with Z or an offset, e.g. 2026-05-02T08:15:00Z';
