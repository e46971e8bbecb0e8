import { type Clock } from '../shared/clock';
import type { DataStamp } from '../shared/data-versions';
import { MemoryRateLimiter } from '../rate-limiting/memory-rate-limiter';
import type { RateLimitDecision } from '../rate-limiting/rate-limiter';
import { InMemoryDataVersions } from './in-memory-data-versions';

/**
 * The memory limiter with the guarded hit of a limiter that shares the stamp's database (RateLimiter.hitIfUnchanged):
 * lets the in-memory world take the path Postgres takes. The check and the count run without an await between them.
 */
export class GuardedMemoryRateLimiter extends MemoryRateLimiter {
  constructor(
    clock: Clock,
    private readonly versions: InMemoryDataVersions,
  ) {
    super(clock);
  }

  async hitIfUnchanged(key: string, limit: number, guard: { tenantId: number; stamp: DataStamp }): Promise<RateLimitDecision | null> {
    if (this.versions.stampNow(guard.tenantId) !== guard.stamp) return null;
    return this.hit(key, limit);
  }

  async peekIfUnchanged(key: string, limit: number, guard: { tenantId: number; stamp: DataStamp }): Promise<RateLimitDecision | null> {
    if (this.versions.stampNow(guard.tenantId) !== guard.stamp) return null;
    return this.peek(key, limit);
  }
}
