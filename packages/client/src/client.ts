import { type ApiError, NetworkError, TimeoutError, apiErrorFor } from './errors';
import type { components, operations } from './schema';

export type Booking = components['schemas']['Booking'];
export type Site = components['schemas']['Site'];
export type Customer = components['schemas']['Customer'];
export type Invoice = components['schemas']['Invoice'];
export type CreateBookingInput = components['schemas']['CreateBooking'];
export type Change = components['schemas']['Change'];
export type ChangePage = components['schemas']['ChangePage'];
export type ChangesQuery = NonNullable<operations['listChanges']['parameters']['query']>;
export type SiteAvailability = components['schemas']['SiteAvailability'];
export type AvailabilityQuery = NonNullable<operations['getAvailability']['parameters']['query']>;

/** What `poll` found: the same answer as the tag you sent (a free 304), or a new body with its new tag. */
export type Polled<T> = { changed: false; etag: string } | { changed: true; etag: string; body: T };

export interface FollowOptions {
  /** A cursor stored from an earlier run (`saveCursor`); absent or null: from the beginning of the feed. */
  after?: string | null;
  /** Changes per page, at most 200. Default 200. */
  pageSize?: number;
  /**
   * Called with a page's cursor once every change of that page has been handed out (and when the feed is empty).
   * Store it where your mirror lives, ideally in the same transaction as the changes, and pass it as `after` next time.
   */
  saveCursor?: (cursor: string) => void | Promise<void>;
}

/** One page of a list: `count` across all pages, absolute `next` / `previous` links, and this page's records. */
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export type BookingQuery = NonNullable<operations['listBookings']['parameters']['query']>;
export type ListQuery = NonNullable<operations['listSites']['parameters']['query']>;

export interface RetryPolicy {
  /** Attempts in all, the first included. Default 5. */
  maxAttempts: number;
  /** The first backoff's ceiling; each further attempt doubles it. Default 250 ms. */
  baseDelayMs: number;
  /** No backoff is longer than this. Default 20 s. */
  maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited for: the 429 is thrown. Default 60 s. */
  maxRetryAfterMs: number;
}

export interface ClientOptions {
  /** The service's origin, for example `https://api.camping.example` or `https://localhost:8443`. */
  baseUrl: string;
  /** The 32-character API key. It is sent only to `baseUrl`'s origin. */
  apiKey: string;
  /** Per attempt, headers and body included. Default 30 s. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /**
   * The fetch to use; default the global one. Node's fetch trusts the CAs of `NODE_EXTRA_CA_CERTS`, which is how the
   * development certificate is trusted; pass your own fetch for anything else.
   */
  fetch?: typeof fetch;
  /** Waits between attempts (for tests and custom schedulers). */
  sleep?: (ms: number) => Promise<void>;
  /** A number in [0, 1) for the backoff's jitter (for tests). */
  random?: () => number;
}

export interface CreateOptions {
  /** Sent as `Idempotency-Key` on every attempt. Default: a fresh UUID per call. */
  idempotencyKey?: string;
}

const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 5, baseDelayMs: 250, maxDelayMs: 20_000, maxRetryAfterMs: 60_000 };
const LIST_PREFIX = '/api/v1/public';

/**
 * Statuses worth another attempt: the limit (after `Retry-After`), faults on the service's side, and a create whose
 * first attempt with the same `Idempotency-Key` is still running (409 `idempotency_key_in_use`).
 */
function isRetryable(error: ApiError): boolean {
  return error.status === 429 || error.status >= 500 || (error.status === 409 && error.code === 'idempotency_key_in_use');
}

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

/**
 * A typed client for the Campsite Management Public API. Reads follow `next` links; every call retries timeouts,
 * network errors, 429 (after `Retry-After`) and 5xx with capped, jittered exponential backoff, and never retries
 * another 4xx. `bookings.create` sends an `Idempotency-Key` that stays the same across its attempts.
 */
export class CampsiteClient {
  readonly bookings;
  readonly sites;
  readonly customers;
  readonly invoices;
  readonly changes;
  readonly availability;

  private readonly origin: string;
  private readonly retry: RetryPolicy;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;

  constructor(private readonly options: ClientOptions) {
    this.origin = new URL(options.baseUrl).origin;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.random = options.random ?? Math.random;

    this.bookings = {
      ...this.listing<Booking, BookingQuery>('bookings'),
      /** One booking; `NotFoundError` (code `not_found`) when absent or another tenant's. */
      get: (id: number): Promise<Booking> => this.request<Booking>('GET', `${LIST_PREFIX}/bookings/${encodeURIComponent(id)}/`),
      /** Creates a pending booking. Safe to call once per intended booking: its retries carry one Idempotency-Key. */
      create: (input: CreateBookingInput, createOptions: CreateOptions = {}): Promise<Booking> =>
        this.request<Booking>('POST', `${LIST_PREFIX}/bookings/`, {
          body: input,
          idempotencyKey: createOptions.idempotencyKey ?? globalThis.crypto.randomUUID(),
        }),
    };
    this.availability = {
      /** One page of sites with their free runs between `from` and `to` (the departure date; at most 366 nights). */
      list: (query: AvailabilityQuery): Promise<Page<SiteAvailability>> =>
        this.request<Page<SiteAvailability>>('GET', withQuery(`${LIST_PREFIX}/availability/`, query)),
      /** Every site's free runs in the window, page after page. */
      all: (query: AvailabilityQuery): AsyncGenerator<SiteAvailability> =>
        this.followRecords<SiteAvailability>(withQuery(`${LIST_PREFIX}/availability/`, query)),
    };
    this.sites = this.listing<Site, ListQuery>('sites');
    this.customers = this.listing<Customer, ListQuery>('customers');
    this.invoices = this.listing<Invoice, ListQuery>('invoices');
    this.changes = {
      /** One page of the change feed after `query.after`. */
      list: (query?: ChangesQuery): Promise<ChangePage> => this.request<ChangePage>('GET', withQuery(`${LIST_PREFIX}/changes/`, query)),
      /**
       * Every change after `after`, in commit order, to the feed's current end; `saveCursor` gets each page's cursor
       * once its changes have been handed out. Stopping in the middle of a page saves nothing for that page, so a
       * resumed run sees it again (at least once, never a gap).
       */
      follow: (options: FollowOptions = {}): AsyncGenerator<Change> => this.followChanges(options),
    };
  }

