import type { CreateBookingInput, FieldErrors } from '@campsite/domain';
import { z } from 'zod';
import type { PyJson } from '../drf-compat/json-parser';
import { PyFloat } from '../drf-compat/json-parser';
import { pyFloatRepr, pyTypeName } from '../drf-compat/text';
import {
  charField,
  dateField,
  declaredFields,
  integerField,
  integerInputDoc,
  optionalField,
  readDrfInteger,
  requireObject,
  toFieldErrors,
} from './drf-fields';
import type { BookingWording } from '../drf-compat/booking-messages';
import { fieldErrorsOf, requestComponents } from './responses.schema';

// POST /bookings/ fields in the serializer's declaration order, which is the order DRF reports errors in. Server-assigned
// fields (status, total_price, booking_reference, created_at, id, source) and unknown keys are not declared, so they
// are ignored (docs/api-behaviour.md §2). site_id is read apart: the use case checks it before these (docs/api-behaviour.md §2.4, rule 5).
const bookingFieldsSchema = z.object({
  check_in_date: dateField({ required: true }),
  check_out_date: dateField({ required: true }),
  num_adults: integerField({ required: true }, 0),
  num_youth: integerField({ required: false, default: 0 }, 0),
  num_children: integerField({ required: false, default: 0 }, 0),
  guest_first_name: charField({ required: false, default: '' }, 150),
  guest_last_name: charField({ required: false, default: '' }, 150),
  guest_email: charField({ required: false, default: '' }, 254, true),
});

/** A create request as read: the use case's input, and what the words of its refusals need (BookingWording). */
export interface CreateBookingRead extends BookingWording {
  input: CreateBookingInput;
}

/**
 * The parsed JSON body as the use case's input. A body that is not an object fails here, as DRF's serializer fails it
 * before looking at any field (docs/api-behaviour.md §2.4, rule 4, and "No data provided" for `null`). Refused fields
 * reach the use case as `fields: null`, their messages stay here: the site check comes before them.
 */
export function readCreateBookingBody(body: PyJson): CreateBookingRead {
  const object = requireObject(body);
  const siteId = readDrfInteger(object.site_id);
  const parsed = bookingFieldsSchema.safeParse(declaredFields(bookingFieldsSchema, object));
  const customer = readCustomer(object.customer_id);
  const fieldErrors = { ...(parsed.success ? {} : toFieldErrors(parsed.error.issues)), ...('errors' in customer ? customer.errors : {}) };
  const given = 'customer' in customer ? customer.customer : undefined;
  const fields = parsed.data;
  return {
    input: {
      siteId,
      fields:
        fields === undefined || 'errors' in customer
          ? null
          : {
              checkInDate: fields.check_in_date,
              checkOutDate: fields.check_out_date,
              numAdults: fields.num_adults,
              numYouth: fields.num_youth,
              numChildren: fields.num_children,
              guestFirstName: fields.guest_first_name,
              guestLastName: fields.guest_last_name,
              guestEmail: fields.guest_email,
            },
      ...(given === undefined ? {} : { customerId: given === null ? null : given.id }),
    },
    fieldErrors,
    ...(given ? { customerShown: given.shown } : {}),
  };
}

/**
 * `customer_id` as DRF's PrimaryKeyRelatedField reads it: absent, null, or an integer read like the other integer
 * fields ("5", 5.0); anything else names the JSON value's Python type (docs/accounting.md, "Customers on bookings").
 */
function readCustomer(value: PyJson | undefined): { customer?: { id: number; shown: string } | null } | { errors: FieldErrors } {
  if (value === undefined) return {};
  if (value === null) return { customer: null };
  // An integer beyond 2^53 is kept exact by the parser; no row has such an id, so it simply names no customer.
  if (typeof value === 'bigint') return { customer: { id: Number(value), shown: String(value) } };
  const id = readDrfInteger(value);
  if (id === null) return { errors: { customer_id: [`Incorrect type. Expected pk value, received ${pyTypeName(value)}.`] } };
  const shown = value instanceof PyFloat ? pyFloatRepr(value.value) : String(value);
  return { customer: { id, shown } };
}

const FIELD_NAMES = Object.keys(bookingFieldsSchema.shape);

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
    customer_id: optionalField(
      z.unknown().meta({
        anyOf: [...(integerInputDoc().anyOf as unknown[]), { type: 'null' }],
        description:
          'Optional: a customer of your tenant, or null. Read like the other integers. An unknown id: ' +
          '`{"customer_id":["Invalid pk \\"N\\" - object does not exist."]}`; another type: ' +
          '`{"customer_id":["Incorrect type. Expected pk value, received str."]}`.',
        examples: [5],
      }),
    ),
  })
  .register(requestComponents, {
    id: 'CreateBooking',
    description:
      'The new booking. `check_out_date` must be after `check_in_date`, and the occupants must fit the site. ' +
      'Server-assigned fields (`id`, `status`, `total_price`, `booking_reference`, `created_at`, `source`) and ' +
      'unknown fields are ignored.',
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
  [...FIELD_NAMES, 'customer_id'],
  'Validation failed. All field errors come in one answer, in field order; `non_field_errors` holds rules not tied ' +
    'to one field (a body that is not an object, too many occupants).',
);
