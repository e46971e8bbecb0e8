import {
  type Booking,
  type BookingFilter,
  type BookingRepository,
  type BookingStatus,
  type DateRange,
  DomainError,
  type IdempotencyCompletion,
  type NewBooking,
  OCCUPYING_STATUSES,
  type PageWindow,
  type Rappen,
  type Stay,
} from '@campsite/domain';
import type { SqlDatabase, SqlExecutor } from '../sql-executor';
import { isLostIdRace, translateSqlError } from '../translate-sql-error';
import { BOOKINGS, byIdSql, toBooking } from './row-mappers';
import { completeIdempotencyClaim } from './sql-idempotency-store';
import { type ListFilter, countWhere, readWindow, timeKey, updatedSinceWhere } from './windowed-list';

export const BOOKING_COLUMNS = [
  'tenant_id',
  'id',
  'booking_reference',
  'guest_first_name',
  'guest_last_name',
  'guest_email',
  'site_id',
  'check_in_date',
  'check_out_date',
  'num_adults',
  'num_youth',
  'num_children',
  'status',
  'total_price',
  'created_at',
  'source',
  'updated_at',
  'customer_id',
] as const;

/** A booking as a row of BOOKING_COLUMNS; `updatedAt` defaults to the creation time. */
export function bookingRow(
  db: SqlDatabase,
  tenantId: number,
  id: number,
  b: Omit<NewBooking, 'tenantId' | 'id'> & { updatedAt?: Date },
): unknown[] {
  const { time } = db.dialect;
  return [
    tenantId,
    id,
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
    time(b.createdAt),
    b.source,
    time(b.updatedAt ?? b.createdAt),
    b.customerId,
  ];
}

/** How often a create is tried again when it lost its id to another writer (docs/database-rules.md). */
const CREATE_ATTEMPTS = 5;

const BOOKING_BY_ID = byIdSql(BOOKINGS);

const OCCUPYING_IN = `(${OCCUPYING_STATUSES.map(() => '?').join(', ')})`;

export class SqlBookingRepository implements BookingRepository {
  constructor(private readonly db: SqlDatabase) {}

  /**
   * Issue 6: totals without a filter or by status come from `booking_counts` (one row per status, kept in the
   * writing transaction); check-in ranges count through the (tenant_id, check_in_date, status) index alone.
   */
  async count(tenantId: number, filter: BookingFilter): Promise<number> {
    if (
      filter.checkInFrom === undefined &&
      filter.checkInTo === undefined &&
      filter.customerId === undefined &&
      filter.updatedSince === undefined
    ) {
      const row =
        filter.status === undefined
          ? await this.db.get<{ n: unknown }>('SELECT COALESCE(SUM(n), 0) AS n FROM booking_counts WHERE tenant_id = ?', [tenantId])
          : await this.db.get<{ n: unknown }>('SELECT n FROM booking_counts WHERE tenant_id = ? AND status = ?', [tenantId, filter.status]);
      return row ? Number(row.n) : 0;
    }
    return countWhere(this.db, BOOKINGS, this.filterOf(tenantId, filter));
  }

  async list(tenantId: number, filter: BookingFilter, window: PageWindow): Promise<Booking[]> {
    const order = { keyColumn: 'b.created_at', idColumn: 'b.id', descending: true, keyParam: timeKey(this.db) };
    return readWindow(this.db, BOOKINGS, this.filterOf(tenantId, filter), order, window, (row) => toBooking(this.db.dialect, row));
  }

  async findById(tenantId: number, id: number): Promise<Booking | null> {
    return this.findIn(this.db, tenantId, id);
  }

  /** One range read per site and occupying status on bookings_site_status_stay, from the index alone (migration 010). */
  async listOccupyingStays(tenantId: number, siteIds: readonly number[], window: DateRange): Promise<Stay[]> {
    if (siteIds.length === 0) return [];
    const rows = await this.db.rows(
      `SELECT site_id, check_in_date, check_out_date FROM bookings WHERE tenant_id = ? AND site_id IN (${siteIds.map(() => '?').join(', ')}) ` +
        `AND check_in_date < ? AND check_out_date > ? AND status IN ${OCCUPYING_IN}`,
      [tenantId, ...siteIds, window.to, window.from, ...OCCUPYING_STATUSES],
    );
    return rows.map(([siteId, checkInDate, checkOutDate]) => ({
      siteId: Number(siteId),
      checkInDate: checkInDate as string,
      checkOutDate: checkOutDate as string,
    }));
  }

  private async findIn(db: SqlExecutor, tenantId: number, id: number): Promise<Booking | null> {
    const [row] = await db.rows(BOOKING_BY_ID, [tenantId, id]);
    return row ? toBooking(this.db.dialect, row) : null;
  }

