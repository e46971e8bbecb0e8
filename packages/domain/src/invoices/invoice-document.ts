import type { CalendarDate } from '../shared/calendar-date';
import type { Scaled } from '../shared/fixed-decimal';
import type { Rappen } from '../shared/money';
import type { BillingDetails, BillingLanguage, InvoiceIssuer } from './billing-details';
import { type Invoice, type InvoiceLine, PAYABLE_INVOICE_STATUS } from './invoice';
import { type PaymentReference, paymentReferenceFor } from './payment-reference';

/** VAT contained in the lines of one rate: their amounts (VAT included) and the VAT share of that sum. */
export interface VatTotal {
  vatRate: Scaled;
  amount: Rappen;
  vat: Rappen;
}

/** The Swiss QR-bill payment part: whom to pay, how much, and the reference and message that identify the invoice. */
export interface PaymentPart {
  creditor: BillingDetails;
  amount: Rappen;
  reference: PaymentReference;
  message: string;
}

/**
 * Everything the invoice document shows, decided here so that a renderer only lays it out (docs/accounting.md,
 * "The invoice document"). Plain data: it crosses into a rendering thread as it is.
 */
export interface InvoiceDocument {
  issuer: InvoiceIssuer;
  language: BillingLanguage;
  invoiceNumber: string;
  /** The calendar date of `issuedAt` in Europe/Zurich, where the campsites are. */
  issueDate: CalendarDate;
  /** Stamped into the file as its creation time, so that equal data renders equal bytes. */
  issuedAt: Date;
  status: string;
  total: Rappen;
  booking: { reference: string; checkInDate: CalendarDate; checkOutDate: CalendarDate } | null;
  lines: InvoiceLine[];
  vatSummary: VatTotal[];
  payment: PaymentPart | null;
}

/** Lays an invoice document out as a PDF. Equal documents give equal bytes. */
export interface InvoiceRenderer {
  render(document: InvoiceDocument): Promise<Uint8Array>;
}

const ZURICH_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar date of `at` in Europe/Zurich (summer time included), as `YYYY-MM-DD`. */
export function zurichDateOf(at: Date): CalendarDate {
  return ZURICH_DATE.format(at);
}

/** The VAT a gross amount contains at `vatRate` hundredths of a percent, rounded half up to the Rappen. */
export function vatContained(amount: Rappen, vatRate: Scaled): Rappen {
  const gross = BigInt(amount) * BigInt(vatRate);
  const divisor = BigInt(10_000 + vatRate);
  const sign = gross < 0n ? -1n : 1n;
  const magnitude = gross * sign;
  return Number(sign * ((magnitude * 2n + divisor) / (divisor * 2n)));
}

/** One row per VAT rate, highest rate first, with the lines' amounts summed and their VAT share. */
export function vatSummaryOf(lines: readonly InvoiceLine[]): VatTotal[] {
  const byRate = new Map<number, Rappen>();
  for (const line of lines) byRate.set(line.vatRate, (byRate.get(line.vatRate) ?? 0) + line.amount);
  return [...byRate].sort(([a], [b]) => b - a).map(([vatRate, amount]) => ({ vatRate, amount, vat: vatContained(amount, vatRate) }));
}

/**
 * The payment part an invoice carries: only an `OFFEN` invoice with something to pay, of a tenant with billing
 * details, and for exactly its total (docs/accounting.md, "The payment part").
 */
export function paymentPartFor(invoice: Invoice, billing: BillingDetails | null): PaymentPart | null {
  if (billing === null || invoice.status !== PAYABLE_INVOICE_STATUS || invoice.totalChf <= 0) return null;
  return {
    creditor: billing,
    amount: invoice.totalChf,
    reference: paymentReferenceFor(billing.iban, invoice.tenantId, invoice.id),
    message: `Invoice ${invoice.invoiceNumber}`,
  };
}
