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
import { type RawRow, type SqlDatabase, type SqlExecutor, byIdSql, toInt } from '../sql-executor';
import { isLostIdRace, isRaised, translateSqlError } from '../translate-sql-error';
import { BOOKINGS, SITES, toBooking, toSite } from './row-mappers';
import { completeIdempotencyClaim } from './sql-idempotency-store';
import { type ListFilter, countWhere, keptTotalSql, readWindow, timeKey, updatedSinceWhere } from './windowed-list';

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
  id: number | null,
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

/** A walk of the creation order reads at most this many times its estimate before it gives up (list). */
const WALK_ADVANTAGE = 2;

/**
 * The procedure's arguments (migration 014): a row of BOOKING_COLUMNS (id null for the next one), the occupying
 * statuses, the claim to complete (key, token, answer parts, expiry, site number; all null without one), and its two
 * results.
 */
const CREATE_CALL = `CALL create_booking_if_available(${BOOKING_COLUMNS.map(() => '?').join(', ')}, ?, ?, ?, ?, ?, ?, NULL, NULL)`;

/** Two ids no booking is drawn with in answerAroundId: out of the range the API hands out, and different digits. */
const PROBE_IDS = [2_147_483_646, 1_999_999_999] as const;

/**
 * The claim's answer for `booking` cut around its id, so that the database can join the parts with the id it takes;
 * null when the id's place cannot be told apart from the rest (the probe id's digits occur elsewhere in the answer).
 */
function answerAroundId(completion: IdempotencyCompletion, booking: Booking): string[] | null {
  const [first, second] = PROBE_IDS.map(String) as [string, string];
  const parts = completion.responseOf({ ...booking, id: PROBE_IDS[0] }).split(first);
  return parts.length > 1 && parts.join(second) === completion.responseOf({ ...booking, id: PROBE_IDS[1] }) ? parts : null;
}

/** The booking a create inserted, as the API shows it: a new booking was last updated when it was made. */
function created(booking: NewBooking, id: number, siteNumber: string): Booking {
  const { id: _given, ...fields } = booking;
  return { ...fields, id, siteNumber, updatedAt: booking.createdAt };
}

const OCCUPYING_IN = `(${OCCUPYING_STATUSES.map(() => '?').join(', ')})`;

/** A scalar subquery: the bookings of one status (or all), from booking_counts. */
function totalSql(tenantId: number, status: string | undefined): { sql: string; params: unknown[] } {
  return status === undefined
    ? { sql: '(SELECT COALESCE(SUM(n), 0) FROM booking_counts WHERE tenant_id = ?)', params: [tenantId] }
    : { sql: '(SELECT COALESCE(SUM(n), 0) FROM booking_counts WHERE tenant_id = ? AND status = ?)', params: [tenantId, status] };
}

/** The first day of the month of a calendar date, and of the month after it. */
const monthOf = (date: string) => `${date.slice(0, 7)}-01`;
function monthAfter(date: string): string {
  const [year, month] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  return month === 12 ? `${String(year + 1).padStart(4, '0')}-01-01` : `${date.slice(0, 4)}-${String(month + 1).padStart(2, '0')}-01`;
}

/**
 * A scalar subquery: the bookings of one status (or all) checking in within [from, to] (migration 012). The days of
 * the first and the last month of the range come from booking_day_counts, the whole months between from
 * booking_month_counts: at most one row per status and day of the range, and about 60 plus one per month at most,
 * each sum one range of its table's key (tenant, date, status).
 */
