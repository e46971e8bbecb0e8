import { bookingFilterErrorsSchema, bookingFilterSchema } from '../schemas/booking-filter.schema';
import { createBookingBodySchema, createBookingErrorsSchema } from '../schemas/create-booking.schema';
import {
  invoiceFilterErrorsSchema,
  invoiceFilterSchema,
  updatedSinceErrorsSchema,
  updatedSinceQuerySchema,
} from '../schemas/list-filter.schema';
import { availabilityErrorsSchema, availabilityPageSchema, availabilityQuerySchema } from '../schemas/availability.schema';
import {
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeyInUseSchema,
  idempotencyKeyReusedSchema,
  invalidIdempotencyKeySchema,
} from '../schemas/idempotency.schema';
import { changesQuerySchema, pagingQuerySchema } from '../schemas/paging.schema';
import {
  bookingInputErrorSchema,
  bookingPageSchema,
  bookingSchema,
  changePageSchema,
  customerPageSchema,
  healthSchema,
  invalidHostSchema,
  invalidCursorSchema,
  invoiceLinePageSchema,
  invoicePageSchema,
  invoiceSchema,
  readinessSchema,
  sitePageSchema,
} from '../schemas/responses.schema';
import {
  API,
  DOCS_ASSETS,
  DOCS_PATH,
  OPENAPI_PATH,
  type OperationSpec,
  answer,
  bodyLimits,
  detailExamples,
  filterErrors,
  headerRef,
  listErrors,
  recordErrors,
  listOperation,
  rateLimitHeaders,
  ref,
  shared,
} from './building-blocks';
import { webhookOperations } from './webhook-operations';

/**
 * Every operation of the API and of the service's own paths, as document.ts lists them: which answers each gives, in
 * the words of docs/api-behaviour.md. The webhook endpoints are in webhook-operations.ts.
 */
