import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Scope } from '@campsite/domain';
import { z } from 'zod';
import { MAX_BODY_BYTES } from '../body/read-json-body';
import { bookingFilterErrorsSchema, bookingFilterSchema } from '../schemas/booking-filter.schema';
import { createBookingBodySchema, createBookingErrorsSchema } from '../schemas/create-booking.schema';
import { isOptionalField } from '../schemas/drf-fields';
import {
  invoiceFilterErrorsSchema,
  invoiceFilterSchema,
  updatedSinceErrorsSchema,
  updatedSinceQuerySchema,
} from '../schemas/list-filter.schema';
import { changesQuerySchema, pagingQuerySchema } from '../schemas/paging.schema';
import {
  createWebhookEndpointBodySchema,
  replayBodySchema,
  rotateSecretBodySchema,
  updateWebhookEndpointBodySchema,
  webhookEndpointErrorsSchema,
} from '../schemas/webhook-endpoint.schema';
import {
  bookingInputErrorSchema,
  bookingPageSchema,
  bookingSchema,
  changePageSchema,
  components,
  createdWebhookEndpointSchema,
  customerPageSchema,
  forbiddenSchema,
  healthSchema,
  invalidHostSchema,
  invalidCursorSchema,
  invoiceLinePageSchema,
  invoicePageSchema,
  invoiceSchema,
  jsonParseErrorSchema,
  methodNotAllowedSchema,
  notFoundSchema,
  payloadTooLargeSchema,
  readinessSchema,
  requestComponents,
  rotatedSecretSchema,
  serverErrorSchema,
  serviceUnavailableSchema,
  sitePageSchema,
  throttledSchema,
  unauthorizedSchema,
  unsupportedMediaTypeSchema,
  webhookEndpointLimitSchema,
  webhookEndpointPageSchema,
  webhookEndpointSchema,
} from '../schemas/responses.schema';

/**
 * The OpenAPI 3.1 document of the whole service, built from the zod schemas that parse requests and type the
 * presenters (zod 4's own JSON Schema output speaks draft 2020-12, OpenAPI 3.1's dialect). Nothing here is a copy
 * of a body: schemas come from `components`, parameters from the request schemas' shapes. What is written here by
 * hand is only which operation answers what, and the HTTP test harness holds that to every answer the suites get.
 */

type JsonSchema = Record<string, unknown>;
type ResponseObject = Record<string, unknown>;

export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PATH = '/docs';
/** The files of the reference page under `/docs/assets/` (docs.routes.ts serves them). */
export const DOCS_ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js', 'init.js'] as const;
const API = '/api/v1/public';

/** Strips zod's `$schema`: inside an OpenAPI 3.1 document the dialect is the document's own. */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, override: dropOptionalFields, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** A DRF field with a default is optional even though its zod transform accepts `undefined` itself. */
function dropOptionalFields(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  const { zodSchema, jsonSchema } = ctx;
  if (!(zodSchema instanceof z.ZodObject) || !Array.isArray(jsonSchema.required)) return;
  const shape = zodSchema.shape as Record<string, z.ZodType>;
  const required = (jsonSchema.required as string[]).filter((name) => shape[name] && !isOptionalField(shape[name]));
  if (required.length > 0) jsonSchema.required = required;
  else delete jsonSchema.required;
}

function componentSchemas(): Record<string, JsonSchema> {
  const all: Record<string, JsonSchema> = {};
  for (const [registry, io] of [[components, 'output'], [requestComponents, 'input']] as const) {
    const { schemas } = z.toJSONSchema(registry, {
      target: 'draft-2020-12',
      io,
      uri: (id) => `#/components/schemas/${id}`,
      override: (ctx) => {
        dropOptionalFields(ctx);
        // zod writes the fields' metadata, not a registry's own: a component's description and examples come here.
        const { id: _id, ...meta } = registry.get(ctx.zodSchema as unknown as z.ZodType) ?? {};
        Object.assign(ctx.jsonSchema, meta);
      },
      unrepresentable: 'any',
    }) as { schemas: Record<string, JsonSchema> };
    for (const [name, { $schema: _dialect, $id: _id, ...schema }] of Object.entries(schemas)) all[name] = schema;
  }
  return all;
}

