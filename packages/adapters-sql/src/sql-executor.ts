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
 * Repositories are written once against this and a `Dialect`, never against a driver (issue 4).
 */
export interface SqlExecutor {
  all<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /**
   * Rows as arrays in select-list order. Issue 6: building a keyed object per row was most of the cost of reading a
   * page; the list and detail mappers read by position instead.
   */
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

/** The engine-specific bits that cannot be written as one SQL text: kept here, in one small strategy per engine. */
export interface Dialect {
  readonly name: 'sqlite' | 'postgres';
  /** A datetime as a query parameter (SQLite: epoch ms; Postgres: timestamptz). */
  time(date: Date): unknown;
  /** A datetime column as the driver returns it. */
  readTime(value: unknown): Date;
  /**
   * The condition "row comes after the cursor" for an order on (key, id) in one direction, in the form this engine
   * serves from its index, and the parameters it takes: a row value on Postgres, expanded for SQLite.
   */
  keyset(op: '<' | '>', keyColumn: string, idColumn: string, key: unknown, id: number): { sql: string; params: unknown[] };
  /**
   * Whether a list whose filter makes the engine sort (a check-in range) should sort the window's keys alone and
   * then read its rows. SQLite's sorter carries whole rows (measured: summer range 1.41 -> 0.80 ms keys-first);
   * Postgres's top-N sort is cheap and the extra join cost it 0.2 ms, so it sorts rows directly.
   */
  readonly sortsKeysFirst: boolean;
  /** Appended to a SELECT to lock the rows it reads until the transaction ends ('' where the transaction already does). */
  readonly forUpdate: string;
  /** Run first in the migration transaction so that two processes migrating at once take turns (null: not needed). */
  readonly migrationLock: string | null;
  /**
   * Fresh statistics for a table a bulk load filled (docs/database-rules.md §1, "Bulk loads"). Postgres also vacuums
   * it: until a page is marked all-visible, an index-only scan reads the table for every entry it returns, and
   * autovacuum may come minutes later, or never where it is off.
   */
  analyzeAfterLoad(table: string): string;
  /**
   * Run after ANALYZE. SQLite: drop the range samples (sqlite_stat4) and reload the statistics, because with samples
   * at hand the engine prepares every statement with a range on a parameter again at each run, to fit its plan to the
   * values: 8 µs per range on the tiny totals tables, more than reading them (docs/database-rules.md §4).
   */
  readonly afterAnalyze: readonly string[];
  /**
   * The next value of a tenant's `data_version`, as an SQL expression (`column` names the current one). Postgres
   * draws it from one database-wide sequence, so a value never comes back, not even after the tables were emptied
   * and a tenant imported again under its old id (SqlDataVersions).
   */
  nextDataVersion(column: string): string;
  /**
   * The tenant's data stamp as a column expression of `tenant_counters` (docs/database-rules.md), which the triggers
   * move in every transaction that changes what a kept read or a kept key shows, whoever writes, and nothing else.
   */
  readonly dataStamp: string;
  /**
   * The tenant's key stamp as a column expression of `tenant_counters` (migration 017): moved by every change of an
   * API key except its last use, and by nothing else.
   */
  readonly keyStamp: string;
  /**
   * Appended to the RETURNING list of a single-statement write whose loss in a crash is harmless, so that its
   * commit does not wait for the log to reach the disk ('' where commits never wait: SQLite in WAL with
   * synchronous = NORMAL). Postgres writes its log in order, so any later commit that did wait makes it durable too.
   */
  readonly unflushedCommit: string;
  /**
   * The SQL that lists the change-capture triggers (name, sql) when a bulk load may drop them inside its transaction
   * and create them again before it commits; null where it must not. SQLite has one writer at a time, so nobody can
   * write in between, and readers never see the change; its row triggers, even when their WHEN skips them, made an
   * import 4x slower. On Postgres the DDL would lock the tables for every reader until the import commits, and its
   * statement triggers cost little.
   */
  readonly captureTriggers: string | null;
  /**
   * How a bulk load turns the loaded tables' row triggers off for the rest of its transaction, foreign-key checks
   * included, so that it checks its references once, set-based, instead of once per row; null where it cannot.
   * Postgres: `session_replication_role`, which only a role allowed to set it may set (docs/database-rules.md §1, "Bulk loads").
   * `triggers` lists the user-defined triggers (tgname) of the tables named by $1 (a text array).
   */
  readonly rowTriggerSwitch: { readonly triggers: string; readonly off: string; readonly on: string } | null;
  /**
   * Whether the database keeps the rate-limit counts every process shares (docs/api-behaviour.md §4), in a limiter
   * that also checks a tenant's stamp in the statement that counts (SqlRateLimiter). Where it does not, the app counts.
   */
  readonly keepsRateLimits: boolean;
  /**
   * Whether a booking create is one call of the database's own procedure `create_booking_if_available` (migration
   * 014): the site's lock, the overlap check, the id and the insert in one statement that commits by itself, so that
   * no lock is held while the event loop serves other requests (docs/database-rules.md §6). SQLite's group commit
   * runs its transactions on the spot instead.
   */
  readonly createsBookingsInOneCall: boolean;
  /**
   * Issue 17 (migration 012): the UTC day of a datetime column as `invoice_day_counts.issued_day` stores it (SQLite:
   * days since 1970-01-01, rounded down; Postgres: a date), and a calendar date as a parameter compared with it.
   */
  utcDay(column: string): string;
  dayParam(date: string): unknown;
  /** The first day of the month of a date column, as `booking_month_counts.month_start` stores it. */
  monthStart(column: string): string;
  /**
   * `column` in a condition that no index may serve (SQLite: unary `+`; Postgres: an expression of the same value),
   * so that a list reads the access path it chose (issue 17).
   */
  unindexed(column: string, type: 'text' | 'date'): string;
  /** Appended to a table and its alias: read it through `index` (SQLite: INDEXED BY; Postgres: '', its planner chooses). */
  indexedBy(index: string): string;
}

export interface SqlDatabase extends SqlExecutor {
  readonly dialect: Dialect;
  /**
   * The row of `source` keyed (tenantId, id), as `rows(byIdSql(source), [tenantId, id])` gives it. Postgres sends
   * the lookups that arrive in one turn of the event loop as one statement per table and tenant (docs/database-rules.md
   * §4, "Reads by id"); SQLite reads at once. Inside `consistent` it reads from that snapshot, alone.
   */
  rowById(source: KeyedSource, tenantId: number, id: number): Promise<RawRow | undefined>;
  /**
   * `get`, for a read that many requests make alike (a tenant's stamp, a key's row): on Postgres, identical reads
   * (the same statement and parameters) that arrive in one turn of the event loop share one execution
   * (docs/database-rules.md §4); SQLite reads at once. Inside `consistent` it reads from that snapshot, alone.
   */
  getShared<T = Row>(sql: string, params: readonly unknown[]): Promise<T | undefined>;
  /**
   * Runs `work`'s reads in one snapshot, so they agree with each other (issue 16: a page's count and rows; a feed page
   * and its records). Postgres: a READ ONLY REPEATABLE READ transaction; SQLite: one read transaction.
   */
  snapshot<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /**
   * `snapshot` for code that reads through this database's own `all`, `rows` and `get` (the repositories): while
   * `work` runs, those reads of its async context go to the snapshot (ReadSnapshots).
   */
  consistent<T>(work: () => Promise<T>): Promise<T>;
  /**
   * The memo of the snapshot this async context reads in (`consistent`), undefined outside one. Nothing can change
   * within a snapshot, so identical reads in it may share one answer (a page's count and the totals its rows are
   * chosen by: sql-booking-repository.ts, rangeTotals).
   */
  snapshotMemo(): Map<string, Promise<unknown>> | undefined;
  /**
   * A database-wide change counter the engine keeps at no cost (SQLite): it moves with every commit of any table by
   * anyone. Too coarse to be a tenant's stamp, but while it holds still no stamp can have moved, so SqlDataVersions
   * reads a tenant's stamp row again only after it moved. Null from an engine that keeps none (Postgres).
   */
  engineStamp(): number | null;
  /** How the engine's connections are used right now (metrics, read at scrape time). */
  connections(): ConnectionUse;
  close(): Promise<void>;
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
