import { ApiError, NetworkError, TimeoutError, apiErrorFor } from './errors.js';
import { type ApiPromise, type ResponseMeta, type WithResponse, apiPromise, responseMeta } from './response.js';
import { VERSION } from './version.js';

export interface RetryPolicy {
  /** Attempts in all, the first included. Default 5; 1 turns retries off. */
  maxAttempts: number;
  /** The first backoff's ceiling; each further attempt doubles it. Default 250 ms. */
  baseDelayMs: number;
  /** No backoff is longer than this. Default 20 s. */
  maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited for: the 429 or 503 is thrown. Default 60 s. */
  maxRetryAfterMs: number;
}

/** Options every method takes as its last argument; each applies to that call only. */
export interface RequestOptions {
  /** Cancels the call, its retries and the waits between them; the call then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Per attempt, headers and body included; default the client's `timeoutMs`. */
  timeoutMs?: number;
  /** Overrides part of the client's retry policy for this call: `{ maxAttempts: 1 }` turns retries off. */
  retry?: Partial<RetryPolicy>;
}

export interface TransportOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  fetch?: typeof fetch;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  userAgent?: string;
  onResponse?: (response: ResponseMeta, request: { method: string; url: string }) => void;
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** One call, before its attempts. */
export interface Exchange {
  method: Method;
  /** A path below `baseUrl` (with its query), or an absolute link the service sent (`next`). */
  target: string;
  body?: unknown;
  idempotencyKey?: string;
  ifNoneMatch?: string;
  /** A repeat could act twice (a POST the API takes no `Idempotency-Key` for): see `isRetryable`. */
  unsafe?: boolean;
  /** Sent without the key: the probes need none, and a secret goes nowhere it is not needed. */
  anonymous?: boolean;
  /** Statuses besides 2xx and 304 that are answers rather than failures (the readiness probe's 503). */
  answers?: readonly number[];
  accept?: string;
}

const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 5, baseDelayMs: 250, maxDelayMs: 20_000, maxRetryAfterMs: 60_000 };

/**
 * Whether another attempt is worth it. 429 and 503 say the request did not take effect, so any call may repeat them
 * (after `Retry-After`). A timeout, a lost connection or another 5xx leave open whether it did: only a call whose
 * repeat changes nothing more (a read, a PATCH or DELETE, a replay, a create with its `Idempotency-Key`) is sent again.
 * A create whose first attempt with the same key still runs gets 409 `idempotency_key_in_use`: wait and repeat it.
 */
function isRetryable(failure: Error, unsafe: boolean): boolean {
  if (!(failure instanceof ApiError)) return !unsafe;
  if (failure.status === 429 || failure.status === 503) return true;
  return !unsafe && (failure.status >= 500 || (failure.status === 409 && failure.code === 'idempotency_key_in_use'));
}

/** Sends calls to one service with one key: URLs, headers, timeouts, cancellation and retries. */
export class Transport {
  private readonly origin: string;
  private readonly basePath: string;
  private readonly retry: RetryPolicy;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly random: () => number;
  private readonly userAgent: string;

  constructor(private readonly options: TransportOptions) {
    const base = new URL(options.baseUrl);
    this.origin = base.origin;
    this.basePath = base.pathname.replace(/\/+$/, '');
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.random = options.random ?? Math.random;
    this.userAgent = [options.userAgent, `campsite-client-js/${VERSION}`, runtime()].filter(Boolean).join(' ');
  }

  call<T>(exchange: Exchange, options?: RequestOptions): ApiPromise<T> {
    return apiPromise(this.send(exchange, options) as Promise<WithResponse<T>>);
  }

  /**
   * The URL of a target, always on `baseUrl`'s origin, so the key never goes anywhere else. A path is below
   * `baseUrl`'s path (`https://h/prefix` + `/api/v1/…`); a link is the service's own and already holds that prefix
   * (it builds links from its public URL), so its path and query are kept as they are.
   */
  url(target: string): string {
    const absolute = /^[a-z][a-z\d+.-]*:/i.test(target);
    const link = new URL(target, this.origin);
    return `${this.origin}${absolute ? '' : this.basePath}${link.pathname}${link.search}`;
  }

