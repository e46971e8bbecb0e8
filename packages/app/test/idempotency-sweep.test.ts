import type { IdempotencyStore } from '@campsite/domain';
import { FixedClock, InMemoryIdempotencyStore, InMemoryStore } from '@campsite/domain/testing';
import { describe, expect, it } from 'vitest';
import { sweepIdempotencyKeys } from '../src/idempotency-sweep';

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

describe('the background sweep of expired idempotency keys', () => {
  it('purges expired keys on its own, without any request', async () => {
    const clock = new FixedClock('2026-06-01T12:00:00Z');
    const store = new InMemoryStore();
    const keys = new InMemoryIdempotencyStore(store);
    const now = clock.now();
    await keys.claim(1, 'old', 'fp', now, new Date(now.getTime() - 60_000), new Date(now.getTime() + DAY));
    clock.advance(DAY);
    const logger = recordingLogger();
    const sweep = sweepIdempotencyKeys(keys, clock, logger as never, 5);
    await tick(40);
    await sweep.stop();
    expect(store.idempotency.size).toBe(0);
    expect(logger.lines.some((line) => line.level === 'debug' && line.fields.purged === 1)).toBe(true);
  });

  it('logs a failed sweep and keeps sweeping', async () => {
    let calls = 0;
    const failing: IdempotencyStore = {
      claim: () => Promise.reject(new Error('unused')),
      release: () => Promise.resolve(),
      purgeExpired: () => {
        calls++;
        return Promise.reject(new Error('database went away'));
      },
    };
    const logger = recordingLogger();
    const sweep = sweepIdempotencyKeys(failing, new FixedClock(), logger as never, 5);
    await tick(40);
    await sweep.stop();
    expect(calls).toBeGreaterThanOrEqual(2);
    const errors = logger.lines.filter((line) => line.level === 'error');
    expect(errors.length).toBe(calls);
    expect(errors[0]).toMatchObject({ fields: { err: 'database went away' }, msg: 'purging expired idempotency keys failed' });
  });
});
