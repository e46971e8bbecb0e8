import type { PageWindow, UpdatedSinceFilter } from '@campsite/domain';
import type { WindowReads } from '../accelerators';
import type { RawRow } from '../sql-executor';
import type { SqlDatabase } from '../sql-database';

export interface ListOrder {
  keyColumn: string;
  idColumn: string;
  descending: boolean;
  /** The cursor key as a query parameter, or undefined when it is unusable (then the window is read by offset). */
  keyParam(key: string): unknown;
}

/** What a list reads: one table keyed (tenant_id, id), under an alias that every column and condition uses. */
export interface ListSource {
  /** The select list, in the order its mapper reads. */
  columns: string;
  table: string;
  alias: string;
}

export interface ListFilter {
  where: string[];
  params: unknown[];
  /**
   * The filter is a range on another column than the order's key, so the engine may have to sort the matching rows:
   * then, where the dialect says so, even the first page picks its keys first and only the keys are sorted.
   */
  sorts?: boolean;
  /** SQLite: the index the window's keys are read through (INDEXED BY), when the caller chose the access path. */
  index?: string;
  /**
   * A walk of the order's index with a bounded read (docs/database-rules.md §4). The keys are picked from at most `budget` entries
   * in order that match `where`, and only then filtered by `after` (conditions the walk's index carries itself):
   * a page whose rows lie deeper than the budget comes back short, and the caller reads it another way.
   */
  walk?: { budget: number; columns: string[]; after: string[]; afterParams: unknown[] };
}

/**
 * One window of a list in its fixed, total order (key, then id). The plain read is `LIMIT ? OFFSET ?`; two
 * accelerators (docs/performance.md) read the same rows for less:
 *
 * - `keysetPages`: with `window.after` it seeks right after that row through the order's index, so the 500th page
 *   costs what the first does;
 * - `keysFirst`: a deep OFFSET (or a filter the engine sorts) first picks the window's keys alone, from the order's
 *   index, and only then reads those rows: skipping 25k rows in an index is cheap, reading (and on Postgres,
 *   computing the select list of) 25k rows only to drop them is not. The derived table has a LIMIT, so neither
 *   engine merges it into the outer query; CROSS JOIN keeps it the outer loop on SQLite.
 */
export async function readWindow<T>(
  db: SqlDatabase,
  source: ListSource,
  filter: ListFilter,
  order: ListOrder,
  window: PageWindow,
  map: (row: RawRow) => T,
  reads: WindowReads,
): Promise<T[]> {
  const where = [...filter.where];
  const params = [...filter.params];
  const direction = order.descending ? 'DESC' : 'ASC';
  const orderBy = `ORDER BY ${order.keyColumn} ${direction}, ${order.idColumn} ${direction}`;
  const key = window.after && reads.keysetPages ? order.keyParam(window.after.key) : undefined;
  const from = `${source.table} ${source.alias}${filter.index ? db.dialect.indexedBy(filter.index) : ''}`;
  let sql: string;
  if (filter.walk) {
    sql = walkedWindowSql(db, source, filter, filter.walk, order, window, key, where, params);
  } else if (window.after && key !== undefined) {
    const condition = db.dialect.keyset(order.descending ? '<' : '>', order.keyColumn, order.idColumn, key, window.after.id);
    where.push(condition.sql);
    params.push(...condition.params, window.limit);
    sql = `SELECT ${source.columns} FROM ${from} WHERE ${where.join(' AND ')} ${orderBy} LIMIT ?`;
  } else if (!reads.keysFirst || (window.offset === 0 && !(filter.sorts && db.dialect.sortsKeysFirst()))) {
    params.push(window.limit, window.offset);
    sql = `SELECT ${source.columns} FROM ${from} WHERE ${where.join(' AND ')} ${orderBy} LIMIT ? OFFSET ?`;
  } else {
    const a = source.alias;
    params.push(window.limit, window.offset);
    sql =
      `SELECT ${source.columns} FROM (SELECT ${a}.tenant_id, ${a}.id FROM ${from} WHERE ${where.join(' AND ')} ` +
      `${orderBy} LIMIT ? OFFSET ?) w CROSS JOIN ${source.table} ${a} WHERE ${a}.tenant_id = w.tenant_id AND ${a}.id = w.id ${orderBy}`;
  }
  const rows = await db.rows(sql, params);
  const entities = new Array<T>(rows.length);
  for (let i = 0; i < rows.length; i++) entities[i] = map(rows[i]!);
  return entities;
}

