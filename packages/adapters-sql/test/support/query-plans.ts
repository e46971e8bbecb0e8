import { ALL_SQL_ACCELERATORS } from '../../src/accelerators';
import { TransactionInserter } from '../../src/repositories/booking-inserts';
import { SqlBookingRepository } from '../../src/repositories/sql-booking-repository';
import { join } from 'node:path';
import { PgDatabase } from '../../src/postgres/pg-database';
import type { SqlDatabase } from '../../src/sql-database';
import { SqliteDatabase } from '../../src/sqlite/sqlite-database';
import { tempDir } from './databases';

/** An engine of its own for a test file, and how to close it (and remove its files). */
export interface TestEngine {
  db: SqlDatabase;
  done(): Promise<void>;
}

/** A fresh SQLite file in a temporary directory. */
export async function sqliteEngine(label: string): Promise<TestEngine> {
  const dir = tempDir(label);
  const db = new SqliteDatabase(join(dir.path, 'campsite.db'));
  return {
    db,
    done: async () => {
      await db.close();
      dir.remove();
    },
  };
}

/** A small pool on `url` (a schema of postgresForTests). */
export async function postgresEngine(url: string): Promise<TestEngine> {
  const db = new PgDatabase(url, { max: 2 });
  return { db, done: () => db.close() };
}

/** A read a repository made: its SQL and parameters. */
export interface RecordedRead {
  sql: string;
  params: readonly unknown[];
}

/** `db` with every `rows` and `get` call (the repositories' reads) recorded with its parameters. */
export function recording(db: SqlDatabase): { db: SqlDatabase; reads: RecordedRead[] } {
  const reads: RecordedRead[] = [];
  const spy = new Proxy(db, {
    get(target, property) {
      if (property === 'rows' || property === 'get') {
        return (sql: string, params: readonly unknown[] = []) => {
          reads.push({ sql, params });
          return property === 'rows' ? target.rows(sql, params) : target.get(sql, params);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: spy, reads };
}

/** The plan of `sql` as one text: SQLite's EXPLAIN QUERY PLAN, one line per step. */
export async function sqlitePlan(db: SqlDatabase, sql: string, params: readonly unknown[]): Promise<string> {
  return (await db.rows(`EXPLAIN QUERY PLAN ${sql}`, params)).map((row) => String(row[3])).join('\n');
}

/** Postgres's EXPLAIN of `sql` with sequential scans ruled out: a few test rows would make one the cheapest plan. */
export function postgresPlan(db: SqlDatabase, sql: string, params: readonly unknown[]): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.run('SET LOCAL enable_seqscan = off');
    return (await tx.rows(`EXPLAIN ${sql}`, params)).map((row) => String(row[0])).join('\n');
  });
}

/** The booking repository as openPersistence builds it, over `db`, with every accelerator on. */
export function bookingsOn(db: SqlDatabase): SqlBookingRepository {
  return new SqlBookingRepository(db, new TransactionInserter(db), ALL_SQL_ACCELERATORS);
}