function inRangeSql(tenantId: number, status: string | undefined, from: string | undefined, to: string | undefined) {
  if (from !== undefined && to !== undefined && from > to) return { sql: '0', params: [] };
  const sums: string[] = [];
  const params: unknown[] = [];
  const sum = (table: string, column: string, bounds: Array<['>=' | '<=' | '<', string]>) => {
    const total = keptTotalSql(
      table,
      tenantId,
      status,
      bounds.map(([op, value]) => [column, op, value] as const),
    );
    sums.push(total.sql);
    params.push(...total.params);
  };
  if (from !== undefined && (to === undefined ? from >= '9999-12' : monthOf(from) === monthOf(to))) {
    // One month (or the last month a date can have: there is no month after it).
    sum(
      'booking_day_counts',
      'check_in_date',
      to === undefined
        ? [['>=', from]]
        : [
            ['>=', from],
            ['<=', to],
          ],
    );
  } else {
    const months: Array<['>=' | '<=' | '<', string]> = [];
    if (from !== undefined) {
      sum('booking_day_counts', 'check_in_date', [
        ['>=', from],
        ['<', monthAfter(from)],
      ]);
      months.push(['>=', monthAfter(from)]);
    }
    if (to !== undefined) {
      sum('booking_day_counts', 'check_in_date', [
        ['>=', monthOf(to)],
        ['<=', to],
      ]);
      months.push(['<', monthOf(to)]);
    }
    sum('booking_month_counts', 'month_start', months);
  }
  return { sql: `(${sums.join(' + ')})`, params };
}

/**
 * Scalar subqueries over booking_month_counts (version 015) for the walk of the creation order. Each month's row
 * bounds when its bookings were made, so no booking of one status (or any) checking in within [from, to] was created
 * after `latest` (the range's months' latest creation time). `later` counts the bookings of the months after `to`
 * that may have been made before `latest`: the walk passes them on its way into the range.
 */
function creationBoundsSql(tenantId: number, status: string | undefined, from: string | undefined, to: string | undefined) {
  const rows = (extra: string[], extraParams: unknown[]) => ({
    where: ['tenant_id = ?', ...(status === undefined ? [] : ['status = ?']), 'n > 0', ...extra].join(' AND '),
    params: [tenantId, ...(status === undefined ? [] : [status]), ...extraParams],
  });
  const range = rows(
    [...(from === undefined ? [] : ['month_start >= ?']), ...(to === undefined ? [] : ['month_start <= ?'])],
    [...(from === undefined ? [] : [monthOf(from)]), ...(to === undefined ? [] : [to])],
  );
  const latest = { sql: `(SELECT MAX(latest_created_at) FROM booking_month_counts WHERE ${range.where})`, params: range.params };
  const after = rows(['month_start > ?', `earliest_created_at <= ${latest.sql}`], [to ?? '9999-12-31', ...latest.params]);
  return { latest, later: { sql: `(SELECT COALESCE(SUM(n), 0) FROM booking_month_counts WHERE ${after.where})`, params: after.params } };
}

export class SqlBookingRepository implements BookingRepository {
  constructor(private readonly db: SqlDatabase) {}

  /**
   * Issue 6: totals without a filter or by status come from `booking_counts` (one row per status, kept in the
   * writing transaction). Issue 17: a check-in range (with or without a status) sums `booking_day_counts` and
   * `booking_month_counts` (inRangeSql). Only a customer or updated_since filter counts rows.
   */
  async count(tenantId: number, filter: BookingFilter): Promise<number> {
    if (filter.customerId === undefined && filter.updatedSince === undefined) {
      if (filter.checkInFrom !== undefined || filter.checkInTo !== undefined) {
        return (await this.rangeTotals(tenantId, filter.status, filter.checkInFrom, filter.checkInTo)).matching;
      }
      return this.total(tenantId, filter.status);
    }
    return countWhere(this.db, BOOKINGS, this.filterOf(tenantId, filter));
  }

  /** The bookings of one status (or all), from booking_counts. */
  private async total(tenantId: number, status: string | undefined): Promise<number> {
    const { sql, params } = totalSql(tenantId, status);
    const row = await this.db.get<{ n: unknown }>(`SELECT ${sql} AS n`, params);
    return Number(row?.n ?? 0);
  }

