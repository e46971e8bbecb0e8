import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { isDomainError } from '@campsite/domain';
import type { ConnectionUse, RawRow, Row, SqlExecutor } from '../sql-executor';
import type { SqlDatabase } from '../sql-database';
import { databaseUnavailable, isConnectionFailure, translateConnectionFailure } from './connection-failures';
import { PostgresDialect } from './postgres-dialect';

export interface PgOptions {
  /** Pool size (default 10). */
  max?: number;
  /** Told about failures no request sees (an idle connection that broke, a snapshot's COMMIT that failed). */
  onBackgroundError?: (error: unknown, what: string) => void;
  /**
   * Whether a snapshot's reads go out right behind its BEGIN, and its COMMIT after the caller has its result
   * (docs/performance.md, "Pipelined snapshots"); otherwise each waits for the one before, as in any transaction.
   */
  pipelinedSnapshots?: boolean;
  /** Whether harmless single-statement writes commit without waiting for the WAL (PostgresDialect). */
  unflushedWrites?: boolean;
}

const STATEMENT_TIMEOUT_MS = 10_000;
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 30_000;
/**
 * `begin` and the transaction's own limits, in one round trip. SET LOCAL ends with the transaction, so no setting
 * outlives it on a pooled server connection, and the limits hold whether or not the startup parameters reached the
 * server.
 */
const SNAPSHOT_BEGIN = 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY';

function withLimits(begin: string): string {
  return (
    `${begin}; SET LOCAL statement_timeout = ${STATEMENT_TIMEOUT_MS}; ` +
    `SET LOCAL idle_in_transaction_session_timeout = ${IDLE_IN_TRANSACTION_TIMEOUT_MS}`
  );
}

/** Statements that only read: safe to run again when their connection died (PgDatabase.once). */
const READ_ONLY = /^\s*SELECT\b/i;

const INT8 = 20;
const DATE = 1082;

/** int8 (counts, money) as exact numbers instead of strings; `date` as the 'YYYY-MM-DD' text it is (no time zone). */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8)
      return (value: string) => {
        const n = Number(value);
        if (!Number.isSafeInteger(n)) throw new Error(`int8 out of the safe range: ${value}`);
        return n;
      };
    if (oid === DATE) return (value: string) => value;
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/**
 * Each SQL text with its `?` placeholders numbered (`$1`, `$2`, …), converted once. Statements are sent unnamed: a
 * named prepared statement lives in one server session, and a pooler in transaction mode (PgBouncer,
 * docs/operations.md) hands each transaction a different one, where the name is unknown.
 */
class NumberedStatements {
  private readonly cache = new Map<string, string>();

  get(sql: string): string {
    let text = this.cache.get(sql);
    if (text === undefined) {
      let n = 0;
      text = sql.replace(/\?/g, () => `$${++n}`);
      this.cache.set(sql, text);
    }
    return text;
  }
}

/** How statements reach the server: through the pool, or on one checked-out connection (`inOrder`). */
type Send = <R extends pg.QueryResultRow = pg.QueryResultRow>(
  query: string | pg.QueryConfig | pg.QueryArrayConfig,
  values?: unknown[],
) => Promise<pg.QueryResult<R>>;

type Query = string | pg.QueryConfig;

function viaPool(pool: pg.Pool): Send {
  return ((query: Query, values?: unknown[]) => pool.query(query, values)) as Send;
}

/**
 * The statements of one checked-out connection, each sent once the one before it is answered: node-postgres
 * deprecates queueing several queries on one client. The next one goes out from the microtasks of that answer's own
 * turn, so it waits for no other request's work, as the driver's queue did (docs/database-rules.md §4, "Snapshots").
 */
function inOrder(client: pg.PoolClient): Send {
  let last: Promise<unknown> = Promise.resolve();
  const send = (query: Query, values?: unknown[]) => {
    const run = () => client.query(query, values);
    const next = last.then(run, run);
    last = next.catch(() => undefined);
    return next;
  };
  return send as Send;
}

/** Column name → SQL type of a table (as `format_type` spells it), for the array casts of insertMany. */
async function columnTypes(send: Send, table: string): Promise<Map<string, string>> {
  const result = await send<{ name: string; type: string }>(
    'SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute ' +
      'WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped',
    [table],
  );
  return new Map(result.rows.map((row) => [row.name, row.type]));
}

const NEEDS_ESCAPE = /["\\]/;

/**
 * One column of insertMany's rows as a PostgreSQL array literal. Built here, before the statement is queued, rather
 * than by the driver as it sends: the importer builds its next chunk while the server still inserts the one before
 * (SqlTenantImporter), and only work done before the send can overlap the server's.
 */
export function arrayLiteral(values: readonly unknown[]): string {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value === null || value === undefined) parts[i] = 'NULL';
    else if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') parts[i] = String(value);
    else if (typeof value === 'string') parts[i] = NEEDS_ESCAPE.test(value) ? `"${value.replace(/(["\\])/g, '\\$1')}"` : `"${value}"`;
    else if (value instanceof Date) parts[i] = `"${value.toISOString()}"`;
    else throw new Error(`insertMany: no array literal for a ${typeof value} value`);
  }
  return `{${parts.join(',')}}`;
}

