import { QUANTITY_PLACES } from '../invoices/invoice';
import { vatSummaryOf } from '../invoices/invoice-document';
import { daysBetween } from '../shared/calendar-date';
import { DomainError } from '../shared/domain-error';
import type { Scaled } from '../shared/fixed-decimal';
import type { Rappen } from '../shared/money';
import {
  type Extra,
  type LineKind,
  PERSON_CATEGORIES,
  type PersonCategory,
  type PricedLine,
  type PricedStay,
  type Season,
  type StayRequest,
  type Tariff,
  type VatShare,
  compareAscii,
  coverageRuns,
  tariffOfSiteType,
} from './tariff';

/** A line before its amount is known to be worth keeping: `units` is its whole quantity. */
interface Draft {
  kind: LineKind;
  code: string | null;
  description: string;
  units: number;
  unitPrice: Rappen;
  vatRate: Scaled;
}

const ONE = 10 ** QUANTITY_PLACES;
const NO_VAT: Scaled = 0;

const LABELS: Record<PersonCategory, { line: string; tax: string }> = {
  adult: { line: 'Adults', tax: 'adults' },
  youth: { line: 'Youth', tax: 'youth' },
  child: { line: 'Children', tax: 'children' },
};

/**
 * Prices a stay by the one rule behind every price the service states for it, in a quote, on the booking and on its
 * invoice, so that all of them agree to the Rappen (docs/pricing.md):
 *
 * 1. Every night must lie in a season of the stay's site type.
 * 2. The nights fall into segments, the maximal runs of consecutive nights in one season, in date order; each gives a
 *    `pitch` line (its nights) and `adult`, `youth`, `child` lines (the count times its nights) at the season's prices
 *    and VAT rate.
 * 3. Then the extras in ASCII order of their codes: those asked for and those compulsory for the site type, quantity
 *    1 unless asked for with more, times the nights for an extra charged per night; each at its own VAT rate.
 * 4. Then the tourist tax, one line per guest category: the count times the nights, capped at the tax's
 *    `maxNights`, without VAT.
 *
 * A line's amount is its quantity times its unit price, exactly; lines of amount 0 are left out and the others are
 * numbered from 1. The total is the sum of the amounts. Prices include VAT: per rate above 0, highest first, the VAT
 * share is the sum of that rate's amounts times rate / (100 + rate), rounded half up to the Rappen.
 *
 * @throws DomainError `unknown_extra` (with `details.extraCode`) for a code the tariff has no extra for, checked first
 * @throws DomainError `no_tariff` when a night lies in no season of the site type
 * @throws RangeError for what a caller must have refused already: no nights, a negative or fractional count or
 *   quantity, a code asked for twice, or amounts beyond exact integer arithmetic
 */
export function priceStay(tariff: Tariff, stay: StayRequest): PricedStay {
  const nights = daysBetween(stay.checkInDate, stay.checkOutDate);
  if (!(nights >= 1)) throw new RangeError(`a stay needs at least one night: ${stay.checkInDate} to ${stay.checkOutDate}`);
  const counts: Record<PersonCategory, number> = { adult: stay.numAdults, youth: stay.numYouth, child: stay.numChildren };
  for (const count of Object.values(counts)) wholeNumber(count, 'guest count');
  const own = tariffOfSiteType(tariff, stay.siteTypeId);
  const extras = chosenExtras(own.extras, stay);
  const drafts = [
    ...segmentDrafts(own.seasons, stay, counts),
    ...extras.map(({ extra, quantity }) => extraDraft(extra, quantity, nights)),
    ...touristTaxDrafts(own, counts, nights),
  ];
  const lines: PricedLine[] = [];
  for (const { units, ...draft } of drafts) {
    const amount = product(units, draft.unitPrice);
    if (amount !== 0) lines.push({ position: lines.length + 1, ...draft, quantity: product(units, ONE), amount });
  }
  const total = lines.reduce((sum, line) => checked(sum + line.amount), 0);
  return { lines, vat: vatSharesOf(lines), total, extras: extras.map(({ extra, quantity }) => ({ code: extra.code, quantity })) };
}