/** readWindow's keys-first query over a bounded walk of the order's index (ListFilter.walk); fills `params`. */
function walkedWindowSql(
  db: SqlDatabase,
  source: ListSource,
  filter: ListFilter,
  walk: NonNullable<ListFilter['walk']>,
  order: ListOrder,
  window: PageWindow,
  key: unknown,
  where: string[],
  params: unknown[],
): string {
  const a = source.alias;
  const direction = order.descending ? 'DESC' : 'ASC';
  const keyName = order.keyColumn.slice(order.keyColumn.indexOf('.') + 1);
  const idName = order.idColumn.slice(order.idColumn.indexOf('.') + 1);
  const offset = window.after && key !== undefined ? 0 : window.offset;
  if (window.after && key !== undefined) {
    const condition = db.dialect.keyset(order.descending ? '<' : '>', order.keyColumn, order.idColumn, key, window.after.id);
    where.push(condition.sql);
    params.push(...condition.params);
  }
  const index = filter.index ? db.dialect.indexedBy(filter.index) : '';
  const carried = walk.after.map((condition) => condition.replaceAll(`${a}.`, 's.'));
  params.push(walk.budget, ...walk.afterParams, window.limit, offset);
  return (
    `SELECT ${source.columns} FROM (SELECT s.tenant_id, s.${idName} FROM (` +
    `SELECT ` +
    `${[`${a}.tenant_id`, order.keyColumn, order.idColumn, ...walk.columns.map((c) => `${a}.${c}`)].join(', ')} ` +
    `FROM ${source.table} ${a}${index} WHERE ${where.join(' AND ')} ` +
    `ORDER BY ${order.keyColumn} ${direction}, ${order.idColumn} ${direction} LIMIT ?) s WHERE ${carried.join(' AND ')} ` +
    `ORDER BY s.${keyName} ${direction}, s.${idName} ${direction} LIMIT ? OFFSET ?) w ` +
    `CROSS JOIN ${source.table} ${a} WHERE ${a}.tenant_id = w.tenant_id AND ${a}.id = w.id ` +
    `ORDER BY ${order.keyColumn} ${direction}, ${order.idColumn} ${direction}`
  );
}

// Stored datetimes lie within years 1 to 9999; a key outside them (a crafted cursor with a negative year) is not used.
const EARLIEST_MS = new Date('0001-01-01T00:00:00Z').getTime();
const LATEST_MS = new Date('9999-12-31T23:59:59.999Z').getTime();

/**
 * The cursor key of a datetime order (an ISO string) as a parameter, or undefined when it is not a datetime that
 * storage can hold (then the window is read by offset).
 */
export function timeKey(db: SqlDatabase): (key: string) => unknown {
  return (key) => {
    const at = new Date(key).getTime();
    return Number.isNaN(at) || at < EARLIEST_MS || at > LATEST_MS ? undefined : db.dialect.time(new Date(at));
  };
}

/** One of the per-tenant totals the triggers keep in `tenant_counters` (docs/database-rules.md §1). */
export async function tenantCounter(db: SqlDatabase, tenantId: number, column: 'sites' | 'customers' | 'invoices'): Promise<number> {
  const row = await db.get<{ n: unknown }>(`SELECT ${column} AS n FROM tenant_counters WHERE tenant_id = ?`, [tenantId]);
  return row ? Number(row.n) : 0;
}

/** `filter` plus `updated_at >= updatedSince` on the table of `alias`, when it is set. */
export function updatedSinceWhere(db: SqlDatabase, alias: string, filter: ListFilter, { updatedSince }: UpdatedSinceFilter): ListFilter {
  if (updatedSince === undefined) return filter;
  return { ...filter, where: [...filter.where, `${alias}.updated_at >= ?`], params: [...filter.params, db.dialect.time(updatedSince)] };
}

/**
 * A scalar subquery, SUM(n) of a table of kept totals keyed (tenant_id, date, status) within `bounds` on
 * its date column, of one status or all (migration 012): one range of the key, at most one row per status and date.
 */
export function keptTotalSql(
  table: string,
  tenantId: number,
  status: string | undefined,
  bounds: ReadonlyArray<readonly [string, '>=' | '<=' | '<', unknown]>,
): { sql: string; params: unknown[] } {
  const where = ['tenant_id = ?'];
  const params: unknown[] = [tenantId];
  for (const [column, op, value] of bounds) {
    where.push(`${column} ${op} ?`);
    params.push(value);
  }
  if (status !== undefined) {
    where.push('status = ?');
    params.push(status);
  }
  return { sql: `(SELECT COALESCE(SUM(n), 0) FROM ${table} WHERE ${where.join(' AND ')})`, params };
}

/** COUNT(*) of a filtered list: a filter no kept total covers. */
export async function countWhere(db: SqlDatabase, source: ListSource, filter: ListFilter): Promise<number> {
  const row = await db.get<{ n: unknown }>(
    `SELECT COUNT(*) AS n FROM ${source.table} ${source.alias} WHERE ${filter.where.join(' AND ')}`,
    filter.params,
  );
  return Number(row?.n ?? 0);
}
