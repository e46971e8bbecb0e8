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
    const decision = await this.limiter.hit(keyOf(principal), this.limits.perKeyPerMinute);
    if (!decision.allowed) throw throttled(decision, principal);
    return decision;
  }

  /** The key's standing without counting, for responses that end before the limiter (405, 403). */
  peekKey(principal: Principal): Promise<RateLimitDecision> {
    return this.limiter.peek(keyOf(principal), this.limits.perKeyPerMinute);
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

function keyOf(principal: Principal): string {
  return `key:${principal.keyId}`;
}

/** 429. A key's own limit shows the key and its standing with the refusal; the failed-attempts limit knows no key. */
function throttled(decision: RateLimitDecision, principal?: Principal): DomainError {
  return new DomainError('throttled', 'throttled', {
    retryAfterSeconds: decision.resetSeconds,
    ...(principal ? { refusedKey: { principal, standing: decision } } : {}),
  });
}
