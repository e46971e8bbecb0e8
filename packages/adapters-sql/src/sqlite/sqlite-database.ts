import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { GroupCommit, type GroupTransaction } from '../group-commit';
import {
  type ConnectionUse,
  type Dialect,
  type KeyedSource,
  type RawRow,
  type Row,
  type SqlDatabase,
  type SqlExecutor,
  byIdSql,
} from '../sql-executor';

export const sqliteDialect: Dialect = {
  name: 'sqlite',
  time: (date) => date.getTime(),
  readTime: (value) => new Date(Number(value)),
  // A leading range on the key column lets SQLite seek into the index; the OR then settles ties by id.
  keyset: (op, keyColumn, idColumn, key, id) => ({
    sql: `(${keyColumn} ${op}= ? AND (${keyColumn} ${op} ? OR ${idColumn} ${op} ?))`,
    params: [key, key, id],
  }),
  // BEGIN IMMEDIATE takes the database's write lock up front, which already excludes every other writer.
  sortsKeysFirst: true,
  forUpdate: '',
  migrationLock: null,
  // SQLite's VACUUM rewrites the whole file; its pages need no visibility marks.
  analyzeAfterLoad: (table) => `ANALYZE ${table}`,
  afterAnalyze: ['DELETE FROM sqlite_stat4', 'ANALYZE sqlite_schema'],
  // One writer at a time, so a plain increment is in commit order; the feed token in the stamp keeps a value from
  // coming back after the tables were emptied (migration 013).
  nextDataVersion: (column) => `${column} + 1`,
  dataStamp: "COALESCE(feed_token, '') || ':' || (last_change + data_version)",
  keyStamp: "COALESCE(feed_token, '') || ':' || key_version",
  unflushedCommit: '',
  captureTriggers: "SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' AND name LIKE '%\\_capture\\_%' ESCAPE '\\'",
  // Its foreign keys and triggers cost little beside the dropped capture triggers (measured: see captureTriggers).
  rowTriggerSwitch: null,
  // docs/operations.md, Workers: one process serves a SQLite file, and the workers of `serve --workers` count in their
  // supervisor; a count written to the file would be a commit per request, moving every worker's stamp.
  keepsRateLimits: false,
  createsBookingsInOneCall: false,
  utcDay: (column) => `((${column} - ((${column} % 86400000) + 86400000) % 86400000) / 86400000)`,
  dayParam: (date) => Date.parse(`${date}T00:00:00Z`) / 86_400_000,
  monthStart: (column) => `substr(${column}, 1, 7) || '-01'`,
  unindexed: (column) => `+${column}`,
  indexedBy: (index) => ` INDEXED BY ${index}`,
};

type Statement = Database.Statement<unknown[], unknown>;

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
  readonly dialect = sqliteDialect;
  private readonly db: Database.Database;
  private readonly statements = new Map<string, Statement>();
  /** The same SQL prepared a second time in raw mode: `raw` is a mode of the statement, not of one call. */
  private readonly rawStatements = new Map<string, Statement>();
  private busy = false;
  private readonly writes = new GroupCommit(() => this.beginGroup(), MAX_GROUP_WRITES);
  /** Moves on with every write of this connection and every commit another connection made (engineStamp). */
  private epoch = 0;
  private lastDataVersion = -1;
  private readonly dataVersion: Database.Statement<[], number>;
  private idle: Promise<void> = Promise.resolve();
  /** Settles `idle` for the calls waiting on the transaction now open. */
  private releaseIdle: (() => void) | undefined;
  /** Calls waiting for the open transaction to end (ConnectionUse.waiting). */
  private waiting = 0;
  private readonly direct: SqlExecutor;
  /** Set inside `consistent`: that context's reads run in its read transaction, past the wait for `busy` it holds. */
  private readonly ambient = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

  constructor(path: string) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    // Issue 4: WAL so readers do not block the writer, NORMAL is durable enough under WAL, a busy timeout so a
    // second process waits for the write lock instead of failing, and foreign keys on (they are off by default).
    // The busy timeout comes first. Switching a fresh file to WAL needs an exclusive lock, and SQLite may answer
    // SQLITE_BUSY at once, without waiting, while another process starting at the same moment does the same, so
    // that one step is retried for a bounded time.
    this.db.pragma('busy_timeout = 5000');
    switchToWal(this.db);
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('foreign_keys = ON');
    this.direct = this.executor();
    this.dataVersion = this.db.prepare<[], number>('PRAGMA data_version').pluck();
  }

  /**
   * PRAGMA data_version changes when another connection (the CLI, a second server) commits; this connection's own
   * writes are counted as they run, before their COMMIT, and every other statement waits for that COMMIT (`busy`).
   * Either way the stamp moves before the new data can be read.
   */
  readonly engineStamp = (): number => {
    const version = this.dataVersion.get() as number;
    if (version !== this.lastDataVersion) {
      this.lastDataVersion = version;
      this.epoch++;
    }
    return this.epoch;
  };

  /** Counts a statement that may have written. */
  private wrote(statement: Statement): void {
    if (!statement.readonly) this.epoch++;
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
        const statement = self.prepare(sql);
        self.wrote(statement);
        return statement.all(...params) as T[];
      },
      async rows(sql: string, params: readonly unknown[] = []) {
        const statement = self.prepareRaw(sql);
        self.wrote(statement);
        return statement.all(...params) as RawRow[];
      },
      async get<T>(sql: string, params: readonly unknown[] = []) {
        const statement = self.prepare(sql);
        self.wrote(statement);
        return statement.get(...params) as T | undefined;
      },
      async run(sql: string, params: readonly unknown[] = []) {
        self.epoch++;
        return self.prepare(sql).run(...params).changes;
      },
      async exec(script: string) {
        self.epoch++;
        self.db.exec(script);
      },
      async insertMany(table: string, columns: readonly string[], rows: readonly unknown[][]) {
        self.epoch++;
        const statement = self.db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
        for (const row of rows) statement.run(...row);
      },
      transaction: (work) => work(this.direct),
    };
  }

  consistent<T>(work: () => Promise<T>): Promise<T> {
    if (this.ambient.getStore()) return work();
    return this.snapshot(() => this.ambient.run(new Map(), work));
  }

  snapshotMemo(): Map<string, Promise<unknown>> | undefined {
    return this.ambient.getStore();
  }

  /** Reads at once, as rowById does. */
  getShared<T = Row>(sql: string, params: readonly unknown[]): Promise<T | undefined> {
    return this.get<T>(sql, params);
  }

  /** Reads at once: a lookup costs SQLite microseconds, and waiting for the turn's end to group them would not. */
  async rowById(source: KeyedSource, tenantId: number, id: number): Promise<RawRow | undefined> {
    const [row] = await this.rows(byIdSql(source), [tenantId, id]);
    return row;
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
    return this.writes.active && !this.ambient.getStore() && !this.prepare(sql).readonly;
  }

  async exec(script: string): Promise<void> {
    while (this.busy) await this.untilIdle();
    return this.direct.exec(script);
  }

  insertMany(table: string, columns: readonly string[], rows: readonly unknown[][]): Promise<void> {
    return this.transaction((tx) => tx.insertMany(table, columns, rows));
  }

  /** Write transactions share their commits (docs/database-rules.md §5). */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.writes.run(work);
  }

  private async beginGroup(): Promise<GroupTransaction> {
    await this.acquire();
    const db = this.db;
    try {
      // IMMEDIATE: take the write lock now, so two connections cannot both read "free" and then both insert.
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