  /**
   * docs/api-behaviour.md §2.4, rule 8: one transaction that locks the site (Postgres: FOR UPDATE on its row; SQLite: BEGIN IMMEDIATE),
   * so a second create for the same site waits and then sees the first one's booking in its overlap check.
   */
  async insertIfAvailable(booking: NewBooking, completion?: IdempotencyCompletion): Promise<Booking> {
    // The triggers move the id counter past every id another writer inserts, so a collision needs a row inserted
    // between our allocation and our insert without going through the counter lock (issue 16). That, or a deadlock
    // with such a writer, is tried again with a fresh id; the transaction left nothing behind.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.tryInsert(booking, completion);
      } catch (error) {
        if (attempt >= CREATE_ATTEMPTS || booking.id !== undefined || !isLostIdRace(error)) throw translateSqlError(error);
      }
    }
  }

  private tryInsert(booking: NewBooking, completion: IdempotencyCompletion | undefined): Promise<Booking> {
    const { tenantId } = booking;
    return this.db.transaction(async (tx) => {
      const site = await tx.get<{ status: string; site_number: string }>(
        `SELECT status, site_number FROM sites WHERE tenant_id = ? AND id = ?${this.db.dialect.forUpdate}`,
        [tenantId, booking.siteId],
      );
      if (!site || site.status !== 'active') throw new DomainError('site_unavailable');
      const clash = await tx.get(
        `SELECT 1 AS clash FROM bookings WHERE tenant_id = ? AND site_id = ? AND status IN ${OCCUPYING_IN} ` +
          'AND check_in_date < ? AND check_out_date > ? LIMIT 1',
        [tenantId, booking.siteId, ...OCCUPYING_STATUSES, booking.checkOutDate, booking.checkInDate],
      );
      if (clash) throw new DomainError('site_unavailable');
      const id = await this.allocateId(tx, tenantId, booking.id);
      // The insert's trigger records the change and keeps booking_counts (migration 005).
      await tx.run(
        `INSERT INTO bookings (${BOOKING_COLUMNS.join(', ')}) VALUES (${BOOKING_COLUMNS.map(() => '?').join(', ')})`,
        bookingRow(this.db, tenantId, id, booking),
      );
      const { id: _ignored, ...fields } = booking;
      const created = { ...fields, id, siteNumber: site.site_number, updatedAt: booking.createdAt };
      if (completion) await completeIdempotencyClaim(this.db, tx, created, completion);
      return created;
    });
  }

  /**
   * docs/api-behaviour.md §3: the next id within the tenant, from its counter row, which also serialises concurrent creates. A
   * given id (imports) needs nothing: the insert trigger moves the counter past it.
   */
  private async allocateId(tx: SqlExecutor, tenantId: number, given: number | undefined): Promise<number> {
    if (given !== undefined) return given;
    const row = await tx.get<{ last_booking_id: unknown }>(
      'UPDATE tenant_counters SET last_booking_id = last_booking_id + 1 WHERE tenant_id = ? RETURNING last_booking_id',
      [tenantId],
    );
    if (!row) throw new Error(`tenant ${tenantId} has no counter row`);
    return Number(row.last_booking_id);
  }

  /** The update's trigger stamps updated_at, records the change and moves the status totals (migration 005). */
  updateStatus(tenantId: number, id: number, from: BookingStatus, to: BookingStatus, totalPrice: Rappen): Promise<Booking | null> {
    return this.db.transaction(async (tx) => {
      const changed = await tx.run('UPDATE bookings SET status = ?, total_price = ? WHERE tenant_id = ? AND id = ? AND status = ?', [
        to,
        totalPrice,
        tenantId,
        id,
        from,
      ]);
      return changed === 0 ? null : this.findIn(tx, tenantId, id);
    });
  }

  private filterOf(tenantId: number, filter: BookingFilter): ListFilter {
    const where = ['b.tenant_id = ?'];
    const params: unknown[] = [tenantId];
    if (filter.status !== undefined) {
      where.push('b.status = ?');
      params.push(filter.status);
    }
    if (filter.checkInFrom !== undefined) {
      where.push('b.check_in_date >= ?');
      params.push(filter.checkInFrom);
    }
    if (filter.checkInTo !== undefined) {
      where.push('b.check_in_date <= ?');
      params.push(filter.checkInTo);
    }
    if (filter.customerId !== undefined) {
      where.push('b.customer_id = ?');
      params.push(filter.customerId);
    }
    const sorts = filter.checkInFrom !== undefined || filter.checkInTo !== undefined || filter.updatedSince !== undefined;
    return updatedSinceWhere(this.db, 'b', { where, params, sorts }, filter);
  }
}
