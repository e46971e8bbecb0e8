import { bookingFilterErrorsSchema, bookingFilterSchema } from '../schemas/booking-filter.schema';
import { createBookingBodySchema, createBookingErrorsSchema } from '../schemas/create-booking.schema';
import { createBookingFromQuoteBodySchema } from '../schemas/booking-from-quote.schema';
import { availabilityErrorsSchema, availabilityPageSchema, availabilityQuerySchema } from '../schemas/availability.schema';
import {
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeyInUseSchema,
  idempotencyKeyReusedSchema,
  invalidIdempotencyKeySchema,
} from '../schemas/idempotency.schema';
import { pagingQuerySchema } from '../schemas/paging.schema';
import {
  bookingInputErrorSchema,
  bookingPageSchema,
  bookingSchema,
  invalidHostSchema,
  notCancellableSchema,
  quoteRefusalSchema,
  stayRuleRefusalSchema,
} from '../schemas/responses.schema';
import {
  API,
  type OperationSpec,
  answer,
  bodyErrors,
  detailExamples,
  filterErrors,
  headerRef,
  listErrors,
  listOperation,
  queryErrors,
  rateLimitHeaders,
  recordErrors,
  recordOperation,
  ref,
} from './building-blocks';

/** The 400s of a window of nights (GET /availability/, GET /calendar/). */
export const WINDOW_EXAMPLES = {
  missing: { from: ['This field is required.'] },
  reversed: { to: ['Must be after from.'] },
  too_long: { to: ['At most 366 nights from from.'] },
};