/**
 * The VAT the lines contain, per rate above 0, highest first. The invoice document sums VAT per rate by this same
 * function (vatSummaryOf): a quote and its invoice cannot differ by a Rappen.
 */
export function vatSharesOf(lines: readonly PricedLine[]): VatShare[] {
  return vatSummaryOf(lines)
    .filter((share) => share.vatRate > 0)
    .map((share) => ({ rate: share.vatRate, amount: share.vat }));
}

/** The extras asked for and the compulsory ones, each once, in code order. */
function chosenExtras(extras: readonly Extra[], stay: StayRequest): { extra: Extra; quantity: number }[] {
  const byCode = new Map(extras.map((extra) => [extra.code, extra]));
  const asked = new Map<string, number>();
  for (const request of stay.extras) {
    if (!byCode.has(request.code)) {
      throw new DomainError('unknown_extra', `unknown extra: ${request.code}`, { extraCode: request.code });
    }
    if (asked.has(request.code)) throw new RangeError(`extra asked for twice: ${request.code}`);
    if (wholeNumber(request.quantity, 'extra quantity') < 1) throw new RangeError(`extra quantity below 1: ${request.code}`);
    asked.set(request.code, request.quantity);
  }
  return [...byCode.values()]
    .filter((extra) => asked.has(extra.code) || extra.compulsoryFor.includes(stay.siteTypeId))
    .sort((a, b) => compareAscii(a.code, b.code))
    .map((extra) => ({ extra, quantity: asked.get(extra.code) ?? 1 }));
}

function segmentDrafts(seasons: readonly Season[], stay: StayRequest, counts: Record<PersonCategory, number>): Draft[] {
  const runs = coverageRuns(seasons, { from: stay.checkInDate, to: stay.checkOutDate });
  const gap = runs.find((run) => run.item === null);
  if (gap) throw new DomainError('no_tariff', `no season of site type ${stay.siteTypeId} covers the night of ${gap.from}`);
  return runs.flatMap(({ item, from, to }) => {
    const season = item!;
    const nights = daysBetween(from, to);
    const when = `${nightsText(nights)} from ${from}`;
    return [
      {
        kind: 'pitch' as const,
        code: null,
        description: `Pitch, ${when}`,
        units: nights,
        unitPrice: season.pitch,
        vatRate: season.vatRate,
      },
      ...PERSON_CATEGORIES.map((category) => ({
        kind: category,
        code: null,
        description: `${LABELS[category].line}, ${counts[category]} × ${when}`,
        units: product(counts[category], nights),
        unitPrice: season[category],
        vatRate: season.vatRate,
      })),
    ];
  });
}

function extraDraft(extra: Extra, quantity: number, nights: number): Draft {
  const perNight = extra.per === 'night';
  const description = !perNight
    ? extra.name
    : quantity === 1
      ? `${extra.name}, ${nightsText(nights)}`
      : `${extra.name}, ${quantity} × ${nightsText(nights)}`;
  const units = perNight ? product(quantity, nights) : quantity;
  return { kind: 'extra', code: extra.code, description, units, unitPrice: extra.price, vatRate: extra.vatRate };
}

function touristTaxDrafts({ touristTax }: Tariff, counts: Record<PersonCategory, number>, nights: number): Draft[] {
  if (touristTax === null) return [];
  const charged = touristTax.maxNights === null ? nights : Math.min(nights, touristTax.maxNights);
  return PERSON_CATEGORIES.map((category) => ({
    kind: 'tourist_tax',
    code: category,
    description: `Tourist tax, ${LABELS[category].tax}, ${counts[category]} × ${nightsText(charged)}`,
    units: product(counts[category], charged),
    unitPrice: touristTax[category],
    vatRate: NO_VAT,
  }));
}

function nightsText(nights: number): string {
  return nights === 1 ? '1 night' : `${nights} nights`;
}

function wholeNumber(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} is not a whole number: ${value}`);
  return value;
}

/** Integer arithmetic stays exact only below 2^53; a tariff that leaves it is refused rather than rounded. */
function checked(value: number): number {
  if (!Number.isSafeInteger(value)) throw new RangeError(`amount beyond exact integer arithmetic: ${value}`);
  return value;
}

function product(a: number, b: number): number {
  return checked(a * b);
}
