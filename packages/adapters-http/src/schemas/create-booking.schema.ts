import { z } from 'zod';
import type { PyJson } from '../drf-compat/json-parser';
import { declaredFields, integerInputDoc, readDrfInteger, requireObject, toFieldErrors } from './drf-fields';
import { fieldErrorsOf, requestComponents } from './responses.schema';
import { readBookingFromQuote } from './booking-from-quote.schema';
import {
  type CreateBookingRead,
  FIELD_NAMES,
  bookingFieldsOf,
  bookingFieldsSchema,
  customerIdDoc,
  customerParts,
  readCustomer,
} from './booking-fields.schema';

/**
 * The parsed JSON body as the use case's input. A body that is not an object fails here, as DRF's serializer fails it
 * before looking at any field (docs/api-behaviour.md §2.4, rule 4, and "No data provided" for `null`). Refused fields
 * reach the use case as `fields: null`, their messages stay here: the site check comes before them.
 */
export function readCreateBookingBody(body: PyJson): CreateBookingRead {
  const object = requireObject(body);
  // docs/channel-managers.md, "Booking from a quote": `quote_id` null is no quote, as `customer_id` null is no
  // customer.
  if (object.quote_id !== undefined && object.quote_id !== null) return readBookingFromQuote(object);
  const siteId = readDrfInteger(object.site_id);
  const parsed = bookingFieldsSchema.safeParse(declaredFields(bookingFieldsSchema, object));
  const customer = readCustomer(object.customer_id);
  const fieldErrors = { ...(parsed.success ? {} : toFieldErrors(parsed.error.issues)), ...('errors' in customer ? customer.errors : {}) };
  const { input, wording } = customerParts(customer);
  return {
    input: { siteId, fields: parsed.data === undefined || 'errors' in customer ? null : bookingFieldsOf(parsed.data), ...input },
    fieldErrors,
    ...wording,
  };
}

/**
 * The whole body as the OpenAPI document describes it: `site_id` (read apart above, before the other fields) and the
 * fields of `bookingFieldsSchema`. Not used to parse; it is the same fields' metadata put together.
 */
export const createBookingBodySchema = z
  .object({
    site_id: z.unknown().meta({
      ...integerInputDoc(),
      description:
        'A site of your tenant (`id` of a Site). Read like the other integers. Missing, null, not an integer, or ' +
        'not a site of your tenant: 400 `{"detail":"site_not_found"}`, before any other field is checked.',
      examples: [3],
    }),
    ...bookingFieldsSchema.shape,
    customer_id: customerIdDoc,
  })
  .register(requestComponents, {
    id: 'CreateBooking',
    description:
      'The new booking. `check_out_date` must be after `check_in_date`, and the occupants must fit the site. ' +
      'Server-assigned fields (`id`, `status`, `total_price`, `booking_reference`, `created_at`, `source`) and ' +
      'unknown fields are ignored, `extras` among them: extras are sold through a quote (CreateBookingFromQuote).',
    examples: [
      {
        site_id: 3,
        check_in_date: '2027-07-01',
        check_out_date: '2027-07-04',
        num_adults: 2,
        num_children: 1,
        guest_first_name: 'Anna',
        guest_last_name: 'Muster',
        guest_email: 'anna@example.ch',
      },
    ],
  });

/** 400 field errors of POST /bookings/ (DRF's messages). */
export const createBookingErrorsSchema = fieldErrorsOf(
  'CreateBookingFieldErrors',
  [...FIELD_NAMES, 'customer_id', 'extras'],
  'Validation failed. All field errors come in one answer, in field order; `non_field_errors` holds rules not tied ' +
    'to one field (a body that is not an object, too many occupants). `extras` only beside `quote_id`.',
);