export function operations(): OperationSpec[] {
  return [
    listOperation('Booking', 'bookings', 'bookings:read', bookingPageSchema, 'newest `created_at` first (ties: higher `id` first)', {
      query: pagingQuerySchema.extend(bookingFilterSchema.shape),
      responses: {
        '400': answer('A malformed filter value, or a malformed `Host`.', {
          schema: { oneOf: [ref(bookingFilterErrorsSchema), ref(invalidHostSchema)] },
          headers: rateLimitHeaders(true),
          examples: { check_in_from: { check_in_from: ['Enter a valid date.'] } },
        }),
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
        'field errors at once), occupants against `max_occupants` (400), site status and overlapping pending or ' +
        'confirmed bookings (400 `site_unavailable`; touching stays do not overlap). Of two concurrent requests ' +
        'for overlapping dates on one site, exactly one succeeds. An empty body counts as `{}`.\n\nSend an ' +
        '`Idempotency-Key` to retry safely: the same key and body within 24 hours answers the first 201 again ' +
        '(`Idempotent-Replayed: true`) instead of creating a second booking. The key is checked after the rate ' +
        'limit and before the body.',
      scope: 'bookings:write',
      headerParameters: [IDEMPOTENCY_KEY_HEADER],
      requestBody: ref(createBookingBodySchema),
      responses: {
        '201': answer('Created, or the stored answer of an earlier request with the same `Idempotency-Key` and body.', {
          schema: ref(bookingSchema),
          headers: { Location: headerRef('Location'), 'Idempotent-Replayed': headerRef('Idempotent-Replayed'), ...rateLimitHeaders(false) },
        }),
        '400': answer('The body or the `Idempotency-Key` was refused; nothing was created.', {
          schema: {
            oneOf: [ref(bookingInputErrorSchema), ref(createBookingErrorsSchema), ref(invalidIdempotencyKeySchema), ref(invalidHostSchema)],
          },
          headers: rateLimitHeaders(true),
          examples: {
            invalid_idempotency_key: { detail: 'invalid_idempotency_key' },
            site_not_found: { detail: 'site_not_found' },
            site_unavailable: { detail: 'site_unavailable' },
            fields: { check_out_date: ['Check-out date must be after check-in date.'], num_adults: ['This field is required.'] },
            occupants: { non_field_errors: ['Total occupants (6) exceed the maximum of 4 for this site.'] },
            json: { detail: 'JSON parse error - Expecting value: line 1 column 1 (char 0)' },
          },
        }),
        '401': shared('Unauthorized'),
        '403': shared('Forbidden'),
        '409': answer('The first request with this `Idempotency-Key` is still running; retry shortly with the same key.', {
          schema: ref(idempotencyKeyInUseSchema),
          headers: rateLimitHeaders(false),
        }),
        ...bodyLimits(),
        '422': answer('This `Idempotency-Key` came with another body in the last 24 hours; nothing was created.', {
          schema: ref(idempotencyKeyReusedSchema),
          headers: rateLimitHeaders(false),
        }),
        '429': shared('Throttled'),
        '500': shared('ServerError'),
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
        '400': answer('The window is missing, malformed, reversed or too long, or a malformed `Host`.', {
          schema: { oneOf: [ref(availabilityErrorsSchema), ref(invalidHostSchema)] },
          headers: rateLimitHeaders(true),
          examples: {
            missing: { from: ['This field is required.'] },
            reversed: { to: ['Must be after from.'] },
            too_long: { to: ['At most 366 nights from from.'] },
          },
        }),
      },
    },
    {
      method: 'get',
      path: `${API}/bookings/{id}/`,
      operationId: 'getBooking',
      tag: 'Bookings',
      summary: 'One booking',
      description: "An id that is not an integer, an absent booking and another tenant's booking all give 404 `not_found`.",
      scope: 'bookings:read',
      pathId: "The booking's `id`.",
      responses: {
        '200': answer('The booking.', { schema: ref(bookingSchema), headers: rateLimitHeaders(false) }),
        ...recordErrors,
      },
    },
    listOperation('Site', 'sites', 'sites:read', sitePageSchema, 'by `site_number` in byte order (ties: lower `id` first)', {
      query: pagingQuerySchema.extend(updatedSinceQuerySchema.shape),
      responses: { '400': filterErrors(updatedSinceErrorsSchema, 'updated_since', ['Enter a valid date/time.']) },
    }),
    listOperation('Customer', 'customers', 'customers:read', customerPageSchema, 'newest `date_joined` first (ties: higher `id` first)', {
      query: pagingQuerySchema.extend(updatedSinceQuerySchema.shape),
      responses: { '400': filterErrors(updatedSinceErrorsSchema, 'updated_since', ['Enter a valid date/time.']) },
    }),
    listOperation('Invoice', 'invoices', 'invoices:read', invoicePageSchema, 'newest `issued_at` first (ties: higher `id` first)', {
      query: pagingQuerySchema.extend(invoiceFilterSchema.shape),
      responses: { '400': filterErrors(invoiceFilterErrorsSchema, 'issued_from', ['Enter a valid date.']) },
    }),
    {
      method: 'get',
      path: `${API}/invoices/{id}/`,
      operationId: 'getInvoice',
      tag: 'Invoices',
      summary: 'One invoice',
      description: "An id that is not an integer, an absent invoice and another tenant's invoice all give 404 `not_found`.",
      scope: 'invoices:read',
      pathId: "The invoice's `id`.",
      responses: {
        '200': answer('The invoice.', { schema: ref(invoiceSchema), headers: rateLimitHeaders(false) }),
        ...recordErrors,
      },
    },
    {
      method: 'get',
      path: `${API}/invoices/{id}/lines/`,
      operationId: 'listInvoiceLines',
      tag: 'Invoices',
      summary: 'The lines of one invoice',
      description:
        "The invoice's lines in `position` order, paged like every list. An invoice without lines (a legacy " +
        'header) has none. An absent invoice: 404 `not_found`.',
      scope: 'invoices:read',
      pathId: "The invoice's `id`.",
      query: pagingQuerySchema,
      responses: {
        '200': answer('One page of lines.', { schema: ref(invoiceLinePageSchema), headers: rateLimitHeaders(false) }),
        ...recordErrors,
      },
    },
    {
      method: 'get',
      path: `${API}/invoices/{id}/pdf/`,
      operationId: 'getInvoicePdf',
      tag: 'Invoices',
      summary: 'One invoice as a PDF',
      description:
        'An A4 PDF of the invoice (for an open invoice of a tenant with billing details, with a Swiss QR-bill ' +
        'payment part). The only answer that is not JSON; its errors are JSON. Send the `ETag` back as ' +
        '`If-None-Match` to get 304 while the document is unchanged.',
      scope: 'invoices:read',
      pathId: "The invoice's `id`.",
      responses: {
        '200': answer('The PDF.', {
          schema: { type: 'string', contentMediaType: 'application/pdf' },
          mediaType: 'application/pdf',
          headers: { ETag: headerRef('ETag'), 'Content-Disposition': headerRef('Content-Disposition'), ...rateLimitHeaders(false) },
        }),
        '304': answer("Not modified: `If-None-Match` named this document's `ETag`. No body.", {
          headers: { ETag: headerRef('ETag'), ...rateLimitHeaders(false) },
        }),
        ...recordErrors,
      },
    },
    {
      method: 'get',
      path: `${API}/changes/`,
      operationId: 'listChanges',
      tag: 'Changes',
      summary: 'The change feed',
      description:
        'Every record created, changed or deleted by any writer (this API, the operator tools, the admin console, ' +
        'plain SQL), in commit order, each at its latest change, of the types the key can read (`bookings:read` ' +
        '→ booking, `sites:read` → site, `customers:read` → customer, `invoices:read` → invoice). Follow `next` ' +
        'to the end, store `cursor`, and resume later with `after=<cursor>`: nothing committed after that point ' +
        'is missed, including changes that committed while you were reading. A record may come again when it ' +
        'changed again.',
      scope: ['bookings:read', 'sites:read', 'customers:read', 'invoices:read'],
      query: changesQuerySchema,
      responses: {
        '200': answer('One page of changes.', { schema: ref(changePageSchema), headers: rateLimitHeaders(false) }),
        '400': answer('`after` is malformed or belongs to another tenant, or a malformed `Host`.', {
          schema: { oneOf: [ref(invalidCursorSchema), ref(invalidHostSchema)] },
          headers: rateLimitHeaders(true),
          examples: detailExamples('invalid_cursor'),
        }),
        '401': shared('Unauthorized'),
        '403': shared('Forbidden'),
        '429': shared('Throttled'),
        '500': shared('ServerError'),
      },
    },
    ...webhookOperations(),
    {
      method: 'get',
      path: '/healthz',
      operationId: 'getHealth',
      tag: 'Service',
      summary: 'Liveness probe',
      description: 'Answers without authentication, also over plain HTTP, so that probes need no key.',
      scope: null,
      responses: { '200': answer('The process is alive.', { schema: ref(healthSchema) }) },
    },
    {
      method: 'get',
      path: '/readyz',
      operationId: 'getReadiness',
      tag: 'Service',
      summary: 'Readiness probe',
      description: 'Whether the database answers within 2 s. No authentication, also over plain HTTP.',
      scope: null,
      responses: {
        '200': answer('Ready to serve.', { schema: ref(readinessSchema), examples: { ready: { status: 'ready' } } }),
        '503': answer('The database did not answer in time; send traffic elsewhere.', {
          schema: ref(readinessSchema),
          examples: { unavailable: { status: 'unavailable' } },
        }),
      },
    },
    {
      method: 'get',
      path: OPENAPI_PATH,
      operationId: 'getOpenApiDocument',
      tag: 'Service',
      summary: 'This document',
      description: 'The OpenAPI 3.1 document of the service. No authentication; HTTPS only.',
      scope: null,
      responses: {
        '200': answer('The document.', { schema: { type: 'object' } }),
        '400': shared('InvalidHost'),
        '403': shared('Forbidden'),
      },
    },
    {
      method: 'get',
      path: DOCS_PATH,
      operationId: 'getApiReference',
      tag: 'Service',
      summary: 'API reference page',
      description:
        'A human-readable reference rendered from this document. No authentication; HTTPS only; it loads nothing from outside the service.',
      scope: null,
      responses: {
        '200': answer('The reference page.', { schema: { type: 'string' }, mediaType: 'text/html' }),
        '400': shared('InvalidHost'),
        '403': shared('Forbidden'),
      },
    },
    {
      method: 'get',
      path: `${DOCS_PATH}/assets/{asset}`,
      operationId: 'getApiReferenceAsset',
      tag: 'Service',
      summary: 'A file of the reference page',
      description: "The renderer's script and stylesheet, served by this service itself.",
      scope: null,
      pathParameters: [
        {
          name: 'asset',
          in: 'path',
          required: true,
          description: 'A file name the reference page uses.',
          schema: { type: 'string', enum: [...DOCS_ASSETS] },
        },
      ],
      responses: {
        '200': answer('The file.', {
          schema: { type: 'string' },
          mediaType: 'text/javascript',
          extraMediaTypes: ['text/css'],
        }),
        '400': shared('InvalidHost'),
        '403': shared('Forbidden'),
        // A name outside the list is an unknown path.
        '404': shared('NotFound'),
      },
    },
  ];
}
