import { type DateRange, DomainError, isDomainError, isRecordId, readAvailabilityWindow } from '@campsite/domain';
import { z } from 'zod';
import { lastValue, type QueryPairs } from '../drf-compat/urlencode';
import { availabilityQuerySchema } from './availability.schema';
import { filterNumber } from './booking-filter.schema';
import { toFieldErrors } from './drf-fields';
import { fieldErrorsOf } from './responses.schema';

/** No row has id 0: the filter value for a number that can be no site type's id (5.5, 10^30), which shows none. */
const NO_SITE_TYPE = 0;

/** GET /calendar/'s own query: the window of GET /availability/ and an optional site type. */
export const calendarQuerySchema = z.object({
  ...availabilityQuerySchema.shape,
  site_type_id: filterNumber.meta({
    description:
      'Only this site type. A number that is no type of yours gives an empty page; not a number: 400 ' +
      '`{"site_type_id":["Enter a number."]}`. Empty: not applied.',
    examples: ['1'],
  }),
});

/** Made once: a zod object made per request costs more to build and compile than the rest of reading the query. */
const siteTypeQuerySchema = z.object({ site_type_id: filterNumber });

export const calendarErrorsSchema = fieldErrorsOf(
  'CalendarErrors',
  ['from', 'to', 'site_type_id'],
  'The window is missing, malformed, reversed or too long, or `site_type_id` is not a number.',
);

/**
 * The window (read exactly as GET /availability/ reads it, with its messages) and `site_type_id`, read like a list's
 * filter: both before the page, and every field's error in one answer.
 */
export function readCalendarQuery(query: QueryPairs): { window: DateRange; siteTypeId?: number } {
  const type = siteTypeQuerySchema.safeParse({ site_type_id: lastValue(query, 'site_type_id') });
  const typeErrors = type.success ? {} : toFieldErrors(type.error.issues);
  let window: DateRange;
  try {
    window = readAvailabilityWindow(lastValue(query, 'from'), lastValue(query, 'to'));
  } catch (error) {
    if (!isDomainError(error, 'validation_failed') || !error.details.fieldErrors) throw error;
    throw DomainError.validation({ ...error.details.fieldErrors, ...typeErrors });
  }
  if (!type.success) throw DomainError.validation(typeErrors);
  const value = type.data.site_type_id;
  if (value === '') return { window };
  const id = Number(value);
  return { window, siteTypeId: isRecordId(id) ? id : NO_SITE_TYPE };
}
