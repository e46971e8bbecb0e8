import { beforeEach, describe, expect, it } from 'vitest';
import type { Principal } from '../api-keys/api-key';
import { FixedClock } from '../testing';
import { MemoryRateLimiter } from './memory-rate-limiter';
import { rejectionOf } from '../testing/test-world';
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
    throttle = new Throttle(limiter, { perKeyPerMinute: 2, authFailuresPerMinute: 2 });
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
    await throttle.recordFailure('a');
    await throttle.recordFailure('a');
    expect((await rejectionOf(throttle.recordFailure('a'))).code).toBe('throttled');
    expect((await rejectionOf(throttle.reserveAttempt('a'))).code).toBe('throttled');
    await expect(throttle.recordFailure('b')).resolves.toBeUndefined();
    clock.advance(60_000);
    await expect(throttle.reserveAttempt('a')).resolves.toBeDefined();
  });

  it('gives back a reservation that was not spent', async () => {
    const first = await throttle.reserveAttempt('a');
    await first.release();
    await throttle.reserveAttempt('a');
    await throttle.reserveAttempt('a');
    expect((await rejectionOf(throttle.reserveAttempt('a'))).code).toBe('throttled');
  });

  it('keeps failed authentications and key requests in separate counts', async () => {
    await throttle.recordFailure('1');
    await throttle.recordFailure('1');
    await expect(throttle.admitKey(principal(1))).resolves.toMatchObject({ remaining: 1 });
  });
});