const ref = (schema: z.ZodType): JsonSchema => {
  const meta = components.get(schema) ?? requestComponents.get(schema);
  if (!meta) throw new Error('an answer schema must be registered in components');
  return { $ref: `#/components/schemas/${meta.id}` };
};

// ---------------------------------------------------------------------------------------------------------------------
// Headers

const integerHeader = (description: string, required: boolean) => ({
  description,
  required,
  schema: { type: 'string', pattern: '^\\d+$' },
});

const HEADERS = {
  'X-Request-Id': {
    description:
      'Identifies this request in our logs; quote it when you report a problem. A client-sent `X-Request-Id` of 1–128 characters from `[A-Za-z0-9._-]` is echoed, otherwise a fresh one is made.',
    required: true,
    schema: { type: 'string', minLength: 1 },
  },
  'Strict-Transport-Security': {
    description: 'On every answer: use HTTPS only.',
    required: true,
    schema: { type: 'string', examples: ['max-age=31536000'] },
  },
  'X-Content-Type-Options': { description: 'On every answer.', required: true, schema: { const: 'nosniff' } },
  'Cache-Control': {
    description: 'On every answer: nothing is stored by caches along the way.',
    required: true,
    schema: { const: 'no-store' },
  },
  'RateLimit-Limit': integerHeader('Requests allowed per window for this key.', true),
  'RateLimit-Remaining': integerHeader('Requests left in the current window.', true),
  'RateLimit-Reset': integerHeader('Seconds until the window resets.', true),
  'Retry-After': integerHeader('Seconds to wait before retrying.', true),
  Location: {
    description: 'The absolute URL of the created booking.',
    required: true,
    schema: { type: 'string', format: 'uri' },
  },
  'WWW-Authenticate': { description: 'Always `Bearer`.', required: true, schema: { const: 'Bearer' } },
  ETag: {
    description: 'A strong validator of the exact bytes; send it back as `If-None-Match` to get 304 while they are unchanged.',
    required: true,
    schema: { type: 'string', pattern: '^"[^"]*"$' },
  },
  'Content-Disposition': {
    description: 'An attachment named `<invoice_number>.pdf` (characters outside `A-Za-z0-9._-` become `_`).',
    required: true,
    schema: { type: 'string', pattern: '^attachment; filename="[A-Za-z0-9._-]+"$' },
  },
  Allow: { description: 'The methods this path has.', required: true, schema: { type: 'string', examples: ['GET, POST, HEAD'] } },
} as const;

type HeaderName = keyof typeof HEADERS;

const headerRef = (name: HeaderName) => ({ $ref: `#/components/headers/${name}` });

/** RateLimit-* on an answer the limiter has seen; `optional` where the answer may end before the key is known. */
function rateLimitHeaders(optional: boolean): Record<string, unknown> {
  const names: HeaderName[] = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];
  return Object.fromEntries(
    names.map((name) => [name, optional ? { ...HEADERS[name], required: false } : headerRef(name)]),
  );
}

function answer(
  description: string,
  options: {
    schema?: JsonSchema;
    headers?: Record<string, unknown>;
    examples?: Record<string, unknown>;
    mediaType?: string;
    extraMediaTypes?: string[];
  },
): ResponseObject {
  const headers = {
    'X-Request-Id': headerRef('X-Request-Id'),
    'Strict-Transport-Security': headerRef('Strict-Transport-Security'),
    'X-Content-Type-Options': headerRef('X-Content-Type-Options'),
    'Cache-Control': headerRef('Cache-Control'),
    ...options.headers,
  };
  const response: ResponseObject = { description, headers };
  if (options.schema) {
    const media: Record<string, unknown> = { schema: options.schema };
    if (options.examples) {
      media.examples = Object.fromEntries(Object.entries(options.examples).map(([name, value]) => [name, { value }]));
    }
    response.content = { [options.mediaType ?? 'application/json']: media };
    for (const type of options.extraMediaTypes ?? []) (response.content as Record<string, unknown>)[type] = { schema: options.schema };
  }
  return response;
}

