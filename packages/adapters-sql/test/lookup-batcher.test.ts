import { describe, expect, it } from 'vitest';
import { LookupBatcher } from '../src/postgres/lookup-batcher';
import type { RawRow } from '../src/sql-executor';

// docs/database-rules.md §4, "Reads by id": lookups of one turn go to PostgreSQL as one statement per table and tenant.

const BOOKINGS = { columns: 'b.id, b.guest_last_name', table: 'bookings', alias: 'b' };
const SITES = { columns: 's.id, s.site_number', table: 'sites', alias: 's' };

/** A fake statement runner over a table of rows keyed (tenant, id); it records each statement it gets. */
function fakeDatabase(rows: Record<string, Array<[number, number, string]>>) {
  const statements: Array<{ sql: string; params: unknown[] }> = [];
  const read = async (sql: string, params: unknown[]): Promise<RawRow[]> => {
    statements.push({ sql, params });
    const table = /FROM (\w+)/.exec(sql)?.[1] ?? '';
    const [tenantId, ids] = params as [number, number[]];
    // The select list, then the key appended by the batcher.
    return (rows[table] ?? []).filter(([t, id]) => t === tenantId && ids.includes(id)).map(([, id, text]) => [id, text, id]);
  };
  return { statements, read };
}

describe('LookupBatcher', () => {
  it('sends the lookups of one turn as one statement per table and tenant, and gives each caller its own row', async () => {
    const db = fakeDatabase({
      bookings: [
        [1, 10, 'Muster'],
        [1, 11, 'Keller'],
        [2, 10, 'Other tenant'],
      ],
      sites: [[1, 5, 'A5']],
    });
    const batcher = new LookupBatcher(db.read);
    const answers = await Promise.all([
      batcher.rowById(BOOKINGS, 1, 10),
      batcher.rowById(BOOKINGS, 1, 11),
      batcher.rowById(BOOKINGS, 1, 10),
      batcher.rowById(BOOKINGS, 1, 99),
      batcher.rowById(BOOKINGS, 2, 10),
      batcher.rowById(SITES, 1, 5),
    ]);
    expect(answers).toEqual([[10, 'Muster'], [11, 'Keller'], [10, 'Muster'], undefined, [10, 'Other tenant'], [5, 'A5']]);
    expect(db.statements.map((s) => s.params)).toEqual([
      [1, [10, 11, 99]],
      [2, [10]],
      [1, [5]],
    ]);
    expect(db.statements[0]!.sql).toBe(
      'SELECT b.id, b.guest_last_name, b.id FROM bookings b WHERE b.tenant_id = ? AND b.id = ANY(?::int[])',
    );
  });

  it('starts a new statement for lookups of a later turn', async () => {
    const db = fakeDatabase({ bookings: [[1, 10, 'Muster']] });
    const batcher = new LookupBatcher(db.read);
    expect(await batcher.rowById(BOOKINGS, 1, 10)).toEqual([10, 'Muster']);
    expect(await batcher.rowById(BOOKINGS, 1, 10)).toEqual([10, 'Muster']);
    expect(db.statements).toHaveLength(2);
  });

  it('keeps a source condition in the statement', async () => {
    const db = fakeDatabase({ users: [[1, 3, 'customer']] });
    const batcher = new LookupBatcher(db.read);
    await batcher.rowById({ columns: 'u.id, u.role', table: 'users', alias: 'u', where: "u.role = 'customer'" }, 1, 3);
    expect(db.statements[0]!.sql).toMatch(/ AND u\.role = 'customer'$/);
  });

  it("fails every lookup of a statement that fails, with the statement's error, and goes on afterwards", async () => {
    let fail = true;
    const failure = new Error('connection terminated');
    const batcher = new LookupBatcher(async () => {
      if (fail) throw failure;
      return [[7, 'x', 7]];
    });
    const outcomes = await Promise.allSettled([batcher.rowById(BOOKINGS, 1, 7), batcher.rowById(BOOKINGS, 1, 8)]);
    expect(outcomes).toEqual([
      { status: 'rejected', reason: failure },
      { status: 'rejected', reason: failure },
    ]);
    fail = false;
    expect(await batcher.rowById(BOOKINGS, 1, 7)).toEqual([7, 'x']);
  });
});
