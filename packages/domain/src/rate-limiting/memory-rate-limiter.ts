import type { Clock } from '../shared/clock';
import { type RateLimitDecision, type RateLimiter, decide, windowStart } from './rate-limiter';

const SWEEP_THRESHOLD = 100_000;

/**
 * Fixed one-minute windows in a Map: the limiter of a single process (docs/api-behaviour.md §4), and the fast one for tests.
 * Postgres deployments use the database's limiter instead, so that several processes share one budget. It lives in
 * the domain because it is pure arithmetic over the domain's own `decide`/`windowStart`.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly clock: Clock) {}

  async hit(key: string, limit: number): Promise<RateLimitDecision> {
    return this.count(key, limit, 1);
  }

  async peek(key: string, limit: number): Promise<RateLimitDecision> {
    return this.count(key, limit, 0);
  }

  async release(key: string): Promise<void> {
    const entry = this.windows.get(key);
    if (entry && entry.start === windowStart(this.clock.now().getTime()) && entry.count > 0) entry.count -= 1;
  }

  private count(key: string, limit: number, add: number): RateLimitDecision {
    const now = this.clock.now().getTime();
    const start = windowStart(now);
    let entry = this.windows.get(key);
    if (!entry || entry.start !== start) {
      // Old windows are dead weight; dropping them now and then bounds memory under address-spraying clients.
      if (this.windows.size >= SWEEP_THRESHOLD) this.sweep(start);
      entry = { start, count: 0 };
      this.windows.set(key, entry);
    }
    entry.count += add;
    return decide(entry.count, limit, now, start);
  }

  private sweep(currentStart: number): void {
    for (const [key, entry] of this.windows) if (entry.start !== currentStart) this.windows.delete(key);
  }
}