const detailExamples = (...details: string[]) =>
  Object.fromEntries(details.map((text, index) => [`example${index + 1}`, { detail: text }]));

/** Answers shared by every operation under /api/v1/public/, kept once in `components.responses`. */
function sharedResponses(): Record<string, ResponseObject> {
  return {
    Unauthorized: answer('The key is missing, malformed, unknown, revoked or expired. Not counted against the rate limit.', {
      schema: ref(unauthorizedSchema),
      headers: { 'WWW-Authenticate': headerRef('WWW-Authenticate') },
      examples: { invalid_key: { detail: 'invalid_key' }, key_inactive: { detail: 'key_inactive' } },
    }),
    Forbidden: answer('Plain HTTP (`https_required`, before anything else), or a key without this operation\'s scope.', {
      schema: ref(forbiddenSchema),
      headers: rateLimitHeaders(true),
      examples: { scope: { detail: 'You do not have permission to perform this action.' }, https: { detail: 'https_required' } },
    }),
    InvalidHost: answer('The `Host` header is malformed or repeated (when no public URL is configured).', {
      schema: ref(invalidHostSchema),
      examples: detailExamples('Invalid Host header.'),
    }),
    InvalidPage: answer('The page is not an integer, below 1, or past the end.', {
      schema: ref(notFoundSchema),
      headers: rateLimitHeaders(true),
      examples: detailExamples('Invalid page.'),
    }),
    NotFound: answer('No such record in your tenant (another tenant\'s records do not exist for you), or an unknown path.', {
      schema: ref(notFoundSchema),
      headers: rateLimitHeaders(true),
      examples: detailExamples('not_found', 'Not found.'),
    }),
    MethodNotAllowed: answer('The path exists, but not with this method. `OPTIONS` is a wrong method too.', {
      schema: ref(methodNotAllowedSchema),
      headers: { Allow: headerRef('Allow'), ...rateLimitHeaders(true) },
      examples: detailExamples('Method "PUT" not allowed.'),
    }),
    Throttled: answer('The rate limit is exhausted: the key\'s, or the address\'s limit on failed authentications.', {
      schema: ref(throttledSchema),
      headers: { 'Retry-After': headerRef('Retry-After'), ...rateLimitHeaders(true) },
      examples: detailExamples('Request was throttled. Expected available in 12 seconds.'),
    }),
    ServerError: answer('A fault on our side; the body says nothing more. Retry with exponential backoff.', {
      schema: ref(serverErrorSchema),
      headers: rateLimitHeaders(true),
      examples: detailExamples('A server error occurred.'),
    }),
    ServiceUnavailable: answer(
      'The database connection was lost; the request did not take effect (a write may be sent again). Retry after `Retry-After`.',
      {
        schema: ref(serviceUnavailableSchema),
        headers: { 'Retry-After': headerRef('Retry-After'), ...rateLimitHeaders(true) },
        examples: detailExamples('Service temporarily unavailable, try again later.'),
      },
    ),
  };
}

const shared = (name: string) => ({ $ref: `#/components/responses/${name}` });

// ---------------------------------------------------------------------------------------------------------------------
// Operations

interface OperationSpec {
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description: string;
  /** The scope the key needs (a list: any one of them); null for the public documents and probes outside the API. */
  scope: Scope | readonly Scope[] | null;
  query?: z.ZodObject;
  pathId?: string;
  pathParameters?: unknown[];
  requestBody?: JsonSchema;
  responses: Record<string, unknown>;
}

