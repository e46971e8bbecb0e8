/**
 * What a failed call throws. Every answer with a status of 400 or more becomes an `ApiError` (or one of its
 * subclasses, by status) carrying the service's machine `code` and, for a 400 on a body, the field errors. A call that
 * got no answer at all throws `NetworkError` or `TimeoutError`.
 */

import { type ResponseMeta, responseMeta, retryAfterSeconds } from './response.js';

export type FieldErrors = Record<string, string[]>;

/** The service's machine codes are snake_case words; anything else in `detail` is a human sentence, not a contract. */
const MACHINE_CODE = /^[a-z]+(?:_[a-z]+)*$/;

export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  /** The HTTP status. */
  readonly status: number;
  /**
   * The machine code when the service sent one (`invalid_key`, `key_inactive`, `not_found`, `site_not_found`,
   * `site_unavailable`, `https_required`, …), `validation_failed` for field errors, else null.
   */
  readonly code: string | null;
  /** The `detail` text of the detail shape, as sent. */
  readonly detail: string | null;
  /** Field-keyed messages of a validation error (`non_field_errors` for rules across fields). */
  readonly fieldErrors: FieldErrors | null;
  /** The `X-Request-Id` of the answer: quote it when you report a problem. */
  readonly requestId: string | null;
  /** Seconds to wait from `Retry-After` (sent as seconds or as a date), when the answer carried one. */
  readonly retryAfterSeconds: number | null;
  /** The parsed body (or its text when it was not JSON). */
  readonly body: unknown;
  /** The answer's metadata: its rate-limit state, headers, and how many attempts the call took. */
  readonly response: ResponseMeta;

  constructor(status: number, body: unknown, headers: Headers, attempts = 1) {
    const detail = isDetail(body) ? body.detail : null;
    const fieldErrors = detail === null && isFieldErrors(body) ? body : null;
    super(`${status} ${detail ?? (fieldErrors ? describeFields(fieldErrors) : 'error')}`);
    this.status = status;
    this.detail = detail;
    this.fieldErrors = fieldErrors;
    this.code = detail !== null && MACHINE_CODE.test(detail) ? detail : fieldErrors ? 'validation_failed' : null;
    this.requestId = headers.get('x-request-id');
    this.retryAfterSeconds = retryAfterSeconds(headers.get('retry-after'));
    this.body = body;
    this.response = responseMeta(status, headers, attempts);
  }
}

/** 400: the request was refused; nothing changed. Do not retry it unchanged. */
export class ValidationError extends ApiError {
  override readonly name = 'ValidationError';
}
/** 401: the key is missing, malformed, unknown, revoked (`key_inactive`) or expired. Never retried. */
export class AuthenticationError extends ApiError {
  override readonly name = 'AuthenticationError';
}
/** 403: the key lacks the scope, or the request was not HTTPS. Never retried. */
export class PermissionError extends ApiError {
  override readonly name = 'PermissionError';
}
/** 404: absent, another tenant's, or a page past the end. */
export class NotFoundError extends ApiError {
  override readonly name = 'NotFoundError';
}
/** 429: the rate limit, after the client's own retries ran out. */
export class RateLimitError extends ApiError {
  override readonly name = 'RateLimitError';
}
/** 5xx: a fault on the service's side, after the client's own retries ran out. */
export class ServerError extends ApiError {
  override readonly name = 'ServerError';
}

/** No answer: the connection failed (DNS, refused, reset, TLS — for example an untrusted certificate). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
  }
}

/** No answer within `timeoutMs` (the call's, else the client's). */
export class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
}

export function apiErrorFor(status: number, body: unknown, headers: Headers, attempts = 1): ApiError {
  const type =
    status === 400
      ? ValidationError
      : status === 401
        ? AuthenticationError
        : status === 403
          ? PermissionError
          : status === 404
            ? NotFoundError
            : status === 429
              ? RateLimitError
              : status >= 500
                ? ServerError
                : ApiError;
  return new type(status, body, headers, attempts);
}

function isDetail(body: unknown): body is { detail: string } {
  return typeof body === 'object' && body !== null && typeof (body as { detail?: unknown }).detail === 'string';
}

function isFieldErrors(body: unknown): body is FieldErrors {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const values = Object.values(body);
  return values.length > 0 && values.every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string'));
}

function describeFields(errors: FieldErrors): string {
  return Object.entries(errors)
    .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
    .join('; ');
}
