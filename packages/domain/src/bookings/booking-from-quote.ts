import type { Clock } from '../shared/clock';
import { DomainError } from '../shared/domain-error';
import { isRecordId } from '../shared/record-id';
import type { ExtraRequest } from '../pricing/tariff';
import type { Quote, QuoteRepository } from '../quotes/quote';
import type { NewBooking } from './booking';
import type { BookingRuleViolation } from './booking-rule';

/**
 * What a create request sent beside its `quote_id` (docs/channel-managers.md, "Booking from a quote"): each field of
 * the stay that was sent, undefined when left out. The guest's names and e-mail are the booking's own.
 */
export interface QuotedStay {
  /** The id as sent; null when it is not one. */
  quoteId: number | null;
  siteId?: number | null;
  checkInDate?: string;
  checkOutDate?: string;
  numAdults?: number;
  numYouth?: number;
  numChildren?: number;
  extras?: ExtraRequest[];
}

/** The guest of a booking, as the transport read it. */
export interface BookingGuest {
  guestFirstName: string;
  guestLastName: string;
  guestEmail: string;
}

/** Whether every field sent equals the quote's; a list of extras is compared whatever its order. */
function matches(quote: Quote, sent: QuotedStay): boolean {
  const same = <T>(value: T | undefined, quoted: T) => value === undefined || value === quoted;
  const extras = (list: readonly ExtraRequest[]) =>
    JSON.stringify([...list].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)).map((e) => [e.code, e.quantity]));
  return (
    same(sent.siteId, quote.siteId) &&
    same(sent.checkInDate, quote.checkInDate) &&
    same(sent.checkOutDate, quote.checkOutDate) &&
    same(sent.numAdults, quote.numAdults) &&
    same(sent.numYouth, quote.numYouth) &&
    same(sent.numChildren, quote.numChildren) &&
    (sent.extras === undefined || extras(sent.extras) === extras(quote.extras))
  );
}

/**
 * The booking a quote binds, checked in this order: the quote of the caller's tenant (`quote_not_found`), the fields
 * sent (field-keyed, with the customer's), each sent value equal to the quote's (`quote_mismatch`), the quote still
 * binding (`quote_expired`) and unused (`quote_used`). The stay rules and the tariff are not checked again: the quote
 * is binding, and its total and lines become the booking's. Availability is the store's to check as it inserts.
 */
export async function bookingFromQuote(
  quotes: QuoteRepository,
  clock: Clock,
  tenantId: number,
  sent: QuotedStay,
  guest: BookingGuest | null,
  fieldViolations: BookingRuleViolation[],
): Promise<Omit<NewBooking, 'bookingReference' | 'customerId'>> {
  const quote = sent.quoteId !== null && isRecordId(sent.quoteId) ? await quotes.findById(tenantId, sent.quoteId) : null;
  if (quote === null) throw new DomainError('quote_not_found');
  const violations = guest === null ? [{ rule: 'invalid_fields' } as const, ...fieldViolations] : fieldViolations;
  if (violations.length > 0) throw new DomainError('validation_failed', 'validation failed', { violations });
  if (!matches(quote, sent)) throw new DomainError('quote_mismatch');
  const now = clock.now();
  if (now.getTime() >= quote.expiresAt.getTime()) throw new DomainError('quote_expired');
  if (quote.bookingId !== null) throw new DomainError('quote_used');
  return {
    ...guest!,
    tenantId,
    siteId: quote.siteId,
    siteTypeId: quote.siteTypeId,
    checkInDate: quote.checkInDate,
    checkOutDate: quote.checkOutDate,
    numAdults: quote.numAdults,
    numYouth: quote.numYouth,
    numChildren: quote.numChildren,
    status: 'pending',
    totalPrice: quote.total,
    createdAt: now,
    source: 'online',
    quoteId: quote.id,
    extras: quote.extras,
    lines: quote.lines,
  };
}
