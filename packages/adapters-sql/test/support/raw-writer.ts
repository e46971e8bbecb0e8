import type { InvoiceLine } from '@campsite/domain';
import type {
  BookingChange,
  CountedList,
  DatedFilter,
  InvoiceChange,
  RawBooking,
  RawInvoice,
  RawSite,
  RawWriter,
} from '@campsite/domain/testing';
import Database from 'better-sqlite3';
import pg from 'pg';

import { type Run, SqlTariffWriter } from './tariff-writer';

/**
 * The admin console's view of the database: plain SQL on a second connection, no repository, no stamp bumped by
 * hand (docs/database-rules.md). Each statement commits on its own.
 */
class SqlRawWriter extends SqlTariffWriter implements RawWriter {
  constructor(
    run: Run,
    private readonly time: (at: Date) => unknown,
    flag: (value: boolean) => unknown,
    readonly close: () => Promise<void>,
  ) {
    super(run, flag);
  }

  setBookingStatus(tenantId: number, id: number, status: string) {
    return this.change('UPDATE bookings SET status = ? WHERE tenant_id = ? AND id = ?', [status, tenantId, id]);
  }

  renameSite(tenantId: number, id: number, name: string) {
    return this.change('UPDATE sites SET name = ? WHERE tenant_id = ? AND id = ?', [name, tenantId, id]);
  }

  renumberSite(tenantId: number, id: number, siteNumber: string) {
    return this.change('UPDATE sites SET site_number = ? WHERE tenant_id = ? AND id = ?', [siteNumber, tenantId, id]);
  }

  setUserRole(tenantId: number, id: number, role: string) {
    return this.change('UPDATE users SET role = ? WHERE tenant_id = ? AND id = ?', [role, tenantId, id]);
  }

  setKeyRevokedAt(prefix: string, at: Date | null) {
    return this.change('UPDATE api_keys SET revoked_at = ? WHERE prefix = ?', [at && this.time(at), prefix]);
  }

  setKeyExpiresAt(prefix: string, at: Date | null) {
    return this.change('UPDATE api_keys SET expires_at = ? WHERE prefix = ?', [at && this.time(at), prefix]);
  }

  insertSite(tenantId: number, s: RawSite) {
    return this.change(
      'INSERT INTO sites (tenant_id, id, site_number, name, max_occupants, base_price_per_night, status, ' +
        'site_type_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      [tenantId, s.id, s.siteNumber, s.name, s.maxOccupants, s.basePricePerNight, s.status, s.siteTypeId],
    );
  }