function executorOn(send: Send, statements: NumberedStatements, transaction: SqlExecutor['transaction']): SqlExecutor {
  const query = async (sql: string, params: readonly unknown[] = []) => send({ text: statements.get(sql), values: params as unknown[] });
  const queryRaw = async (sql: string, params: readonly unknown[] = []) =>
    (await send({ text: statements.get(sql), values: params as unknown[], rowMode: 'array' })) as unknown as pg.QueryArrayResult<RawRow>;
  // Per executor: a transaction's in practice (PgDatabase.insertMany opens one), since a migration committed by another
  // process may change a table's columns between two transactions.
  const tableTypes = new Map<string, Promise<Map<string, string>>>();
  return {
    async all<T>(sql: string, params?: readonly unknown[]) {
      return (await query(sql, params)).rows as T[];
    },
    async rows(sql: string, params?: readonly unknown[]) {
      return (await queryRaw(sql, params)).rows;
    },
    async get<T>(sql: string, params?: readonly unknown[]) {
      return (await query(sql, params)).rows[0] as T | undefined;
    },
    async run(sql: string, params?: readonly unknown[]) {
      return (await query(sql, params)).rowCount ?? 0;
    },
    async exec(script: string) {
      await send(script);
    },
    async insertMany(table: string, columns: readonly string[], rows: readonly unknown[][]) {
      if (rows.length === 0) return;
      // One array per column, unnested into rows by the server: a parameter per column instead of one per value,
      // so the statement stays small however many rows it carries. The arrays are built before the first await.
      const arrays = columns.map((_, i) => arrayLiteral(rows.map((row) => row[i])));
      let typesOf = tableTypes.get(table);
      if (typesOf === undefined) {
        typesOf = columnTypes(send, table);
        tableTypes.set(table, typesOf);
      }
      const types = await typesOf;
      const casts = columns.map((column, i) => {
        const type = types.get(column);
        if (type === undefined) throw new Error(`insertMany: ${table} has no column ${column}`);
        return `$${i + 1}::${type}[]`;
      });
      await send(`INSERT INTO ${table} (${columns.join(', ')}) SELECT * FROM unnest(${casts.join(', ')})`, arrays);
    },
    transaction,
  };
}

function ignoreCheckedOutError(): void {
  // The statement in flight fails with the same error and the transaction handles it (see `begin`).
}

/** Back to the pool, or closed when `broken`; the pool listens for errors of its idle clients itself. */
function release(client: pg.PoolClient, broken?: Error): void {
  client.off('error', ignoreCheckedOutError);
  client.release(broken);
}

export class PgDatabase implements SqlDatabase {
  readonly dialect: PostgresDialect;
  private readonly pool: pg.Pool;
  private readonly statements = new NumberedStatements();
  private readonly direct: SqlExecutor;
  /** Set inside `consistent`: that context's reads go to its snapshot transaction. */
  private readonly ambient = new AsyncLocalStorage<SqlExecutor>();
  private readonly onBackgroundError: ((error: unknown, what: string) => void) | undefined;
  private readonly pipelinedSnapshots: boolean;

  constructor(connectionString: string, options: PgOptions = {}) {
    this.dialect = new PostgresDialect({ unflushedWrites: options.unflushedWrites ?? true });
    this.pipelinedSnapshots = options.pipelinedSnapshots ?? true;
    this.pool = new pg.Pool({
      connectionString,
      max: options.max ?? 10,
      types,
      // No statement may hold a connection (and its locks) for long. Sent as startup parameters, which a
      // pooler may drop (PgBouncer's ignore_startup_parameters); transactions set them again for themselves (BEGIN).
      statement_timeout: STATEMENT_TIMEOUT_MS,
      idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
    });
    // An idle client losing its connection must not crash the process: the pool drops it and opens a fresh one on
    // demand, so nothing is lost, but the operator hears of it.
    this.onBackgroundError = options.onBackgroundError;
    this.pool.on('error', (error) => this.onBackgroundError?.(error, 'an idle PostgreSQL connection failed'));
    this.direct = executorOn(viaPool(this.pool), this.statements, (work) => this.transaction(work));
  }

  consistent<T>(work: () => Promise<T>): Promise<T> {
    if (this.ambient.getStore()) return work();
    return this.snapshot((tx) => this.ambient.run(tx, work));
  }

  private reader(): SqlExecutor {
    return this.ambient.getStore() ?? this.direct;
  }

  all<T = Row>(sql: string, params?: readonly unknown[]) {
    return this.once(sql, () => this.reader().all<T>(sql, params));
  }

  rows(sql: string, params?: readonly unknown[]) {
    return this.once(sql, () => this.reader().rows(sql, params));
  }

  get<T = Row>(sql: string, params?: readonly unknown[]) {
    return this.once(sql, () => this.reader().get<T>(sql, params));
  }