function queryParameters(schema: z.ZodObject): unknown[] {
  const shape = schema.shape as Record<string, z.ZodType>;
  return Object.entries(shape).map(([name, field]) => {
    const { description, examples, ...fieldSchema } = jsonSchemaOf(field, 'input');
    return {
      name,
      in: 'query',
      required: false,
      description,
      schema: fieldSchema,
      ...(Array.isArray(examples) && examples.length > 0 ? { example: examples[0] } : {}),
    };
  });
}

const listErrors = {
  '400': shared('InvalidHost'),
  '401': shared('Unauthorized'),
  '403': shared('Forbidden'),
  '404': shared('InvalidPage'),
  '429': shared('Throttled'),
  '500': shared('ServerError'),
};

function listOperation(
  resource: string,
  plural: string,
  scope: Scope,
  page: z.ZodType,
  order: string,
  extra: Partial<OperationSpec> = {},
): OperationSpec {
  return {
    method: 'get',
    path: `${API}/${plural}/`,
    operationId: `list${resource}s`,
    tag: `${resource}s`,
    summary: `List ${plural}`,
    description: `One page of the tenant's ${plural}, ${order}. The order is fixed and total, so following \`next\` never skips or repeats a record.`,
    scope,
    query: pagingQuerySchema,
    ...extra,
    responses: {
      '200': answer(`One page of ${plural}.`, { schema: ref(page), headers: rateLimitHeaders(false) }),
      ...listErrors,
      ...extra.responses,
    },
  };
}

/** 400 of a list: a malformed filter value (field errors), or a malformed `Host`. */
function filterErrors(errors: z.ZodType, field: string, messages: string[]): ResponseObject {
  return answer('A malformed filter value, or a malformed `Host`.', {
    schema: { oneOf: [ref(errors), ref(invalidHostSchema)] },
    headers: rateLimitHeaders(true),
    examples: { [field]: { [field]: messages } },
  });
}

/** 413 and 415 of an operation that reads a JSON body. */
function bodyLimits(): Record<string, ResponseObject> {
  return {
    '413': answer(`The body exceeds ${MAX_BODY_BYTES} bytes (1 MiB).`, {
      schema: ref(payloadTooLargeSchema),
      headers: rateLimitHeaders(false),
    }),
    '415': answer('A non-empty body that is not `application/json`.', {
      schema: ref(unsupportedMediaTypeSchema),
      headers: rateLimitHeaders(false),
    }),
  };
}

