import { isCalendarDate } from '@campsite/domain';

// A zone is required: a datetime without one means different instants on different machines.
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

/** Parses an ISO 8601 datetime with `Z` or an offset (`2026-05-02T08:15:00Z`), or returns null. */
export function parseIsoDateTime(text: string): Date | null {
  const match = ISO_DATE_TIME.exec(text);
  if (!match) return null;
  const [, date = '', hours, minutes, seconds = '0'] = match;
  if (!isCalendarDate(date) || Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return null;
  const parsed = new Date(text);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

export const ISO_DATE_TIME_HINT = 'ISO 8601 with Z or an offset, e.g. 2026-05-02T08:15:00Z';
