import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { GroupCommit, type GroupTransaction } from '../group-commit';
import type { ConnectionUse, RawRow, Row, SqlExecutor } from '../sql-executor';
import type { SqlDatabase } from '../sql-database';
import { SqliteDialect } from './sqlite-dialect';

export interface SqliteOptions {
  /** Whether write transactions that arrive together share one COMMIT (docs/performance.md, "Group commit"). */
  groupCommit: boolean;
}

type Statement = Database.Statement<unknown[], unknown>;

/** SQLite's page cache of the connection, in KiB. */
const PAGE_CACHE_KIB = 2000;

/** Writes per group commit (docs/database-rules.md §5). */
const MAX_GROUP_WRITES = 32;

const WAL_SWITCH_DEADLINE_MS = 5_000;
const WAL_SWITCH_PAUSE_MS = 10;

function switchToWal(db: Database.Database): void {
  const deadline = Date.now() + WAL_SWITCH_DEADLINE_MS;
  for (;;) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() >= deadline) throw error;
      // Opening is synchronous (better-sqlite3), so the pause is too; it only happens at start-up.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, WAL_SWITCH_PAUSE_MS);
    }
  }
}

/**
 * better-sqlite3 is synchronous and one connection serves every request. A transaction body is async (the
 * repositories are shared with Postgres), so while one runs, other requests' statements wait for it here: otherwise
 * they would run inside it on the same connection.
 */
export class SqliteDatabase implements SqlDatabase {
  readonly dialect = new SqliteDialect();
  private readonly db: Database.Database;
  private readonly statements = new Map<string, Statement>();
  /** The same SQL prepared a second time in raw mode: `raw` is a mode of the statement, not of one call. */
  private readonly rawStatements = new Map<string, Statement>();
  private busy = false;
  /** Null when every write transaction commits on its own. */
  private readonly writes: GroupCommit | null;
  private idle: Promise<void> = Promise.resolve();
  /** Settles `idle` for the calls waiting on the transaction now open. */
  private releaseIdle: (() => void) | undefined;
  /** Calls waiting for the open transaction to end (ConnectionUse.waiting). */
  private waiting = 0;
  private readonly direct: SqlExecutor;
  /** Set inside `consistent`: that context's reads run in its read transaction, past the wait for `busy` it holds. */
  private readonly ambient = new AsyncLocalStorage<true>();

