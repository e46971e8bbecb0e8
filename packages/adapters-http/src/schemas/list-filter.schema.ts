import { type InvoiceFilter, type UpdatedSinceFilter, DomainError, isCalendarDate } from '@campsite/domain';
import { z } from 'zod';
import { pyStrip } from '../drf-compat/text';
import { lastValue, type QueryPairs } from '../drf-compat/urlencode';
import { MESSAGES, toFieldErrors } from './drf-fields';
import { fieldErrorsOf } from './responses.schema';

// docs/change-feed.md: `updated_since` on every list, an ISO 8601 datetime with `Z` or an offset (a `+` must be sent
// as %2B, as in any query string); empty means not applied. Django's form fields strip the value first.
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?(Z|[+-](\d{2}):?(\d{2}))$/i;

/** The instant a datetime text names, or null when it is not a valid datetime with a time zone. */
export function parseZonedDateTime(text: string): Date | null {
  const match = DATE_TIME.exec(text);
  if (!match) return null;
  const [, date, hour, minute, second = '00', fraction = '', zone, zoneHours = '00', zoneMinutes = '00'] = match;
  if (!isCalendarDate(date!) || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
  if (Number(zoneHours) > 23 || Number(zoneMinutes) > 59) return null;
  const offset = zone!.toUpperCase() === 'Z' ? 'Z' : `${zone![0]}${zoneHours}:${zoneMinutes}`;
  // Milliseconds are what every store keeps; finer digits are cut, never rounded up past the value sent.
  const at = new Date(`${date}T${hour}:${minute}:${second}${fraction.slice(0, 4).padEnd(fraction === '' ? 0 : 4, '0')}${offset}`);
  return Number.isNaN(at.getTime()) ? null : at;
}

const stripped = z
  .string()
  .optional()
  .transform((value) => (value === undefined ? '' : pyStrip(value)));

const updatedSince = stripped
  .transform((value) => (value === '' ? undefined : parseZonedDateTime(value)))
  .refine((value) => value !== null, { message: 'Enter a valid date/time.' })
  .meta({
    description:
      'Records with `updated_at` at or after this instant: an ISO 8601 datetime with `Z` or an offset (send `+` as ' +
      '`%2B`). Malformed: 400 `{"updated_since":["Enter a valid date/time."]}`. Empty: not applied. The order ' +
      "stays the list's own.",
    examples: ['2026-06-01T00:00:00Z'],
  });

const filterDate = stripped.refine((value) => value === '' || isCalendarDate(value), { message: 'Enter a valid date.' });

/** The `updated_since` shared by every list, as a zod field: the booking and invoice filters add it to theirs. */
export const updatedSinceField = updatedSince;

/** Date filters of django-filter: stripped, empty is not applied, otherwise strictly YYYY-MM-DD. */
export const filterDateField = filterDate;

function fail(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): never {
  throw DomainError.validation(toFieldErrors(issues));
}

/** `updated_since` of a list without other filters; 400 `{"updated_since":["Enter a valid date/time."]}` when malformed. */
export function readUpdatedSinceFilter(query: QueryPairs): UpdatedSinceFilter {
  const parsed = z.object({ updated_since: updatedSince }).safeParse({ updated_since: lastValue(query, 'updated_since') });
  if (!parsed.success) fail(parsed.error.issues);
  const since = parsed.data.updated_since;
  return since ? { updatedSince: since } : {};
}

/** The query of the lists without other filters (sites, customers), for the OpenAPI document. */
export const updatedSinceQuerySchema = z.object({ updated_since: updatedSince });

/** 400 answer for a malformed `updated_since`. */
export const updatedSinceErrorsSchema = fieldErrorsOf('UpdatedSinceErrors', ['updated_since'], 'A filter value is malformed.');

export const invoiceFilterSchema = z.object({
  // Django's CharField refuses a NUL before any query runs; PostgreSQL could not even compare a text holding one.
  status: stripped
    .refine((value) => !value.includes('\0'), { message: MESSAGES.nullCharacters })
    .meta({
      description:
        'Exact match on the invoice status (`OFFEN`, `ERLEDIGT`, …). Empty: not applied. A NUL character: 400 ' +
        '`{"status":["Null characters are not allowed."]}`.',
      examples: ['OFFEN'],
    }),
  issued_from: filterDate.meta({
    description: 'Invoices issued on or after this UTC date (`YYYY-MM-DD`). Malformed: 400 `{"issued_from":["Enter a valid date."]}`.',
    examples: ['2026-01-01'],
  }),
  issued_to: filterDate.meta({
    description: 'Invoices issued on or before this UTC date (`YYYY-MM-DD`). Empty: not applied.',
    examples: ['2026-12-31'],
  }),
  updated_since: updatedSince,
});

/** 400 answer for a malformed invoice filter. */
export const invoiceFilterErrorsSchema = fieldErrorsOf(
  'InvoiceFilterErrors',
  Object.keys(invoiceFilterSchema.shape),
  'A filter value is malformed.',
);

/** GET /invoices/ filters: `status` (exact), `issued_from` / `issued_to` (dates, inclusive) and `updated_since`. */
export function readInvoiceFilter(query: QueryPairs): InvoiceFilter {
  const parsed = invoiceFilterSchema.safeParse({
    status: lastValue(query, 'status'),
    issued_from: lastValue(query, 'issued_from'),
    issued_to: lastValue(query, 'issued_to'),
    updated_since: lastValue(query, 'updated_since'),
  });
  if (!parsed.success) fail(parsed.error.issues);
  const { status, issued_from: issuedFrom, issued_to: issuedTo, updated_since: since } = parsed.data;
  const filter: InvoiceFilter = {};
  if (status !== '') filter.status = status;
  if (issuedFrom !== '') filter.issuedFrom = issuedFrom;
  if (issuedTo !== '') filter.issuedTo = issuedTo;
  if (since) filter.updatedSince = since;
  return filter;
}
