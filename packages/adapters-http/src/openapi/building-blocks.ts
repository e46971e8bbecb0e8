import type { Scope } from '@campsite/domain';
import { z } from 'zod';
import { MAX_BODY_BYTES } from '../body/read-json-body';
import { pagingQuerySchema } from '../schemas/paging.schema';
import { headerRef, rateLimitHeaders } from './headers';
import { jsonSchemaOf, ref } from './json-schemas';
import {
  forbiddenSchema,
  invalidHostSchema,
  methodNotAllowedSchema,
  notFoundSchema,
  payloadTooLargeSchema,
  serverErrorSchema,
  serviceUnavailableSchema,
  throttledSchema,
  unauthorizedSchema,
  unsupportedMediaTypeSchema,
} from '../schemas/responses.schema';

/**
 * The pieces every operation of the OpenAPI document is built from (document.ts assembles them): JSON Schema from the
 * zod schemas (json-schemas.ts), the headers, the shared answers, and the shapes of list operations. Nothing here names an endpoint.
 */

type JsonSchema = Record<string, unknown>;

export { HEADERS, headerRef, rateLimitHeaders } from './headers';
export { componentSchemas, ref } from './json-schemas';
export type ResponseObject = Record<string, unknown>;

export { DOCS_ASSETS, DOCS_PATH, GUIDES_PATH, OPENAPI_PATH } from '../docs-site/paths';
export const API = '/api/v1/public';

export function answer(
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

export const detailExamples = (...details: string[]) =>
  Object.fromEntries(details.map((text, index) => [`example${index + 1}`, { detail: text }]));

/** Answers shared by every operation under /api/v1/public/, kept once in `components.responses`. */
export function sharedResponses(): Record<string, ResponseObject> {
  return {
    Unauthorized: answer('The key is missing, malformed, unknown, revoked or expired. Not counted against the rate limit.', {
      schema: ref(unauthorizedSchema),
      headers: { 'WWW-Authenticate': headerRef('WWW-Authenticate') },
      examples: { invalid_key: { detail: 'invalid_key' }, key_inactive: { detail: 'key_inactive' } },
    }),
    Forbidden: answer("Plain HTTP (`https_required`, before anything else), or a key without this operation's scope.", {
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
    NotFound: answer("No such record in your tenant (another tenant's records do not exist for you), or an unknown path.", {
      schema: ref(notFoundSchema),
      headers: rateLimitHeaders(true),
      examples: detailExamples('not_found', 'Not found.'),
    }),
    MethodNotAllowed: answer('The path exists, but not with this method. `OPTIONS` is a wrong method too.', {
      schema: ref(methodNotAllowedSchema),
      headers: { Allow: headerRef('Allow'), ...rateLimitHeaders(true) },
      examples: detailExamples('Method "PUT" not allowed.'),
    }),
    Throttled: answer("The rate limit is exhausted: the key's, or the address's limit on failed authentications.", {
      schema: ref(throttledSchema),
      headers: { 'Retry-After': headerRef('Retry-After'), ...rateLimitHeaders(true) },
      examples: detailExamples('Request was throttled. Expected available in 12 seconds.'),
    }),
    ServerError: answer('A fault on our side; the body says nothing more. Retry with exponential backoff.', {
      schema: ref(serverErrorSchema),
      headers: rateLimitHeaders(true),
      examples: detailExamples('A server error occurred.'),
    }),
    NotModified: answer(
      'Not modified: `If-None-Match` named the `ETag` the 200 would carry. No body, and not counted against the rate limit.',
      { headers: { ETag: headerRef('ETag'), ...rateLimitHeaders(true) } },
    ),
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

export const shared = (name: string) => ({ $ref: `#/components/responses/${name}` });

// ---------------------------------------------------------------------------------------------------------------------
// Operations

export interface OperationSpec {
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
  headerParameters?: unknown[];
  requestBody?: JsonSchema;
  responses: Record<string, unknown>;
}

export function queryParameters(schema: z.ZodObject): unknown[] {
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

/** The errors of an operation on one record by its id: an absent one (or another tenant's) is 404 `not_found`. */
export const recordErrors = {
  '400': shared('InvalidHost'),
  '401': shared('Unauthorized'),
  '403': shared('Forbidden'),
  '404': shared('NotFound'),
  '429': shared('Throttled'),
  '500': shared('ServerError'),
};

export const listErrors = {
  '400': shared('InvalidHost'),
  '401': shared('Unauthorized'),
  '403': shared('Forbidden'),
  '404': shared('InvalidPage'),
  '429': shared('Throttled'),
  '500': shared('ServerError'),
};

export function listOperation(
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
    description:
      `One page of the tenant's ${plural}, ${order}. The order is fixed and total, so following ` +
      `\`next\` never skips or repeats a record.`,
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

/** 400 of a read: a malformed query value (field errors; one example per entry of `examples`), or a bad `Host`. */
export function queryErrors(description: string, errors: z.ZodType, examples: Record<string, unknown>): ResponseObject {
  return answer(`${description}, or a malformed \`Host\`.`, {
    schema: { oneOf: [ref(errors), ref(invalidHostSchema)] },
    headers: rateLimitHeaders(true),
    examples,
  });
}

/** 400 of a list: a malformed filter value (field errors), or a malformed `Host`. */
export function filterErrors(errors: z.ZodType, field: string, messages: string[]): ResponseObject {
  return queryErrors('A malformed filter value', errors, { [field]: { [field]: messages } });
}

/** The GET of one record by its id: the record, or 404 `not_found` for anything that is not one of the tenant's. */
export function recordOperation(spec: {
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  scope: Scope;
  /** The record's name, lower case ("booking"). */
  noun: string;
  schema: z.ZodType;
  description?: string;
}): OperationSpec {
  const { noun, schema, description, ...rest } = spec;
  return {
    method: 'get',
    ...rest,
    description:
      `An id that is not an integer, an absent ${noun} and another tenant's ${noun} all give 404 \`not_found\`.` +
      (description === undefined ? '' : ` ${description}`),
    pathId: `The ${noun}'s \`id\`.`,
    responses: {
      '200': answer(`The ${noun}.`, { schema: ref(schema), headers: rateLimitHeaders(false) }),
      ...recordErrors,
    },
  };
}

/** The errors of an operation that reads a JSON body, besides its own 400 (and 409, 422). */
export function bodyErrors(): Record<string, unknown> {
  return {
    '401': shared('Unauthorized'),
    '403': shared('Forbidden'),
    ...bodyLimits(),
    '429': shared('Throttled'),
    '500': shared('ServerError'),
  };
}

/** 413 and 415 of an operation that reads a JSON body. */
export function bodyLimits(): Record<string, ResponseObject> {
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
