import { z } from 'zod';
import { components } from './components';

// The public JSON answers as zod schemas: the resources (resource-responses.schema.ts, selling-responses.schema.ts),
// the feed and webhooks (feed-responses.schema.ts), then the errors below. The components register in the order
// these modules load, which is the order of the OpenAPI document's schemas.
export * from './components';
export * from './resource-responses.schema';
export * from './selling-responses.schema';
export * from './feed-responses.schema';

// ---------------------------------------------------------------------------------------------------------------------
// Errors: the detail shape `{"detail": "..."}`. Machine codes are listed as constants; sentences are generic messages.

export function detail<T extends z.ZodType<string>>(name: string, description: string, text: T) {
  return z.object({ detail: text }).register(components, { id: name, description });
}

export const MESSAGES = {
  permissionDenied: 'You do not have permission to perform this action.',
  invalidPage: 'Invalid page.',
  unknownPath: 'Not found.',
  serverError: 'A server error occurred.',
} as const;

export const unauthorizedSchema = detail(
  'Unauthorized',
  'Machine codes: `invalid_key` (header missing or malformed, unknown prefix or wrong secret) and `key_inactive` ' +
    '(revoked or expired). Do not retry with the same key.',
  z.enum(['invalid_key', 'key_inactive']),
);
export const forbiddenSchema = detail(
  'Forbidden',
  '`https_required` when the request came over plain HTTP; otherwise the key lacks the scope this operation ' +
    'requires. Do not retry with the same key.',
  z.enum([MESSAGES.permissionDenied, 'https_required']),
);
export const notFoundSchema = detail(
  'NotFound',
  'Machine code `not_found`: the record is absent or belongs to another tenant. `Invalid page.`: the page is not ' +
    'an integer, below 1 or past the end. `Not found.`: an unknown path.',
  z.enum(['not_found', MESSAGES.invalidPage, MESSAGES.unknownPath]),
);
export const methodNotAllowedSchema = detail(
  'MethodNotAllowed',
  'The path exists but not with this method; the `Allow` header lists the methods it has.',
  z
    .string()
    .regex(/^Method ".*" not allowed\.$/s)
    .meta({ examples: ['Method "PUT" not allowed.'] }),
);
export const payloadTooLargeSchema = detail(
  'PayloadTooLarge',
  'The body exceeds 1 MiB; the connection is closed.',
  z.string().meta({ examples: ['Request body exceeds the limit of 1048576 bytes.'] }),
);
export const unsupportedMediaTypeSchema = detail(
  'UnsupportedMediaType',
  'A non-empty body whose `Content-Type` is not JSON.',
  z
    .string()
    .regex(/^Unsupported media type ".*" in request\.$/s)
    .meta({ examples: ['Unsupported media type "text/plain" in request.'] }),
);
export const throttledSchema = detail(
  'Throttled',
  'The per-key rate limit, or the per-address limit on failed authentications, is exhausted. Wait `Retry-After` seconds.',
  z
    .string()
    .regex(/^Request was throttled\. Expected available in \d+ seconds?\.$/)
    .meta({
      examples: ['Request was throttled. Expected available in 12 seconds.'],
    }),
);
export const invalidHostSchema = detail(
  'InvalidHost',
  'The `Host` header is not a valid `host[:port]`, or there is more than one (checked right after HTTPS, before the path).',
  z.literal('Invalid Host header.'),
);
export const serverErrorSchema = detail(
  'ServerError',
  'A fault on our side. Retry with exponential backoff.',
  z.literal(MESSAGES.serverError),
);
export const serviceUnavailableSchema = detail(
  'ServiceUnavailable',
  'The database could not be reached; the request did not take effect. Send it again after `Retry-After` seconds.',
  z.literal('Service temporarily unavailable, try again later.'),
);
export const invalidCursorSchema = detail(
  'InvalidCursor',
  'Machine code `invalid_cursor`: `after` is malformed or was not issued for this tenant.',
  z.literal('invalid_cursor'),
);
export const bookingInputErrorSchema = detail(
  'BookingInputError',
  'Machine codes `site_not_found` (site_id missing, not an integer, or not a site of your tenant) and ' +
    '`site_unavailable` (the site is not active or the dates overlap a pending or confirmed booking); or ' +
    '`JSON parse error - <reason>` for a body that is not JSON.',
  z.union([z.enum(['site_not_found', 'site_unavailable']), z.string().regex(/^JSON parse error - /)]),
);

/** The stay rules of a tenant's tariff, checked on every booking and quote (docs/channel-managers.md, "Stay rules"). */
export const STAY_RULE_CODES = ['stop_sell', 'closed_to_arrival', 'closed_to_departure', 'min_stay', 'max_stay'] as const;

export const stayRuleRefusalSchema = detail(
  'StayRuleRefusal',
  'A stay rule of the tariff refuses the stay, checked in this order: `stop_sell` (a night is closed for sale), ' +
    '`closed_to_arrival` (the arrival date), `closed_to_departure` (the departure date), `min_stay` (fewer nights ' +
    "than the arrival date's minimum), `max_stay` (more than its maximum).",
  z.enum(STAY_RULE_CODES),
);
export const quoteInputErrorSchema = detail(
  'QuoteInputError',
  'Machine codes `site_not_found` (neither `site_id` nor `site_type_id`, or `site_id` not a site of your tenant), ' +
    '`site_type_not_found` (`site_type_id` not a type of your tenant), `no_tariff` (a night lies in no season of ' +
    'the type) and `site_unavailable` (the site, or every active site of the type, is taken for some night).',
  z.enum(['site_not_found', 'site_type_not_found', 'no_tariff', 'site_unavailable']),
);
export const quoteRefusalSchema = detail(
  'QuoteRefusal',
  'Booking from a quote: `quote_not_found` (no quote of your tenant has this id), `quote_mismatch` (a field sent ' +
    "beside `quote_id` differs from the quote's), `quote_expired` (past `expires_at`), `quote_used` (already booked).",
  z.enum(['quote_not_found', 'quote_mismatch', 'quote_expired', 'quote_used']),
);
export const notCancellableSchema = detail(
  'NotCancellable',
  'Machine code `not_cancellable`: only a `pending` or `confirmed` booking can be cancelled.',
  z.literal('not_cancellable'),
);

export const webhookEndpointLimitSchema = detail(
  'WebhookEndpointLimit',
  'Machine code `webhook_endpoint_limit`: the tenant already has the most endpoints it may have (10).',
  z.literal('webhook_endpoint_limit'),
);
export const jsonParseErrorSchema = detail(
  'JsonParseError',
  "The body is not JSON (or not UTF-8); the reason is in Python's words and is not a contract.",
  z
    .string()
    .regex(/^JSON parse error - /)
    .meta({ examples: ['JSON parse error - Expecting value: line 1 column 1 (char 0)'] }),
);

const messages = z.array(z.string()).min(1);

/** DRF's field-keyed errors over the given field names, plus `non_field_errors`. */
export function fieldErrorsOf(name: string, fields: readonly string[], description: string) {
  const shape: Record<string, z.ZodOptional<typeof messages>> = {};
  for (const field of [...fields, 'non_field_errors']) shape[field] = messages.optional();
  return z
    .object(shape)
    .strict()
    .register(components, { id: name, description: `${description} Each key names a field; each value holds one or more messages.` });
}
