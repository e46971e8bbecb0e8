import { isDomainError, type DomainError, type DomainErrorCode } from '@campsite/domain';
import type { ErrorRequestHandler } from 'express';
import type { z } from 'zod';
import type { HttpLogger } from './http-deps';
import { factsOf, redactKeys, requestIdOf } from './request-context';
import type {
  bookingInputErrorSchema,
  forbiddenSchema,
  invalidCursorSchema,
  invalidHostSchema,
  jsonParseErrorSchema,
  methodNotAllowedSchema,
  notCancellableSchema,
  notFoundSchema,
  payloadTooLargeSchema,
  quoteInputErrorSchema,
  quoteRefusalSchema,
  serverErrorSchema,
  serviceUnavailableSchema,
  stayRuleRefusalSchema,
  throttledSchema,
  unauthorizedSchema,
  unsupportedMediaTypeSchema,
  webhookEndpointLimitSchema,
} from './schemas/responses.schema';
import { sendJson } from './send-json';
import { unknownExtraMessage } from './drf-compat/booking-messages';
import { TransportError, type TransportProblem } from './transport-error';

interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * The bodies are typed against the answer schemas that generate the OpenAPI document, so a machine code or message the
 * document does not list fails to compile.
 */
type Body<S extends z.ZodType> = z.output<S>;

const SERVER_ERROR: Reply = { status: 500, body: { detail: 'A server error occurred.' } satisfies Body<typeof serverErrorSchema> };
const UNAUTHORIZED = { 'WWW-Authenticate': 'Bearer' };
/** Long enough for a pool to replace its lost connections, short enough that a client's retry is not held up. */
const DATABASE_RETRY_AFTER_SECONDS = 1;

/** Every domain code gets a decision here; codes of the operator tools never reach the public API, so they are 500s. */
const DOMAIN_REPLIES: Record<DomainErrorCode, (error: DomainError) => Reply> = {
  invalid_key: () => ({ status: 401, body: { detail: 'invalid_key' } satisfies Body<typeof unauthorizedSchema>, headers: UNAUTHORIZED }),
  key_inactive: () => ({ status: 401, body: { detail: 'key_inactive' } satisfies Body<typeof unauthorizedSchema>, headers: UNAUTHORIZED }),
  permission_denied: () => ({
    status: 403,
    body: { detail: 'You do not have permission to perform this action.' } satisfies Body<typeof forbiddenSchema>,
  }),
  // api-routes.ts answers it as 405 with the path's Allow list; reaching here means a route skipped that.
  no_such_operation: () => SERVER_ERROR,
  not_found: () => ({ status: 404, body: { detail: 'not_found' } satisfies Body<typeof notFoundSchema> }),
  invalid_page: () => ({ status: 404, body: { detail: 'Invalid page.' } satisfies Body<typeof notFoundSchema> }),
  invalid_cursor: () => ({ status: 400, body: { detail: 'invalid_cursor' } satisfies Body<typeof invalidCursorSchema> }),
  webhook_endpoint_limit: () => ({
    status: 400,
    body: { detail: 'webhook_endpoint_limit' } satisfies Body<typeof webhookEndpointLimitSchema>,
  }),
  site_not_found: () => ({ status: 400, body: { detail: 'site_not_found' } satisfies Body<typeof bookingInputErrorSchema> }),
  site_unavailable: () => ({ status: 400, body: { detail: 'site_unavailable' } satisfies Body<typeof bookingInputErrorSchema> }),
  // CreateBooking reports it as the rule unknown_customer (worded in drf-compat/booking-messages.ts); reaching here
  // means a writer skipped that.
  customer_not_found: () => SERVER_ERROR,
  validation_failed: (error) => (error.details.fieldErrors ? { status: 400, body: error.details.fieldErrors } : SERVER_ERROR),
  throttled: (error) => throttled(error.details.retryAfterSeconds ?? 1),
  invalid_transition: () => SERVER_ERROR,
  duplicate_booking_reference: () => SERVER_ERROR,
  tenant_not_found: () => SERVER_ERROR,
  tenant_exists: () => SERVER_ERROR,
  not_a_sandbox: () => SERVER_ERROR,
  api_key_not_found: () => SERVER_ERROR,
  // docs/channel-managers.md, "Retrying safely".
  invalid_idempotency_key: () => ({ status: 400, body: { detail: 'invalid_idempotency_key' } }),
  idempotency_key_reused: () => ({ status: 422, body: { detail: 'idempotency_key_reused' } }),
  idempotency_key_in_use: () => ({ status: 409, body: { detail: 'idempotency_key_in_use' } }),
  // DRF's ServiceUnavailable text (docs/operations.md, Database faults): the request did not take effect, and a
  // client may send it again after Retry-After.
  database_unavailable: () => ({
    status: 503,
    body: { detail: 'Service temporarily unavailable, try again later.' } satisfies Body<typeof serviceUnavailableSchema>,
    headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
  }),
  // Selling a stay (docs/channel-managers.md): each refusal is its machine code.
  site_type_not_found: () => ({ status: 400, body: { detail: 'site_type_not_found' } satisfies Body<typeof quoteInputErrorSchema> }),
  no_tariff: () => ({ status: 400, body: { detail: 'no_tariff' } satisfies Body<typeof quoteInputErrorSchema> }),
  stop_sell: () => ({ status: 400, body: { detail: 'stop_sell' } satisfies Body<typeof stayRuleRefusalSchema> }),
  closed_to_arrival: () => ({ status: 400, body: { detail: 'closed_to_arrival' } satisfies Body<typeof stayRuleRefusalSchema> }),
  closed_to_departure: () => ({ status: 400, body: { detail: 'closed_to_departure' } satisfies Body<typeof stayRuleRefusalSchema> }),
  min_stay: () => ({ status: 400, body: { detail: 'min_stay' } satisfies Body<typeof stayRuleRefusalSchema> }),
  max_stay: () => ({ status: 400, body: { detail: 'max_stay' } satisfies Body<typeof stayRuleRefusalSchema> }),
  quote_not_found: () => ({ status: 400, body: { detail: 'quote_not_found' } satisfies Body<typeof quoteRefusalSchema> }),
  quote_mismatch: () => ({ status: 400, body: { detail: 'quote_mismatch' } satisfies Body<typeof quoteRefusalSchema> }),
  quote_expired: () => ({ status: 400, body: { detail: 'quote_expired' } satisfies Body<typeof quoteRefusalSchema> }),
  quote_used: () => ({ status: 400, body: { detail: 'quote_used' } satisfies Body<typeof quoteRefusalSchema> }),
  not_cancellable: () => ({ status: 400, body: { detail: 'not_cancellable' } satisfies Body<typeof notCancellableSchema> }),
  // CreateQuote reports an unknown code as a rule (worded in drf-compat/booking-messages.ts); a use case that prices a
  // stay without that check still gets the same words.
  unknown_extra: (error) => ({ status: 400, body: { extras: [unknownExtraMessage(error.details.extraCode ?? '')] } }),
  // The operator's `invoices issue` (docs/accounting.md): no public route issues invoices, so reaching here is a bug,
  // like the other operator codes above.
  invoice_exists: () => SERVER_ERROR,
  no_priced_lines: () => SERVER_ERROR,
};

