import {
  type ApiKey,
  type Booking,
  type Customer,
  type ExtraRequest,
  type Invoice,
  type InvoiceLine,
  OCCUPYING_STATUSES,
  type Scope,
  type Site,
} from '@campsite/domain';
import type { SqlDialect } from '../sql-dialect';
import { type RawRow, type Row, toInt } from '../sql-executor';
import type { ListSource } from './windowed-list';

const text = (value: unknown) => String(value);
const maybeTime = (dialect: SqlDialect, value: unknown) => (value === null || value === undefined ? null : dialect.readTime(value));

// List and detail reads take rows as arrays (`SqlExecutor.rows`) and each mapper reads its SELECT's columns by
// position, so a page of 50 builds 50 entities and nothing in between. The select list and the mapper are kept
// side by side: change one, change the other. Text columns arrive as strings and integers as numbers from both
// drivers (int8 and date parsers in pg-database.ts), so they are taken as they are; ids still go through `toInt`.

// The site number comes from a scalar subquery rather than a join: it then runs only for the rows of the window, and
// neither planner is tempted to start from sites and sort (SQLite did, 100x slower on page 1 of a 100k tenant).
/**
 * A booking's values in the order toBooking reads them, as expressions over `bookings b`. The idempotency record
 * keeps the same list as JSON (sql-idempotency-store.ts, migration 018), so this order is stored data: append only.
 */
export const BOOKING_VALUES: readonly string[] = [
  'b.id',
  'b.tenant_id',
  'b.booking_reference',
  'b.guest_first_name',
  'b.guest_last_name',
  'b.guest_email',
  'b.site_id',
  '(SELECT s.site_number FROM sites s WHERE s.tenant_id = b.tenant_id AND s.id = b.site_id)',
  'b.check_in_date',
  'b.check_out_date',
  'b.num_adults',
  'b.num_youth',
  'b.num_children',
  'b.status',
  'b.total_price',
  'b.created_at',
  'b.source',
  'b.updated_at',
  'b.customer_id',
  'b.quote_id',
  'b.extras',
];

/** `(?, ?, …)` for OCCUPYING_STATUSES, the statuses that hold a site's nights: bound after the statuses' place. */
export const OCCUPYING_IN = `(${OCCUPYING_STATUSES.map(() => '?').join(', ')})`;

export const BOOKINGS: ListSource = { columns: BOOKING_VALUES.join(', '), table: 'bookings', alias: 'b' };

export function toBooking(dialect: SqlDialect, row: RawRow): Booking {
  return {
    id: toInt(row[0]),
    tenantId: toInt(row[1]),
    bookingReference: row[2] as string,
    guestFirstName: row[3] as string,
    guestLastName: row[4] as string,
    guestEmail: row[5] as string,
    siteId: toInt(row[6]),
    siteNumber: row[7] as string,
    checkInDate: row[8] as string,
    checkOutDate: row[9] as string,
    numAdults: row[10] as number,
    numYouth: row[11] as number,
    numChildren: row[12] as number,
    status: row[13] as string,
    totalPrice: row[14] as number,
    createdAt: dialect.readTime(row[15]),
    source: row[16] as string,
    updatedAt: dialect.readTime(row[17]),
    customerId: row[18] === null ? null : toInt(row[18]),
    // Idempotency records kept before version 019 end with the customer: a booking then had no quote and no extras.
    quoteId: row[19] === null || row[19] === undefined ? null : toInt(row[19]),
    extras: row[20] === undefined ? [] : jsonList<ExtraRequest>(row[20]),
  };
}

/** A JSON array kept as text (both engines; PostgreSQL's json_build_array may also hand it over parsed). */
export function jsonList<T>(value: unknown): T[] {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T[];
}

export const SITES: ListSource = {
  columns:
    's.id, s.tenant_id, s.site_number, s.name, s.max_occupants, s.base_price_per_night, s.status, s.site_type_id, ' +
    '(SELECT t.name FROM site_types t WHERE t.tenant_id = s.tenant_id AND t.id = s.site_type_id) AS site_type_name, s.updated_at',
  table: 'sites',
  alias: 's',
};

