import { type Clock } from '../shared/clock';
import { MemoryRateLimiter } from '../rate-limiting/memory-rate-limiter';
import type { GuardedDecision, StampGuard, StampGuardedLimiter } from '../rate-limiting/stamp-guarded-limiter';
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

  async hitIfUnchanged(key: string, limit: number, guard: StampGuard): Promise<GuardedDecision | null> {
    const stamps = this.versions.stampsNow(guard.tenantId);
    if (stamps.keys !== guard.stamp) return null;
    return { decision: await this.hit(key, limit), dataStamp: stamps.data };
  }

  async peekIfUnchanged(key: string, limit: number, guard: StampGuard): Promise<GuardedDecision | null> {
    const stamps = this.versions.stampsNow(guard.tenantId);
    if (stamps.keys !== guard.stamp) return null;
    return { decision: await this.peek(key, limit), dataStamp: stamps.data };
  }
}
