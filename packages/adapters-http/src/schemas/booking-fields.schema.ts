import type { BookingFields, CreateBookingInput, FieldErrors } from '@campsite/domain';
import type { BookingWording } from '../drf-compat/booking-messages';
import { z } from 'zod';
import { PyFloat, type PyJson } from '../drf-compat/json-parser';
import { pyFloatRepr, pyTypeName } from '../drf-compat/text';
import { charField, dateField, integerField, integerInputDoc, optionalField, readDrfInteger } from './drf-fields';

// The stay and guest fields of POST /bookings/ and POST /quotes/ in the serializer's declaration order, which is the
// order DRF reports errors in. Server-assigned fields (status, total_price, booking_reference, created_at, id, source)
// and unknown keys are not declared, so they are ignored (docs/api-behaviour.md §2). The site is read apart: the
// booking use case checks it before these (docs/api-behaviour.md §2.4, rule 5).
export const bookingFieldsSchema = z.object({
  check_in_date: dateField({ required: true }),
  check_out_date: dateField({ required: true }),
  num_adults: integerField({ required: true }, 0),
  num_youth: integerField({ required: false, default: 0 }, 0),
  num_children: integerField({ required: false, default: 0 }, 0),
  guest_first_name: charField({ required: false, default: '' }, 150),
  guest_last_name: charField({ required: false, default: '' }, 150),
  guest_email: charField({ required: false, default: '' }, 254, true),
});

export const FIELD_NAMES = Object.keys(bookingFieldsSchema.shape);

/** A create request as read: the use case's input, and what the words of its refusals need (BookingWording). */
export interface CreateBookingRead extends BookingWording {
  input: CreateBookingInput;
}

/** The fields as read, in the use case's words. */
export function bookingFieldsOf(fields: z.output<typeof bookingFieldsSchema>): BookingFields {
  return {
    checkInDate: fields.check_in_date,
    checkOutDate: fields.check_out_date,
    numAdults: fields.num_adults,
    numYouth: fields.num_youth,
    numChildren: fields.num_children,
    guestFirstName: fields.guest_first_name,
    guestLastName: fields.guest_last_name,
    guestEmail: fields.guest_email,
  };
}

/** `customer_id` as read: absent (empty), a customer or null, or its field errors. */
export type CustomerReading = { customer?: { id: number; shown: string } | null } | { errors: FieldErrors };

/**
 * `customer_id` as DRF's PrimaryKeyRelatedField reads it: absent, null, or an integer read like the other integer
 * fields ("5", 5.0); anything else names the JSON value's Python type (docs/accounting.md, "Customers on bookings").
 */
export function readCustomer(value: PyJson | undefined): CustomerReading {
  if (value === undefined) return {};
  if (value === null) return { customer: null };
  // An integer beyond 2^53 is kept exact by the parser; no row has such an id, so it simply names no customer.
  if (typeof value === 'bigint') return { customer: { id: Number(value), shown: String(value) } };
  const id = readDrfInteger(value);
  if (id === null) return { errors: { customer_id: [`Incorrect type. Expected pk value, received ${pyTypeName(value)}.`] } };
  const shown = value instanceof PyFloat ? pyFloatRepr(value.value) : String(value);
  return { customer: { id, shown } };
}

/** What a create request's reading carries of `customer_id`: the id for the use case, the text for its messages. */
export function customerParts(customer: CustomerReading): {
  input: { customerId?: number | null };
  wording: { customerShown?: string };
} {
  const given = 'customer' in customer ? customer.customer : undefined;
  return {
    input: given === undefined ? {} : { customerId: given === null ? null : given.id },
    wording: given ? { customerShown: given.shown } : {},
  };
}
/** `customer_id` for the OpenAPI document. */
export const customerIdDoc = optionalField(
  z.unknown().meta({
    anyOf: [...(integerInputDoc().anyOf as unknown[]), { type: 'null' }],
    description:
      'Optional: a customer of your tenant, or null. Read like the other integers. An unknown id: ' +
      '`{"customer_id":["Invalid pk \\"N\\" - object does not exist."]}`; another type: ' +
      '`{"customer_id":["Incorrect type. Expected pk value, received str."]}`.',
    examples: [5],
  }),
);