  private async *followChanges(options: FollowOptions): AsyncGenerator<Change> {
    const query = { after: options.after ?? undefined, page_size: String(options.pageSize ?? 200) };
    let url: string | null = withQuery(`${LIST_PREFIX}/changes/`, query);
    while (url !== null) {
      const page: ChangePage = await this.request<ChangePage>('GET', url);
      yield* page.results;
      await options.saveCursor?.(page.cursor);
      url = page.next;
    }
  }

  private listing<T, Q extends Record<string, unknown>>(resource: string) {
    const path = `${LIST_PREFIX}/${resource}/`;
    return {
      /** One page; `query` takes `page`, `page_size` and the list's filters. */
      list: (query?: Q): Promise<Page<T>> => this.request<Page<T>>('GET', withQuery(path, query)),
      /** Every page from the first (or `query.page`), following `next` to the end. */
      pages: (query?: Q): AsyncGenerator<Page<T>> => this.followPages<T>(withQuery(path, query)),
      /** Every record, page after page, following `next` to the end. */
      all: (query?: Q): AsyncGenerator<T> => this.followRecords<T>(withQuery(path, query)),
    };
  }

  private async *followPages<T>(first: string): AsyncGenerator<Page<T>> {
    let url: string | null = first;
    while (url !== null) {
      const page: Page<T> = await this.request<Page<T>>('GET', url);
      yield page;
      url = page.next;
    }
  }

  private async *followRecords<T>(first: string): AsyncGenerator<T> {
    for await (const page of this.followPages<T>(first)) yield* page.results;
  }

  /**
   * A conditional GET of `target` (a path with its query, or a link such as `next`): pass the `etag` of the last
   * answer you kept. An unchanged answer is a 304 that costs no rate limit; otherwise you get the new body and tag.
   */
  async poll<T>(target: string, etag?: string): Promise<Polled<T>> {
    const answer = await this.exchange('GET', target, { ifNoneMatch: etag });
    const tag = answer.headers.get('etag') ?? '';
    return answer.status === 304 ? { changed: false, etag: tag } : { changed: true, etag: tag, body: answer.body as T };
  }

  private async request<T>(method: 'GET' | 'POST', target: string, send: { body?: unknown; idempotencyKey?: string } = {}): Promise<T> {
    return (await this.exchange(method, target, send)).body as T;
  }

  /**
   * One call with its retries. `target` is a path or an absolute link from the service (`next`); only its path and
   * query are used, against `baseUrl`, so the key never goes to another origin.
   */
  private async exchange(
    method: 'GET' | 'POST',
    target: string,
    send: { body?: unknown; idempotencyKey?: string; ifNoneMatch?: string },
  ): Promise<Answer> {
    const link = new URL(target, this.origin);
    const url = `${this.origin}${link.pathname}${link.search}`;
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Authorization: `Bearer ${this.options.apiKey}`,
    };
    if (send.body !== undefined) headers['Content-Type'] = 'application/json';
    if (send.idempotencyKey !== undefined) headers['Idempotency-Key'] = send.idempotencyKey;
    if (send.ifNoneMatch !== undefined) headers['If-None-Match'] = send.ifNoneMatch;
    const body = send.body === undefined ? undefined : JSON.stringify(send.body);

    for (let attempt = 1; ; attempt += 1) {
      let wait = this.backoff(attempt);
      let failure: Error;
      let response: Response | undefined;
      let parsed: unknown;
      try {
        response = await this.fetchImpl(url, { method, headers, body, signal: AbortSignal.timeout(this.timeoutMs) });
        parsed = await readBody(response);
      } catch (error) {
        response = undefined;
        failure = noAnswer(error);
      }
      if (response !== undefined) {
        if (response.ok || response.status === 304) return { status: response.status, headers: response.headers, body: parsed };
        const error = apiErrorFor(response.status, parsed, response.headers);
        if (!isRetryable(error)) throw error;
        if (error.retryAfterSeconds !== null) {
          const asked = error.retryAfterSeconds * 1000;
          if (asked > this.retry.maxRetryAfterMs) throw error;
          wait = Math.max(wait, asked + this.random() * this.retry.baseDelayMs);
        }
        failure = error;
      }
      if (attempt >= this.retry.maxAttempts) throw failure!;
      await this.sleep(wait);
    }
  }

  /** Full jitter: a random wait up to base × 2^(attempt−1), capped. */
  private backoff(attempt: number): number {
    const ceiling = Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** (attempt - 1));
    return this.random() * ceiling;
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  if (!(response.headers.get('content-type') ?? '').startsWith('application/json')) return text;
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

function withQuery(path: string, query: Record<string, unknown> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(name, String(value));
  }
  const text = params.toString();
  return text === '' ? path : `${path}?${text}`;
}
