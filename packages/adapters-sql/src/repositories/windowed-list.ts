import type { PageWindow } from '@campsite/domain';
import type { RawRow, SqlDatabase } from '../sql-executor';

export interface ListOrder {
  keyColumn: string;
  idColumn: string;
  descending: boolean;
  /** The cursor key as a query parameter, or undefined when it is unusable (then the window is read by offset). */
  keyParam(key: string): unknown;
}

/**
 * One window of a list in its fixed, total order (key, then id). With `window.after` it seeks right after that row
 * through the order's index, so the 500th page costs what the first does (issue 6); otherwise it reads by OFFSET.
 */
export async function readWindow<T>(
  db: SqlDatabase,
  query: { select: string; where: string[]; params: unknown[] },
  order: ListOrder,
  window: PageWindow,
  map: (row: RawRow) => T,
): Promise<T[]> {
  const where = [...query.where];
  const params = [...query.params];
  const direction = order.descending ? 'DESC' : 'ASC';
  const key = window.after ? order.keyParam(window.after.key) : undefined;
  let offset = window.offset;
  if (window.after && key !== undefined) {
    const condition = db.dialect.keyset(order.descending ? '<' : '>', order.keyColumn, order.idColumn, key, window.after.id);
    where.push(condition.sql);
    params.push(...condition.params);
    offset = 0;
  }
  params.push(window.limit, offset);
  const rows = await db.rows(
    `${query.select} WHERE ${where.join(' AND ')} ORDER BY ${order.keyColumn} ${direction}, ${order.idColumn} ${direction} LIMIT ? OFFSET ?`,
    params,
  );
  const entities = new Array<T>(rows.length);
  for (let i = 0; i < rows.length; i++) entities[i] = map(rows[i]!);
  return entities;
}

/** The cursor key of a datetime order (an ISO string) as a parameter, or undefined when it is not a datetime. */
export function timeKey(db: SqlDatabase): (key: string) => unknown {
  return (key) => {
    const at = new Date(key);
    return Number.isNaN(at.getTime()) ? undefined : db.dialect.time(at);
  };
}

/** One of the per-tenant totals the importer keeps in `tenant_counters` (issue 6: no COUNT(*) per request). */
export async function tenantCounter(db: SqlDatabase, tenantId: number, column: 'sites' | 'customers' | 'invoices'): Promise<number> {
  const row = await db.get<{ n: unknown }>(`SELECT ${column} AS n FROM tenant_counters WHERE tenant_id = ?`, [tenantId]);
  return row ? Number(row.n) : 0;
}
