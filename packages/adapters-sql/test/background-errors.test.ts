import { FixedClock } from '@campsite/domain/testing';
import { describe, expect, it } from 'vitest';
import { PostgresDialect } from '../src/postgres/postgres-dialect';
import { SqlRateLimiter } from '../src/repositories/sql-rate-limiter';
import type { SqlDatabase } from '../src/sql-database';

describe('background failures are reported, never dropped', () => {
  it('tells the operator when sweeping old rate-limit windows fails, and still answers the hit', async () => {
    const failure = new Error('disk full');
    const db = {
      dialect: new PostgresDialect(),
      get: async () => ({ n: 1 }),
      run: async () => {
        throw failure;
      },
    } as unknown as SqlDatabase;
    const reported: Array<[unknown, string]> = [];
    const limiter = new SqlRateLimiter(db, new FixedClock(new Date('2026-07-01T12:00:30Z')), (error, what) => reported.push([error, what]));
    const decision = await limiter.hit('key', 10);
    await new Promise((resolve) => setImmediate(resolve));
    expect(decision.remaining).toBe(9);
    expect(reported).toEqual([[failure, 'sweeping old rate-limit windows failed']]);
  });
});
