import type { DataStamp, DataVersions } from '../shared/data-versions';
import type { RateLimitDecision, RateLimiter } from './rate-limiter';

/** The tenant data stamp (DataVersions) a key row was read under. */
export interface StampGuard {
  tenantId: number;
  stamp: DataStamp;
}

/**
 * Counts for a key row kept in memory, and confirms that row in the same step: the count happens only while the
 * tenant's data stamp is still the one the row was read under (docs/architecture.md, "Admission"). A revocation, like
 * any committed change of the tenant, moves the stamp, so a kept row of a revoked key is never counted as current.
 */
export interface StampGuardedLimiter {
  /** `RateLimiter.hit`, but only while the tenant's stamp is still `guard.stamp`; null, counting nothing, once it moved. */
  hitIfUnchanged(key: string, limit: number, guard: StampGuard): Promise<RateLimitDecision | null>;
  /**
   * `RateLimiter.peek`, but only while the tenant's stamp is still `guard.stamp`; null once it moved. Confirms a kept
   * row for an answer that must not be counted (a 304).
   */
  peekIfUnchanged(key: string, limit: number, guard: StampGuard): Promise<RateLimitDecision | null>;
}

/**
 * The guard for a limiter that does not live in the stamp's database (memory, the supervisor of `serve --workers`):
 * reads the stamp, then counts. Where the stamp costs no round trip (SQLite's engine counter, memory) this is the
 * same work as reading the key row afresh; the Postgres limiter checks and counts in one statement instead
 * (SqlRateLimiter). A stamp that moves between the check and the count admits a request that began before the change,
 * as a fresh read of the row would have.
 */
export class StampCheckingLimiter implements StampGuardedLimiter {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly versions: DataVersions,
  ) {}

  async hitIfUnchanged(key: string, limit: number, guard: StampGuard): Promise<RateLimitDecision | null> {
    if ((await this.versions.stampOf(guard.tenantId)) !== guard.stamp) return null;
    return this.limiter.hit(key, limit);
  }

  async peekIfUnchanged(key: string, limit: number, guard: StampGuard): Promise<RateLimitDecision | null> {
    if ((await this.versions.stampOf(guard.tenantId)) !== guard.stamp) return null;
    return this.limiter.peek(key, limit);
  }
}
