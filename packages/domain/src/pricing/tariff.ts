import type { DateRange } from '../bookings/stay';
import { type CalendarDate, dayAfter } from '../shared/calendar-date';
import type { Scaled } from '../shared/fixed-decimal';
import type { Rappen } from '../shared/money';

/**
 * The prices of one site type over a run of nights. `from` and `to` are the first and the last **night** covered,
 * both included; a night is named by the date it starts on. `pitch` is per pitch and night, `adult`, `youth` and
 * `child` per person and night, all VAT included; `vatRate` is in hundredths of a percent (380 is 3.80 %). Seasons of
 * one type never overlap (see `tariffProblems`).
 */
export interface Season {
  siteTypeId: number;
  from: CalendarDate;
  to: CalendarDate;
  pitch: Rappen;
  adult: Rappen;
  youth: Rappen;
  child: Rappen;
  vatRate: Scaled;
}

/**
 * The stay rules of one site type over the dates `from` to `to`, both included. `minStay` and `maxStay` are nights
 * (null: no bound) and apply to stays arriving on a covered date. Rows of one type never overlap; a date without a
 * row has no restriction.
 */
export interface Restriction {
  siteTypeId: number;
  from: CalendarDate;
  to: CalendarDate;
  minStay: number | null;
  maxStay: number | null;
  closedToArrival: boolean;
  closedToDeparture: boolean;
  stopSell: boolean;
}

/**
 * Something sold with a stay, per night or once per stay, at its own VAT rate. `code` matches `EXTRA_CODE_PATTERN`
 * and is unique in the tenant; every stay of a site type listed in `compulsoryFor` includes it.
 */
export interface Extra {
  id: number;
  code: string;
  name: string;
  per: 'night' | 'stay';
  price: Rappen;
  vatRate: Scaled;
  compulsoryFor: number[];
}

/** The commune's tourist tax per person and night, without VAT; `maxNights` (null: none) caps the nights charged. */
export interface TouristTax {
  adult: Rappen;
  youth: Rappen;
  child: Rappen;
  maxNights: number | null;
}

/** A tenant's pricing rules (docs/pricing.md). Without a tourist tax, none is charged. */
export interface Tariff {
  seasons: Season[];
  restrictions: Restriction[];
  extras: Extra[];
  touristTax: TouristTax | null;
}

/** The part of a tariff a calendar shows: the seasons' prices and the stay rules of each night. */
export type SeasonsAndRules = Pick<Tariff, 'seasons' | 'restrictions'>;

/** An extra asked for by its code; `quantity` is a whole number of at least 1. */
export interface ExtraRequest {
  code: string;
  quantity: number;
}

/** What a stay to be priced consists of: the nights `[checkInDate, checkOutDate)` on a pitch of one site type. */
export interface StayRequest {
  siteTypeId: number;
  checkInDate: CalendarDate;
  checkOutDate: CalendarDate;
  numAdults: number;
  numYouth: number;
  numChildren: number;
  /** At most one request per code. */
  extras: ExtraRequest[];
}

export type LineKind = 'pitch' | 'adult' | 'youth' | 'child' | 'extra' | 'tourist_tax';

/** The guest categories, in the order their lines appear. */
export const PERSON_CATEGORIES = ['adult', 'youth', 'child'] as const;
export type PersonCategory = (typeof PERSON_CATEGORIES)[number];

/**
 * A line of a priced stay: an invoice line (`InvoiceLine`) plus its `kind` and `code`, the extra's code for `extra`,
 * the guest category for `tourist_tax`, null otherwise. `quantity` is in thousandths, `vatRate` in hundredths of a
 * percent, `unitPrice` and `amount` are Rappen with VAT included.
 */
export interface PricedLine {
  position: number;
  kind: LineKind;
  code: string | null;
  description: string;
  quantity: Scaled;
  unitPrice: Rappen;
  vatRate: Scaled;
  amount: Rappen;
}

/** The VAT contained in the lines of one rate (`rate` in hundredths of a percent). */
export interface VatShare {
  rate: Scaled;
  amount: Rappen;
}

/** A priced stay: its lines in position order, the VAT they contain per rate, the total and the extras priced. */
export interface PricedStay {
  lines: PricedLine[];
  /** One share per rate above 0, highest rate first. */
  vat: VatShare[];
  total: Rappen;
  /** Every extra priced, the compulsory ones included, in code order; also those whose line came to 0. */
  extras: ExtraRequest[];
}

/** An extra's code: 1 to 32 of lowercase ASCII letters, digits, `_` and `-`. */
export const EXTRA_CODE_PATTERN = /^[a-z0-9_-]{1,32}$/;

/** Code-unit order: ASCII order for extra codes, date order for dates; `localeCompare` would be neither. */
export function compareAscii(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const byFrom = (a: { from: CalendarDate }, b: { from: CalendarDate }) => compareAscii(a.from, b.from);

/**
 * One site type's part of a tariff, or of its seasons and rules: its seasons and restrictions in date order, the rest
 * as it is.
 */
export function tariffOfSiteType<T extends SeasonsAndRules>(tariff: T, siteTypeId: number): T {
  return {
    ...tariff,
    seasons: tariff.seasons.filter((season) => season.siteTypeId === siteTypeId).sort(byFrom),
    restrictions: tariff.restrictions.filter((row) => row.siteTypeId === siteTypeId).sort(byFrom),
  };
}

/** A maximal run `[from, to)` of a window's nights (or dates) covered by one range, or by none (`item` null). */
export interface CoverageRun<T> extends DateRange {
  item: T | null;
}

/**
 * Splits `window` (half-open) into maximal runs by the inclusive ranges covering them, in date order; the runs are
 * contiguous and together span the window. The ranges must not overlap one another (where they do, the earlier
 * starting one wins). Costs one sort of the ranges, not a look-up per night.
 */
export function coverageRuns<T extends { from: CalendarDate; to: CalendarDate }>(
  ranges: readonly T[],
  window: DateRange,
): CoverageRun<T>[] {
  const touching = ranges.filter((range) => range.from < window.to && range.to >= window.from).sort(byFrom);
  const runs: CoverageRun<T>[] = [];
  let cursor = window.from;
  for (const range of touching) {
    if (range.from > cursor) {
      runs.push({ item: null, from: cursor, to: range.from });
      cursor = range.from;
    }
    // The day after the range, but not past the window (the window's end may be no date's day after).
    const end = range.to < window.to ? dayAfter(range.to) : window.to;
    if (end > cursor) {
      runs.push({ item: range, from: cursor, to: end });
      cursor = end;
    }
  }
  if (cursor < window.to) runs.push({ item: null, from: cursor, to: window.to });
  return runs;
}