function transportReply(problem: TransportProblem): Reply {
  switch (problem.kind) {
    case 'https_required':
      return { status: 403, body: { detail: 'https_required' } satisfies Body<typeof forbiddenSchema> };
    case 'invalid_host':
      return { status: 400, body: { detail: 'Invalid Host header.' } satisfies Body<typeof invalidHostSchema> };
    case 'unknown_path':
      return { status: 404, body: { detail: 'Not found.' } satisfies Body<typeof notFoundSchema> };
    case 'method_not_allowed':
      return {
        status: 405,
        body: { detail: `Method "${problem.method}" not allowed.` } satisfies Body<typeof methodNotAllowedSchema>,
        headers: { Allow: problem.allow },
      };
    case 'unsupported_media_type':
      return {
        status: 415,
        body: { detail: `Unsupported media type "${problem.contentType}" in request.` } satisfies Body<typeof unsupportedMediaTypeSchema>,
      };
    case 'json_parse_error':
      return { status: 400, body: { detail: `JSON parse error - ${problem.reason}` } satisfies Body<typeof jsonParseErrorSchema> };
    case 'client_closed':
      // nginx's "client closed request": never delivered, but the request log line shows what happened.
      return { status: 499, body: { detail: 'Client closed the request.' } };
    case 'payload_too_large':
      // The rest of an oversized upload is not read; closing is cheaper than draining it.
      return {
        status: 413,
        body: { detail: `Request body exceeds the limit of ${problem.limitBytes} bytes.` } satisfies Body<typeof payloadTooLargeSchema>,
        headers: { Connection: 'close' },
      };
  }
}

/** DRF's Throttled: "… in 1 second." / "… in N seconds." with Retry-After (docs/api-behaviour.md §2). */
function throttled(seconds: number): Reply {
  const wait = Math.max(1, Math.ceil(seconds));
  return {
    status: 429,
    body: {
      detail: `Request was throttled. Expected available in ${wait} ${wait === 1 ? 'second' : 'seconds'}.`,
    } satisfies Body<typeof throttledSchema>,
    headers: { 'Retry-After': String(wait) },
  };
}

/**
 * The one place where failures become HTTP (docs/architecture.md). Anything unknown is a 500 whose body says nothing more; the
 * log line has the request id and the error, with anything shaped like a raw key redacted.
 */
export function errorHandler(logger: HttpLogger): ErrorRequestHandler {
  return (error: unknown, _req, res, _next) => {
    let reply: Reply;
    if (error instanceof TransportError) reply = transportReply(error.problem);
    else if (isDomainError(error)) reply = DOMAIN_REPLIES[error.code](error);
    else reply = SERVER_ERROR;
    // Which refusal it was (a bad key, a spent limit) is what the metrics count (docs/observability.md).
    const facts = factsOf(res);
    if (facts && isDomainError(error)) facts.errorCode = error.code;

    if (reply.status === 500) {
      logger.error({ requestId: requestIdOf(res), err: describe(error) }, 'request failed');
    } else if (reply.status === 503) {
      logger.warn({ requestId: requestIdOf(res), err: describe(error) }, 'database unavailable');
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (reply.headers) for (const [name, value] of Object.entries(reply.headers)) res.setHeader(name, value);
    sendJson(res, reply.status, reply.body);
  };
}

function describe(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: redactKeys(String(error)) };
  return {
    name: error.name,
    message: redactKeys(error.message),
    ...(isDomainError(error) ? { code: error.code } : {}),
    stack: error.stack === undefined ? undefined : redactKeys(error.stack),
  };
}