export function toSite(dialect: SqlDialect, row: RawRow): Site {
  return {
    id: toInt(row[0]),
    tenantId: toInt(row[1]),
    siteNumber: row[2] as string,
    name: row[3] as string,
    maxOccupants: row[4] as number,
    basePricePerNight: row[5] as number,
    status: row[6] as string,
    siteTypeId: toInt(row[7]),
    siteTypeName: row[8] as string,
    updatedAt: dialect.readTime(row[9]),
  };
}

export const CUSTOMERS: ListSource = {
  columns: 'u.id, u.tenant_id, u.email, u.first_name, u.last_name, u.phone_number, u.date_joined, u.updated_at',
  table: 'users',
  alias: 'u',
};

export function toCustomer(dialect: SqlDialect, row: RawRow): Customer {
  return {
    id: toInt(row[0]),
    tenantId: toInt(row[1]),
    email: row[2] as string,
    firstName: row[3] as string,
    lastName: row[4] as string,
    phoneNumber: row[5] as string,
    dateJoined: dialect.readTime(row[6]),
    updatedAt: dialect.readTime(row[7]),
  };
}

export const INVOICES: ListSource = {
  columns: 'i.id, i.tenant_id, i.invoice_number, i.booking_id, i.total_chf, i.status, i.issued_at, i.updated_at',
  table: 'invoices',
  alias: 'i',
};

export function toInvoice(dialect: SqlDialect, row: RawRow): Invoice {
  return {
    id: toInt(row[0]),
    tenantId: toInt(row[1]),
    invoiceNumber: row[2] as string,
    bookingId: row[3] === null ? null : toInt(row[3]),
    totalChf: row[4] as number,
    status: row[5] as string,
    issuedAt: dialect.readTime(row[6]),
    updatedAt: dialect.readTime(row[7]),
  };
}

export const INVOICE_LINES_SELECT =
  'SELECT position, description, quantity, unit_price, vat_rate, amount FROM invoice_lines ' +
  'WHERE tenant_id = ? AND invoice_id = ? ORDER BY position';

export function toInvoiceLine(row: RawRow): InvoiceLine {
  return {
    position: toInt(row[0]),
    description: row[1] as string,
    quantity: toInt(row[2]),
    unitPrice: toInt(row[3]),
    vatRate: toInt(row[4]),
    amount: toInt(row[5]),
  };
}

export const INVOICE_LINE_COLUMNS = [
  'tenant_id',
  'invoice_id',
  'position',
  'description',
  'quantity',
  'unit_price',
  'vat_rate',
  'amount',
] as const;

export const BILLING_COLUMNS = [
  'tenant_id',
  'name',
  'street',
  'building_number',
  'postal_code',
  'town',
  'country',
  'iban',
  'vat_number',
  'language',
] as const;

export const API_KEY_SELECT =
  'SELECT id, tenant_id, name, prefix, secret_hash, fast_verifier, scopes, expires_at, revoked_at, last_used_at, created_at FROM api_keys';

export function toApiKey(dialect: SqlDialect, row: Row): ApiKey {
  return {
    id: toInt(row.id),
    tenantId: toInt(row.tenant_id),
    name: text(row.name),
    prefix: text(row.prefix),
    secretHash: text(row.secret_hash),
    fastVerifier: row.fast_verifier === null || row.fast_verifier === undefined ? null : text(row.fast_verifier),
    // Stored as a JSON array so that both engines keep it in one text column, order preserved.
    scopes: JSON.parse(text(row.scopes)) as Scope[],
    expiresAt: maybeTime(dialect, row.expires_at),
    revokedAt: maybeTime(dialect, row.revoked_at),
    lastUsedAt: maybeTime(dialect, row.last_used_at),
    createdAt: dialect.readTime(row.created_at),
  };
}

/** A nullable datetime as a parameter. */
export function timeOrNull(dialect: SqlDialect, date: Date | null | undefined): unknown {
  return date ? dialect.time(date) : null;
}
