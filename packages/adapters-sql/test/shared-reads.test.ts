import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PgDatabase } from '../src/postgres/pg-database';
import { postgresForTests } from './support/databases';

// docs/database-rules.md §4: on PostgreSQL, identical reads of one turn (a tenant's stamp, a key's row) share one
// execution, which starts after every one of them was asked, so none is answered from before it asked.

const postgres = await postgresForTests();
if (postgres) {
  describe('PgDatabase.getShared', () => {
    let db: PgDatabase;
    beforeAll(async () => {
      db = new PgDatabase(postgres.url, { max: 2 });
      await db.run('CREATE TABLE shared_read (id integer PRIMARY KEY, v integer NOT NULL)');
      await db.run('INSERT INTO shared_read VALUES (1, 10), (2, 20)');
    });
    afterAll(() => db?.close());

    const READ = 'SELECT v FROM shared_read WHERE id = ?';

    it('runs the identical reads of one turn once, and different ones apart', async () => {
      const get = vi.spyOn(db, 'get');
      try {
        const rows = await Promise.all([
          db.getShared(READ, [1]),
          db.getShared(READ, [1]),
          db.getShared(READ, [2]),
          db.getShared(READ, [1]),
        ]);
        expect(rows).toEqual([{ v: 10 }, { v: 10 }, { v: 20 }, { v: 10 }]);
        expect(get.mock.calls.map(([, params]) => params)).toEqual([[1], [2]]);
      } finally {
        get.mockRestore();
      }
    });

    it('answers a read asked after a write with the written value', async () => {
      expect(await db.getShared(READ, [1])).toEqual({ v: 10 });
      await db.run('UPDATE shared_read SET v = 11 WHERE id = 1');
      expect(await db.getShared(READ, [1])).toEqual({ v: 11 });
      expect(await db.getShared(READ, [3])).toBeUndefined();
    });

    it('reads inside a snapshot from that snapshot', async () => {
      const other = new PgDatabase(postgres.url, { max: 1 });
      const seen = await db
        .consistent(async () => {
          const before = await db.getShared(READ, [2]);
          await other.run('UPDATE shared_read SET v = 21 WHERE id = 2');
          return [before, await db.getShared(READ, [2])];
        })
        .finally(() => other.close());
      expect(seen).toEqual([{ v: 20 }, { v: 20 }]);
      expect(await db.getShared(READ, [2])).toEqual({ v: 21 });
    });

    // docs/database-rules.md §4, "Snapshots": the caller has its result before the COMMIT is answered.
    it('ends each snapshot before its connection serves anything else, also one whose work failed', async () => {
      const one = new PgDatabase(postgres.url, { max: 1 });
      try {
        const read = () => one.snapshot((tx) => tx.get<{ v: number }>(READ, [1]));
        const first = (await read())!.v;
        await one.run('UPDATE shared_read SET v = v + 1 WHERE id = 1');
        expect((await read())!.v).toBe(first + 1);
        const failure = new Error('the page could not be drawn');
        await expect(one.snapshot(async (tx) => (await tx.get(READ, [1]), Promise.reject(failure)))).rejects.toBe(failure);
        await one.run('UPDATE shared_read SET v = v + 1 WHERE id = 1');
        const [inTransaction] = await one.all<{ open: boolean }>('SELECT now() <> statement_timestamp() AS open');
        expect(inTransaction).toEqual({ open: false });
        expect((await read())!.v).toBe(first + 2);
      } finally {
        await one.close();
      }
    });

    // node-postgres deprecates queueing several queries on one client (and will drop it); each connection's statements
    // go one after the other instead, also when a snapshot or a transaction reads several things at once.
    it('sends the statements of one connection one after the other, with no driver warning', async () => {
      const warnings: string[] = [];
      const listen = (warning: Error) => warnings.push(warning.message);
      process.on('warning', listen);
      try {
        const values = await db.consistent(() => Promise.all([1, 2, 1, 2].map((id) => db.get<{ v: number }>(READ, [id]))));
        expect(values.map((row) => typeof row?.v)).toEqual(['number', 'number', 'number', 'number']);
        const written = await db.transaction(async (tx) =>
          Promise.all([tx.run('UPDATE shared_read SET v = v WHERE id = 1'), tx.get(READ, [2])]),
        );
        expect(written[0]).toBe(1);
        await new Promise((resolve) => setImmediate(resolve));
        expect(warnings.filter((message) => /already executing a query/.test(message))).toEqual([]);
      } finally {
        process.off('warning', listen);
      }
    });
  });
} else {
  describe('PgDatabase.getShared', () => it.skip('Postgres unavailable (named at the end of the run)'));
}
