/** The key's rate-limit window as the answer reported it (`RateLimit-Limit`, `-Remaining`, `-Reset`). */
export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  /** Requests left in the current window. */
  remaining: number;
  /** Seconds until the window starts over. */
  resetSeconds: number;
}

/** What an answer said besides its body. Every call has it (`.withResponse()`), and so has every `ApiError`. */
export interface ResponseMeta {
  /** The HTTP status of the answer that decided the call (after retries). */
  status: number;
  /** `X-Request-Id`: quote it when you report a problem. */
  requestId: string | null;
  /** Null on answers that do not count against the limit (the probes, a 401, a 304). */
  rateLimit: RateLimit | null;
  /** True when a create was answered from an earlier request with the same `Idempotency-Key`: nothing new was made. */
  idempotentReplayed: boolean;
  /** The `ETag` of a read, for `poll` (a conditional GET); null where the answer has none. */
  etag: string | null;
  /** Attempts this call took, the first included: 2 or more means it was retried. */
  attempts: number;
  /** Every header of the answer. */
  headers: Headers;
}

/** A call's body with the metadata of its answer, as `.withResponse()` resolves it. */
export interface WithResponse<T> {
  data: T;
  response: ResponseMeta;
}

export function responseMeta(status: number, headers: Headers, attempts: number): ResponseMeta {
  return {
    status,
    requestId: headers.get('x-request-id'),
    rateLimit: rateLimit(headers),
    idempotentReplayed: headers.get('idempotent-replayed') === 'true',
    etag: headers.get('etag'),
    attempts,
    headers,
  };
}

function rateLimit(headers: Headers): RateLimit | null {
  const [limit, remaining, resetSeconds] = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'].map((name) => {
    const value = headers.get(name)?.trim() ?? '';
    return /^\d+$/.test(value) ? Number(value) : null;
  });
  if (limit == null || remaining == null || resetSeconds == null) return null;
  return { limit, remaining, resetSeconds };
}

/**
 * `Retry-After` in seconds from `now`, in either form RFC 9110 allows: delta-seconds (`120`) or an HTTP-date
 * (`Wed, 21 Oct 2026 07:28:00 GMT`; a date in the past is 0). Null when absent or neither.
 */
export function retryAfterSeconds(value: string | null, now: number = Date.now()): number | null {
  const text = value?.trim() ?? '';
  if (/^\d+$/.test(text)) return Number(text);
  // Only a value that starts with a day name is a date: Date.parse would also take `-1` or `2026` as one.
  if (!/^[A-Za-z]{3}/.test(text)) return null;
  // The obsolete asctime form names no zone, and Date.parse would read it as local time; HTTP dates are always GMT.
  const at = Date.parse(/GMT$/i.test(text) ? text : `${text} GMT`);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * What every call returns: a promise of the body (`await api.bookings.get(1)` is the booking), with
 * `.withResponse()` for the body together with its answer's metadata. The request is sent at once, like any promise's
 * work; `.withResponse()` does not send it again.
 */
export interface ApiPromise<T> extends Promise<T> {
  /** The body and the answer's metadata: `const { data, response } = await api.bookings.create(input).withResponse()`. */
  withResponse(): Promise<WithResponse<T>>;
}

// An interface and a plain object rather than a class with private state: TypeScript compares such classes by
// declaration, so two copies of this package (or its sources and its build) would not accept each other's values.
export function apiPromise<T>(answer: Promise<WithResponse<T>>): ApiPromise<T> {
  // Derived once, and only when asked for: a caller of `withResponse()` alone leaves no second promise to reject.
  let data: Promise<T> | undefined;
  const body = () => (data ??= answer.then((settled) => settled.data));
  return {
    [Symbol.toStringTag]: 'ApiPromise',
    withResponse: () => answer,
    then: (onfulfilled, onrejected) => body().then(onfulfilled, onrejected),
    catch: (onrejected) => body().catch(onrejected),
    finally: (onfinally) => body().finally(onfinally),
  };
}
