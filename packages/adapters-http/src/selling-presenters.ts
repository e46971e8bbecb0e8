import {
  VAT_RATE_PLACES,
  formatDateTime,
  formatFixedDecimal,
  formatMoney,
  vatSharesOf,
  type ExtraRecord,
  type PricedLine,
  type Quote,
  type SiteType,
  type SiteTypeCalendar,
} from '@campsite/domain';
import type { z } from 'zod';
import { invoiceLineJson } from './presenters';
import type { extraSchema, pricedLineSchema, quoteSchema, siteTypeCalendarSchema, siteTypeSchema } from './schemas/responses.schema';

// Selling a stay as the API shows it (docs/channel-managers.md, "Selling a stay"), typed against the answer schemas
// like presenters.ts.

const money = (rappen: number | null) => (rappen === null ? null : formatMoney(rappen));
const vatRate = (rate: number) => formatFixedDecimal(rate, VAT_RATE_PLACES);

export function siteTypeJson(t: SiteType): z.output<typeof siteTypeSchema> {
  return { id: t.id, name: t.name, active_sites: t.activeSites, max_occupants: t.maxOccupants, updated_at: formatDateTime(t.updatedAt) };
}

export function extraJson(e: ExtraRecord): z.output<typeof extraSchema> {
  return {
    id: e.id,
    code: e.code,
    name: e.name,
    per: e.per,
    price: formatMoney(e.price),
    vat_rate: vatRate(e.vatRate),
    compulsory_for: [...e.compulsoryFor],
    updated_at: formatDateTime(e.updatedAt),
  };
}

/** A site type's calendar as the contract shows it; the route sends calendarPage's bytes of it (the tests hold them equal). */
export function calendarJson({ siteType, days }: SiteTypeCalendar): z.output<typeof siteTypeCalendarSchema> {
  return {
    site_type_id: siteType.id,
    name: siteType.name,
    days: days.map(({ date, free, terms }) => ({
      date,
      free,
      pitch: money(terms.pitch),
      adult: money(terms.adult),
      youth: money(terms.youth),
      child: money(terms.child),
      min_stay: terms.minStay,
      max_stay: terms.maxStay,
      closed_to_arrival: terms.closedToArrival,
      closed_to_departure: terms.closedToDeparture,
      stop_sell: terms.stopSell,
    })),
  };
}

/** An invoice line (docs/accounting.md, line items) plus what it charges for. */
function pricedLineJson(l: PricedLine): z.output<typeof pricedLineSchema> {
  return { ...invoiceLineJson(l), kind: l.kind, code: l.code };
}

export function quoteJson(q: Quote): z.output<typeof quoteSchema> {
  return {
    id: q.id,
    site_type_id: q.siteTypeId,
    site_id: q.siteId,
    check_in_date: q.checkInDate,
    check_out_date: q.checkOutDate,
    num_adults: q.numAdults,
    num_youth: q.numYouth,
    num_children: q.numChildren,
    extras: q.extras.map(({ code, quantity }) => ({ code, quantity })),
    lines: q.lines.map(pricedLineJson),
    // The quote keeps its lines; the VAT they contain is derived by the same rule the invoice uses.
    vat: vatSharesOf(q.lines).map((share) => ({ rate: vatRate(share.rate), amount: formatMoney(share.amount) })),
    total_price: formatMoney(q.total),
    expires_at: formatDateTime(q.expiresAt),
    created_at: formatDateTime(q.createdAt),
  };
}