  constructor(path: string, options: SqliteOptions = { groupCommit: true }) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    // WAL so readers do not block the writer, NORMAL is durable enough under WAL, a busy timeout so a
    // second process waits for the write lock instead of failing, and foreign keys on (they are off by default).
    // The busy timeout comes first. Switching a fresh file to WAL needs an exclusive lock, and SQLite may answer
    // SQLITE_BUSY at once, without waiting, while another process starting at the same moment does the same, so
    // that one step is retried for a bounded time.
    this.db.pragma('busy_timeout = 5000');
    switchToWal(this.db);
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('foreign_keys = ON');
    // better-sqlite3 builds SQLite with a 16 MB page cache; this is SQLite's own default, 2 MB. The kernel's file cache
    // holds the file anyway, and a server of thousands of small tenants filled the larger one with pages it read once,
    // 15 MiB and more of resident memory (docs/performance.md, "Memory").
    this.db.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
    this.direct = this.executor();
    this.writes = options.groupCommit ? new GroupCommit(() => this.beginGroup(), MAX_GROUP_WRITES) : null;
  }

  private prepare(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private prepareRaw(sql: string): Statement {
    let statement = this.rawStatements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql).raw(true);
      this.rawStatements.set(sql, statement);
    }
    return statement;
  }

  /** Statements straight on the connection: for inside a transaction, or when none is open. */
  private executor(): SqlExecutor {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the executor's methods are generic, so not arrows.
    const self = this;
    return {
      async all<T>(sql: string, params: readonly unknown[] = []) {
        return self.prepare(sql).all(...params) as T[];
      },
      async rows(sql: string, params: readonly unknown[] = []) {
        return self.prepareRaw(sql).all(...params) as RawRow[];
      },
      async get<T>(sql: string, params: readonly unknown[] = []) {
        return self.prepare(sql).get(...params) as T | undefined;
      },
      async run(sql: string, params: readonly unknown[] = []) {
        return self.prepare(sql).run(...params).changes;
      },
      async exec(script: string) {
        self.db.exec(script);
      },
      async insertMany(table: string, columns: readonly string[], rows: readonly unknown[][]) {
        // Prepared once per table and columns, like every other statement: a booking's lines are written on every create.
        const statement = self.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
        for (const row of rows) statement.run(...row);
      },
      transaction: (work) => work(this.direct),
    };
  }

  consistent<T>(work: () => Promise<T>): Promise<T> {
    if (this.ambient.getStore()) return work();
    return this.snapshot(() => this.ambient.run(true, work));
  }

  async all<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]> {
    if (this.joinsGroup(sql)) return this.transaction((tx) => tx.all<T>(sql, params));
    // The check and the statement must run in one synchronous step, or a transaction could start in between.
    while (this.busy && !this.ambient.getStore()) await this.untilIdle();
    return this.direct.all<T>(sql, params);
  }

  async rows(sql: string, params?: readonly unknown[]): Promise<RawRow[]> {
    if (this.joinsGroup(sql)) return this.transaction((tx) => tx.rows(sql, params));
    while (this.busy && !this.ambient.getStore()) await this.untilIdle();
    return this.direct.rows(sql, params);
  }

  async get<T = Row>(sql: string, params?: readonly unknown[]): Promise<T | undefined> {
    if (this.joinsGroup(sql)) return this.transaction((tx) => tx.get<T>(sql, params));
    while (this.busy && !this.ambient.getStore()) await this.untilIdle();
    return this.direct.get<T>(sql, params);
  }

  async run(sql: string, params?: readonly unknown[]): Promise<number> {
    if (this.joinsGroup(sql)) return this.transaction((tx) => tx.run(sql, params));
    while (this.busy) await this.untilIdle();
    return this.direct.run(sql, params);
  }

  /**
   * Whether a statement outside any transaction writes while a group of writes is open or waiting: then it joins the
   * group and shares its COMMIT (docs/database-rules.md §5), instead of waiting for the group and paying a COMMIT of
   * its own (a claim of an idempotency key beside creates). Alone, it runs at once. Inside `consistent` it runs where
   * it is.
   */
  private joinsGroup(sql: string): boolean {
    return this.writes !== null && this.writes.active && !this.ambient.getStore() && !this.prepare(sql).readonly;
  }

  async exec(script: string): Promise<void> {
    while (this.busy) await this.untilIdle();
    return this.direct.exec(script);
  }

  insertMany(table: string, columns: readonly string[], rows: readonly unknown[][]): Promise<void> {
    return this.transaction((tx) => tx.insertMany(table, columns, rows));
  }

  /**
   * Write transactions share their commits (docs/database-rules.md §5). IMMEDIATE: take the write lock now, so two
   * connections cannot both read "free" and then both insert.
   */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.writes === null ? this.within('BEGIN IMMEDIATE', work) : this.writes.run(work);
  }

  private async beginGroup(): Promise<GroupTransaction> {
    await this.acquire();
    const db = this.db;
    try {
      db.exec('BEGIN IMMEDIATE');
    } catch (error) {
      this.releaseConnection();
      throw error;
    }
    return {
      tx: this.direct,
      savepoint: async () => {
        db.exec('SAVEPOINT grouped_write');
      },
      undo: async () => {
        if (!db.inTransaction) return false;
        db.exec('ROLLBACK TO grouped_write');
        return true;
      },
      commit: async () => {
        db.exec('COMMIT');
        this.releaseConnection();
      },
      abandon: async () => {
        try {
          if (db.inTransaction) db.exec('ROLLBACK');
        } finally {
          this.releaseConnection();
        }
      },
    };
  }

  /** A deferred transaction that only reads takes no write lock: one snapshot from its first read on. */
  snapshot<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.within('BEGIN', work);
  }

  private async within<T>(begin: string, work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      this.db.exec(begin);
      const result = await work(this.direct);
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw error;
    } finally {
      this.releaseConnection();
    }
  }

  /** Takes the one connection for a transaction: other calls wait for `releaseConnection`. */
  private async acquire(): Promise<void> {
    while (this.busy) await this.untilIdle();
    this.busy = true;
    this.idle = new Promise((resolve) => (this.releaseIdle = resolve));
  }

  private releaseConnection(): void {
    this.busy = false;
    this.releaseIdle?.();
  }

  /**
   * Waits for the open transaction to end. Callers check `busy` again afterwards, in the same synchronous step as
   * their statement: another transaction may have started in between.
   */
  private async untilIdle(): Promise<void> {
    this.waiting++;
    try {
      await this.idle;
    } finally {
      this.waiting--;
    }
  }

  connections(): ConnectionUse {
    return { inUse: this.busy ? 1 : 0, idle: this.busy ? 0 : 1, waiting: this.waiting };
  }

  async close(): Promise<void> {
    while (this.busy) await this.untilIdle();
    this.db.close();
  }
}
