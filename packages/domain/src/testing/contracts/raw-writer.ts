import type { UserRole } from '../../customers/customer';
import type { TenantSnapshot } from '../../tenants/tenant-import';
import type { InvoiceLine } from '../../invoices/invoice';
import type { TariffWriter } from './tariff-writer';

export type RawSite = TenantSnapshot['sites'][number];
export type RawBooking = TenantSnapshot['bookings'][number];
export type RawInvoice = TenantSnapshot['invoices'][number];

/** The lists whose totals the API answers, as `RawWriter.countRows` counts them. */
export type CountedList = 'bookings' | 'sites' | 'customers' | 'invoices';

/** A filter of a dated list, as plain SQL applies it (bookings: check-in date; invoices: UTC day of issued_at). */
export interface DatedFilter {
  status?: string;
  from?: string;
  to?: string;
}

/** An UPDATE of the columns the dated totals follow; `tenantId` moves the row to another tenant. */
export interface BookingChange {
  status?: string;
  checkInDate?: string;
  checkOutDate?: string;
  createdAt?: Date;
  tenantId?: number;
}

export interface InvoiceChange {
  status?: string;
  issuedAt?: Date;
  tenantId?: number;
}

/**
 * Another program writing the same data without this codebase: the admin console, `psql`, `sqlite3`. The SQL
 * backends implement it with plain SQL on a second connection of their own, the in-memory backend by editing its
 * store the way those statements edit tables. Nothing here goes through a repository, and nothing marks a change by
 * hand: what the contract suites check afterwards must come from the store itself (docs/database-rules.md).
 */
export interface RawWriter extends TariffWriter {
  setBookingStatus(tenantId: number, id: number, status: string): Promise<void>;
  renameSite(tenantId: number, id: number, name: string): Promise<void>;
  renumberSite(tenantId: number, id: number, siteNumber: string): Promise<void>;
  setUserRole(tenantId: number, id: number, role: UserRole): Promise<void>;
  setKeyRevokedAt(prefix: string, at: Date | null): Promise<void>;
  setKeyExpiresAt(prefix: string, at: Date | null): Promise<void>;
  insertSite(tenantId: number, site: RawSite): Promise<void>;
  /** Inserts the booking with the id it carries, as a console taking a booking by phone might. */
  insertBooking(tenantId: number, booking: RawBooking): Promise<void>;
  deleteBooking(tenantId: number, id: number): Promise<void>;
  insertInvoice(tenantId: number, invoice: RawInvoice): Promise<void>;
  deleteInvoice(tenantId: number, id: number): Promise<void>;
  /** docs/accounting.md: lines, billing details and a booking's customer, as the console changes them. */
  setLineDescription(tenantId: number, invoiceId: number, position: number, description: string): Promise<void>;
  insertLine(tenantId: number, invoiceId: number, line: InvoiceLine): Promise<void>;
  setBillingIban(tenantId: number, iban: string): Promise<void>;
  /** Refused (throws) unless `customerId` is a `customer` user of the tenant, as the database refuses it. */
  setBookingCustomer(tenantId: number, bookingId: number, customerId: number | null): Promise<void>;
  /** One UPDATE statement of a booking, which the dated totals must follow; a move needs the same site id in the other tenant. */
  updateBooking(tenantId: number, id: number, change: BookingChange): Promise<void>;
  /** One UPDATE statement of an invoice, which the dated totals must follow; a moved invoice must have no booking. */
  updateInvoice(tenantId: number, id: number, change: InvoiceChange): Promise<void>;
  /** COUNT(*) of a dated list's matching rows, and their ids in the list's order (created_at / issued_at, id, descending). */
  matching(tenantId: number, list: 'bookings' | 'invoices', filter: DatedFilter): Promise<{ count: number; ids: number[] }>;
  /** COUNT(*) of the rows themselves (bookings optionally of one status): what every total must equal. */
  countRows(tenantId: number, list: CountedList, status?: string): Promise<number>;
  close(): Promise<void>;
}
