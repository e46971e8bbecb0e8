import { describe, expect, it } from 'vitest';
import { type QueryObserver, type QueryOperation, openPersistence } from '../src';
import { observedDatabase } from '../src/observed-database';
import { SqliteDatabase } from '../src/sqlite/sqlite-database';

/** Records what it is told and runs each call unchanged. */
function recorder(): QueryObserver & { seen: Array<[QueryOperation, string]> } {
  const seen: Array<[QueryOperation, string]> = [];
  return {
    seen,
    observe(operation, sql, run) {
      seen.push([operation, sql]);
      return run();
    },
  };
}

describe('the observed database (docs/observability.md)', () => {
  it('reports each statement and transaction with its operation, and passes results and errors on unchanged', async () => {
    const observer = recorder();
    const persistence = await openPersistence('sqlite::memory:', { queryObserver: observer });
    try {
      await persistence.migrate();
      expect(observer.seen.some(([operation]) => operation === 'transaction')).toBe(true);
      observer.seen.length = 0;
      expect(await persistence.tenants.isEmpty()).toBe(true);
      expect(observer.seen.length).toBeGreaterThan(0);
      expect(observer.seen.every(([operation, sql]) => operation === 'select' && !/\d{3,}/.test(sql))).toBe(true);
    } finally {
      await persistence.close();
    }
  });
});

describe('the observed database, around transactions', () => {
  it('reports a transaction and a read snapshot as a whole, then each statement inside, once', async () => {
    const observer = recorder();
    const db = observedDatabase(new SqliteDatabase(':memory:'), observer);
    try {
      await db.transaction(async (tx) => {
        await tx.run('CREATE TABLE t (x INTEGER)');
        await tx.transaction((inner) => inner.run('INSERT INTO t VALUES (1)'));
      });
      expect(await db.snapshot((tx) => tx.get('SELECT x FROM t'))).toEqual({ x: 1 });
      expect(observer.seen).toEqual([
        ['transaction', 'transaction'],
        ['other', 'CREATE TABLE t (x INTEGER)'],
        ['insert', 'INSERT INTO t VALUES (1)'],
        ['transaction', 'snapshot'],
        ['select', 'SELECT x FROM t'],
      ]);
    } finally {
      await db.close();
    }
  });
});

describe('SQLite connection use', () => {
  it('is its one connection: in use while a transaction holds it, with the calls queued behind it as waiting', async () => {
    const db = new SqliteDatabase(':memory:');
    try {
      expect(db.connections()).toEqual({ inUse: 0, idle: 1, waiting: 0 });
      let finish!: () => void;
      const held = new Promise<void>((resolve) => (finish = resolve));
      const transaction = db.transaction(() => held);
      // Let the write transaction begin: under bursts it waits for the end of the turn (docs/database-rules.md §5).
      await new Promise((resolve) => setImmediate(resolve));
      const queued = [db.get('SELECT 1 AS one'), db.all('SELECT 2 AS two')];
      await new Promise((resolve) => setImmediate(resolve));
      expect(db.connections()).toEqual({ inUse: 1, idle: 0, waiting: 2 });
      finish();
      await transaction;
      expect(await queued[0]).toEqual({ one: 1 });
      expect(await queued[1]).toEqual([{ two: 2 }]);
      expect(db.connections()).toEqual({ inUse: 0, idle: 1, waiting: 0 });
    } finally {
      await db.close();
    }
  });
});
