import {
  type Booking,
  type BookingFilter,
  type BookingRepository,
  type BookingStatus,
  DomainError,
  type NewBooking,
  OCCUPYING_STATUSES,
  type PageWindow,
  type Rappen,
} from '@campsite/domain';
import type { SqlDatabase, SqlExecutor } from '../sql-executor';
import { translatingSqlErrors } from '../translate-sql-error';
import { BOOKINGS, byIdSql, toBooking } from './row-mappers';
import { bumpDataVersion } from './sql-data-versions';
import { type ListFilter, readWindow, timeKey } from './windowed-list';

export const BOOKING_COLUMNS = [
  'tenant_id', 'id', 'booking_reference', 'guest_first_name', 'guest_last_name', 'guest_email', 'site_id', 'check_in_date',
  'check_out_date', 'num_adults', 'num_youth', 'num_children', 'status', 'total_price', 'created_at', 'source',
] as const;

/** A booking as a row of BOOKING_COLUMNS. */
export function bookingRow(db: SqlDatabase, tenantId: number, id: number, b: Omit<NewBooking, 'tenantId' | 'id'>): unknown[] {
  return [
    tenantId, id, b.bookingReference, b.guestFirstName, b.guestLastName, b.guestEmail, b.siteId, b.checkInDate, b.checkOutDate,
    b.numAdults, b.numYouth, b.numChildren, b.status, b.totalPrice, db.dialect.time(b.createdAt), b.source,
  ];
}

/** Adds `delta` to a status total; runs in the caller's transaction, next to the write it accounts for. */
export async function addToBookingCount(tx: SqlExecutor, tenantId: number, status: string, delta: number): Promise<void> {
  await tx.run(
    'INSERT INTO booking_counts (tenant_id, status, n) VALUES (?, ?, ?) ' +
      'ON CONFLICT (tenant_id, status) DO UPDATE SET n = booking_counts.n + excluded.n',
    [tenantId, status, delta],
  );
}

const BOOKING_BY_ID = byIdSql(BOOKINGS);

const OCCUPYING_IN = `(${OCCUPYING_STATUSES.map(() => '?').join(', ')})`;

export class SqlBookingRepository implements BookingRepository {
  constructor(private readonly db: SqlDatabase) {}

  /**
   * Issue 6: totals without a filter or by status come from `booking_counts` (one row per status, kept in the
   * writing transaction); check-in ranges count through the (tenant_id, check_in_date, status) index alone.
   */
  async count(tenantId: number, filter: BookingFilter): Promise<number> {
    if (filter.checkInFrom === undefined && filter.checkInTo === undefined) {
      const row =
        filter.status === undefined
          ? await this.db.get<{ n: unknown }>('SELECT COALESCE(SUM(n), 0) AS n FROM booking_counts WHERE tenant_id = ?', [tenantId])
          : await this.db.get<{ n: unknown }>('SELECT n FROM booking_counts WHERE tenant_id = ? AND status = ?', [tenantId, filter.status]);
      return row ? Number(row.n) : 0;
    }
    const { where, params } = this.filterOf(tenantId, filter);
    const row = await this.db.get<{ n: unknown }>(`SELECT COUNT(*) AS n FROM bookings b WHERE ${where.join(' AND ')}`, params);
    return Number(row?.n ?? 0);
  }

  async list(tenantId: number, filter: BookingFilter, window: PageWindow): Promise<Booking[]> {
    const order = { keyColumn: 'b.created_at', idColumn: 'b.id', descending: true, keyParam: timeKey(this.db) };
    return readWindow(this.db, BOOKINGS, this.filterOf(tenantId, filter), order, window, (row) => toBooking(this.db.dialect, row));
  }

  async findById(tenantId: number, id: number): Promise<Booking | null> {
    return this.findIn(this.db, tenantId, id);
  }

  private async findIn(db: SqlExecutor, tenantId: number, id: number): Promise<Booking | null> {
    const [row] = await db.rows(BOOKING_BY_ID, [tenantId, id]);
    return row ? toBooking(this.db.dialect, row) : null;
  }

  /**
   * DECISIONS §2.7: one transaction that locks the site (Postgres: FOR UPDATE on its row; SQLite: BEGIN IMMEDIATE),
   * so a second create for the same site waits and then sees the first one's booking in its overlap check.
   */
  insertIfAvailable(booking: NewBooking): Promise<Booking> {
    const { tenantId } = booking;
    return translatingSqlErrors(() =>
      this.db.transaction(async (tx) => {
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
        await tx.run(
          `INSERT INTO bookings (${BOOKING_COLUMNS.join(', ')}) VALUES (${BOOKING_COLUMNS.map(() => '?').join(', ')})`,
          bookingRow(this.db, tenantId, id, booking),
        );
        await addToBookingCount(tx, tenantId, booking.status, 1);
        const { id: _ignored, ...fields } = booking;
        return { ...fields, id, siteNumber: site.site_number };
      }),
    );
  }

  /**
   * DECISIONS §3: the next id within the tenant, from its counter row, which also serialises concurrent creates. The
   * same statement bumps the tenant's data version (SqlDataVersions).
   */
  private async allocateId(tx: SqlExecutor, tenantId: number, given: number | undefined): Promise<number> {
    const nextVersion = this.db.dialect.nextDataVersion;
    if (given !== undefined) {
      await tx.run(
        `INSERT INTO tenant_counters (tenant_id, last_booking_id, data_version) VALUES (?, ?, ${nextVersion('0')}) ON CONFLICT (tenant_id) DO UPDATE SET ` +
          'last_booking_id = CASE WHEN tenant_counters.last_booking_id < excluded.last_booking_id THEN excluded.last_booking_id ELSE tenant_counters.last_booking_id END, ' +
          `data_version = ${nextVersion('tenant_counters.data_version')}`,
        [tenantId, given],
      );
      return given;
    }
    const row = await tx.get<{ last_booking_id: unknown }>(
      `INSERT INTO tenant_counters (tenant_id, last_booking_id, data_version) VALUES (?, 1, ${nextVersion('0')}) ON CONFLICT (tenant_id) DO UPDATE SET ` +
        `last_booking_id = tenant_counters.last_booking_id + 1, data_version = ${nextVersion('tenant_counters.data_version')} RETURNING last_booking_id`,
      [tenantId],
    );
    return Number(row!.last_booking_id);
  }

  updateStatus(tenantId: number, id: number, from: BookingStatus, to: BookingStatus, totalPrice: Rappen): Promise<Booking | null> {
    return this.db.transaction(async (tx) => {
      const changed = await tx.run('UPDATE bookings SET status = ?, total_price = ? WHERE tenant_id = ? AND id = ? AND status = ?', [
        to,
        totalPrice,
        tenantId,
        id,
        from,
      ]);
      if (changed === 0) return null;
      await bumpDataVersion(this.db, tx, tenantId);
      // Counter rows are touched in one order (by status) so that two status changes cannot deadlock on them.
      const deltas: Array<[string, number]> = [[from, -1], [to, 1]];
      for (const [status, delta] of deltas.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        await addToBookingCount(tx, tenantId, status, delta);
      }
      return this.findIn(tx, tenantId, id);
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
    return { where, params, sorts: filter.checkInFrom !== undefined || filter.checkInTo !== undefined };
  }
}
