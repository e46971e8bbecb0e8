import type { Principal } from '../api-keys/api-key';
import { DomainError } from '../shared/domain-error';
import type { RateLimitDecision, RateLimiter } from './rate-limiter';

export interface ThrottleLimits {
  /** Requests per key per minute (RATE_LIMIT_PER_MINUTE, default 600). */
  perKeyPerMinute: number;
  /** Failed authentications per client address per minute (AUTH_FAILURES_PER_MINUTE, default 60). */
  authFailuresPerMinute: number;
}

/** DECISIONS §4: a per-key limit for authenticated work and a per-address limit on failed authentications. */
export class Throttle {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly limits: ThrottleLimits,
  ) {}

  /** Counts a request of an authenticated, authorised key; throws `throttled` past the limit. */
  async admitKey(principal: Principal): Promise<RateLimitDecision> {
    const decision = await this.limiter.hit(`key:${principal.keyId}`, this.limits.perKeyPerMinute);
    if (!decision.allowed) throw throttled(decision);
    return decision;
  }

  /** Whether `admitUnconfirmed` can confirm a key and count its request in one step (see RateLimiter). */
  get confirmsKeys(): boolean {
    return this.limiter.hitIfUnchanged !== undefined;
  }

  /**
   * `admitKey` for a principal built from a key kept in memory (`unconfirmed`): counts the request only if the
   * tenant's stamp has not moved since the key was read, which confirms the key at the same time. Null, counting
   * nothing, when it has moved: the caller verifies the key afresh and admits it with `admitKey`.
   */
  async admitUnconfirmed(principal: Principal): Promise<RateLimitDecision | null> {
    const { stamp, tenantId } = principal;
    if (!this.limiter.hitIfUnchanged || stamp === undefined) return null;
    const decision = await this.limiter.hitIfUnchanged(`key:${principal.keyId}`, this.limits.perKeyPerMinute, { tenantId, stamp });
    if (decision && !decision.allowed) throw throttled(decision);
    return decision;
  }

  /** The key's standing without counting, for responses that end before the limiter (405, 403). */
  peekKey(principal: Principal): Promise<RateLimitDecision> {
    return this.limiter.peek(`key:${principal.keyId}`, this.limits.perKeyPerMinute);
  }

  /** Throws `throttled` when this address has used up its failed authentications. Counts nothing. */
  async assertMayAttempt(address: string): Promise<void> {
    const decision = await this.limiter.peek(`auth:${address}`, this.limits.authFailuresPerMinute);
    if (decision.remaining <= 0) throw throttled({ ...decision, allowed: false });
  }

  async recordFailure(address: string): Promise<void> {
    await this.limiter.hit(`auth:${address}`, this.limits.authFailuresPerMinute);
  }
}

function throttled(decision: RateLimitDecision): DomainError {
  return new DomainError('throttled', 'throttled', { retryAfterSeconds: decision.resetSeconds });
}