/** The bookings: list, create (also from a quote), read, cancel, and the free nights per site. */
export function bookingOperations(): OperationSpec[] {
  return [
    listOperation('Booking', 'bookings', 'bookings:read', bookingPageSchema, 'newest `created_at` first (ties: higher `id` first)', {
      query: pagingQuerySchema.extend(bookingFilterSchema.shape),
      responses: {
        '400': filterErrors(bookingFilterErrorsSchema, 'check_in_from', ['Enter a valid date.']),
      },
    }),
    {
      method: 'post',
      path: `${API}/bookings/`,
      operationId: 'createBooking',
      tag: 'Bookings',
      summary: 'Create a pending booking',
      description:
        'Creates a booking with status `pending`, a generated `booking_reference` and a placeholder `total_price`; ' +
        'an operator confirms it later. Checks, first failure wins: media type (415), size (413), JSON syntax ' +
        '(400), a body that is not an object (400), `site_id` (400 `site_not_found`), field validation (400, all ' +
        'field errors at once), occupants against `max_occupants` (400), the stay rules of the tariff (400 ' +
        '`stop_sell`, `closed_to_arrival`, `closed_to_departure`, `min_stay`, `max_stay`, in this order), site ' +
        'status and overlapping pending or confirmed bookings (400 `site_unavailable`; touching stays do not ' +
        'overlap). Of two concurrent requests for overlapping dates on one site, exactly one succeeds. An empty ' +
        "body counts as `{}`.\n\nWith `quote_id` (a quote from `POST /quotes/`), the booking is the quote's: its " +
        "stay, party, extras and total. The stay fields may then be left out; those sent must equal the quote's. " +
        'Checks: `quote_id` (400 `quote_not_found`), field validation, the fields sent against the quote ' +
        '(`quote_mismatch`), `quote_expired`, `quote_used`, then availability (`site_unavailable`); the stay rules ' +
        'and the tariff are not checked again.\n\nSend an ' +
        '`Idempotency-Key` to retry safely: the same key and body within 24 hours answers the first 201 again ' +
        '(`Idempotent-Replayed: true`) instead of creating a second booking. The key is checked after the rate ' +
        'limit and before the body.',
      scope: 'bookings:write',
      headerParameters: [IDEMPOTENCY_KEY_HEADER],
      requestBody: { anyOf: [ref(createBookingBodySchema), ref(createBookingFromQuoteBodySchema)] },
      responses: {
        '201': answer('Created, or the stored answer of an earlier request with the same `Idempotency-Key` and body.', {
          schema: ref(bookingSchema),
          headers: { Location: headerRef('Location'), 'Idempotent-Replayed': headerRef('Idempotent-Replayed'), ...rateLimitHeaders(false) },
        }),
        '400': answer('The body or the `Idempotency-Key` was refused; nothing was created.', {
          schema: {
            oneOf: [
              ref(bookingInputErrorSchema),
              ref(createBookingErrorsSchema),
              ref(stayRuleRefusalSchema),
              ref(quoteRefusalSchema),
              ref(invalidIdempotencyKeySchema),
              ref(invalidHostSchema),
            ],
          },
          headers: rateLimitHeaders(true),
          examples: {
            invalid_idempotency_key: { detail: 'invalid_idempotency_key' },
            site_not_found: { detail: 'site_not_found' },
            site_unavailable: { detail: 'site_unavailable' },
            fields: { check_out_date: ['Check-out date must be after check-in date.'], num_adults: ['This field is required.'] },
            occupants: { non_field_errors: ['Total occupants (6) exceed the maximum of 4 for this site.'] },
            min_stay: { detail: 'min_stay' },
            quote_expired: { detail: 'quote_expired' },
            json: { detail: 'JSON parse error - Expecting value: line 1 column 1 (char 0)' },
          },
        }),
        ...bodyErrors(),
        '409': answer('The first request with this `Idempotency-Key` is still running; retry shortly with the same key.', {
          schema: ref(idempotencyKeyInUseSchema),
          headers: rateLimitHeaders(false),
        }),
        '422': answer('This `Idempotency-Key` came with another body in the last 24 hours; nothing was created.', {
          schema: ref(idempotencyKeyReusedSchema),
          headers: rateLimitHeaders(false),
        }),
      },
    },
    {
      method: 'get',
      path: `${API}/availability/`,
      operationId: 'getAvailability',
      tag: 'Bookings',
      summary: 'Free nights per site',
      description:
        'Per site of the tenant, in `site_number` order and paged like `GET /sites/`, the longest runs of free ' +
        'nights in the window from `from` up to the night before `to` (at most 366 nights). It uses the rule of ' +
        '`POST /bookings/`: a night is taken when a `pending` or `confirmed` booking covers it, and a site that ' +
        'is not `active` has none. The window is checked before the page; `next` and `previous` keep it.',
      scope: 'bookings:read',
      query: pagingQuerySchema.extend(availabilityQuerySchema.shape),
      responses: {
        '200': answer('One page of sites with their free runs.', { schema: ref(availabilityPageSchema), headers: rateLimitHeaders(false) }),
        ...listErrors,
        '400': queryErrors('The window is missing, malformed, reversed or too long', availabilityErrorsSchema, WINDOW_EXAMPLES),
      },
    },
    recordOperation({
      path: `${API}/bookings/{id}/`,
      operationId: 'getBooking',
      tag: 'Bookings',
      summary: 'One booking',
      scope: 'bookings:read',
      noun: 'booking',
      schema: bookingSchema,
    }),
    {
      method: 'post',
      path: `${API}/bookings/{id}/cancel/`,
      operationId: 'cancelBooking',
      tag: 'Bookings',
      summary: 'Cancel a booking',
      description:
        'A `pending` or `confirmed` booking becomes `cancelled`, and its nights are free at once (availability, the ' +
        'calendar, quotes). One already cancelled is answered as it is, so a repeat is harmless. Any other status: ' +
        '400 `not_cancellable`. The body is not read. An id that is not an integer, an absent booking and another ' +
        "tenant's booking all give 404 `not_found`.",
      scope: 'bookings:write',
      pathId: "The booking's `id`.",
      responses: {
        '200': answer('The booking, cancelled.', { schema: ref(bookingSchema), headers: rateLimitHeaders(false) }),
        ...recordErrors,
        '400': answer('The booking is `completed` or `no_show` (or another status that cannot be cancelled), or a malformed `Host`.', {
          schema: { oneOf: [ref(notCancellableSchema), ref(invalidHostSchema)] },
          headers: rateLimitHeaders(true),
          examples: detailExamples('not_cancellable'),
        }),
      },
    },
  ];
}
