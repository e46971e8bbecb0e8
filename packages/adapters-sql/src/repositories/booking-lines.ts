import type { LineKind, PricedLine } from '@campsite/domain';
import { type RawRow, type SqlExecutor, toInt } from '../sql-executor';

// A booking's priced lines (migration 019; docs/pricing.md): written with the booking, replaced when a confirmation
// prices it, copied into the invoice it is issued.

export const BOOKING_LINE_COLUMNS = [
  'tenant_id',
  'booking_id',
  'position',
  'kind',
  'code',
  'description',
  'quantity',
  'unit_price',
  'vat_rate',
  'amount',
] as const;

/** A priced line as written; an invoice's line may have no kind (one not issued from a booking). */
type LineValues = Omit<PricedLine, 'kind'> & { kind: string | null };

/** The lines of a booking (or an invoice: the same columns after its key) as rows of BOOKING_LINE_COLUMNS. */
export function pricedLineRows(tenantId: number, ownerId: number, lines: readonly LineValues[]): unknown[][] {
  return lines.map((l) => [tenantId, ownerId, l.position, l.kind, l.code, l.description, l.quantity, l.unitPrice, l.vatRate, l.amount]);
}

export async function insertBookingLines(tx: SqlExecutor, tenantId: number, bookingId: number, lines: readonly PricedLine[]) {
  if (lines.length > 0) await tx.insertMany('booking_lines', BOOKING_LINE_COLUMNS, pricedLineRows(tenantId, bookingId, lines));
}

export async function readBookingLines(db: SqlExecutor, tenantId: number, bookingId: number): Promise<PricedLine[]> {
  const rows = await db.rows(
    'SELECT position, kind, code, description, quantity, unit_price, vat_rate, amount FROM booking_lines ' +
      'WHERE tenant_id = ? AND booking_id = ? ORDER BY position',
    [tenantId, bookingId],
  );
  return rows.map(toPricedLine);
}

function toPricedLine(row: RawRow): PricedLine {
  return {
    position: toInt(row[0]),
    kind: row[1] as LineKind,
    code: row[2] === null ? null : (row[2] as string),
    description: row[3] as string,
    quantity: toInt(row[4]),
    unitPrice: toInt(row[5]),
    vatRate: toInt(row[6]),
    amount: toInt(row[7]),
  };
}
