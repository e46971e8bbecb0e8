import { type Listing, type QueriedListing, listing } from './lists.js';
import {
  type CalendarQuery,
  type CreateQuoteInput,
  type Extra,
  type ExtraQuery,
  ROUTES,
  type Quote,
  type SiteType,
  type SiteTypeCalendar,
  type SiteTypeQuery,
  exchangeOf,
} from './operations.js';
import type { ApiPromise } from './response.js';
import type { RequestOptions, Transport } from './transport.js';

/**
 * Per site type, each night between `from` and `to` (the departure date; at most 366 nights): free pitches, prices
 * and stay rules. `site_type_id` narrows it to one type. Needs `rates:read`.
 */
export type Calendar = QueriedListing<SiteTypeCalendar, CalendarQuery>;

/** Binding prices for stays; the key needs `bookings:write`. */
export interface Quotes {
  /**
   * Prices a stay on a pitch (`site_id`) or of a type (`site_type_id`), with extras. The price binds until
   * `expires_at`: book it with `bookings.create({ quote_id })`. A retried create may leave a second quote behind,
   * which holds no pitch and costs nothing.
   */
  create(input: CreateQuoteInput, options?: RequestOptions): ApiPromise<Quote>;
  /** One quote; `NotFoundError` when absent, another tenant's, or forgotten some time after it expired unused. */
  get(id: number, options?: RequestOptions): ApiPromise<Quote>;
}

export function siteTypes(transport: Transport): Listing<SiteType, SiteTypeQuery> {
  return listing(transport, ROUTES.listSiteTypes);
}

export function extras(transport: Transport): Listing<Extra, ExtraQuery> {
  return listing(transport, ROUTES.listExtras);
}

export function calendar(transport: Transport): Calendar {
  return listing<SiteTypeCalendar, CalendarQuery>(transport, ROUTES.getCalendar);
}

export function quotes(transport: Transport): Quotes {
  return {
    create: (input, options) => transport.call({ ...exchangeOf(ROUTES.createQuote), body: input }, options),
    get: (id, options) => transport.call(exchangeOf(ROUTES.getQuote, id), options),
  };
}
