import type { Rappen } from '../shared/money';
import type { PageWindow } from '../shared/pagination';

/** Invoice statuses named by the spec; others are stored and returned verbatim. */
export const INVOICE_STATUSES = ['OFFEN', 'ERLEDIGT', 'STORNIERT', 'PICKUP'] as const;

/** An invoice header (no line items). `bookingId` is null for invoices not tied to a booking. */
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

/**
 * Invoices of one tenant. Order of `list`: `issuedAt` descending, then `id` descending (DECISIONS §2: the spec's
 * "created_at" of an invoice is `issued_at`). A cursor for this order is `{ key: issuedAt.toISOString(), id }`.
 */
export interface InvoiceRepository {
  count(tenantId: number): Promise<number>;
  list(tenantId: number, window: PageWindow): Promise<Invoice[]>;
}
