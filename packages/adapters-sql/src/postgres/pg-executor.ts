/** node-postgres beneath PgDatabase: how statements reach the server, and what its rows come back as. */
import pg from 'pg';
import type { RawRow, SqlExecutor } from '../sql-executor';

const INT8 = 20;
const DATE = 1082;

/** int8 (counts, money) as exact numbers instead of strings; `date` as the 'YYYY-MM-DD' text it is (no time zone). */
export const types = {
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
export class NumberedStatements {
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
export type Send = <R extends pg.QueryResultRow = pg.QueryResultRow>(
  query: string | pg.QueryConfig | pg.QueryArrayConfig,
  values?: unknown[],
) => Promise<pg.QueryResult<R>>;

type Query = string | pg.QueryConfig;

export function viaPool(pool: pg.Pool): Send {
  return ((query: Query, values?: unknown[]) => pool.query(query, values)) as Send;
}

/**
 * The statements of one checked-out connection, each sent once the one before it is answered: node-postgres
 * deprecates queueing several queries on one client. The next one goes out from the microtasks of that answer's own
 * turn, so it waits for no other request's work, as the driver's queue did.
 */
export function inOrder(client: pg.PoolClient): Send {
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

export function executorOn(send: Send, statements: NumberedStatements, transaction: SqlExecutor['transaction']): SqlExecutor {
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
