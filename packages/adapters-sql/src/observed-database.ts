import type { RawRow, Row, SqlExecutor } from './sql-executor';
import type { SqlDatabase } from './sql-database';

/** What a statement does, as a short closed word: the `operation` of metrics and traces, never the SQL itself. */
export type QueryOperation = 'select' | 'insert' | 'update' | 'delete' | 'script' | 'transaction' | 'other';

/**
 * Told about every statement and transaction (docs/observability.md): metrics, traces and the slow-request log watch
 * the database through it. `run` is the call itself; the observer must run it exactly once and pass its result or
 * error on unchanged. `sql` has placeholders, never values.
 */
export interface QueryObserver {
  observe<T>(operation: QueryOperation, sql: string, run: () => Promise<T>): Promise<T>;
}

const FIRST_WORD = /^\s*(\w+)/;
const OPERATIONS = new Set<QueryOperation>(['select', 'insert', 'update', 'delete']);
/** The repositories' SQL is a fixed set of texts, so classifying each once keeps the cost off the hot path. */
const operations = new Map<string, QueryOperation>();

function operationOf(sql: string): QueryOperation {
  let operation = operations.get(sql);
  if (operation === undefined) {
    const word = FIRST_WORD.exec(sql)?.[1]?.toLowerCase() as QueryOperation | undefined;
    // A CTE (`WITH … SELECT`) and the like count as other: the label only has to stay small and honest.
    operation = word !== undefined && OPERATIONS.has(word) ? word : 'other';
    operations.set(sql, operation);
  }
  return operation;
}

function observedExecutor(inner: SqlExecutor, observer: QueryObserver, inTransaction: boolean): SqlExecutor {
  const executor: SqlExecutor = {
    all: <T = Row>(sql: string, params?: readonly unknown[]) => observer.observe(operationOf(sql), sql, () => inner.all<T>(sql, params)),
    rows: (sql: string, params?: readonly unknown[]): Promise<RawRow[]> =>
      observer.observe(operationOf(sql), sql, () => inner.rows(sql, params)),
    get: <T = Row>(sql: string, params?: readonly unknown[]) => observer.observe(operationOf(sql), sql, () => inner.get<T>(sql, params)),
    run: (sql: string, params?: readonly unknown[]) => observer.observe(operationOf(sql), sql, () => inner.run(sql, params)),
    exec: (script: string) => observer.observe('script', 'script', () => inner.exec(script)),
    insertMany: (table: string, columns: readonly string[], rows: readonly unknown[][]) =>
      observer.observe('insert', `INSERT INTO ${table}`, () => inner.insertMany(table, columns, rows)),
    transaction: <T>(work: (tx: SqlExecutor) => Promise<T>) => {
      // Inside a transaction this is the same transaction (SqlExecutor), so it is not reported a second time.
      const observed = () => inner.transaction((tx) => work(observedExecutor(tx, observer, true)));
      return inTransaction ? observed() : observer.observe('transaction', 'transaction', observed);
    },
  };
  return executor;
}

/**
 * The database with every call reported to `observer`. A decorator, so the engines stay unaware of it and a server
 * without metrics, traces or the slow-request log pays nothing (the app decides whether to wrap).
 */
export function observedDatabase(db: SqlDatabase, observer: QueryObserver): SqlDatabase {
  return {
    ...observedExecutor(db, observer, false),
    // A read snapshot holds a connection like a transaction does, and is reported as one.
    snapshot: <T>(work: (tx: SqlExecutor) => Promise<T>) =>
      observer.observe('transaction', 'snapshot', () => db.snapshot((tx) => work(observedExecutor(tx, observer, true)))),
    // Reads made through this wrapper while `work` runs reach the engine in the same async context, so they still go
    // to the snapshot, each one reported on its own.
    consistent: <T>(work: () => Promise<T>) => observer.observe('transaction', 'snapshot', () => db.consistent(work)),
    dialect: db.dialect,
    connections: () => db.connections(),
    close: () => db.close(),
  };
}
