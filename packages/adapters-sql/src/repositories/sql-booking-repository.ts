import {
  type Booking,
  type BookingFilter,
  type BookingRepository,
  type BookingStatus,
  type DateRange,
  type IdempotencyCompletion,
  type NewBooking,
  OCCUPYING_STATUSES,
  type PageWindow,
  type PricedLine,
  type Rappen,
  type Stay,
} from '@campsite/domain';
import type { SqlAccelerators } from '../accelerators';
import { type RawRow, byIdSql } from '../sql-executor';
import type { SqlDatabase } from '../sql-database';
import { isLostIdRace, translateSqlError } from '../translate-sql-error';
import type { BookingInserter } from './booking-inserts';
import { insertBookingLines, readBookingLines } from './booking-lines';
import { checkInConditions, checkInWays, inRangeSql, rangeTotals, statusTotalSql } from './check-in-ranges';
import { BOOKINGS, OCCUPYING_IN, toBooking } from './row-mappers';
import { type ListFilter, countWhere, readWindow, timeKey, updatedSinceWhere } from './windowed-list';

/** How often a create is tried again when it lost its id to another writer (docs/database-rules.md §2). */
const CREATE_ATTEMPTS = 5;

const BOOKING_BY_ID = byIdSql(BOOKINGS);

export class SqlBookingRepository implements BookingRepository {
  /** Where the engine gains by it (SqlDialect.walksCheckIns; docs/performance.md, "Check-in walk"). */
  private readonly walksCheckIns: boolean;

  constructor(
    private readonly db: SqlDatabase,
    private readonly inserter: BookingInserter,
    private readonly accelerators: SqlAccelerators,
  ) {
    this.walksCheckIns = accelerators.checkInWalk && db.dialect.walksCheckIns();
  }

  /**
   * With kept totals (docs/performance.md), no filter or a status reads `booking_counts`, and a check-in range (with
   * or without a status) sums `booking_day_counts` and `booking_month_counts` (inRangeSql). A customer or
   * updated_since filter, or the plain path, counts the matching rows.
   */
  async count(tenantId: number, filter: BookingFilter): Promise<number> {
    if (!this.matchable(filter)) return 0;
    if (!this.accelerators.keptTotals || filter.customerId !== undefined || filter.updatedSince !== undefined) {
      return countWhere(this.db, BOOKINGS, this.filterOf(tenantId, filter));
    }
    const { sql, params } =
      filter.checkInFrom !== undefined || filter.checkInTo !== undefined
        ? inRangeSql(tenantId, filter.status, filter.checkInFrom, filter.checkInTo)
        : statusTotalSql(tenantId, filter.status);
    const row = await this.db.get<{ n: unknown }>(`SELECT ${sql} AS n`, params);
    return Number(row?.n ?? 0);
  }

  async list(tenantId: number, filter: BookingFilter, window: PageWindow): Promise<Booking[]> {
    if (!this.matchable(filter)) return [];
    const order = { keyColumn: 'b.created_at', idColumn: 'b.id', descending: true, keyParam: timeKey(this.db) };
    const read = (listFilter: ListFilter) =>
      readWindow(this.db, BOOKINGS, listFilter, order, window, (row: RawRow) => toBooking(this.db.dialect, row), this.accelerators);
    const ranged = filter.checkInFrom !== undefined || filter.checkInTo !== undefined;
    if (!ranged || !this.walksCheckIns || filter.customerId !== undefined || filter.updatedSince !== undefined) {
      return read(this.filterOf(tenantId, filter));
    }
    const totals = await rangeTotals(this.db, tenantId, filter);
    if (totals.matching === 0) return [];
    const wanted = (window.after ? 0 : window.offset) + window.limit;
    const ways = checkInWays(this.db, tenantId, filter, totals, wanted);
    for (const way of ways.slice(0, -1)) {
      const rows = await read(way);
      if (rows.length === window.limit) return rows;
    }
    return read(ways.at(-1)!);
  }