  run(sql: string, params?: readonly unknown[]) {
    return this.once(sql, () => this.direct.run(sql, params));
  }

  exec(script: string) {
    return this.once(script, () => this.direct.exec(script));
  }

  insertMany(table: string, columns: readonly string[], rows: readonly unknown[][]) {
    return this.transaction((tx) => tx.insertMany(table, columns, rows));
  }

  /**
   * One statement outside a transaction (docs/operations.md, Database faults). A read whose connection died is run
   * once more: the pool has dropped the dead connection, so the retry runs on another one. Anything else may have
   * changed data before the connection died, so it is never repeated here: it fails as `database_unavailable`.
   */
  private async once<T>(sql: string, run: () => Promise<T>): Promise<T> {
    // Inside a consistent read the statement belongs to its snapshot, which is retried as a whole (snapshot).
    if (this.ambient.getStore()) return run();
    try {
      return await run();
    } catch (error) {
      if (!isConnectionFailure(error)) throw error;
      if (!READ_ONLY.test(sql)) throw databaseUnavailable(error);
    }
    try {
      return await run();
    } catch (error) {
      throw translateConnectionFailure(error);
    }
  }

  /**
   * Each write transaction on a pooled connection of its own, concurrently with the others: PostgreSQL flushes the
   * WAL of concurrent commits together by itself. Grouping them on one connection, as SQLite does
   * (docs/database-rules.md §5), was measured slower here: each statement of a group waits for a turn of the event
   * loop, and under read load that serialised the writes.
   */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.within('BEGIN', work);
  }

  /** A read-only snapshot changes nothing, so one that lost its connection runs once more, as a read does. */
  async snapshot<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const read = () => (this.pipelinedSnapshots ? this.readOnly(work) : this.within(SNAPSHOT_BEGIN, work));
    try {
      return await read();
    } catch (error) {
      if (!isDomainError(error, 'database_unavailable')) throw error;
      return read();
    }
  }

  /**
   * A failure before BEGIN has been answered leaves nothing behind, so a transaction that could not start on a dead
   * connection starts once more on another. Once it has begun, a lost connection fails it as `database_unavailable`:
   * whether the server had committed is not known to the caller, who decides whether to try again.
   */
  private async within<T>(begin: string, work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const client = await this.beginOnAny(withLimits(begin));
    const send = inOrder(client);
    const tx: SqlExecutor = executorOn(send, this.statements, (inner) => inner(tx));
    let broken: Error | undefined;
    try {
      const result = await work(tx);
      await send('COMMIT');
      return result;
    } catch (error) {
      // A connection that cannot even roll back is not given back to the pool for the next request.
      await send('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
      throw translateConnectionFailure(error);
    } finally {
      release(client, broken);
    }
  }

  /**
   * A read-only snapshot in one round trip where `within` takes three (docs/database-rules.md §4, "Snapshots"): the
   * reads follow the BEGIN on the connection (inOrder) without waiting for this process's event loop in between, and
   * the caller has its result before the COMMIT, which ends a transaction that changed nothing and returns the
   * connection to the pool once answered. A failed BEGIN fails the snapshot.
   */
  private async readOnly<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const client = await this.pool.connect().catch((error: unknown) => {
      throw translateConnectionFailure(error);
    });
    client.on('error', ignoreCheckedOutError);
    const send = inOrder(client);
    const tx: SqlExecutor = executorOn(send, this.statements, (inner) => inner(tx));
    const begun = send(withLimits(SNAPSHOT_BEGIN));
    let result: T;
    try {
      [, result] = await Promise.all([begun, work(tx)]);
    } catch (error) {
      let broken: Error | undefined;
      await send('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
      release(client, broken);
      throw translateConnectionFailure(error);
    }
    send('COMMIT').then(
      () => release(client),
      (error: Error) => {
        release(client, error);
        this.onBackgroundError?.(error, 'ending a read-only snapshot failed');
      },
    );
    return result;
  }

  /** `begin` on a pooled connection, or once more on another when the first one turned out dead. */
  private beginOnAny(begin: string): Promise<pg.PoolClient> {
    return this.begin(begin).catch(async (error: unknown) => {
      if (!isConnectionFailure(error)) throw error;
      return this.begin(begin).catch((again: unknown) => {
        throw translateConnectionFailure(again);
      });
    });
  }

  /** A pooled connection with a transaction begun on it; a connection that failed to begin is closed, not pooled. */
  private async begin(begin: string): Promise<pg.PoolClient> {
    const client = await this.pool.connect();
    // While checked out, a client's lost connection is an 'error' event the pool does not listen to, and an event
    // nobody listens to ends the process. The statement in flight (or the next one) fails with the same error, which
    // the transaction handles, so the event itself needs nothing more.
    client.on('error', ignoreCheckedOutError);
    try {
      await client.query(begin);
      return client;
    } catch (error) {
      release(client, error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
  }

  connections(): ConnectionUse {
    const { totalCount, idleCount, waitingCount } = this.pool;
    return { inUse: totalCount - idleCount, idle: idleCount, waiting: waitingCount };
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
