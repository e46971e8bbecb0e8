import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SqlDatabase } from '../src/sql-database';
import { SqliteDatabase } from '../src/sqlite/sqlite-database';
import { tempDir } from './support/databases';

// docs/database-rules.md §5: SQLite write transactions that arrive together share one COMMIT, each in its own savepoint, and
// every caller learns its own outcome only once that COMMIT is done.

interface Engine {
  db: SqlDatabase;
  /** The ids another program's connection sees: only what was committed. */
  committedIds(): Promise<number[]>;
  close(): Promise<void>;
}

function describeGroupCommit(name: string, open: () => Promise<Engine>): void {
  describe(`group commit: ${name}`, () => {
    let engine: Engine;
    beforeEach(async () => {
      engine = await open();
    });
    afterEach(() => engine.close());

    it('gives each caller of a group its own result', async () => {
      const writes = Array.from({ length: 20 }, (_, i) =>
        engine.db.transaction(async (tx) => {
          await tx.run('INSERT INTO notes (id, body) VALUES (?, ?)', [i + 1, `note ${i + 1}`]);
          return i + 1;
        }),
      );
      expect(await Promise.all(writes)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(await engine.committedIds()).toHaveLength(20);
    });

    it('rolls back a failed write alone: the others of its group are stored, and it gets its own error', async () => {
      const { db } = engine;
      const first = db.transaction((tx) => tx.run("INSERT INTO notes (id, body) VALUES (1, 'kept')"));
      const failing = db.transaction(async (tx) => {
        await tx.run("INSERT INTO notes (id, body) VALUES (2, 'rolled back with its write')");
        throw new Error('site_unavailable');
      });
      const clash = db.transaction((tx) => tx.run("INSERT INTO notes (id, body) VALUES (1, 'same id')"));
      const last = db.transaction((tx) => tx.run("INSERT INTO notes (id, body) VALUES (3, 'kept too')"));
      const outcomes = await Promise.allSettled([first, failing, clash, last]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
      expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('site_unavailable'));
      expect(String((outcomes[2] as PromiseRejectedResult).reason)).toMatch(/UNIQUE constraint failed|duplicate key/);
      expect(await engine.committedIds()).toEqual([1, 3]);
    });

    it('answers the writes of a group together, after their one commit: another program sees all of them by then', async () => {
      const seenAtAnswer: number[][] = [];
      await Promise.all(
        [1, 2, 3].map((id) =>
          engine.db
            .transaction((tx) => tx.run('INSERT INTO notes (id, body) VALUES (?, ?)', [id, 'x']))
            .then(async () => seenAtAnswer.push(await engine.committedIds())),
        ),
      );
      expect(seenAtAnswer).toEqual([
        [1, 2, 3],
        [1, 2, 3],
        [1, 2, 3],
      ]);
    });

    it('keeps going after a failed group: the next write commits', async () => {
      await engine.db.transaction((tx) => tx.run("INSERT INTO notes (id, body) VALUES (1, 'first')"));
      await expect(engine.db.transaction((tx) => tx.run("INSERT INTO notes (id, body) VALUES (1, 'again')"))).rejects.toThrow();
      await engine.db.transaction((tx) => tx.run("INSERT INTO notes (id, body) VALUES (2, 'after')"));
      expect(await engine.committedIds()).toEqual([1, 2]);
    });
  });
}

describeGroupCommit('sqlite', async () => {
  const dir = tempDir('group-commit');
  const file = join(dir.path, 'campsite.db');
  const db = new SqliteDatabase(file);
  await db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  const other = new Database(file);
  return {
    db,
    committedIds: async () => other.prepare('SELECT id FROM notes ORDER BY id').pluck().all() as number[],
    close: async () => {
      other.close();
      await db.close();
      dir.remove();
    },
  };
});

describe('group commit on SQLite', () => {
  let dir: ReturnType<typeof tempDir>;
  let db: SqliteDatabase;
  let other: Database.Database;
  beforeEach(async () => {
    dir = tempDir('group-commit');
    const file = join(dir.path, 'campsite.db');
    db = new SqliteDatabase(file);
    await db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
    other = new Database(file);
  });
  afterEach(async () => {
    other.close();
    await db.close();
    dir.remove();
  });

  it('commits writes that arrive together once', async () => {
    other.pragma('wal_checkpoint(TRUNCATE)');
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => db.transaction((tx) => tx.run('INSERT INTO notes (id, body) VALUES (?, ?)', [i + 1, 'x']))),
    );
    // Each COMMIT appends at least one frame to the WAL: twenty separate commits would leave twenty or more.
    const [{ log }] = other.pragma('wal_checkpoint(PASSIVE)') as [{ log: number }];
    expect(log).toBeLessThan(5);
  });

  it('lets single write statements that arrive beside a group join its commit, and answers them after it', async () => {
    other.pragma('wal_checkpoint(TRUNCATE)');
    const order: string[] = [];
    const group = Array.from({ length: 10 }, (_, i) =>
      db.transaction((tx) => tx.run('INSERT INTO notes (id, body) VALUES (?, ?)', [i + 1, 'in a transaction'])),
    );
    const alone = [
      db
        .run("INSERT INTO notes (id, body) VALUES (11, 'alone')")
        .then(() => order.push(`run sees ${other.prepare('SELECT count(*) FROM notes').pluck().get()}`)),
      db.get<{ id: number }>("INSERT INTO notes (id, body) VALUES (12, 'alone') RETURNING id"),
      db.run('INSERT INTO notes (id, body) VALUES (1, ?)', ['clash']).catch((error: unknown) => String(error)),
    ];
    await Promise.all(group);
    const [, returned, clash] = await Promise.all(alone);
    expect(returned).toEqual({ id: 12 });
    expect(clash).toMatch(/UNIQUE constraint failed/);
    // Answered only once its commit was done, which stored the whole group with it.
    expect(order).toEqual(['run sees 12']);
    // Thirteen commits of their own would leave thirteen frames or more in the WAL.
    const [{ log }] = other.pragma('wal_checkpoint(PASSIVE)') as [{ log: number }];
    expect(log).toBeLessThan(6);
  });

  it('runs a single write statement at once when no group is open', async () => {
    // Its own COMMIT, synchronously: no turn of the event loop passes before another program sees it.
    const write = db.run("INSERT INTO notes (id, body) VALUES (1, 'alone')");
    expect(other.prepare('SELECT id FROM notes').pluck().all()).toEqual([1]);
    await write;
  });

  it('begins a lone write at once, without waiting for the end of the turn', async () => {
    let committed = false;
    const write = db.transaction((tx) => tx.run("INSERT INTO notes (id, body) VALUES (1, 'alone')")).then(() => (committed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(committed).toBe(true);
    await write;
  });

  it('fails every write of a group whose BEGIN fails, and the next write runs normally', async () => {
    // Another program holds the write lock past this connection's busy timeout (shortened for the test).
    other.exec('BEGIN IMMEDIATE');
    (db as unknown as { db: Database.Database }).db.pragma('busy_timeout = 50');
    const blocked = await Promise.allSettled(
      [1, 2].map((id) => db.transaction((tx) => tx.run('INSERT INTO notes (id, body) VALUES (?, ?)', [id, 'x']))),
    );
    expect(blocked.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(String((blocked[0] as PromiseRejectedResult).reason)).toMatch(/locked|busy/i);
    other.exec('ROLLBACK');
    await db.transaction((tx) => tx.run("INSERT INTO notes (id, body) VALUES (9, 'after')"));
    expect(other.prepare('SELECT id FROM notes').pluck().all()).toEqual([9]);
  });
});
