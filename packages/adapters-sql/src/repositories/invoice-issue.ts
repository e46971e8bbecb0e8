import { DomainError, type Invoice, type NewInvoice } from '@campsite/domain';
import { byIdSql, toInt } from '../sql-executor';
import type { SqlDatabase } from '../sql-database';
import { BOOKING_LINE_COLUMNS, pricedLineRows } from './booking-lines';
import { INVOICES, toInvoice } from './row-mappers';

/** The lines of an issued invoice: an invoice line with the kind and code it was priced as (migration 019). */
const ISSUED_LINE_COLUMNS = ['tenant_id', 'invoice_id', ...BOOKING_LINE_COLUMNS.slice(2)];

const YEARLY_NUMBER = /^\d{4}-(\d{6})$/;

/**
 * InvoiceRepository.issue (docs/accounting.md, "Issuing an invoice"). The tenant's counter row is locked first, so
 * that two issues of one tenant take their ids and numbers one after the other; the booking's invoices are then
 * checked under that lock. The insert's triggers record the change and move the totals, as for any writer.
 */
export function issueInvoice(db: SqlDatabase, tenantId: number, invoice: NewInvoice): Promise<Invoice> {
  const { dialect } = db;
  return db.transaction(async (tx) => {
    await tx.get(dialect.lockingRead('SELECT tenant_id FROM tenant_counters WHERE tenant_id = ?'), [tenantId]);
    const open = await tx.get("SELECT 1 AS found FROM invoices WHERE tenant_id = ? AND booking_id = ? AND status <> 'STORNIERT' LIMIT 1", [
      tenantId,
      invoice.bookingId,
    ]);
    if (open) throw new DomainError('invoice_exists', `booking ${invoice.bookingId} already has an invoice`);
    const year = invoice.numberYear;
    const numbers = await tx.rows("SELECT invoice_number FROM invoices WHERE tenant_id = ? AND invoice_number LIKE ? || '-%'", [
      tenantId,
      year,
    ]);
    const highest = numbers.reduce<number>((max, [number]) => {
      const match = YEARLY_NUMBER.exec(String(number));
      return match && match[0].startsWith(year) ? Math.max(max, Number(match[1])) : max;
    }, 0);
    const last = await tx.get<{ id: unknown }>('SELECT max(id) AS id FROM invoices WHERE tenant_id = ?', [tenantId]);
    const id = toInt(last?.id ?? 0) + 1;
    await tx.run(
      'INSERT INTO invoices (tenant_id, id, invoice_number, booking_id, total_chf, status, issued_at, updated_at) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      [
        tenantId,
        id,
        `${year}-${String(highest + 1).padStart(6, '0')}`,
        invoice.bookingId,
        invoice.totalChf,
        invoice.status,
        dialect.time(invoice.issuedAt),
        dialect.time(invoice.issuedAt),
      ],
    );
    if (invoice.lines.length > 0) await tx.insertMany('invoice_lines', ISSUED_LINE_COLUMNS, pricedLineRows(tenantId, id, invoice.lines));
    const [row] = await tx.rows(byIdSql(INVOICES), [tenantId, id]);
    return toInvoice(dialect, row!);
  });
}
