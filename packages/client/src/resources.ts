import { type Listing, type NestedListing, type QueriedListing, followPages, listing, nestedListing } from './lists.js';
import {
  type AvailabilityQuery,
  type Booking,
  type BookingQuery,
  type Change,
  type ChangePage,
  type ChangesQuery,
  type CreateBookingFromQuoteInput,
  type CreateBookingInput,
  type Health,
  type Invoice,
  type InvoiceLine,
  type InvoiceLineQuery,
  type InvoiceQuery,
  ROUTES,
  type Readiness,
  type SiteAvailability,
  exchangeOf,
} from './operations.js';
import type { ApiPromise } from './response.js';
import type { RequestOptions, Transport } from './transport.js';

export interface CreateOptions extends RequestOptions {
  /**
   * Sent as `Idempotency-Key` on every attempt of this call. Default: a fresh UUID per call. Pass your own (your order
   * number, say) to make a create safe to repeat across calls and processes: the same key and body within 24 hours is
   * answered with the first booking (`response.idempotentReplayed`), never a second one.
   */
  idempotencyKey?: string;
}

export interface Bookings extends Listing<Booking, BookingQuery> {
  /** One booking; `NotFoundError` (code `not_found`) when absent or another tenant's. */
  get(id: number, options?: RequestOptions): ApiPromise<Booking>;
  /**
   * Creates a pending booking: from a quote with `{ quote_id }` (its stay, extras and total; `quote_not_found`,
   * `quote_mismatch`, `quote_expired`, `quote_used`), else from the stay given. Safe to call once per intended
   * booking: its retries carry one `Idempotency-Key`, and a replay answers the first booking even once the quote is
   * used.
   */
  create(input: CreateBookingInput | CreateBookingFromQuoteInput, options?: CreateOptions): ApiPromise<Booking>;
  /**
   * Cancels a `pending` or `confirmed` booking; its nights are free at once. One already cancelled is answered as it
   * is, so the call is retried like a read. Any other status: `ValidationError` with code `not_cancellable`.
   */
  cancel(id: number, options?: RequestOptions): ApiPromise<Booking>;
}

/** Sites with their free runs of nights between `from` and `to` (the departure date; at most 366 nights). */
export type Availability = QueriedListing<SiteAvailability, AvailabilityQuery>;

export interface Invoices extends Listing<Invoice, InvoiceQuery> {
  /** One invoice; `NotFoundError` when absent or another tenant's. */
  get(id: number, options?: RequestOptions): ApiPromise<Invoice>;
  /** An invoice's lines in `position` order. */
  readonly lines: NestedListing<InvoiceLine, InvoiceLineQuery>;
  /** The invoice as an A4 PDF, its bytes. To fetch it again only when it changed, `poll` its path with its `ETag`. */
  pdf(id: number, options?: RequestOptions): ApiPromise<Uint8Array>;
}

export interface FollowOptions extends RequestOptions {
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

export interface Changes {
  /** One page of the change feed after `query.after`. */
  list(query?: ChangesQuery, options?: RequestOptions): ApiPromise<ChangePage>;
  /**
   * Every change after `after`, in commit order, to the feed's current end; `saveCursor` gets each page's cursor
   * once its changes have been handed out. Stopping in the middle of a page saves nothing for that page, so a
   * resumed run sees it again (at least once, never a gap).
   */
  follow(options?: FollowOptions): AsyncGenerator<Change, void, undefined>;
}

/** The service's own endpoints, without the key: for monitoring, and for tools that read the document. */
export interface Service {
  /** `GET /healthz`: the process is alive. */
  health(options?: RequestOptions): ApiPromise<Health>;
  /** `GET /readyz`: `ready`, or `unavailable` (a 503, returned rather than thrown and not retried by itself). */
  readiness(options?: RequestOptions): ApiPromise<Readiness>;
  /** `GET /openapi.json`: the OpenAPI 3.1 document this client is generated from. */
  openApiDocument(options?: RequestOptions): ApiPromise<Record<string, unknown>>;
}

export function bookings(transport: Transport): Bookings {
  return {
    ...listing<Booking, BookingQuery>(transport, ROUTES.listBookings),
    get: (id, options) => transport.call(exchangeOf(ROUTES.getBooking, id), options),
    create: (input, options = {}) =>
      transport.call(
        { ...exchangeOf(ROUTES.createBooking), body: input, idempotencyKey: options.idempotencyKey ?? globalThis.crypto.randomUUID() },
        options,
      ),
    cancel: (id, options) => transport.call(exchangeOf(ROUTES.cancelBooking, id), options),
  };
}

export function availability(transport: Transport): Availability {
  return listing<SiteAvailability, AvailabilityQuery>(transport, ROUTES.getAvailability);
}

export function invoices(transport: Transport): Invoices {
  return {
    ...listing<Invoice, InvoiceQuery>(transport, ROUTES.listInvoices),
    get: (id, options) => transport.call(exchangeOf(ROUTES.getInvoice, id), options),
    lines: nestedListing<InvoiceLine, InvoiceLineQuery>(transport, ROUTES.listInvoiceLines),
    pdf: (id, options) => transport.call(exchangeOf(ROUTES.getInvoicePdf, id), options),
  };
}

export function changes(transport: Transport): Changes {
  return {
    list: (query, options) => transport.call(exchangeOf(ROUTES.listChanges, undefined, query), options),
    follow: (options = {}) => followChanges(transport, options),
  };
}

async function* followChanges(transport: Transport, options: FollowOptions): AsyncGenerator<Change, void, undefined> {
  const query = { after: options.after ?? undefined, page_size: String(options.pageSize ?? 200) };
  for await (const page of followPages<ChangePage>(transport, exchangeOf(ROUTES.listChanges, undefined, query).target, options)) {
    yield* page.results;
    await options.saveCursor?.(page.cursor);
  }
}

export function service(transport: Transport): Service {
  return {
    health: (options) => transport.call(exchangeOf(ROUTES.getHealth), options),
    readiness: (options) => transport.call(exchangeOf(ROUTES.getReadiness), { retry: { maxAttempts: 1 }, ...options }),
    openApiDocument: (options) => transport.call(exchangeOf(ROUTES.getOpenApiDocument), options),
  };
}
