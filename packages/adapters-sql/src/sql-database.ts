import type { SqlDialect } from './sql-dialect';
import type { ConnectionUse, SqlExecutor } from './sql-executor';

/** An open database: its executor, the dialect its SQL is written in, snapshots for reads that must agree. */
export interface SqlDatabase extends SqlExecutor {
  readonly dialect: SqlDialect;
  /**
   * Runs `work`'s reads in one snapshot, so they agree with each other (a page's count and rows; a feed page and its
   * records). Postgres: a READ ONLY REPEATABLE READ transaction; SQLite: one read transaction.
   */
  snapshot<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /**
   * `snapshot` for code that reads through this database's own `all`, `rows` and `get` (the repositories): while
   * `work` runs, those reads of its async context go to the snapshot (ReadSnapshots).
   */
  consistent<T>(work: () => Promise<T>): Promise<T>;
  /** How the engine's connections are used right now (metrics, read at scrape time). */
  connections(): ConnectionUse;
  close(): Promise<void>;
}
