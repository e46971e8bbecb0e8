import { DomainError, isRecordId, type BookingFilter } from '@campsite/domain';
import { z } from 'zod';
import { pyStrip } from '../drf-compat/text';
import { lastValue, type QueryPairs } from '../drf-compat/urlencode';
import { toFieldErrors } from './drf-fields';
import { filterDateField, updatedSinceField } from './list-filter.schema';
import { fieldErrorsOf } from './responses.schema';

// django-filter's form fields: values are stripped, an empty value means "not applied", and a date must be strict
// YYYY-MM-DD (docs/api-behaviour.md §2).
// django-filter's NumberFilter: a Python Decimal after stripping; NaN and infinities are not numbers.
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
export const filterNumber = z
  .string()
  .optional()
  .transform((value) => (value === undefined ? '' : pyStrip(value)))
  .refine((value) => value === '' || DECIMAL.test(value), { message: 'Enter a number.' });

/** No row has id 0 (ids start at 1): the filter value for a number that can be no customer's id (5.5, 10^30). */
const NO_CUSTOMER = 0;

/** The filters of GET /bookings/; the OpenAPI document takes its query parameters from this shape. */
export const bookingFilterSchema = z.object({
  status: z
    .string()
    .optional()
    .transform((value) => (value === undefined ? '' : pyStrip(value)))
    .meta({
      description: 'Exact match on the booking status. An unknown value gives an empty page; an empty value is not applied.',
      examples: ['pending'],
    }),
  check_in_from: filterDateField.meta({
    description: 'Bookings with `check_in_date` on or after this date (`YYYY-MM-DD`). Empty: not applied.',
    examples: ['2027-07-01'],
  }),
  check_in_to: filterDateField.meta({
    description: 'Bookings with `check_in_date` on or before this date (`YYYY-MM-DD`). Empty: not applied.',
    examples: ['2027-07-31'],
  }),
  customer_id: filterNumber.meta({
    description:
      "Bookings of this customer (exact). A number that is no customer's id gives an empty page; not a number: " +
      '400 `{"customer_id":["Enter a number."]}`. Empty: not applied.',
    examples: ['5'],
  }),
  updated_since: updatedSinceField,
});

/** 400 answer for a malformed filter value. */
export const bookingFilterErrorsSchema = fieldErrorsOf(
  'BookingFilterErrors',
  Object.keys(bookingFilterSchema.shape),
  'A filter value is malformed (`Enter a valid date.`).',
);

const NO_FILTER: BookingFilter = Object.freeze({});

/**
 * GET /bookings/ filters; 400 `{"check_in_from":["Enter a valid date."]}` for a malformed date (all keys at fault),
 * `{"customer_id":["Enter a number."]}` for a customer id that is no number, and
 * `{"updated_since":["Enter a valid date/time."]}` for a malformed datetime.
 */
export function readBookingFilter(query: QueryPairs): BookingFilter {
  if (query.length === 0) return NO_FILTER;
  const parsed = bookingFilterSchema.safeParse({
    status: lastValue(query, 'status'),
    check_in_from: lastValue(query, 'check_in_from'),
    check_in_to: lastValue(query, 'check_in_to'),
    customer_id: lastValue(query, 'customer_id'),
    updated_since: lastValue(query, 'updated_since'),
  });
  if (!parsed.success) throw DomainError.validation(toFieldErrors(parsed.error.issues));
  const { status, check_in_from: checkInFrom, check_in_to: checkInTo, customer_id: customerId, updated_since: updatedSince } = parsed.data;
  const filter: BookingFilter = {};
  if (status !== '') filter.status = status;
  if (checkInFrom !== '') filter.checkInFrom = checkInFrom;
  if (checkInTo !== '') filter.checkInTo = checkInTo;
  if (customerId !== '') {
    const id = Number(customerId);
    filter.customerId = isRecordId(id) ? id : NO_CUSTOMER;
  }
  if (updatedSince) filter.updatedSince = updatedSince;
  return filter;
}
