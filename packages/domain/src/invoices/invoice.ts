import type { Rappen } from '../shared/money';
import type { CalendarDate } from '../shared/calendar-date';
import type { Scaled } from '../shared/fixed-decimal';
import type { PageWindow, UpdatedSinceFilter } from '../shared/pagination';

/** Invoice statuses named by the spec; others are stored and returned verbatim. */
export const INVOICE_STATUSES = ['OFFEN', 'ERLEDIGT', 'STORNIERT', 'PICKUP'] as const;

/** The one status that asks for payment: only such an invoice carries a payment part (docs/accounting.md). */
export const PAYABLE_INVOICE_STATUS = 'OFFEN';

/** An invoice header. `bookingId` is null for invoices not tied to a booking. */
export interface Invoice {
  id: number;
  tenantId: number;
  invoiceNumber: string;
  bookingId: number | null;
  totalChf: Rappen;
  status: string;
  issuedAt: Date;
  /** When the stored row last changed, by any writer; creation counts as a change (docs/change-feed.md). */
  updatedAt: Date;
}

/** Decimal places of a line's quantity and of a VAT rate in percent (docs/accounting.md, line items). */
export const QUANTITY_PLACES = 3;
export const VAT_RATE_PLACES = 2;

/**
 * One line of an invoice, as stored (nothing is recomputed). `quantity` is in thousandths, `vatRate` in hundredths of
 * a percent (810 is 8.10 %); `unitPrice` and `amount` are Rappen, the amount including VAT.
 */
export interface InvoiceLine {
  position: number;
  description: string;
  quantity: Scaled;
  unitPrice: Rappen;
  vatRate: Scaled;
  amount: Rappen;
}

/** GET /invoices/ filters (docs/change-feed.md); each absent one is not applied. */
export interface InvoiceFilter extends UpdatedSinceFilter {
  /** Exact match; an unknown status matches nothing. */
  status?: string;
  /** The UTC date of `issuedAt` is at or after this. */
  issuedFrom?: CalendarDate;
  /** The UTC date of `issuedAt` is at or before this. */
  issuedTo?: CalendarDate;
}

/**
 * Invoices of one tenant. Order of `list`: `issuedAt` descending, then `id` descending (docs/api-behaviour.md §2: the spec's
 * "created_at" of an invoice is `issued_at`). A cursor for this order is `{ key: issuedAt.toISOString(), id }`.
 */
export interface InvoiceRepository {
  /** Invoices matching `filter` (none: all); without a filter served from a total kept in the writing transaction. */
  count(tenantId: number, filter?: InvoiceFilter): Promise<number>;
  list(tenantId: number, window: PageWindow, filter?: InvoiceFilter): Promise<Invoice[]>;
  /** The invoice, or null when it does not exist in this tenant. */
  findById(tenantId: number, id: number): Promise<Invoice | null>;
  /** Every line of the invoice in `position` order; empty for an invoice without lines or an unknown one. */
  linesOf(tenantId: number, invoiceId: number): Promise<InvoiceLine[]>;
  /**
   * Atomically: issues an invoice of `bookingId` under the tenant's next id and the next `YYYY-NNNNNN` number of
   * `numberYear`, with its lines, unless the booking already has an invoice whose status is not `STORNIERT`.
   * @throws DomainError `invoice_exists` when it has (nothing is stored)
   */
  issue(tenantId: number, invoice: NewInvoice): Promise<Invoice>;
}

/** An invoice to be issued from a booking's priced lines (docs/accounting.md, "Issuing an invoice"). */
export interface NewInvoice {
  bookingId: number;
  totalChf: Rappen;
  status: string;
  issuedAt: Date;
  /** The year whose numbers the invoice continues: that of `issuedAt` in Europe/Zurich, where the campsites are. */
  numberYear: string;
  lines: IssuedLine[];
}

/** A line of an issued invoice: an invoice line and the kind and code it was priced as (docs/pricing.md). */
export interface IssuedLine extends InvoiceLine {
  kind: string | null;
  code: string | null;
}
