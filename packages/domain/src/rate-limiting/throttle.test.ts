import { beforeEach, describe, expect, it } from 'vitest';
import type { Principal } from '../api-keys/api-key';
import { FixedClock } from '../testing';
import { MemoryRateLimiter } from './memory-rate-limiter';
import { rejectionOf } from '../testing/test-world';
import type { StampGuardedLimiter } from './stamp-guarded-limiter';
import { Throttle } from './throttle';

// FixedClock starts at 12:00:00.000, the first instant of a one-minute window.
let clock: FixedClock;
let limiter: MemoryRateLimiter;

beforeEach(() => {
  clock = new FixedClock('2026-06-01T12:00:00Z');
  limiter = new MemoryRateLimiter(clock);
});

describe('MemoryRateLimiter', () => {
  it('allows up to the limit per key and counts down what remains', async () => {
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await limiter.hit('key:1', 3));
    expect(decisions.map((d) => [d.allowed, d.remaining, d.limit])).toEqual([
      [true, 2, 3],
      [true, 1, 3],
      [true, 0, 3],
      [false, 0, 3],
    ]);
  });

  it('counts each key on its own', async () => {
    for (let i = 0; i < 3; i++) await limiter.hit('key:1', 3);
    expect((await limiter.hit('key:1', 3)).allowed).toBe(false);
    expect(await limiter.hit('key:2', 3)).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('peek decides without counting', async () => {
    await limiter.hit('key:1', 3);
    expect(await limiter.peek('key:1', 3)).toMatchObject({ allowed: true, remaining: 2 });
    expect(await limiter.peek('key:1', 3)).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('reports whole seconds until the fixed window resets, never less than 1', async () => {
    expect((await limiter.peek('k', 3)).resetSeconds).toBe(60);
    clock.set('2026-06-01T12:00:00.001Z');
    expect((await limiter.peek('k', 3)).resetSeconds).toBe(60);
    clock.set('2026-06-01T12:00:30Z');
    expect((await limiter.peek('k', 3)).resetSeconds).toBe(30);
    clock.set('2026-06-01T12:00:59.999Z');
    expect((await limiter.peek('k', 3)).resetSeconds).toBe(1);
  });

  it('starts a fresh count when the window turns, not 60 s after the first hit', async () => {
    clock.set('2026-06-01T12:00:45Z');
    for (let i = 0; i < 4; i++) await limiter.hit('key:1', 3);
    clock.set('2026-06-01T12:00:59.999Z');
    expect((await limiter.hit('key:1', 3)).allowed).toBe(false);
    clock.set('2026-06-01T12:01:00Z');
    expect(await limiter.hit('key:1', 3)).toEqual({ allowed: true, limit: 3, remaining: 2, resetSeconds: 60 });
  });
});

describe('Throttle (docs/api-behaviour.md §4)', () => {
  const principal = (keyId: number): Principal => ({ tenantId: 1, keyId, prefix: 'ck_abcde', scopes: [] });
  let throttle: Throttle;

  beforeEach(() => {
    throttle = new Throttle(limiter, { perKeyPerMinute: 2, authFailuresPerMinute: 2 }, guardedBy(limiter, { stamp: 'v1' }));
  });

  it('admits a key up to its per-minute limit, then throws throttled with Retry-After ≥ 1', async () => {
    expect(await throttle.admitKey(principal(1))).toMatchObject({ allowed: true, limit: 2, remaining: 1, resetSeconds: 60 });
    expect(await throttle.admitKey(principal(1))).toMatchObject({ allowed: true, remaining: 0 });
    clock.set('2026-06-01T12:00:59.500Z');
    const error = await rejectionOf(throttle.admitKey(principal(1)));
    expect(error.code).toBe('throttled');
    expect(error.details.retryAfterSeconds).toBe(1);
  });

  it('gives the Retry-After of the time left in the window', async () => {
    await throttle.admitKey(principal(1));
    await throttle.admitKey(principal(1));
    clock.set('2026-06-01T12:00:17.200Z');
    expect((await rejectionOf(throttle.admitKey(principal(1)))).details.retryAfterSeconds).toBe(43);
  });

  it('limits keys independently and admits again in the next window', async () => {
    await throttle.admitKey(principal(1));
    await throttle.admitKey(principal(1));
    await expect(throttle.admitKey(principal(2))).resolves.toMatchObject({ allowed: true });
    clock.advance(60_000);
    await expect(throttle.admitKey(principal(1))).resolves.toMatchObject({ allowed: true, remaining: 1 });
  });

  it('peekKey reports the standing without using up a request', async () => {
    await throttle.admitKey(principal(1));
    expect(await throttle.peekKey(principal(1))).toMatchObject({ remaining: 1 });
    expect(await throttle.peekKey(principal(1))).toMatchObject({ remaining: 1 });
    await expect(throttle.admitKey(principal(1))).resolves.toMatchObject({ remaining: 0 });
  });

  it('lets an address fail up to its limit, then refuses its attempts until the window turns', async () => {
    await throttle.assertMayAttempt('a');
    await throttle.recordFailure('a');
    await throttle.assertMayAttempt('a');
    await throttle.recordFailure('a');
    expect((await rejectionOf(throttle.assertMayAttempt('a'))).code).toBe('throttled');
    await expect(throttle.assertMayAttempt('b')).resolves.toBeUndefined();
    clock.advance(60_000);
    await expect(throttle.assertMayAttempt('a')).resolves.toBeUndefined();
  });

  it('keeps failed authentications and key requests in separate counts', async () => {
    await throttle.recordFailure('1');
    await throttle.recordFailure('1');
    await expect(throttle.admitKey(principal(1))).resolves.toMatchObject({ remaining: 1 });
  });
});

/** A guard that compares with a stamp the test sets, and counts on `counting`. */
function guardedBy(counting: MemoryRateLimiter, current: { stamp: string }): StampGuardedLimiter {
  return {
    hitIfUnchanged: async (key, limit, guard) =>
      guard.stamp === current.stamp ? { decision: await counting.hit(key, limit), dataStamp: `data of ${current.stamp}` } : null,
    peekIfUnchanged: async (key, limit, guard) =>
      guard.stamp === current.stamp ? { decision: await counting.peek(key, limit), dataStamp: `data of ${current.stamp}` } : null,
  };
}

describe('Throttle.admitKeptKey and peekKeptKey', () => {
  const principal: Principal = { tenantId: 1, keyId: 7, prefix: 'ck_aaaaa', scopes: ['sites:read'], stamp: 'v1' };
  const limits = { perKeyPerMinute: 2, authFailuresPerMinute: 10 };

  it('counts the request while the key stamp holds, gives the data stamp, and throws throttled past the limit', async () => {
    const throttle = new Throttle(limiter, limits, guardedBy(limiter, { stamp: 'v1' }));
    expect(await throttle.admitKeptKey(principal, 'v1')).toEqual({
      decision: expect.objectContaining({ allowed: true, remaining: 1 }),
      dataStamp: 'data of v1',
    });
    expect(await throttle.admitKeptKey(principal, 'v1')).toMatchObject({ decision: { allowed: true, remaining: 0 } });
    const refusal = await rejectionOf(throttle.admitKeptKey(principal, 'v1'));
    expect(refusal.code).toBe('throttled');
    expect(refusal.details.refusedKey).toMatchObject({ principal, standing: { allowed: false, remaining: 0 } });
  });

  it('counts nothing and answers null once the stamp moved', async () => {
    const current = { stamp: 'v1' };
    const throttle = new Throttle(limiter, limits, guardedBy(limiter, current));
    current.stamp = 'v2';
    expect(await throttle.admitKeptKey(principal, 'v1')).toBeNull();
    expect(await throttle.peekKey(principal)).toMatchObject({ remaining: 2 });
  });

  it('reads the standing while the stamp holds, counting nothing, and null once it moved', async () => {
    const current = { stamp: 'v1' };
    const throttle = new Throttle(limiter, limits, guardedBy(limiter, current));
    await throttle.admitKey(principal);
    expect(await throttle.peekKeptKey(principal, 'v1')).toEqual({
      decision: expect.objectContaining({ remaining: 1 }),
      dataStamp: 'data of v1',
    });
    expect(await throttle.peekKeptKey(principal, 'v1')).toMatchObject({ decision: { remaining: 1 } });
    current.stamp = 'v2';
    expect(await throttle.peekKeptKey(principal, 'v1')).toBeNull();
  });
});
