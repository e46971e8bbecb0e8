import { type SqlExecutor, toInt } from './sql-executor';

/** A row to insert under the next value of a counter (SqlDialect.insertUnderCounter). */
export interface CountedRow {
  /** An upsert that moves the counter on and returns its new value as its one column. */
  readonly counter: string;
  readonly counterParams: readonly unknown[];
  readonly table: string;
  /** The row's columns, the counted one first. */
  readonly columns: readonly string[];
  /** The values of the columns after the first. */
  readonly values: readonly unknown[];
}

/**
 * What one SQL text cannot say alike on both engines, as one class per engine (sqlite/sqlite-dialect.ts,
 * postgres/postgres-dialect.ts) over these documented defaults, in the manner of kysely's DialectAdapterBase.
 * Repositories write every query once against SqlExecutor and ask the dialect only for these pieces; none of them
 * branches on which engine it runs on.
 */
export abstract class SqlDialect {
  /** Names the folder of the engine's migrations (`migrations/<name>/`) and the engine in metrics. */
  abstract readonly name: 'sqlite' | 'postgres';

  /** A datetime as a query parameter. */
  abstract time(date: Date): unknown;

  /** A datetime column as the driver returns it. */
  abstract readTime(value: unknown): Date;

  /**
   * The condition "row comes after the cursor" for an order on (key, id) in one direction, in the form the engine
   * serves from its index, and the parameters it takes.
   */
  abstract keyset(op: '<' | '>', keyColumn: string, idColumn: string, key: unknown, id: number): { sql: string; params: unknown[] };

  /**
   * The tenant's data version as a column expression of `tenant_counters` (docs/performance.md, "Data version"):
   * moved by the triggers in every transaction that changes what the API shows, whoever writes.
   */
  abstract readonly dataVersion: string;

  /** The next value of a tenant's `data_version` column, as an SQL expression (`column` names the current one). */
  abstract nextDataVersion(column: string): string;

  /** The UTC day of a datetime column as `invoice_day_counts.issued_day` stores it. */
  abstract utcDay(column: string): string;

  /** A calendar date as a parameter compared with `utcDay`. */
  abstract dayParam(date: string): unknown;

  /** The first day of the month of a date column, as `booking_month_counts.month_start` stores it. */
  abstract monthStart(column: string): string;

  /** A boolean as a query parameter. Default: as it is, for an engine with a boolean type. */
  flag(value: boolean): unknown {
    return value;
  }

  /** A JSON array of the SQL expressions `items`, as text. */
  abstract jsonArray(items: readonly string[]): string;

  /** Statements that refresh a table's statistics after a bulk load (docs/database-rules.md §1, "Bulk loads"). */
  abstract refreshStatistics(table: string): string[];

  /**
   * `select` so that the rows it reads stay locked until the transaction ends. Default: unchanged, for an engine whose
   * write transaction already excludes every other writer.
   */
  lockingRead(select: string): string {
    return select;
  }

  /**
   * `select` (which reads rows of `alias`) so that it locks what it reads and passes over rows another transaction
   * holds. Default: unchanged, for an engine with one writer at a time.
   */
  skippingLocked(select: string, _alias: string): string {
    return select;
  }

  /** Makes a second process that migrates at the same moment wait for this one. Default: nothing to do. */
  async lockMigrations(_tx: SqlExecutor): Promise<void> {
    // The engine's own write lock already serialises migrations.
  }

  /** Whether the engine can store and compare `text`. Default: any text. */
  canHold(_text: string): boolean {
    return true;
  }

  /** `column` in a condition that no index may serve, so that a list reads the access path it chose. */
  unindexed(column: string, _type: 'text' | 'date'): string {
    return column;
  }

  /** Appended to a table and its alias: read it through `index`. Default: the planner chooses. */
  indexedBy(_index: string): string {
    return '';
  }

  /**
   * Whether a window read by a filter the engine must sort (a range on another column than the order's) picks the
   * window's keys alone before reading its rows. Default: no, the engine's top-N sort of whole rows is cheap.
   */
  sortsKeysFirst(): boolean {
    return false;
  }

  /**
   * Whether a booking list with a check-in range reads the check-in index in the list's order, counted by the day and
   * month totals (docs/performance.md, "Check-in walk"). Default: no, the planner finds the range through the check-in
   * index by itself.
   */
  walksCheckIns(): boolean {
    return false;
  }

  /**
   * Inserts `row` under its counter's next value and answers that value. The counter's row stays locked until the
   * insert commits, so rows of one counter take turns. Default: the two statements in one transaction, for an engine
   * whose write transaction runs them without waiting for a client between them.
   */
  async insertUnderCounter(db: SqlExecutor, row: CountedRow): Promise<number> {
    const insert = `INSERT INTO ${row.table} (${row.columns.join(', ')}) VALUES (${row.columns.map(() => '?').join(', ')})`;
    return db.transaction(async (tx) => {
      const counted = await tx.get<Record<string, unknown>>(row.counter, row.counterParams);
      const value = toInt(Object.values(counted!)[0]);
      await tx.run(insert, [value, ...row.values]);
      return value;
    });
  }

  /**
   * Drops the change-capture triggers for the rest of a bulk load's transaction and returns the statements that
   * create them again, where nobody else can write in between. Default: none dropped.
   */
  async dropCaptureTriggers(_tx: SqlExecutor): Promise<string[]> {
    return [];
  }

  /**
   * Turns every row trigger (foreign keys included) of `tables` off for the rest of the transaction when each of their
   * user-defined triggers is in `doneByTheLoad` and the role may; returns whether it did. Default: it cannot.
   */
  async rowTriggersOff(_tx: SqlExecutor, _tables: readonly string[], _doneByTheLoad: ReadonlySet<string>): Promise<boolean> {
    return false;
  }

  /** Turns them on again (rowTriggersOff). */
  async rowTriggersOn(_tx: SqlExecutor): Promise<void> {
    // Nothing was turned off.
  }
}
