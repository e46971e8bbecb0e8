import { type Clock } from '../shared/clock';
import { MemoryRateLimiter } from '../rate-limiting/memory-rate-limiter';
import type { RateLimitDecision } from '../rate-limiting/rate-limiter';
import type { StampGuard, StampGuardedLimiter } from '../rate-limiting/stamp-guarded-limiter';
import { InMemoryDataVersions } from './in-memory-data-versions';

/**
 * The memory limiter with the guarded hit of a limiter that shares the stamp's database (StampGuardedLimiter, as
 * SqlRateLimiter on Postgres): the check and the count run without an await between them, atomically.
 */
export class GuardedMemoryRateLimiter extends MemoryRateLimiter implements StampGuardedLimiter {
  constructor(
    clock: Clock,
    private readonly versions: InMemoryDataVersions,
  ) {
    super(clock);
  }

  async hitIfUnchanged(key: string, limit: number, guard: StampGuard): Promise<RateLimitDecision | null> {
    if (this.versions.stampNow(guard.tenantId) !== guard.stamp) return null;
    return this.hit(key, limit);
  }

  async peekIfUnchanged(key: string, limit: number, guard: StampGuard): Promise<RateLimitDecision | null> {
    if (this.versions.stampNow(guard.tenantId) !== guard.stamp) return null;
    return this.peek(key, limit);
  }
}
