import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { isDomainError } from '@campsite/domain';
import type { ConnectionUse, Row, SqlExecutor } from '../sql-executor';
import type { SqlDatabase } from '../sql-database';
import { databaseUnavailable, isConnectionFailure, translateConnectionFailure } from './connection-failures';
import { PostgresDialect } from './postgres-dialect';
import { NumberedStatements, executorOn, inOrder, types, viaPool } from './pg-executor';

export interface PgOptions {
  /** Pool size (default 10). */
  max?: number;
  /** Told about failures no request sees (an idle connection that broke). */
  onBackgroundError?: (error: unknown, what: string) => void;
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

function ignoreCheckedOutError(): void {
  // The statement in flight fails with the same error and the transaction handles it (see `begin`).
}

/** Back to the pool, or closed when `broken`; the pool listens for errors of its idle clients itself. */
function release(client: pg.PoolClient, broken?: Error): void {
  client.off('error', ignoreCheckedOutError);
  client.release(broken);
}

export class PgDatabase implements SqlDatabase {
  readonly dialect = new PostgresDialect();
  private readonly pool: pg.Pool;
  private readonly statements = new NumberedStatements();
  private readonly direct: SqlExecutor;
  /** Set inside `consistent`: that context's reads go to its snapshot transaction. */
  private readonly ambient = new AsyncLocalStorage<SqlExecutor>();

  constructor(connectionString: string, options: PgOptions = {}) {
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
    this.pool.on('error', (error) => options.onBackgroundError?.(error, 'an idle PostgreSQL connection failed'));
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
    const read = () => this.within(SNAPSHOT_BEGIN, work);
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
