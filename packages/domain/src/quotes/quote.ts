import type { CalendarDate } from '../shared/calendar-date';
import type { Rappen } from '../shared/money';
import type { ExtraRequest, PricedLine } from '../pricing/tariff';

/**
 * A binding price for a stay (docs/channel-managers.md, "Quotes"): a site type, or one of its sites, the nights, the
 * party and the extras, with the lines the tariff gave them. It holds no pitch; until `expiresAt` a booking made from
 * it gets exactly these lines and this total.
 */
export interface Quote {
  id: number;
  tenantId: number;
  siteTypeId: number;
  /** The site asked for; null for a quote by type, whose booking takes the free site with the lowest number. */
  siteId: number | null;
  checkInDate: CalendarDate;
  checkOutDate: CalendarDate;
  numAdults: number;
  numYouth: number;
  numChildren: number;
  /** Every extra priced, the compulsory ones included, in code order. */
  extras: ExtraRequest[];
  lines: PricedLine[];
  total: Rappen;
  expiresAt: Date;
  createdAt: Date;
  /** The booking made from it; null while it is unused. */
  bookingId: number | null;
}

export type NewQuote = Omit<Quote, 'id' | 'bookingId'>;

/** Quotes of one tenant; ids are per tenant, counted up, and never given twice (not even after a purge). */
export interface QuoteRepository {
  /** Stores the quote under the tenant's next id. */
  insert(quote: NewQuote): Promise<Quote>;
  /** The quote, or null when it does not exist in this tenant (or was forgotten after expiring unused). */
  findById(tenantId: number, id: number): Promise<Quote | null>;
  /** Forgets every unused quote that expired before `before`; returns how many. */
  purgeExpired(before: Date): Promise<number>;
}