  /** One call with its retries: the body of the answer that decided it, and that answer's metadata. */
  async send(exchange: Exchange, options: RequestOptions = {}): Promise<WithResponse<unknown>> {
    const policy = { ...this.retry, ...options.retry };
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const { signal } = options;
    const url = this.url(exchange.target);
    const init = { method: exchange.method, headers: this.headers(exchange), body: jsonBody(exchange.body) };

    for (let attempt = 1; ; attempt += 1) {
      signal?.throwIfAborted();
      const got = await this.attempt(url, init, signal, timeoutMs);
      let failure: Error;
      if (got instanceof Error) {
        failure = got;
      } else {
        const meta = responseMeta(got.response.status, got.response.headers, attempt);
        this.options.onResponse?.(meta, { method: exchange.method, url });
        const { ok, status } = got.response;
        if (ok || status === 304 || exchange.answers?.includes(status)) return { data: got.data, response: meta };
        failure = apiErrorFor(status, got.data, got.response.headers, attempt);
      }
      if (attempt >= policy.maxAttempts || !isRetryable(failure, exchange.unsafe === true)) throw failure;
      let wait = this.backoff(attempt, policy);
      if (failure instanceof ApiError && failure.retryAfterSeconds !== null) {
        const asked = failure.retryAfterSeconds * 1000;
        if (asked > policy.maxRetryAfterMs) throw failure;
        wait = Math.max(wait, asked + this.random() * policy.baseDelayMs);
      }
      await this.pause(wait, signal);
    }
  }

  /** One attempt: the answer with its body read, or why none came. Only the caller's own abort is thrown. */
  private async attempt(
    url: string,
    init: RequestInit,
    signal: AbortSignal | undefined,
    timeoutMs: number,
  ): Promise<{ response: Response; data: unknown } | Error> {
    try {
      const timeout = AbortSignal.timeout(timeoutMs);
      const response = await this.fetchImpl(url, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
      return { response, data: await readBody(response) };
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      return noAnswer(error);
    }
  }

  private headers(exchange: Exchange): Record<string, string> {
    const headers: Record<string, string> = { Accept: exchange.accept ?? 'application/json', 'User-Agent': this.userAgent };
    if (!exchange.anonymous) headers.Authorization = `Bearer ${this.options.apiKey}`;
    if (exchange.body !== undefined) headers['Content-Type'] = 'application/json';
    if (exchange.idempotencyKey !== undefined) headers['Idempotency-Key'] = exchange.idempotencyKey;
    if (exchange.ifNoneMatch !== undefined) headers['If-None-Match'] = exchange.ifNoneMatch;
    return headers;
  }

  /** Full jitter: a random wait up to base × 2^(attempt−1), capped. */
  private backoff(attempt: number, policy: RetryPolicy): number {
    return this.random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  }

  /** Waits between attempts; an abort ends the wait at once (a custom `sleep` may not listen to the signal). */
  private async pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
    const sleep = this.options.sleep ?? defaultSleep;
    if (!signal) return sleep(ms);
    let stop = (): void => undefined;
    const aborted = new Promise<never>((_resolve, reject) => {
      stop = () => reject(signal.reason);
      signal.addEventListener('abort', stop, { once: true });
    });
    try {
      await Promise.race([sleep(ms, signal), aborted]);
    } finally {
      signal.removeEventListener('abort', stop);
    }
  }
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    // The timer is cleared on abort, so a cancelled call keeps no process alive for the rest of its backoff.
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

/** `node/20.19.0`, `deno/2.1.4`, `bun/1.2.0`; nothing in a browser, which sends its own. */
function runtime(): string {
  const host = globalThis as { Deno?: { version?: { deno?: string } }; process?: { versions?: Record<string, string | undefined> } };
  if (host.Deno?.version?.deno) return `deno/${host.Deno.version.deno}`;
  const versions = host.process?.versions;
  if (versions?.bun) return `bun/${versions.bun}`;
  return versions?.node ? `node/${versions.node}` : '';
}

function jsonBody(body: unknown): string | undefined {
  return body === undefined ? undefined : JSON.stringify(body);
}

/** JSON is parsed, text stays text, anything else (a PDF) is bytes; an empty body is undefined. */
async function readBody(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (type !== '' && !/^(text\/|application\/(.+\+)?json)/.test(type)) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    return bytes.length === 0 ? undefined : bytes;
  }
  const text = await response.text();
  if (text === '') return undefined;
  if (!/^application\/(.+\+)?json/.test(type)) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function noAnswer(error: unknown): Error {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new TimeoutError('no answer in time', { cause: error });
  }
  const detail = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return new NetworkError(`request failed${detail}`, { cause: error });
}

/** A path with its query; `undefined` and `null` values are left out. */
export function withQuery(path: string, query: object | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(name, String(value));
  }
  const text = params.toString();
  return text === '' ? path : `${path}?${text}`;
}
