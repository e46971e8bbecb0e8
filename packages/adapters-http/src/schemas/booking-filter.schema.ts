import { DomainError, isCalendarDate, type BookingFilter } from '@campsite/domain';
import { z } from 'zod';
import { pyStrip } from '../python/text';
import { lastValue, type QueryPairs } from '../python/urlencode';
import { toFieldErrors } from './drf-fields';

// django-filter's form fields: values are stripped, an empty value means "not applied", and a date must be strict
// YYYY-MM-DD (DECISIONS §2).
const filterDate = z
  .string()
  .optional()
  .transform((value) => (value === undefined ? '' : pyStrip(value)))
  .refine((value) => value === '' || isCalendarDate(value), { message: 'Enter a valid date.' });

const bookingFilterSchema = z.object({
  status: z
    .string()
    .optional()
    .transform((value) => (value === undefined ? '' : pyStrip(value))),
  check_in_from: filterDate,
  check_in_to: filterDate,
});

const NO_FILTER: BookingFilter = Object.freeze({});

/** GET /bookings/ filters; 400 `{"check_in_from":["Enter a valid date."]}` for a malformed date (both keys if both). */
export function readBookingFilter(query: QueryPairs): BookingFilter {
  if (query.length === 0) return NO_FILTER;
  const parsed = bookingFilterSchema.safeParse({
    status: lastValue(query, 'status'),
    check_in_from: lastValue(query, 'check_in_from'),
    check_in_to: lastValue(query, 'check_in_to'),
  });
  if (!parsed.success) throw DomainError.validation(toFieldErrors(parsed.error.issues));
  const { status, check_in_from: checkInFrom, check_in_to: checkInTo } = parsed.data;
  const filter: BookingFilter = {};
  if (status !== '') filter.status = status;
  if (checkInFrom !== '') filter.checkInFrom = checkInFrom;
  if (checkInTo !== '') filter.checkInTo = checkInTo;
  return filter;
}
