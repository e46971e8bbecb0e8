/** A row as the driver returns it: column names as written in the query. */
export type Row = Record<string, unknown>;

/** A row as an array, in the order of the query's select list (no object per row, no column-name lookups). */
export type RawRow = unknown[];

/** A table keyed (tenant_id, id) as a detail read selects from it: its select list under `alias`, and any condition. */
export interface KeyedSource {
  columns: string;
  table: string;
  alias: string;
  /** A condition every row read must meet (customers: the role), in terms of `alias`. */
  where?: string;
}

const byIdSqls = new WeakMap<KeyedSource, string>();

/**
 * Selects one row of `source` by key: `?` for the tenant, then the id. Built once per source (the sources are module
 * constants), as every detail read asks for it.
 */
export function byIdSql(source: KeyedSource): string {
  let sql = byIdSqls.get(source);
  if (sql === undefined) {
    const a = source.alias;
    const where = source.where ? ` AND ${source.where}` : '';
    sql = `SELECT ${source.columns} FROM ${source.table} ${a} WHERE ${a}.tenant_id = ? AND ${a}.id = ?${where}`;
    byIdSqls.set(source, sql);
  }
  return sql;
}

/**
 * The little a repository needs from a database. Queries use `?` placeholders; the Postgres executor numbers them.
 * Repositories are written once against this and a SqlDialect, never against a driver.
 */
export interface SqlExecutor {
  all<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Rows as arrays in select-list order, which the list and detail mappers read by position (row-mappers.ts). */
  rows(sql: string, params?: readonly unknown[]): Promise<RawRow[]>;
  get<T = Row>(sql: string, params?: readonly unknown[]): Promise<T | undefined>;
  /** Runs a statement and returns the number of rows it changed. */
  run(sql: string, params?: readonly unknown[]): Promise<number>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
  /** Inserts many rows into one table as fast as the engine allows (prepared statement / unnest of column arrays). */
  insertMany(table: string, columns: readonly string[], rows: readonly unknown[][]): Promise<void>;
  /**
   * Runs `work` in one write transaction: committed when it resolves, rolled back when it throws. Inside, `tx` is
   * the only way to reach the database; calling `transaction` on `tx` just runs `work` in the same transaction.
   */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
}

/**
 * Connections of the database at one moment. Postgres: the pool's. SQLite: its single connection, "in use" while a
 * transaction or snapshot holds it, and the statements queued behind it as "waiting" (docs/observability.md).
 */
export interface ConnectionUse {
  inUse: number;
  idle: number;
  waiting: number;
}

/** Reads an integer column; Postgres returns int8 as text, so convert and refuse anything that is not exact. */
export function toInt(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`not a safe integer from the database: ${String(value)}`);
  return n;
}
