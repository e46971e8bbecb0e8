import type { QuoteInput } from '@campsite/domain';
import { z } from 'zod';
import type { BookingWording } from '../drf-compat/booking-messages';
import type { PyJson } from '../drf-compat/json-parser';
import { declaredFields, integerInputDoc, optionalField, readDrfInteger, requireObject, toFieldErrors } from './drf-fields';
import { FIELD_NAMES, bookingFieldsOf, bookingFieldsSchema } from './booking-fields.schema';
import { extrasFieldDoc, readExtras } from './extras-field';
import { fieldErrorsOf, requestComponents } from './responses.schema';

/** A quote request as read: the use case's input, and the transport's own messages for the fields it refused. */
export interface CreateQuoteRead extends BookingWording {
  input: QuoteInput;
}

/**
 * `site_id` or `site_type_id`: undefined when left out (or null, which names nothing, as a by-type quote shows its
 * `site_id`), null when sent but not an id. Whether it names a site or type of the tenant is the use case's check.
 */
function readPlace(value: PyJson | undefined): number | null | undefined {
  return value === undefined || value === null ? undefined : readDrfInteger(value);
}

/**
 * `POST /quotes/` (docs/channel-managers.md, "Quotes"): the body as POST /bookings/ reads it (the same JSON handling,
 * fields and messages), with `site_id` or `site_type_id` and `extras`. Refused fields and extras reach the use case
 * as null, their messages stay here: the use case orders the checks.
 */
export function readCreateQuoteBody(body: PyJson): CreateQuoteRead {
  const object = requireObject(body);
  const parsed = bookingFieldsSchema.safeParse(declaredFields(bookingFieldsSchema, object));
  const extras = readExtras(object.extras) ?? { extras: [] };
  const fieldErrors = {
    ...(parsed.success ? {} : toFieldErrors(parsed.error.issues)),
    ...('errors' in extras ? { extras: extras.errors } : {}),
  };
  return {
    input: {
      siteId: readPlace(object.site_id),
      siteTypeId: readPlace(object.site_type_id),
      fields: parsed.data === undefined ? null : bookingFieldsOf(parsed.data),
      extras: 'extras' in extras ? extras.extras : null,
    },
    fieldErrors,
  };
}

const placeDoc = (description: string, example: number) =>
  optionalField(
    z.unknown().meta({ anyOf: [...(integerInputDoc().anyOf as unknown[]), { type: 'null' }], description, examples: [example] }),
  );

/** The body for the OpenAPI document: the same fields' metadata put together (not used to parse). */
export const createQuoteBodySchema = z
  .object({
    site_id: placeDoc(
      'A pitch of your tenant, for a quote of that pitch. Not a site of your tenant: 400 `{"detail":"site_not_found"}`.',
      3,
    ),
    site_type_id: placeDoc(
      'A site type of your tenant, for a quote by type (its booking takes the free pitch with the lowest ' +
        '`site_number`). Unknown: 400 `{"detail":"site_type_not_found"}`. With `site_id` too, the site must be of ' +
        'this type, else `{"site_type_id":["Does not match the site\'s type."]}`. With neither: 400 ' +
        '`{"detail":"site_not_found"}`.',
      1,
    ),
    ...bookingFieldsSchema.shape,
    extras: extrasFieldDoc,
  })
  .register(requestComponents, {
    id: 'CreateQuote',
    description:
      'The stay to price: `site_id` or `site_type_id`, the stay and guest fields of `POST /bookings/` with their ' +
      'rules (the guest names are checked, not kept), and optional extras.',
    examples: [
      { site_type_id: 1, check_in_date: '2027-07-01', check_out_date: '2027-07-04', num_adults: 2, extras: [{ code: 'dog', quantity: 1 }] },
    ],
  });

/** 400 field errors of POST /quotes/. */
export const createQuoteErrorsSchema = fieldErrorsOf(
  'CreateQuoteFieldErrors',
  [...FIELD_NAMES, 'extras', 'site_type_id'],
  'Validation failed. All field errors come in one answer, in field order (an unknown extra with them); ' +
    '`non_field_errors` holds rules not tied to one field (a body that is not an object, too many occupants).',
);