  insertBooking(tenantId: number, b: RawBooking) {
    return this.change(
      'INSERT INTO bookings (tenant_id, id, booking_reference, guest_first_name, guest_last_name, guest_email, site_id, check_in_date, ' +
        'check_out_date, num_adults, num_youth, num_children, status, total_price, created_at, source) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [
        tenantId,
        b.id,
        b.bookingReference,
        b.guestFirstName,
        b.guestLastName,
        b.guestEmail,
        b.siteId,
        b.checkInDate,
        b.checkOutDate,
        b.numAdults,
        b.numYouth,
        b.numChildren,
        b.status,
        b.totalPrice,
        this.time(b.createdAt),
        b.source,
      ],
    );
  }

  deleteBooking(tenantId: number, id: number) {
    return this.change('DELETE FROM bookings WHERE tenant_id = ? AND id = ?', [tenantId, id]);
  }

  insertInvoice(tenantId: number, i: RawInvoice) {
    return this.change(
      'INSERT INTO invoices (tenant_id, id, invoice_number, booking_id, total_chf, status, issued_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [tenantId, i.id, i.invoiceNumber, i.bookingId, i.totalChf, i.status, this.time(i.issuedAt)],
    );
  }

  deleteInvoice(tenantId: number, id: number) {
    return this.change('DELETE FROM invoices WHERE tenant_id = ? AND id = ?', [tenantId, id]);
  }

  setLineDescription(tenantId: number, invoiceId: number, position: number, description: string) {
    return this.change('UPDATE invoice_lines SET description = ? WHERE tenant_id = ? AND invoice_id = ? AND position = ?', [
      description,
      tenantId,
      invoiceId,
      position,
    ]);
  }

  insertLine(tenantId: number, invoiceId: number, l: InvoiceLine) {
    return this.change(
      'INSERT INTO invoice_lines (tenant_id, invoice_id, position, description, quantity, unit_price, vat_rate, ' +
        'amount) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      [tenantId, invoiceId, l.position, l.description, l.quantity, l.unitPrice, l.vatRate, l.amount],
    );
  }

  setBillingIban(tenantId: number, iban: string) {
    return this.change('UPDATE tenant_billing SET iban = ? WHERE tenant_id = ?', [iban, tenantId]);
  }

  setBookingCustomer(tenantId: number, bookingId: number, customerId: number | null) {
    return this.change('UPDATE bookings SET customer_id = ? WHERE tenant_id = ? AND id = ?', [customerId, tenantId, bookingId]);
  }

  updateBooking(tenantId: number, id: number, change: BookingChange) {
    const { status, checkInDate, checkOutDate, createdAt, tenantId: to } = change;
    return this.update('bookings', tenantId, id, {
      status,
      check_in_date: checkInDate,
      check_out_date: checkOutDate,
      created_at: createdAt && this.time(createdAt),
      tenant_id: to,
    });
  }

  updateInvoice(tenantId: number, id: number, change: InvoiceChange) {
    const { status, issuedAt, tenantId: to } = change;
    return this.update('invoices', tenantId, id, { status, issued_at: issuedAt && this.time(issuedAt), tenant_id: to });
  }

  /** One UPDATE of the row's columns given (those not undefined). */
  private update(table: string, tenantId: number, id: number, columns: Record<string, unknown>) {
    const set = Object.entries(columns).filter(([, value]) => value !== undefined);
    return this.change(`UPDATE ${table} SET ${set.map(([column]) => `${column} = ?`).join(', ')} WHERE tenant_id = ? AND id = ?`, [
      ...set.map(([, value]) => value),
      tenantId,
      id,
    ]);
  }

  async matching(tenantId: number, list: 'bookings' | 'invoices', filter: DatedFilter) {
    const where = ['tenant_id = ?'];
    const params: unknown[] = [tenantId];
    if (filter.status !== undefined) {
      where.push('status = ?');
      params.push(filter.status);
    }
    const day = (date: string, plus: number) => this.time(new Date(Date.parse(`${date}T00:00:00Z`) + plus * 86_400_000));
    if (filter.from !== undefined) {
      where.push(list === 'bookings' ? 'check_in_date >= ?' : 'issued_at >= ?');
      params.push(list === 'bookings' ? filter.from : day(filter.from, 0));
    }
    if (filter.to !== undefined) {
      where.push(list === 'bookings' ? 'check_in_date <= ?' : 'issued_at < ?');
      params.push(list === 'bookings' ? filter.to : day(filter.to, 1));
    }
    const key = list === 'bookings' ? 'created_at' : 'issued_at';
    const { rows: counted } = await this.run(`SELECT COUNT(*) AS n FROM ${list} WHERE ${where.join(' AND ')}`, params);
    const { rows } = await this.run(`SELECT id FROM ${list} WHERE ${where.join(' AND ')} ORDER BY ${key} DESC, id DESC`, params);
    return { count: Number(counted[0]!.n), ids: rows.map((row) => Number(row.id)) };
  }

  async countRows(tenantId: number, list: CountedList, status?: string) {
    const where = {
      bookings: status === undefined ? 'FROM bookings WHERE tenant_id = ?' : 'FROM bookings WHERE tenant_id = ? AND status = ?',
      sites: 'FROM sites WHERE tenant_id = ?',
      customers: "FROM users WHERE tenant_id = ? AND role = 'customer'",
      invoices: 'FROM invoices WHERE tenant_id = ?',
    }[list];
    const params = list === 'bookings' && status !== undefined ? [tenantId, status] : [tenantId];
    const { rows } = await this.run(`SELECT COUNT(*) AS n ${where}`, params);
    return Number(rows[0]!.n);
  }
}

/** A raw writer on the SQLite file at `path`, with foreign keys on as every writer must (docs/database-rules.md). */
export function sqliteRawWriter(path: string): RawWriter {
  const db = new Database(path);
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  const run: Run = async (sql, params) => {
    const statement = db.prepare(sql);
    if (statement.reader) return { rows: statement.all(...params) as Array<Record<string, unknown>>, changed: 0 };
    return { rows: [], changed: statement.run(...params).changes };
  };
  return new SqlRawWriter(
    run,
    (at) => at.getTime(),
    (value) => (value ? 1 : 0),
    async () => {
      db.close();
    },
  );
}

/** A raw writer on its own Postgres client. */
export async function postgresRawWriter(url: string): Promise<RawWriter> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const run: Run = async (sql, params) => {
    let n = 0;
    const result = await client.query(
      sql.replace(/\?/g, () => `$${++n}`),
      params,
    );
    return { rows: result.rows as Array<Record<string, unknown>>, changed: result.rowCount ?? 0 };
  };
  return new SqlRawWriter(
    run,
    (at) => at.toISOString(),
    (value) => value,
    () => client.end(),
  );
}
