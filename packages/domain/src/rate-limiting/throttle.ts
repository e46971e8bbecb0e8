import type { Principal } from '../api-keys/api-key';
import { DomainError } from '../shared/domain-error';
import type { RateLimitDecision, RateLimiter } from './rate-limiter';

export interface ThrottleLimits {
  /** Requests per key per minute (RATE_LIMIT_PER_MINUTE, default 600). */
  perKeyPerMinute: number;
  /** Failed authentications per client address per minute (AUTH_FAILURES_PER_MINUTE, default 60). */
  authFailuresPerMinute: number;
}

/** docs/api-behaviour.md §4: a per-key limit for authenticated work and a per-address limit on failed authentications. */
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

  /**
   * `peekKey` for a principal built from a key kept in memory (`unconfirmed`): its standing, counting nothing, only
   * if the tenant's stamp has not moved since the key was read, which confirms the key at the same time. Null when it
   * has moved (or the limiter cannot tell): the caller verifies the key afresh.
   */
  async peekUnconfirmed(principal: Principal): Promise<RateLimitDecision | null> {
    const { stamp, tenantId } = principal;
    if (!this.limiter.peekIfUnchanged || stamp === undefined) return null;
    return this.limiter.peekIfUnchanged(`key:${principal.keyId}`, this.limits.perKeyPerMinute, { tenantId, stamp });
  }

  /** The key's standing without counting, for responses that end before the limiter (405, 403). */
  peekKey(principal: Principal): Promise<RateLimitDecision> {
    return this.limiter.peek(`key:${principal.keyId}`, this.limits.perKeyPerMinute);
  }

  /** Throws `throttled` when this address has used up its failed authentications. Counts nothing. */
  async assertMayAttempt(address: string): Promise<void> {
    const decision = await this.limiter.peek(authKey(address), this.limits.authFailuresPerMinute);
    if (decision.remaining <= 0) throw throttled({ ...decision, allowed: false });
  }

  /**
   * Books one failed authentication of `address` in a single atomic step, and throws `throttled` when that goes past
   * the limit (the refused attempt is then not counted). Concurrent failures can never all slip under the limit.
   */
  async recordFailure(address: string): Promise<void> {
    const key = authKey(address);
    const decision = await this.limiter.hit(key, this.limits.authFailuresPerMinute);
    if (decision.allowed) return;
    await this.limiter.release(key);
    throw throttled(decision);
  }

  /**
   * Reserves one failed authentication of `address` before a secret is hashed (docs/security.md, "Failed
   * authentications"): the reservation counts at once, so of any burst from one address at most the limit reach the
   * hasher. A verification that fails keeps it as its failure; one that succeeds gives it back with `release`.
   * @throws DomainError `throttled` when the address has no attempt left
   */
  async reserveAttempt(address: string): Promise<AttemptReservation> {
    await this.recordFailure(address);
    const key = authKey(address);
    return { release: () => this.limiter.release(key) };
  }
}

/** An attempt booked by `Throttle.reserveAttempt`. */
export interface AttemptReservation {
  /** Gives the attempt back: the verification it was booked for succeeded. */
  release(): Promise<void>;
}

function authKey(address: string): string {
  return `auth:${address}`;
}

function throttled(decision: RateLimitDecision): DomainError {
  return new DomainError('throttled', 'throttled', { retryAfterSeconds: decision.resetSeconds });
}
