import type {
  AdmitRequest,
  CancelBooking,
  CreateBooking,
  CreateQuote,
  GetCalendar,
  GetQuote,
  GetAvailability,
  GetBooking,
  GetInvoice,
  GetInvoiceDocument,
  ListInvoiceLines,
  ListBookings,
  ListCustomers,
  ListInvoices,
  ListExtras,
  ListSiteTypes,
  ListSites,
  ManageWebhookEndpoints,
  ReadChanges,
} from '@campsite/domain';
import type { AnswerCache } from './answer-cache';

/** The structured logger the app hands in (pino in production). Fields never contain a token. */
export interface HttpLogger {
  info(fields: Record<string, unknown>, msg: string): void;
  warn(fields: Record<string, unknown>, msg: string): void;
  error(fields: Record<string, unknown>, msg: string): void;
  /** Whether `info` lines are written at all; when they are not, requests skip building theirs (pino has this). */
  isLevelEnabled?(level: 'info'): boolean;
}

export interface HttpDeps {
  /** Every API request goes through it once: key, operation, scope and rate limit (docs/architecture.md). */
  admission: AdmitRequest;
  /** Keeps rendered GET answers while the tenant's data version holds; absent: every answer is rendered afresh. */
  answers?: AnswerCache;
  listBookings: ListBookings;
  getBooking: GetBooking;
  createBooking: CreateBooking;
  getAvailability: GetAvailability;
  listSites: ListSites;
  listCustomers: ListCustomers;
  listInvoices: ListInvoices;
  readChanges: ReadChanges;
  getInvoice: GetInvoice;
  listInvoiceLines: ListInvoiceLines;
  getInvoiceDocument: GetInvoiceDocument;
  manageWebhookEndpoints: ManageWebhookEndpoints;
  /** Selling a stay (docs/channel-managers.md): the pitch types, the extras, the calendar, quotes, cancellation. */
  listSiteTypes: ListSiteTypes;
  listExtras: ListExtras;
  getCalendar: GetCalendar;
  createQuote: CreateQuote;
  getQuote: GetQuote;
  cancelBooking: CancelBooking;
  logger: HttpLogger;
  /**
   * The external base URL (`PUBLIC_URL`, without a trailing slash needed): when set, links and `Location` are built
   * from it and the request's Host is not read (docs/security.md).
   */
  publicUrl?: string;
  /** What `/readyz` asks; without it the service reports ready whenever it answers. */
  database?: DatabaseProbe;
  /** Express 'trust proxy' value; when set, the scheme comes from X-Forwarded-Proto of trusted hops. */
  trustProxy?: string | boolean | number;
  /**
   * Told when an API request's handling starts and when it is over, success or failure. A server uses it to wait for
   * handlers still at work (a client that hung up does not stop its handler) before it closes the database.
   */
  activity?: RequestActivity;
  /**
   * Told about every request, first thing and once its response is done or abandoned: metrics, traces and the
   * slow-request log hang off it (docs/observability.md). Without one, nothing of it is paid.
   */
  observer?: RequestObserver;
}

export interface RequestActivity {
  begin(): void;
  end(): void;
}

/** The database as the readiness probe sees it. */
export interface DatabaseProbe {
  /** Resolves once the database answered a trivial query; rejects when it cannot. */
  ping(): Promise<void>;
}

/** A request as its observer first sees it. */
export interface ObservedRequest {
  requestId: string;
  method: string;
  /** For a trace context sent by the caller (`traceparent`); never logged, never a metric label. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** What one request came to, handed to its observer when the response is done or the client has gone. */
export interface RequestOutcome {
  requestId: string;
  method: string;
  /** The route template (`/api/v1/public/bookings/{id}/`), or UNMATCHED_ROUTE: never a raw path. */
  route: string;
  status: number;
  durationMs: number;
  /** Checking the key, its scope and its rate limit, including their database round trips. */
  authMs: number;
  /** Turning results into JSON text. */
  renderMs: number;
  /** Whether a key was recognised: a 429 with one is the key's own limit, without one the failed-attempts limit. */
  authenticated: boolean;
  /** The domain code the answer was made from, when it was a domain refusal (`invalid_key`, `throttled`, …). */
  errorCode: string | undefined;
  /** The client went away before the whole response was written. */
  aborted: boolean;
}

export interface RequestObserver {
  /**
   * Called first for every request. Runs `proceed` (the rest of the request's handling) inside whatever context the
   * observer keeps, so that work done on the request's behalf, database calls included, is attributed to it. Returns
   * the function to call exactly once with the request's outcome.
   */
  begin(request: ObservedRequest, proceed: () => void): (outcome: RequestOutcome) => void;
}
