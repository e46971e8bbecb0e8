import { type Listing, listing } from './lists.js';
import {
  type Customer,
  type CustomerQuery,
  type Extra,
  type ExtraQuery,
  ROUTES,
  type Site,
  type SiteQuery,
  type SiteType,
  type SiteTypeQuery,
} from './operations.js';
import {
  type Availability,
  type Bookings,
  type Changes,
  type Invoices,
  type Service,
  availability,
  bookings,
  changes,
  invoices,
  service,
} from './resources.js';
import { type ApiPromise, type ResponseMeta, apiPromise } from './response.js';
import { type Calendar, type Quotes, calendar, extras, quotes, siteTypes } from './selling.js';
import { type RequestOptions, type RetryPolicy, Transport } from './transport.js';
import { type WebhookEndpoints, webhookEndpoints } from './webhook-endpoints.js';

/** What `poll` found: the same answer as the tag you sent (a free 304), or a new body with its new tag. */
export type Polled<T> = { changed: false; etag: string } | { changed: true; etag: string; body: T };

export interface ClientOptions {
  /**
   * Where the service is: its origin, and the path prefix it is served under when there is one, for example
   * `https://api.camping.example` or `https://gateway.example/campsite`. Every request goes to this origin.
   */
  baseUrl: string;
  /** The 32-character API key. It is sent only to `baseUrl`'s origin. */
  apiKey: string;
  /** Per attempt, headers and body included. Default 30 s; a call's `timeoutMs` overrides it. */
  timeoutMs?: number;
  /** The retry policy of every call; a call's `retry` overrides parts of it. */
  retry?: Partial<RetryPolicy>;
  /**
   * The fetch to use; default the global one. Node's fetch trusts the CAs of `NODE_EXTRA_CA_CERTS`, which is how the
   * development certificate is trusted; pass your own fetch for anything else.
   */
  fetch?: typeof fetch;
  /** Your application's `name/version`, sent first in `User-Agent` (before `campsite-client-js/<version>`). */
  userAgent?: string;
  /**
   * Called with the metadata of every answer, each attempt's, retried ones and failures included: for logging the
   * request ids, or watching the rate limit while `all()` or `follow()` walk many pages.
   */
  onResponse?: (response: ResponseMeta, request: { method: string; url: string }) => void;
  /** Waits between attempts (for tests and custom schedulers); it is given the call's signal. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** A number in [0, 1) for the backoff's jitter (for tests). */
  random?: () => number;
}

// Outside the instance, so that the class has no private member: see `apiPromise`.
const transports = new WeakMap<CampsiteClient, Transport>();

/**
 * A typed client for the Campsite Management Public API. Every method resolves to the body of the answer; add
 * `.withResponse()` for `{ data, response }`, the body with its answer's metadata (request id, rate limit, ETag…).
 * Calls retry timeouts, network errors, 429 and 503 (after `Retry-After`) and other 5xx with capped, jittered
 * exponential backoff; a create is sent again only where a repeat cannot act twice. No other 4xx is retried.
 */
export class CampsiteClient {
  readonly bookings: Bookings;
  readonly availability: Availability;
  readonly sites: Listing<Site, SiteQuery>;
  /** The pitch types with their active pitches (`sites:read`). */
  readonly siteTypes: Listing<SiteType, SiteTypeQuery>;
  /** What a stay may include besides the pitch, by code (`rates:read`). */
  readonly extras: Listing<Extra, ExtraQuery>;
  readonly calendar: Calendar;
  readonly quotes: Quotes;
  readonly customers: Listing<Customer, CustomerQuery>;
  readonly invoices: Invoices;
  readonly changes: Changes;
  readonly webhookEndpoints: WebhookEndpoints;
  readonly service: Service;

  constructor(options: ClientOptions) {
    const transport = new Transport(options);
    transports.set(this, transport);
    this.bookings = bookings(transport);
    this.availability = availability(transport);
    this.sites = listing(transport, ROUTES.listSites);
    this.siteTypes = siteTypes(transport);
    this.extras = extras(transport);
    this.calendar = calendar(transport);
    this.quotes = quotes(transport);
    this.customers = listing(transport, ROUTES.listCustomers);
    this.invoices = invoices(transport);
    this.changes = changes(transport);
    this.webhookEndpoints = webhookEndpoints(transport);
    this.service = service(transport);
  }

  /**
   * A conditional GET of `target` (a path below `baseUrl` with its query, or a link such as `next`): pass the `etag`
   * of the last answer you kept. An unchanged answer is a 304 that costs no rate limit; otherwise you get the new body
   * and tag.
   */
  poll<T>(target: string, etag?: string, options?: RequestOptions): ApiPromise<Polled<T>> {
    const answer = transports.get(this)!.send({ method: 'GET', target, ifNoneMatch: etag }, options);
    return apiPromise(
      answer.then(({ data, response }) => {
        const tag = response.etag ?? '';
        const polled: Polled<T> = response.status === 304 ? { changed: false, etag: tag } : { changed: true, etag: tag, body: data as T };
        return { data: polled, response };
      }),
    );
  }
}
