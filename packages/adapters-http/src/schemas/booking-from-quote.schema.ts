import type { QuotedStay } from '@campsite/domain';
import { z } from 'zod';
import type { PyObject } from '../drf-compat/json-parser';
import { declaredFields, integerInputDoc, optionalField, readDrfInteger, toFieldErrors } from './drf-fields';
import { type CreateBookingRead, bookingFieldsSchema, customerIdDoc, customerParts, readCustomer } from './booking-fields.schema';
import { extrasFieldDoc, readExtras } from './extras-field';
import { requestComponents } from './responses.schema';

type FieldName = keyof typeof bookingFieldsSchema.shape;

/** The quote's own fields, compared when sent; the guest's names and e-mail are the booking's and always read. */
const STAY_FIELDS = ['check_in_date', 'check_out_date', 'num_adults', 'num_youth', 'num_children'] as const satisfies FieldName[];
const GUEST_FIELDS = ['guest_first_name', 'guest_last_name', 'guest_email'] as const satisfies FieldName[];

/** No quote names site 0 (ids start at 1): a `site_id` that is no id differs from every quote's. */
const NO_SITE = 0;

/**
 * The schema of the guest's fields and the stay fields sent, made once per set of stay fields (at most 32): a schema
 * picked anew for each request is compiled anew by zod on its first parse.
 */
const pickedSchemas = new Map<string, ReturnType<typeof bookingFieldsSchema.pick>>();
function schemaFor(sent: readonly FieldName[]) {
  const key = sent.join(',');
  let schema = pickedSchemas.get(key);
  if (!schema) {
    const mask = Object.fromEntries([...sent, ...GUEST_FIELDS].map((name) => [name, true])) as Partial<Record<FieldName, true>>;
    schema = bookingFieldsSchema.pick(mask);
    pickedSchemas.set(key, schema);
  }
  return schema;
}

/**
 * A create request that names a quote (docs/channel-managers.md, "Booking from a quote"). The stay fields may be left
 * out; each one sent is read with its usual rules (so a malformed value gets its usual message) and handed on for the
 * use case to compare with the quote. Refused fields make `guest` null; their messages stay here, because the quote
 * is looked up first.
 */
export function readBookingFromQuote(object: PyObject): CreateBookingRead {
  const fieldsSchema = schemaFor(STAY_FIELDS.filter((name) => object[name] !== undefined));
  const parsed = fieldsSchema.safeParse(declaredFields(fieldsSchema, object));
  const customer = readCustomer(object.customer_id);
  const extras = readExtras(object.extras);
  const fieldErrors = {
    ...(parsed.success ? {} : toFieldErrors(parsed.error.issues)),
    ...('errors' in customer ? customer.errors : {}),
    ...(extras && 'errors' in extras ? { extras: extras.errors } : {}),
  };
  const fields = parsed.data as Partial<z.output<typeof bookingFieldsSchema>> | undefined;
  const stay: QuotedStay = {
    quoteId: readDrfInteger(object.quote_id),
    ...(object.site_id === undefined ? {} : { siteId: object.site_id === null ? null : (readDrfInteger(object.site_id) ?? NO_SITE) }),
    ...(fields?.check_in_date === undefined ? {} : { checkInDate: fields.check_in_date }),
    ...(fields?.check_out_date === undefined ? {} : { checkOutDate: fields.check_out_date }),
    ...(fields?.num_adults === undefined ? {} : { numAdults: fields.num_adults }),
    ...(fields?.num_youth === undefined ? {} : { numYouth: fields.num_youth }),
    ...(fields?.num_children === undefined ? {} : { numChildren: fields.num_children }),
    ...(extras && 'extras' in extras ? { extras: extras.extras } : {}),
  };
  const refused = Object.keys(fieldErrors).length > 0 || fields === undefined;
  const guest = refused
    ? null
    : { guestFirstName: fields.guest_first_name!, guestLastName: fields.guest_last_name!, guestEmail: fields.guest_email! };
  const { input, wording } = customerParts(customer);
  return { input: { siteId: null, fields: null, ...input, quote: { stay, guest } }, fieldErrors, ...wording };
}

/** A stay field beside `quote_id`: the same rules, no default, and optional. */
function besideQuote(name: (typeof STAY_FIELDS)[number]) {
  const { default: _default, description = '', ...doc } = (bookingFieldsSchema.shape[name].meta() ?? {}) as Record<string, unknown>;
  return optionalField(z.unknown().meta({ ...doc, description: `${String(description)} Optional: when sent, it must equal the quote's.` }));
}

/** The body of a booking from a quote, for the OpenAPI document (the same fields' metadata; not used to parse). */
export const createBookingFromQuoteBodySchema = z
  .object({
    quote_id: z.unknown().meta({
      ...integerInputDoc(),
      description:
        'A quote of your tenant (`POST /quotes/`). Unknown: 400 `{"detail":"quote_not_found"}`; past its ' +
        '`expires_at`: `quote_expired`; already booked: `quote_used`.',
      examples: [12],
    }),
    site_id: optionalField(
      z.unknown().meta({
        anyOf: [...(integerInputDoc().anyOf as unknown[]), { type: 'null' }],
        description: "Optional: when sent, it must equal the quote's `site_id` (null for a quote by type).",
        examples: [3],
      }),
    ),
    ...Object.fromEntries(STAY_FIELDS.map((name) => [name, besideQuote(name)])),
    ...Object.fromEntries(GUEST_FIELDS.map((name) => [name, bookingFieldsSchema.shape[name]])),
    customer_id: customerIdDoc,
    extras: optionalField(
      z.unknown().meta({
        ...(extrasFieldDoc.meta() ?? {}),
        description: "Optional: when sent, the list must equal the quote's `extras` (compulsory ones included), in any order.",
      }),
    ),
  })
  .register(requestComponents, {
    id: 'CreateBookingFromQuote',
    description:
      "A booking from a quote: the quote's stay, party, extras and total. A field sent beside `quote_id` that " +
      'differs from the quote: 400 `{"detail":"quote_mismatch"}`. A quote by type books the free active pitch of ' +
      'the type with the lowest `site_number`.',
    examples: [{ quote_id: 12, guest_first_name: 'Anna', guest_last_name: 'Muster', guest_email: 'anna@example.ch' }],
  });