function operations(): OperationSpec[] {
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
        'Creates a booking with status `pending`, a generated `booking_reference` and a placeholder `total_price`; an operator confirms it later. Checks, first failure wins: media type (415), size (413), JSON syntax (400), a body that is not an object (400), `site_id` (400 `site_not_found`), field validation (400, all field errors at once), occupants against `max_occupants` (400), site status and overlapping pending or confirmed bookings (400 `site_unavailable`; touching stays do not overlap). Of two concurrent requests for overlapping dates on one site, exactly one succeeds. An empty body counts as `{}`.',
      scope: 'bookings:write',
      requestBody: ref(createBookingBodySchema),
      responses: {
        '201': answer('Created.', {
          schema: ref(bookingSchema),
          headers: { Location: headerRef('Location'), ...rateLimitHeaders(false) },
        }),
        '400': answer('The body was refused; nothing was created.', {
          schema: { oneOf: [ref(bookingInputErrorSchema), ref(createBookingErrorsSchema), ref(invalidHostSchema)] },
          headers: rateLimitHeaders(true),
          examples: {
            site_not_found: { detail: 'site_not_found' },
            site_unavailable: { detail: 'site_unavailable' },
            fields: { check_out_date: ['Check-out date must be after check-in date.'], num_adults: ['This field is required.'] },
            occupants: { non_field_errors: ['Total occupants (6) exceed the maximum of 4 for this site.'] },
            json: { detail: 'JSON parse error - Expecting value: line 1 column 1 (char 0)' },
          },
        }),
        '401': shared('Unauthorized'),
        '403': shared('Forbidden'),
        ...bodyLimits(),
        '429': shared('Throttled'),
        '500': shared('ServerError'),
      },
    },
    {
      method: 'get',
      path: `${API}/bookings/{id}/`,
      operationId: 'getBooking',
      tag: 'Bookings',
      summary: 'One booking',
      description: 'An id that is not an integer, an absent booking and another tenant\'s booking all give 404 `not_found`.',
      scope: 'bookings:read',
      pathId: 'The booking\'s `id`.',
      responses: {
        '200': answer('The booking.', { schema: ref(bookingSchema), headers: rateLimitHeaders(false) }),
        '400': shared('InvalidHost'),
        '401': shared('Unauthorized'),
        '403': shared('Forbidden'),
        '404': shared('NotFound'),
        '429': shared('Throttled'),
        '500': shared('ServerError'),
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
      description: 'An id that is not an integer, an absent invoice and another tenant\'s invoice all give 404 `not_found`.',
      scope: 'invoices:read',
      pathId: 'The invoice\'s `id`.',
      responses: {
        '200': answer('The invoice.', { schema: ref(invoiceSchema), headers: rateLimitHeaders(false) }),
        '400': shared('InvalidHost'),
        '401': shared('Unauthorized'),
        '403': shared('Forbidden'),
        '404': shared('NotFound'),
        '429': shared('Throttled'),
        '500': shared('ServerError'),
      },
    },
    {
      method: 'get',
      path: `${API}/invoices/{id}/lines/`,
      operationId: 'listInvoiceLines',
      tag: 'Invoices',
      summary: 'The lines of one invoice',
      description: 'The invoice\'s lines in `position` order, paged like every list. An invoice without lines (a legacy header) has none. An absent invoice: 404 `not_found`.',
      scope: 'invoices:read',
      pathId: 'The invoice\'s `id`.',
      query: pagingQuerySchema,
      responses: {
        '200': answer('One page of lines.', { schema: ref(invoiceLinePageSchema), headers: rateLimitHeaders(false) }),
        '400': shared('InvalidHost'),
        '401': shared('Unauthorized'),
        '403': shared('Forbidden'),
        '404': shared('NotFound'),
        '429': shared('Throttled'),
        '500': shared('ServerError'),
      },
    },
    {
      method: 'get',
      path: `${API}/invoices/{id}/pdf/`,
      operationId: 'getInvoicePdf',
      tag: 'Invoices',
      summary: 'One invoice as a PDF',
      description:
        'An A4 PDF of the invoice (for an open invoice of a tenant with billing details, with a Swiss QR-bill payment part). The only answer that is not JSON; its errors are JSON. Send the `ETag` back as `If-None-Match` to get 304 while the document is unchanged.',
      scope: 'invoices:read',
      pathId: 'The invoice\'s `id`.',
      responses: {
        '200': answer('The PDF.', {
          schema: { type: 'string', contentMediaType: 'application/pdf' },
          mediaType: 'application/pdf',
          headers: { ETag: headerRef('ETag'), 'Content-Disposition': headerRef('Content-Disposition'), ...rateLimitHeaders(false) },
        }),
        '304': answer('Not modified: `If-None-Match` named this document\'s `ETag`. No body.', {
          headers: { ETag: headerRef('ETag'), ...rateLimitHeaders(false) },
        }),
        '400': shared('InvalidHost'),
        '401': shared('Unauthorized'),
        '403': shared('Forbidden'),
        '404': shared('NotFound'),
        '429': shared('Throttled'),
        '500': shared('ServerError'),
      },
    },
    {
      method: 'get',
      path: `${API}/changes/`,
      operationId: 'listChanges',
      tag: 'Changes',
      summary: 'The change feed',
      description:
        'Every record created, changed or deleted by any writer (this API, the operator tools, the admin console, plain SQL), in commit order, each at its latest change, of the types the key can read (`bookings:read` → booking, `sites:read` → site, `customers:read` → customer, `invoices:read` → invoice). Follow `next` to the end, store `cursor`, and resume later with `after=<cursor>`: nothing committed after that point is missed, including changes that committed while you were reading. A record may come again when it changed again.',
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
      description: 'A human-readable reference rendered from this document. No authentication; HTTPS only; it loads nothing from outside the service.',
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
      description: 'The renderer\'s script and stylesheet, served by this service itself.',
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

const WEBHOOKS = `${API}/webhook-endpoints`;

/** The errors every webhook operation on one endpoint can give, besides its own 400. */
const endpointErrors = {
  '401': shared('Unauthorized'),
  '403': shared('Forbidden'),
  '404': shared('NotFound'),
  '429': shared('Throttled'),
  '500': shared('ServerError'),
};

/** 400 of a webhook body: field errors, the named machine codes, a body that is not JSON, or a malformed `Host`. */
function webhookBodyErrors(codes: z.ZodType[], examples: Record<string, unknown>): ResponseObject {
  return answer('The body was refused; nothing was changed.', {
    schema: { oneOf: [ref(webhookEndpointErrorsSchema), ...codes.map(ref), ref(jsonParseErrorSchema), ref(invalidHostSchema)] },
    headers: rateLimitHeaders(true),
    examples,
  });
}

/** `/webhook-endpoints/` (docs/webhooks.md): every operation needs `webhooks:manage`. */
function webhookOperations(): OperationSpec[] {
  const scope = 'webhooks:manage';
  const tag = 'Webhooks';
  const pathId = 'The endpoint\'s `id`.';
  const notFound = 'An id that is not an integer, an absent endpoint and another tenant\'s endpoint all give 404 `not_found`, whatever the body holds.';
  const endpoint = (description: string) =>
    answer(description, { schema: ref(webhookEndpointSchema), headers: rateLimitHeaders(false) });
  return [
    {
      method: 'get',
      path: `${WEBHOOKS}/`,
      operationId: 'listWebhookEndpoints',
      tag,
      summary: 'List webhook endpoints',
      description: 'All of the tenant\'s endpoints by `id`, in one page (a tenant has at most 10). No secrets.',
      scope,
      responses: {
        '200': answer('The endpoints.', { schema: ref(webhookEndpointPageSchema), headers: rateLimitHeaders(false) }),
        '400': shared('InvalidHost'),
        '401': shared('Unauthorized'),
        '403': shared('Forbidden'),
        '429': shared('Throttled'),
        '500': shared('ServerError'),
      },
    },
    {
      method: 'post',
      path: `${WEBHOOKS}/`,
      operationId: 'createWebhookEndpoint',
      tag,
      summary: 'Create a webhook endpoint',
      description:
        'Registers a URL to receive the tenant\'s changes as signed messages, from `after` (default: only later changes). The answer holds the signing secret, shown this once. At most 10 endpoints per tenant.',
      scope,
      requestBody: ref(createWebhookEndpointBodySchema),
      responses: {
        '201': answer('Created.', {
          schema: ref(createdWebhookEndpointSchema),
          headers: {
            Location: { ...HEADERS.Location, description: 'The absolute URL of the created endpoint.' },
            ...rateLimitHeaders(false),
          },
        }),
        '400': webhookBodyErrors([webhookEndpointLimitSchema, invalidCursorSchema], {
          url: { url: ['Enter a public https URL.'] },
          types: { types: ['Not readable with this key: customer.'] },
          limit: { detail: 'webhook_endpoint_limit' },
          after: { detail: 'invalid_cursor' },
        }),
        '401': shared('Unauthorized'),
        '403': shared('Forbidden'),
        ...bodyLimits(),
        '429': shared('Throttled'),
        '500': shared('ServerError'),
      },
    },
    {
      method: 'get',
      path: `${WEBHOOKS}/{id}/`,
      operationId: 'getWebhookEndpoint',
      tag,
      summary: 'One webhook endpoint',
      description: `The endpoint without its secret. ${notFound}`,
      scope,
      pathId,
      responses: { '200': endpoint('The endpoint.'), '400': shared('InvalidHost'), ...endpointErrors },
    },
    {
      method: 'patch',
      path: `${WEBHOOKS}/{id}/`,
      operationId: 'updateWebhookEndpoint',
      tag,
      summary: 'Change, pause or resume a webhook endpoint',
      description: `Sets any of \`url\`, \`types\`, \`description\` and \`status\`. Pausing keeps the position; resuming delivers from it. ${notFound}`,
      scope,
      pathId,
      requestBody: ref(updateWebhookEndpointBodySchema),
      responses: {
        '200': endpoint('The endpoint as stored now.'),
        '400': webhookBodyErrors([], { status: { status: ['"stopped" is not a valid choice.'] } }),
        ...endpointErrors,
        ...bodyLimits(),
      },
    },
    {
      method: 'delete',
      path: `${WEBHOOKS}/{id}/`,
      operationId: 'deleteWebhookEndpoint',
      tag,
      summary: 'Delete a webhook endpoint',
      description: `Removes the endpoint and its delivery state; its id is not handed out again. ${notFound}`,
      scope,
      pathId,
      responses: {
        '204': answer('Deleted. No body.', { headers: rateLimitHeaders(false) }),
        '400': shared('InvalidHost'),
        ...endpointErrors,
      },
    },
    {
      method: 'post',
      path: `${WEBHOOKS}/{id}/rotate-secret/`,
      operationId: 'rotateWebhookSecret',
      tag,
      summary: 'Rotate the signing secret',
      description: `A new secret signs from now on; the previous one keeps signing for 24 hours (receivers accept either), or stops at once with \`expire_previous\`. ${notFound}`,
      scope,
      pathId,
      requestBody: ref(rotateSecretBodySchema),
      responses: {
        '200': answer('The new secret, shown this once.', { schema: ref(rotatedSecretSchema), headers: rateLimitHeaders(false) }),
        '400': webhookBodyErrors([], { expire_previous: { expire_previous: ['Must be a valid boolean.'] } }),
        ...endpointErrors,
        ...bodyLimits(),
      },
    },
    {
      method: 'post',
      path: `${WEBHOOKS}/{id}/replay/`,
      operationId: 'replayWebhookEndpoint',
      tag,
      summary: 'Deliver again from a feed cursor',
      description: `Moves the endpoint\'s position to \`after\` (earlier or later); delivery goes on from there. ${notFound}`,
      scope,
      pathId,
      requestBody: ref(replayBodySchema),
      responses: {
        '200': endpoint('The endpoint with its new `position`.'),
        '400': webhookBodyErrors([invalidCursorSchema], {
          missing: { after: ['This field is required.'] },
          after: { detail: 'invalid_cursor' },
        }),
        ...endpointErrors,
        ...bodyLimits(),
      },
    },
    {
      method: 'post',
      path: `${WEBHOOKS}/{id}/ping/`,
      operationId: 'pingWebhookEndpoint',
      tag,
      summary: 'Send a test message',
      description: `Sends a signed \`ping\` message to the URL, outside the chain of changes (the position does not move), also to a paused endpoint. The answer does not wait for the receiver. ${notFound}`,
      scope,
      pathId,
      responses: {
        '202': answer('Accepted: the message is on its way. No body.', { headers: rateLimitHeaders(false) }),
        '400': shared('InvalidHost'),
        ...endpointErrors,
      },
    },
  ];
}

const INFO_DESCRIPTION = `A tenant-scoped, HTTPS-only JSON API for campsite bookings, pitches (sites), customers and invoices.

**Authentication.** Send \`Authorization: Bearer <API_KEY>\` (32 characters: \`ck_\`, 5 characters, then a 24-character secret). The key decides the tenant and what you may do: each operation names the one scope it needs. A missing scope gives 403; a bad, revoked or expired key 401. Never retry a 401 or 403 with the same key.

**Paging.** Lists return \`{count, next, previous, results}\`, never a bare array. \`page_size\` defaults to ${DEFAULT_PAGE_SIZE}; larger values than ${MAX_PAGE_SIZE} are clamped. Follow \`next\` instead of building URLs.

**Paths and methods.** Every path is accepted with or without its trailing slash. \`HEAD\` is \`GET\` without a body. A wrong method gives 405 with \`Allow\`; an unknown path under \`/api/v1/public/\` gives 404 \`{"detail":"Not found."}\`. The order of checks: HTTPS, path, key, method, scope, rate limit, body, validation, domain rules.

**Errors** come in two shapes: \`{"detail": "..."}\` (a machine code such as \`invalid_key\`, \`key_inactive\`, \`not_found\`, \`site_not_found\`, \`site_unavailable\`, \`invalid_cursor\`, \`webhook_endpoint_limit\`, \`https_required\`, or a human sentence that is not a contract) and field errors \`{"field": ["message", ...]}\` with \`non_field_errors\` for rules across fields.

**Rate limits.** Authenticated answers carry \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`; a 429 carries \`Retry-After\`. Every answer carries \`X-Request-Id\`.

The repository's \`docs/\` folder explains all of this at length.`;

/** Builds the document. Pure and deterministic: the same code gives the same bytes (the client's types depend on it). */
export function buildOpenApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations()) {
    const parameters: unknown[] = [];
    if (op.pathId) {
      parameters.push({
        name: 'id',
        in: 'path',
        required: true,
        description: op.pathId,
        schema: { type: 'integer', minimum: 1 },
        example: 17,
      });
    }
    if (op.pathParameters) parameters.push(...op.pathParameters);
    if (op.query) parameters.push(...queryParameters(op.query));
    const scopes = op.scope === null ? [] : typeof op.scope === 'string' ? [op.scope] : op.scope;
    const scopeText = scopes.map((scope) => `\`${scope}\``).join(', ');
    const operation: Record<string, unknown> = {
      operationId: op.operationId,
      tags: [op.tag],
      summary: op.summary,
      description: scopes.length === 0 ? op.description : `${op.description}\n\nScope: ${scopes.length > 1 ? 'any one of ' : ''}${scopeText}.`,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(op.requestBody ? { requestBody: { required: false, content: { 'application/json': { schema: op.requestBody } } } } : {}),
      // Every operation that needs a key reads the database (the key itself), so each can meet a lost connection.
      responses: scopes.length === 0 ? op.responses : { ...op.responses, '503': shared('ServiceUnavailable') },
      // Alternatives in `security` mean "any one of them".
      security: scopes.map((scope) => ({ apiKey: [scope] })),
    };
    (paths[op.path] ??= {})[op.method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Campsite Management Public API',
      version: '1.1.0',
      description: INFO_DESCRIPTION,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'This server' }],
    tags: [
      { name: 'Bookings', description: 'List, read and create bookings.' },
      { name: 'Sites', description: 'The pitches.' },
      { name: 'Customers', description: 'Registered guest-portal accounts (personal data).' },
      { name: 'Invoices', description: 'Invoice headers.' },
      { name: 'Changes', description: 'Every change, by any writer, resumable from a stored cursor.' },
      { name: 'Webhooks', description: 'Endpoints that receive the changes as signed messages (scope `webhooks:manage`).' },
      { name: 'Service', description: 'Probes and this documentation; outside /api/v1/public/, no key needed.' },
    ],
    paths,
    components: {
      schemas: componentSchemas(),
      responses: sharedResponses(),
      headers: HEADERS,
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A tenant API key issued in the admin console: `Authorization: Bearer ck_XXXXX...` (32 characters). The scheme word is case-insensitive. Each operation lists the one scope it needs.',
        },
      },
    },
  };
}
