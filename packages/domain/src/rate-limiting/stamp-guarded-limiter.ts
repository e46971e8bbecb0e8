import type { DataStamp, DataVersions } from '../shared/data-versions';
import type { RateLimitDecision, RateLimiter } from './rate-limiter';

/** The tenant key stamp (DataVersions.stampsOf) a key row was read under. */
export interface StampGuard {
  tenantId: number;
  stamp: DataStamp;
}

/** A guarded count or peek that went through: the decision, and the tenant's data stamp read in the same step. */
export interface GuardedDecision {
  decision: RateLimitDecision;
  /** What the request's reads may be served under (Principal.stamp). */
  dataStamp: DataStamp;
}

/**
 * Counts for a key row kept in memory, and confirms that row in the same step: the count happens only while the
 * tenant's key stamp is still the one the row was read under (docs/architecture.md, "Admission"). A revocation, like
 * any change of the tenant's keys, moves it, so a kept row of a revoked key is never counted as current. The same step
 * reads the tenant's data stamp, so that the request's reads need no round trip of their own to learn it.
 */
export interface StampGuardedLimiter {
  /** `RateLimiter.hit`, but only while the tenant's key stamp is still `guard.stamp`; null, counting nothing, once it moved. */
  hitIfUnchanged(key: string, limit: number, guard: StampGuard): Promise<GuardedDecision | null>;
  /**
   * `RateLimiter.peek`, but only while the tenant's key stamp is still `guard.stamp`; null once it moved. Confirms a
   * kept row for an answer that must not be counted (a 304).
   */
  peekIfUnchanged(key: string, limit: number, guard: StampGuard): Promise<GuardedDecision | null>;
}

/**
 * The guard for a limiter that does not live in the stamp's database (memory, the supervisor of `serve --workers`):
 * reads the stamps, then counts. Where the stamp costs no round trip (SQLite's engine counter, memory) this is the
 * same work as reading the key row afresh; the Postgres limiter checks and counts in one statement instead
 * (SqlRateLimiter). A stamp that moves between the check and the count admits a request that began before the change,
 * as a fresh read of the row would have.
 */
export class StampCheckingLimiter implements StampGuardedLimiter {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly versions: DataVersions,
  ) {}

  async hitIfUnchanged(key: string, limit: number, guard: StampGuard): Promise<GuardedDecision | null> {
    const stamps = await this.versions.stampsOf(guard.tenantId);
    if (stamps.keys !== guard.stamp) return null;
    return { decision: await this.limiter.hit(key, limit), dataStamp: stamps.data };
  }

  async peekIfUnchanged(key: string, limit: number, guard: StampGuard): Promise<GuardedDecision | null> {
    const stamps = await this.versions.stampsOf(guard.tenantId);
    if (stamps.keys !== guard.stamp) return null;
    return { decision: await this.limiter.peek(key, limit), dataStamp: stamps.data };
  }
}
