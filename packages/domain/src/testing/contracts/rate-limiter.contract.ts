import { beforeEach, describe, expect, it } from 'vitest';
import { RATE_LIMIT_WINDOW_MS, type RateLimiter } from '../../rate-limiting/rate-limiter';
import { type AdapterSet, useAdapterSet } from './adapter-set';

/** What the RateLimiter contract reads of a backend: its limiter, if it declares one, and the clock it moves. */
export type LimiterSet = Pick<AdapterSet, 'clock' | 'close'> & { rateLimiter?: RateLimiter };

const NO_LIMITER = 'this backend declares no rate limiter of its own (AdapterSet.rateLimiter)';

/** Puts the clock `intoWindowMs` into a fresh window, so the reset arithmetic is predictable. */
function startOfWindow(set: Pick<AdapterSet, 'clock'>, intoWindowMs: number) {
  const now = set.clock.now().getTime();
  set.clock.set(new Date(now - (now % RATE_LIMIT_WINDOW_MS) + 10 * RATE_LIMIT_WINDOW_MS + intoWindowMs));
}

let n = 0;
const freshKey = () => `contract:${Date.now()}:${Math.random()}:${++n}`;

/**
 * Opens the backend for the suite this is called in, skipping each test (saying why) when the backend declares no
 * limiter of its own; returns a getter for the backend and one for its limiter.
 */
function useDeclaredLimiter<S extends LimiterSet>(setup: () => Promise<S>) {
  const adapters = useAdapterSet(setup);
  beforeEach((context) => {
    if (!adapters().rateLimiter) context.skip(NO_LIMITER);
  });
  const limiter = (set: S): NonNullable<S['rateLimiter']> => {
    if (!set.rateLimiter) throw new Error(NO_LIMITER);
    return set.rateLimiter;
  };
  return { adapters, limiter };
}

/**
 * The contract of `RateLimiter`: fixed one-minute windows per key, counted atomically. A backend without a limiter of
 * its own skips every test, saying so.
 */
export function describeRateLimiterContract(name: string, setup: () => Promise<LimiterSet>): void {
  describe(`RateLimiter contract: ${name}`, () => {
    const { adapters, limiter } = useDeclaredLimiter(setup);

    it('counts hits up to the limit and refuses past it', async () => {
      const set = adapters();
      startOfWindow(set, 15_000);
      const key = freshKey();
      const decisions = [];
      for (let i = 0; i < 4; i++) decisions.push(await limiter(set).hit(key, 3));
      expect(decisions).toEqual([
        { allowed: true, limit: 3, remaining: 2, resetSeconds: 45 },
        { allowed: true, limit: 3, remaining: 1, resetSeconds: 45 },
        { allowed: true, limit: 3, remaining: 0, resetSeconds: 45 },
        { allowed: false, limit: 3, remaining: 0, resetSeconds: 45 },
      ]);
    });

    it('peeks without counting', async () => {
      const set = adapters();
      startOfWindow(set, 0);
      const key = freshKey();
      expect(await limiter(set).peek(key, 2)).toEqual({ allowed: true, limit: 2, remaining: 2, resetSeconds: 60 });
      await limiter(set).hit(key, 2);
      expect(await limiter(set).peek(key, 2)).toMatchObject({ allowed: true, remaining: 1 });
      expect(await limiter(set).peek(key, 2)).toMatchObject({ allowed: true, remaining: 1 });
      await limiter(set).hit(key, 2);
      expect(await limiter(set).peek(key, 2)).toMatchObject({ remaining: 0 });
    });

    it('keeps keys apart', async () => {
      const set = adapters();
      startOfWindow(set, 1_000);
      const a = freshKey();
      const b = freshKey();
      await limiter(set).hit(a, 1);
      expect(await limiter(set).hit(a, 1)).toMatchObject({ allowed: false });
      expect(await limiter(set).hit(b, 1)).toMatchObject({ allowed: true, remaining: 0 });
    });

    it('starts counting afresh in the next window', async () => {
      const set = adapters();
      startOfWindow(set, 59_500);
      const key = freshKey();
      await limiter(set).hit(key, 1);
      expect(await limiter(set).hit(key, 1)).toMatchObject({ allowed: false, resetSeconds: 1 });
      set.clock.advance(500);
      expect(await limiter(set).hit(key, 1)).toEqual({ allowed: true, limit: 1, remaining: 0, resetSeconds: 60 });
    });

    it('counts parallel hits exactly', async () => {
      const set = adapters();
      startOfWindow(set, 5_000);
      const key = freshKey();
      const decisions = await Promise.all(Array.from({ length: 20 }, () => limiter(set).hit(key, 10)));
      expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
      expect(decisions.map((d) => d.remaining).sort((x, y) => x - y)).toEqual([...Array(11).fill(0), 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(await limiter(set).peek(key, 10)).toMatchObject({ allowed: false, remaining: 0 });
    });

    it('takes back a released hit in the current window, never below zero and never in a later window', async () => {
      const set = adapters();
      startOfWindow(set, 10_000);
      const key = freshKey();
      await limiter(set).hit(key, 2);
      await limiter(set).hit(key, 2);
      await limiter(set).release(key);
      expect(await limiter(set).peek(key, 2)).toMatchObject({ allowed: true, remaining: 1 });
      await limiter(set).release(key);
      await limiter(set).release(key);
      expect(await limiter(set).peek(key, 2)).toMatchObject({ remaining: 2 });
      expect(await limiter(set).hit(key, 2)).toMatchObject({ remaining: 1 });
      set.clock.advance(RATE_LIMIT_WINDOW_MS);
      await limiter(set).release(key);
      expect(await limiter(set).hit(key, 2)).toMatchObject({ remaining: 1 });
    });

    it('lets at most the limit of parallel reservations through, whatever is released meanwhile', async () => {
      const set = adapters();
      startOfWindow(set, 5_000);
      const key = freshKey();
      const reserve = async () => {
        const decision = await limiter(set).hit(key, 5);
        if (!decision.allowed) await limiter(set).release(key);
        return decision.allowed;
      };
      const granted = await Promise.all(Array.from({ length: 30 }, reserve));
      expect(granted.filter(Boolean)).toHaveLength(5);
      expect(await limiter(set).peek(key, 5)).toMatchObject({ allowed: true, remaining: 0 });
    });
  });
}