  /**
   * What a check-in range's page is read by, in one statement (version 012's totals, version 015's bounds): the
   * bookings of any status in the range, those of the filter's status (`matching`, the list's count), and those the
   * walk passes first (`later`, creationBoundsSql). A page's count and its rows ask for the same totals in one
   * snapshot, which reads them once (SqlDatabase.snapshotMemo).
   */
  private rangeTotals(
    tenantId: number,
    status: string | undefined,
    from: string | undefined,
    to: string | undefined,
    bounds = creationBoundsSql(tenantId, status, from, to),
  ): Promise<{ inRange: number; matching: number; later: number }> {
    const parts = [inRangeSql(tenantId, undefined, from, to), bounds.later];
    if (status !== undefined) parts.push(inRangeSql(tenantId, status, from, to));
    const sql = `SELECT ${parts.map((p) => p.sql).join(', ')}`;
    const params = parts.flatMap((p) => p.params);
    const read = async () => {
      const row = (await this.db.rows(sql, params))[0]!;
      const [inRange, later] = [Number(row[0]), Number(row[1])];
      return { inRange, later, matching: status === undefined ? inRange : Number(row[2]) };
    };
    const memo = this.db.snapshotMemo();
    if (!memo) return read();
    const key = `${sql}\u0000${JSON.stringify(params)}`;
    let totals = memo.get(key) as ReturnType<typeof read> | undefined;
    if (!totals) memo.set(key, (totals = read()));
    return totals;
  }

  async list(tenantId: number, filter: BookingFilter, window: PageWindow): Promise<Booking[]> {
    const order = { keyColumn: 'b.created_at', idColumn: 'b.id', descending: true, keyParam: timeKey(this.db) };
    const map = (row: RawRow) => toBooking(this.db.dialect, row);
    const { status, checkInFrom: from, checkInTo: to } = filter;
    if ((from === undefined && to === undefined) || filter.customerId !== undefined || filter.updatedSince !== undefined) {
      return readWindow(this.db, BOOKINGS, this.filterOf(tenantId, filter), order, window, map);
    }
    // Issue 17: a check-in range picks its access path from the kept totals, read in one statement. Through the
    // check-in index, a page reads every booking of the range (of any status: the index leads with the date) and
    // sorts their keys. Walking the creation order (newest first) starts at the latest creation time the range's
    // months hold (version 015), so it skips the newer bookings, which check in after the range. It then passes
    // those of the months after the range made before that time (`later`: a booking is made a few months before its
    // stay at most), mixed with the range's own; with a start of the range, about as many that check in before it
    // come mixed with the range's oldest. The walk is taken when that estimate is below the range's size (a walked
    // entry costs less than a sorted one), and stops after WALK_ADVANTAGE times the estimate: a page it has not filled
    // by then (the dates lie otherwise) is read through the check-in index. So a page reads at most about three times
    // what the check-in path reads, and a wide or recent range, or one that ends long ago, a few pages' worth of the
    // creation order.
    const bounds = creationBoundsSql(tenantId, status, from, to);
    const { inRange, matching, later } = await this.rangeTotals(tenantId, status, from, to, bounds);
    if (matching === 0) return [];
    const wanted = (window.after ? 0 : window.offset) + window.limit;
    const passed = from === undefined ? later : 2 * later;
    const budget = Math.ceil(WALK_ADVANTAGE * (later + (wanted * (matching + passed)) / matching));
    if (budget < 2 * inRange) {
      const walk = this.walkFilter(tenantId, filter, budget, bounds.latest);
      const walked = await readWindow(this.db, BOOKINGS, walk, order, window, map);
      if (walked.length === window.limit) return walked;
    }
    return readWindow(this.db, BOOKINGS, this.checkInFilter(tenantId, filter), order, window, map);
  }

  /** The creation-order walk of a check-in range, on the index that carries check_in_date (migrations 003, 012). */
  private walkFilter(tenantId: number, filter: BookingFilter, budget: number, latest: { sql: string; params: unknown[] }): ListFilter {
    const { where, params } = this.filterOf(tenantId, { status: filter.status });
    const { after, afterParams } = this.checkInRange(filter);
    return {
      where: [...where, `b.created_at <= ${latest.sql}`],
      params: [...params, ...latest.params],
      index: filter.status === undefined ? 'bookings_created_check_in' : 'bookings_status_created_check_in',
      walk: { budget, columns: ['check_in_date'], after, afterParams },
    };
  }

