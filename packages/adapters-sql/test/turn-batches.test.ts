import { FixedClock } from '@campsite/domain/testing';
import { describe, expect, it } from 'vitest';
import { postgresDialect } from '../src/postgres/pg-database';
import { SqlRateLimiter } from '../src/repositories/sql-rate-limiter';
import type { SqlDatabase } from '../src/sql-executor';
import { TurnBatches } from '../src/turn-batches';

// docs/database-rules.md §4: calls of one turn of the event loop go to PostgreSQL as one statement per group.

describe('TurnBatches', () => {
  it('sends the calls of one turn once per group, in the order they came, and answers each with its own result', async () => {
    const sent: Array<[string, number[]]> = [];
    const batches = new TurnBatches<string, number, string>(async (group, items) => {
      sent.push([group, items]);
      return items.map((item) => `${group}${item}`);
    });
    const answers = await Promise.all([batches.add('a', 'A', 1), batches.add('b', 'B', 2), batches.add('a', 'A', 3)]);
    expect(answers).toEqual(['A1', 'B2', 'A3']);
    expect(sent).toEqual([
      ['A', [1, 3]],
      ['B', [2]],
    ]);
    expect(await batches.add('a', 'A', 4)).toBe('A4');
    expect(sent).toHaveLength(3);
  });

  it("fails every call of a failed group with the group's error, and leaves the other groups alone", async () => {
    const failure = new Error('connection terminated');
    const batches = new TurnBatches<string, number, number>(async (group, items) => {
      if (group === 'bad') throw failure;
      return items;
    });
    const outcomes = await Promise.allSettled([batches.add('bad', 'bad', 1), batches.add('good', 'good', 2), batches.add('bad', 'bad', 3)]);
    expect(outcomes).toEqual([
      { status: 'rejected', reason: failure },
      { status: 'fulfilled', value: 2 },
      { status: 'rejected', reason: failure },
    ]);
  });
});

describe('SqlRateLimiter on PostgreSQL: the hits of one key in one turn', () => {
  /** A database that holds one counter per (key, window) and records each statement, as the upsert would count. */
  function countingDatabase() {
    const counts = new Map<string, number>();
    const statements: unknown[][] = [];
    const db = {
      dialect: postgresDialect,
      get: async (sql: string, params: unknown[]) => {
        statements.push(params);
        if (!sql.startsWith('INSERT')) throw new Error(`unexpected: ${sql}`);
        const [key, start, n] = params as [string, number, number];
        const total = (counts.get(`${key}@${start}`) ?? 0) + n;
        counts.set(`${key}@${start}`, total);
        return { n: total, v: 40 };
      },
      run: async () => ({ changes: 0 }),
    };
    return { db: db as unknown as SqlDatabase, statements };
  }

  it('are counted by one statement, and each hit is answered with its own place in the count', async () => {
    const { db, statements } = countingDatabase();
    const limiter = new SqlRateLimiter(db, new FixedClock(new Date('2026-07-01T10:00:15Z')));
    const decisions = await Promise.all([
      ...Array.from({ length: 4 }, () => limiter.hit('key-a', 3)),
      limiter.hit('key-b', 3),
      limiter.hitIfUnchanged('key-a', 3, { tenantId: 1, stamp: 7 }),
    ]);
    const standings = decisions.map((d) => (d !== null && 'decision' in d ? d.decision : d));
    expect(standings.map((d) => d && [d.allowed, d.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
      [true, 2],
      [false, 0],
    ]);
    // key-a unguarded (4 hits), key-b, key-a guarded: three groups, three statements.
    expect(statements.map((params) => params.slice(0, 1).concat(params.slice(2)))).toEqual([
      ['key-a', 4],
      ['key-b', 1],
      ['key-a', 1, 1, 7],
    ]);
    expect(decisions[0]).toEqual({ allowed: true, limit: 3, remaining: 2, resetSeconds: 45 });
  });
  it('keeps apart an unguarded key that reads like a guarded one (keys hold colons)', async () => {
    const { db, statements } = countingDatabase();
    const limiter = new SqlRateLimiter(db, new FixedClock(new Date('2026-07-01T10:00:15Z')));
    const [unguarded, guarded] = await Promise.all([limiter.hit('k:1:7', 3), limiter.hitIfUnchanged('k', 3, { tenantId: 1, stamp: 7 })]);
    expect([unguarded.remaining, guarded?.decision.remaining]).toEqual([2, 2]);
    expect(statements.map((params) => params[0])).toEqual(['k:1:7', 'k']);
  });
});

describe('SqlRateLimiter on PostgreSQL: the peeks of one key in one turn', () => {
  it('read the count once per key and stamp, count nothing, and answer null for a stamp that moved', async () => {
    const counts = new Map<string, number>([['key-a@1782900000000', 2]]);
    const statements: unknown[][] = [];
    const db = {
      dialect: postgresDialect,
      get: async (_sql: string, params: unknown[]) => {
        statements.push(params);
        const [key, start, , stamp] = params as [string, number, number, number];
        return stamp === 7 ? { n: counts.get(`${key}@${start}`) ?? null, v: 40 } : undefined;
      },
      run: async () => ({ changes: 0 }),
    } as unknown as SqlDatabase;
    const limiter = new SqlRateLimiter(db, new FixedClock(new Date('2026-07-01T10:00:15Z')));
    const guard = { tenantId: 1, stamp: 7 };
    const decisions = await Promise.all([
      limiter.peekIfUnchanged('key-a', 3, guard),
      limiter.peekIfUnchanged('key-a', 3, guard),
      limiter.peekIfUnchanged('key-b', 3, guard),
      limiter.peekIfUnchanged('key-a', 3, { tenantId: 1, stamp: 6 }),
    ]);
    expect(decisions.map((d) => d && [d.decision.remaining, d.dataStamp])).toEqual([[1, 40], [1, 40], [3, 40], null]);
    expect(statements).toHaveLength(3);
  });
});
