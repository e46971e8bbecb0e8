import type { BookingFilter } from '@campsite/domain';
import type { SqlDatabase } from '../sql-database';
import { type ListFilter, keptTotalSql } from './windowed-list';

/** A walk of the creation order reads at most this many times its estimate before it gives up (checkInWalk). */
const WALK_ADVANTAGE = 2;

type Bound = ['>=' | '<=' | '<', string];

/** The first day of the month of a calendar date, and of the month after it. */
const monthOf = (date: string) => `${date.slice(0, 7)}-01`;
function monthAfter(date: string): string {
  const [year, month] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  return month === 12 ? `${String(year + 1).padStart(4, '0')}-01-01` : `${date.slice(0, 4)}-${String(month + 1).padStart(2, '0')}-01`;
}

/** A scalar subquery: the bookings of one status (or all), from booking_counts. */
export function statusTotalSql(tenantId: number, status: string | undefined): { sql: string; params: unknown[] } {
  return status === undefined
    ? { sql: '(SELECT COALESCE(SUM(n), 0) FROM booking_counts WHERE tenant_id = ?)', params: [tenantId] }
    : { sql: '(SELECT COALESCE(SUM(n), 0) FROM booking_counts WHERE tenant_id = ? AND status = ?)', params: [tenantId, status] };
}

/**
 * A scalar subquery: the bookings of one status (or all) checking in within [from, to] (migration 012). The days of
 * the first and the last month of the range come from booking_day_counts, the whole months between from
 * booking_month_counts: at most one row per status and day of the range, and about 60 plus one per month at most,
 * each sum one range of its table's key (tenant, date, status).
 */
export function inRangeSql(tenantId: number, status: string | undefined, from: string | undefined, to: string | undefined) {
  if (from !== undefined && to !== undefined && from > to) return { sql: '0', params: [] };
  const sums: string[] = [];
  const params: unknown[] = [];
  const sum = (table: string, column: string, bounds: Bound[]) => {
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
    const bounds: Bound[] = [['>=', from]];
    if (to !== undefined) bounds.push(['<=', to]);
    sum('booking_day_counts', 'check_in_date', bounds);
  } else {
    const months: Bound[] = [];
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
 * Scalar subqueries over booking_month_counts (migration 015) for the walk of the creation order. Each month's row
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

/** The kept totals a check-in range's page is chosen by (rangeTotals). */
export interface RangeTotals {
  /** Bookings of any status checking in within the range. */
  inRange: number;
  /** Those of the filter's status: the list's count. */
  matching: number;
  /** Bookings the walk of the creation order passes before it reaches the range (creationBoundsSql). */
  later: number;
}

/** The totals of a check-in range (and status, if any), in one statement (migrations 012 and 015). */
export async function rangeTotals(db: SqlDatabase, tenantId: number, filter: BookingFilter): Promise<RangeTotals> {
  const { status, checkInFrom: from, checkInTo: to } = filter;
  const parts = [inRangeSql(tenantId, undefined, from, to), creationBoundsSql(tenantId, status, from, to).later];
  if (status !== undefined) parts.push(inRangeSql(tenantId, status, from, to));
  const [row] = await db.rows(
    `SELECT ${parts.map((p) => p.sql).join(', ')}`,
    parts.flatMap((p) => p.params),
  );
  const [inRange, later] = [Number(row![0]), Number(row![1])];
  return { inRange, later, matching: status === undefined ? inRange : Number(row![2]) };
}

/** The conditions of a check-in range on `bookings b`. */
export function checkInConditions(filter: BookingFilter): { where: string[]; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.checkInFrom !== undefined) {
    where.push('b.check_in_date >= ?');
    params.push(filter.checkInFrom);
  }
  if (filter.checkInTo !== undefined) {
    where.push('b.check_in_date <= ?');
    params.push(filter.checkInTo);
  }
  return { where, params };
}

/**
 * The ways into a check-in range's page, in the order to try them (docs/database-rules.md §4): walking the creation
 * order (the list's own order, newest first) from the latest creation time the range's months hold, when the totals
 * predict fewer entries on that way than the range holds, bounded at WALK_ADVANTAGE times that prediction; then the
 * check-in index, whose every entry of the range is found and only their keys sorted. A walk that comes back short
 * of a full page (the dates lie otherwise) is followed by the check-in way, so a page reads at most about three times
 * what the check-in way reads.
 */
export function checkInWays(db: SqlDatabase, tenantId: number, filter: BookingFilter, totals: RangeTotals, wanted: number): ListFilter[] {
  const { status, checkInFrom: from, checkInTo: to } = filter;
  const range = checkInConditions(filter);
  const byCheckIn: ListFilter = {
    where: ['b.tenant_id = ?', ...range.where, ...(status === undefined ? [] : [`${db.dialect.unindexed('b.status', 'text')} = ?`])],
    params: [tenantId, ...range.params, ...(status === undefined ? [] : [status])],
    sorts: true,
    index: 'bookings_check_in_created',
  };
  const passed = from === undefined ? totals.later : 2 * totals.later;
  const budget = Math.ceil(WALK_ADVANTAGE * (totals.later + (wanted * (totals.matching + passed)) / totals.matching));
  if (budget >= 2 * totals.inRange) return [byCheckIn];
  const { latest } = creationBoundsSql(tenantId, status, from, to);
  const walk: ListFilter = {
    where: ['b.tenant_id = ?', ...(status === undefined ? [] : ['b.status = ?']), `b.created_at <= ${latest.sql}`],
    params: [tenantId, ...(status === undefined ? [] : [status]), ...latest.params],
    index: status === undefined ? 'bookings_created_check_in' : 'bookings_status_created_check_in',
    walk: { budget, columns: ['check_in_date'], after: range.where, afterParams: range.params },
  };
  return [walk, byCheckIn];
}