  /** A check-in range read through the check-in index, its keys sorted (the status, if any, filters that index). */
  private checkInFilter(tenantId: number, filter: BookingFilter): ListFilter {
    const where = ['b.tenant_id = ?'];
    const params: unknown[] = [tenantId];
    const { after, afterParams } = this.checkInRange(filter);
    where.push(...after);
    params.push(...afterParams);
    if (filter.status !== undefined) {
      where.push(`${this.db.dialect.unindexed('b.status', 'text')} = ?`);
      params.push(filter.status);
    }
    return { where, params, sorts: true, index: 'bookings_check_in_created' };
  }

  private checkInRange(filter: BookingFilter): { after: string[]; afterParams: unknown[] } {
    const after: string[] = [];
    const afterParams: unknown[] = [];
    if (filter.checkInFrom !== undefined) {
      after.push('b.check_in_date >= ?');
      afterParams.push(filter.checkInFrom);
    }
    if (filter.checkInTo !== undefined) {
      after.push('b.check_in_date <= ?');
      afterParams.push(filter.checkInTo);
    }
    return { after, afterParams };
  }

  async findById(tenantId: number, id: number): Promise<Booking | null> {
    const row = await this.db.rowById(BOOKINGS, tenantId, id);
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

  private async tryInsert(booking: NewBooking, completion: IdempotencyCompletion | undefined): Promise<Booking> {
    if (this.db.dialect.createsBookingsInOneCall) {
      const created = await this.insertInOneCall(booking, completion);
      if (created !== null) return created;
    }
    return this.insertInTransaction(booking, completion);
  }

  /**
   * The transaction of insertInTransaction as one call of the database's procedure (Dialect.createsBookingsInOneCall,
   * docs/database-rules.md §6). With a completion, the claim's answer goes in as its parts around the id, which only
   * the procedure knows; null when that answer cannot be split so (the id's digits occur elsewhere in it) or the site
   * was renamed after the answer was drawn: the caller then takes the transaction.
   */
  private async insertInOneCall(booking: NewBooking, completion: IdempotencyCompletion | undefined): Promise<Booking | null> {
    let claim: unknown[] = [null, null, null, null, null];
    if (completion) {
      // The procedure refuses an answer drawn with a number the site no longer has (site_renamed, below).
      const siteNumber = completion.siteNumber ?? (await this.siteNumberOf(booking));
      const parts = answerAroundId(completion, created(booking, 0, siteNumber));
      if (parts === null) return null;
      claim = [completion.key, completion.token, parts, this.db.dialect.time(completion.expiresAt), siteNumber];
    }
    let row: { booking_id: unknown; site_number: string } | undefined;
    try {
      row = await this.db.get(CREATE_CALL, [
        ...bookingRow(this.db, booking.tenantId, booking.id ?? null, booking),
        OCCUPYING_STATUSES,
        ...claim,
      ]);
    } catch (error) {
      if (isRaised(error, 'site_renamed')) return null;
      throw error;
    }
    if (!row) throw new Error('create_booking_if_available answered no row');
    const inserted = created(booking, toInt(row.booking_id), row.site_number);
    // The answer the claim now holds, drawn once more for the created booking: the caller keeps what its completion
    // drew last (IdempotencyCompletion.responseOf), and answerAroundId made sure both are the same text.
    completion?.responseOf(inserted);
    return inserted;
  }

  private async siteNumberOf(booking: NewBooking): Promise<string> {
    const siteRow = await this.db.rowById(SITES, booking.tenantId, booking.siteId);
    if (!siteRow) throw new DomainError('site_unavailable');
    return toSite(this.db.dialect, siteRow).siteNumber;
  }

  private insertInTransaction(booking: NewBooking, completion: IdempotencyCompletion | undefined): Promise<Booking> {
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
      const inserted = created(booking, id, site.site_number);
      if (completion) await completeIdempotencyClaim(this.db, tx, inserted, completion);
      return inserted;
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
    const { after, afterParams } = this.checkInRange(filter);
    where.push(...after);
    params.push(...afterParams);
    if (filter.customerId !== undefined) {
      where.push('b.customer_id = ?');
      params.push(filter.customerId);
    }
    const sorts = filter.checkInFrom !== undefined || filter.checkInTo !== undefined || filter.updatedSince !== undefined;
    return updatedSinceWhere(this.db, 'b', { where, params, sorts }, filter);
  }
}