  /** A status no stored row can hold (a NUL on PostgreSQL) matches nothing, and is never sent to the database. */
  private matchable(filter: BookingFilter): boolean {
    return filter.status === undefined || this.db.dialect.canHold(filter.status);
  }

  async findById(tenantId: number, id: number): Promise<Booking | null> {
    const [row] = await this.db.rows(BOOKING_BY_ID, [tenantId, id]);
    return row ? toBooking(this.db.dialect, row) : null;
  }

  /** One range read per site and occupying status on bookings_site_status_stay, from the index alone (migration 010). */
  async listOccupyingStays(tenantId: number, siteIds: readonly number[], window: DateRange): Promise<Stay[]> {
    if (siteIds.length === 0) return [];
    const rows = await this.db.rows(
      `SELECT site_id, check_in_date, check_out_date FROM bookings WHERE tenant_id = ? AND site_id IN ` +
        `(${siteIds.map(() => '?').join(', ')}) ` +
        `AND check_in_date < ? AND check_out_date > ? AND status IN ${OCCUPYING_IN}`,
      [tenantId, ...siteIds, window.to, window.from, ...OCCUPYING_STATUSES],
    );
    return rows.map(([siteId, checkInDate, checkOutDate]) => ({
      siteId: Number(siteId),
      checkInDate: checkInDate as string,
      checkOutDate: checkOutDate as string,
    }));
  }

  /** The atomic create of BookingInserter, tried again when another writer took its id meanwhile. */
  async insertIfAvailable(booking: NewBooking, completion?: IdempotencyCompletion): Promise<Booking> {
    // The triggers move the id counter past every id another writer inserts, so a collision needs a row inserted
    // between our allocation and our insert without going through the counter lock (docs/database-rules.md §2). That,
    // or a deadlock with such a writer, is tried again with a fresh id; the transaction left nothing behind.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.inserter.insert(booking, completion);
      } catch (error) {
        if (attempt >= CREATE_ATTEMPTS || booking.id !== undefined || !isLostIdRace(error)) throw translateSqlError(error);
      }
    }
  }

  /**
   * The update's trigger stamps updated_at, records the change and moves the status totals (migration 005); new
   * priced lines replace the old ones in the same transaction.
   */
  updateStatus(
    tenantId: number,
    id: number,
    from: BookingStatus,
    to: BookingStatus,
    totalPrice: Rappen,
    lines?: readonly PricedLine[],
  ): Promise<Booking | null> {
    return this.db.transaction(async (tx) => {
      const changed = await tx.run('UPDATE bookings SET status = ?, total_price = ? WHERE tenant_id = ? AND id = ? AND status = ?', [
        to,
        totalPrice,
        tenantId,
        id,
        from,
      ]);
      if (changed === 0) return null;
      if (lines) {
        await tx.run('DELETE FROM booking_lines WHERE tenant_id = ? AND booking_id = ?', [tenantId, id]);
        await insertBookingLines(tx, tenantId, id, lines);
      }
      const [row] = await tx.rows(BOOKING_BY_ID, [tenantId, id]);
      return row ? toBooking(this.db.dialect, row) : null;
    });
  }

  linesOf(tenantId: number, bookingId: number): Promise<PricedLine[]> {
    return readBookingLines(this.db, tenantId, bookingId);
  }

  private filterOf(tenantId: number, filter: BookingFilter): ListFilter {
    const where = ['b.tenant_id = ?'];
    const params: unknown[] = [tenantId];
    if (filter.status !== undefined) {
      where.push('b.status = ?');
      params.push(filter.status);
    }
    const range = checkInConditions(filter);
    where.push(...range.where);
    params.push(...range.params);
    if (filter.customerId !== undefined) {
      where.push('b.customer_id = ?');
      params.push(filter.customerId);
    }
    const sorts = range.where.length > 0 || filter.updatedSince !== undefined;
    return updatedSinceWhere(this.db, 'b', { where, params, sorts }, filter);
  }
}
