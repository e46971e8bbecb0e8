import { FixedClock, InMemoryIdempotencyStore, InMemoryQuoteRepository, InMemoryStore } from '@campsite/domain/testing';
import { describe, expect, it } from 'vitest';
import { sweepExpired } from '../src/expiry-sweep';

const DAY = 24 * 60 * 60 * 1000;
const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function recordingLogger() {
  const lines: Array<{ level: string; fields: Record<string, unknown>; msg: string }> = [];
  return {
    lines,
    error: (fields: Record<string, unknown>, msg: string) => lines.push({ level: 'error', fields, msg }),
    debug: (fields: Record<string, unknown>, msg: string) => lines.push({ level: 'debug', fields, msg }),
  };
}

describe('the background sweeps of what has expired', () => {
  it('purges expired keys on its own, without any request', async () => {
    const clock = new FixedClock('2026-06-01T12:00:00Z');
    const store = new InMemoryStore();
    const keys = new InMemoryIdempotencyStore(store);
    const now = clock.now();
    await keys.claim(1, 'old', 'fp', now, new Date(now.getTime() - 60_000), new Date(now.getTime() + DAY));
    clock.advance(DAY);
    const logger = recordingLogger();
    const sweep = sweepExpired('idempotency keys', (now) => keys.purgeExpired(now), clock, logger as never, 5);
    await tick(40);
    await sweep.stop();
    expect(store.idempotency.size).toBe(0);
    expect(logger.lines.some((line) => line.level === 'debug' && line.fields.purged === 1)).toBe(true);
  });

  it('forgets quotes that expired unused, and keeps the others', async () => {
    const clock = new FixedClock('2026-06-01T12:00:00Z');
    const store = new InMemoryStore();
    const quotes = new InMemoryQuoteRepository(store);
    const quote = (expiresAt: Date) => ({
      tenantId: 1,
      siteTypeId: 1,
      siteId: null,
      checkInDate: '2027-07-01',
      checkOutDate: '2027-07-02',
      numAdults: 1,
      numYouth: 0,
      numChildren: 0,
      extras: [],
      lines: [],
      total: 0,
      expiresAt,
      createdAt: clock.now(),
    });
    await quotes.insert(quote(new Date(clock.now().getTime() + 1000)));
    await quotes.insert(quote(new Date(clock.now().getTime() + DAY)));
    clock.advance(60_000);
    const logger = recordingLogger();
    const sweep = sweepExpired('quotes', (now) => quotes.purgeExpired(now), clock, logger as never, 5);
    await tick(40);
    await sweep.stop();
    expect(store.quotes.map((q) => q.id)).toEqual([2]);
    expect(logger.lines.some((line) => line.msg === 'expired quotes purged' && line.fields.purged === 1)).toBe(true);
  });

  it('logs a failed sweep and keeps sweeping', async () => {
    let calls = 0;
    const failing = () => {
      calls++;
      return Promise.reject(new Error('database went away'));
    };
    const logger = recordingLogger();
    const sweep = sweepExpired('idempotency keys', failing, new FixedClock(), logger as never, 5);
    await tick(40);
    await sweep.stop();
    expect(calls).toBeGreaterThanOrEqual(2);
    const errors = logger.lines.filter((line) => line.level === 'error');
    expect(errors.length).toBe(calls);
    expect(errors[0]).toMatchObject({ fields: { err: 'database went away' }, msg: 'purging expired idempotency keys failed' });
  });
});
