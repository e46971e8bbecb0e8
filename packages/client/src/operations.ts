import type { components, operations } from './schema.js';
import { type Exchange, type Method, withQuery } from './transport.js';

type Schemas = components['schemas'];
/** The query parameters of an operation of the OpenAPI document. */
type QueryOf<Id extends keyof operations> = NonNullable<operations[Id]['parameters']['query']>;

export type Booking = Schemas['Booking'];
export type CreateBookingInput = Schemas['CreateBooking'];
export type CreateBookingFromQuoteInput = Schemas['CreateBookingFromQuote'];
export type SiteType = Schemas['SiteType'];
export type Extra = Schemas['Extra'];
export type ExtraChoice = Schemas['ExtraChoice'];
export type SiteTypeCalendar = Schemas['SiteTypeCalendar'];
export type CalendarDay = Schemas['CalendarDay'];
export type Quote = Schemas['Quote'];
export type PricedLine = Schemas['PricedLine'];
export type CreateQuoteInput = Schemas['CreateQuote'];
export type Site = Schemas['Site'];
export type Customer = Schemas['Customer'];
export type Invoice = Schemas['Invoice'];
export type InvoiceLine = Schemas['InvoiceLine'];
export type SiteAvailability = Schemas['SiteAvailability'];
export type Change = Schemas['Change'];
export type ChangePage = Schemas['ChangePage'];
export type WebhookEndpoint = Schemas['WebhookEndpoint'];
export type CreatedWebhookEndpoint = Schemas['CreatedWebhookEndpoint'];
export type CreateWebhookEndpointInput = Schemas['CreateWebhookEndpoint'];
export type UpdateWebhookEndpointInput = Schemas['UpdateWebhookEndpoint'];
export type RotateSecretInput = Schemas['RotateSecret'];
export type RotatedSecret = Schemas['RotatedSecret'];
export type ReplayInput = Schemas['Replay'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type Health = Schemas['Health'];
export type Readiness = Schemas['Readiness'];

export type BookingQuery = QueryOf<'listBookings'>;
export type SiteQuery = QueryOf<'listSites'>;
export type CustomerQuery = QueryOf<'listCustomers'>;
export type InvoiceQuery = QueryOf<'listInvoices'>;
export type InvoiceLineQuery = QueryOf<'listInvoiceLines'>;
export type AvailabilityQuery = QueryOf<'getAvailability'>;
export type SiteTypeQuery = QueryOf<'listSiteTypes'>;
export type ExtraQuery = QueryOf<'listExtras'>;
export type CalendarQuery = QueryOf<'getCalendar'>;
export type ChangesQuery = QueryOf<'listChanges'>;
export type DeliveryQuery = QueryOf<'listWebhookDeliveries'>;

/** One page of a list: `count` across all pages, absolute `next` / `previous` links, and this page's records. */
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export interface Route {
  readonly method: Method;
  /** The document's path; `{id}` is filled in per call. */
  readonly path: string;
  /** A repeat could act twice (no `Idempotency-Key` guards it): sent again only after a 429 or 503, which did nothing. */
  readonly unsafe?: boolean;
  readonly anonymous?: boolean;
  readonly answers?: readonly number[];
  readonly accept?: string;
}

/**
 * Operations the client does not call: `receiveChanges` and `receivePing` are the messages the service sends to you
 * (see `verifyWebhook`), and the reference page with its assets and the guides are for a browser.
 */
type NotCalled = 'receiveChanges' | 'receivePing' | 'getApiReference' | 'getApiReferenceAsset' | 'getGuides' | 'getGuide';

const API = '/api/v1/public';

/**
 * Every operation of the OpenAPI document the client calls, by operationId. `satisfies` makes the compiler refuse
 * this table while an operation of the regenerated schema.ts is missing from it; test/operations.test.ts checks the
 * methods and paths against the document and that a client method sends each.
 */
export const ROUTES = {
  listBookings: { method: 'GET', path: `${API}/bookings/` },
  createBooking: { method: 'POST', path: `${API}/bookings/` },
  getBooking: { method: 'GET', path: `${API}/bookings/{id}/` },
  // Cancelling a cancelled booking answers it unchanged: a repeat is harmless.
  cancelBooking: { method: 'POST', path: `${API}/bookings/{id}/cancel/` },
  listSiteTypes: { method: 'GET', path: `${API}/site-types/` },
  listExtras: { method: 'GET', path: `${API}/extras/` },
  getCalendar: { method: 'GET', path: `${API}/calendar/` },
  // A repeated create makes a second quote, which holds no pitch and binds nobody: harmless.
  createQuote: { method: 'POST', path: `${API}/quotes/` },
  getQuote: { method: 'GET', path: `${API}/quotes/{id}/` },
  getAvailability: { method: 'GET', path: `${API}/availability/` },
  listSites: { method: 'GET', path: `${API}/sites/` },
  listCustomers: { method: 'GET', path: `${API}/customers/` },
  listInvoices: { method: 'GET', path: `${API}/invoices/` },
  getInvoice: { method: 'GET', path: `${API}/invoices/{id}/` },
  listInvoiceLines: { method: 'GET', path: `${API}/invoices/{id}/lines/` },
  getInvoicePdf: { method: 'GET', path: `${API}/invoices/{id}/pdf/`, accept: 'application/pdf, application/json' },
  listChanges: { method: 'GET', path: `${API}/changes/` },
  listWebhookEndpoints: { method: 'GET', path: `${API}/webhook-endpoints/` },
  // The API takes no Idempotency-Key here: a repeated create would make a second endpoint.
  createWebhookEndpoint: { method: 'POST', path: `${API}/webhook-endpoints/`, unsafe: true },
  getWebhookEndpoint: { method: 'GET', path: `${API}/webhook-endpoints/{id}/` },
  updateWebhookEndpoint: { method: 'PATCH', path: `${API}/webhook-endpoints/{id}/` },
  deleteWebhookEndpoint: { method: 'DELETE', path: `${API}/webhook-endpoints/{id}/` },
  // Nor here: a repeated rotation would drop the secret the receivers still have for one that nobody was shown.
  rotateWebhookSecret: { method: 'POST', path: `${API}/webhook-endpoints/{id}/rotate-secret/`, unsafe: true },
  // Both set something to a value (the position; a ping outside the chain): a repeat is harmless.
  replayWebhookEndpoint: { method: 'POST', path: `${API}/webhook-endpoints/{id}/replay/` },
  pingWebhookEndpoint: { method: 'POST', path: `${API}/webhook-endpoints/{id}/ping/` },
  listWebhookDeliveries: { method: 'GET', path: `${API}/webhook-endpoints/{id}/deliveries/` },
  getHealth: { method: 'GET', path: '/healthz', anonymous: true },
  getReadiness: { method: 'GET', path: '/readyz', anonymous: true, answers: [503] },
  getOpenApiDocument: { method: 'GET', path: '/openapi.json', anonymous: true },
} as const satisfies Record<Exclude<keyof operations, NotCalled>, Route>;

/** A call of `route`: its path with `{id}` filled in and `query` appended, and how to send it. */
export function exchangeOf(route: Route, id?: number, query?: object): Exchange {
  const path = id === undefined ? route.path : route.path.replace('{id}', encodeURIComponent(String(id)));
  const { method, unsafe, anonymous, answers, accept } = route;
  return { method, target: withQuery(path, query), unsafe, anonymous, answers, accept };
}
