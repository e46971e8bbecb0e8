import { DomainError } from '../shared/domain-error';
import type { RateLimitDecision } from '../rate-limiting/rate-limiter';
import type { Throttle } from '../rate-limiting/throttle';
import type { Principal } from './api-key';
import type { ApiKeyVerifier } from './api-key-verifier';
import { type RequiredScope, holdsScope } from './required-scope';

/** A request let in: who is asking, and where its key stands in its rate-limit window. */
export interface Admitted {
  principal: Principal;
  /** The key's standing once this request was counted (the `RateLimit-*` headers of docs/authentication.md). */
  standing: RateLimitDecision;
}

/** A request let in without being counted yet: a conditional GET, whose 304 is free (docs/channel-managers.md). */
export interface AdmittedUncounted {
  principal: Principal;
  /** The key's standing without this request: what a 304 shows. */
  standing(): Promise<RateLimitDecision>;
  /** Counts the request after all (any answer but a 304); throws `throttled` past the key's limit. */
  count(): Promise<RateLimitDecision>;
}

/**
 * Lets a request in, or refuses it with the first rule it breaks, in the order of docs/authentication.md and
 * docs/api-behaviour.md §2: the key (401 `invalid_key` / `key_inactive`, or 429 once the address used up its failed
 * attempts) → an operation for the request (`no_such_operation`: 405) → its scope (`permission_denied`: 403) → the
 * key's rate limit (`throttled`: 429). Refusals after the key carry the key and its standing (`refusedKey`), counted
 * or not: 405 and 403 never count against the key.
 *
 * The key row is read on every request (ApiKeyVerifier), so a key revoked or expired by any writer is refused on the
 * very next one.
 */
export class AdmitRequest {
  constructor(
    private readonly verifier: ApiKeyVerifier,
    private readonly throttle: Throttle,
  ) {}

  /**
   * @param credentials the `Authorization` header as sent, or undefined when absent
   * @param clientAddress who is asking: failed authentications are limited per address
   * @param requiredScope what the operation asks of the key; null when the request names no operation at all
   */
  async admit(credentials: string | undefined, clientAddress: string, requiredScope: RequiredScope | null): Promise<Admitted> {
    const principal = await this.verifier.verify(credentials, clientAddress);
    await this.authorise(principal, requiredScope);
    return { principal, standing: await this.throttle.admitKey(principal) };
  }

  /** `admit` without counting the request: the caller counts it, or not, once it knows its answer. */
  async admitUncounted(
    credentials: string | undefined,
    clientAddress: string,
    requiredScope: RequiredScope | null,
  ): Promise<AdmittedUncounted> {
    const principal = await this.verifier.verify(credentials, clientAddress);
    await this.authorise(principal, requiredScope);
    return {
      principal,
      standing: () => this.throttle.peekKey(principal),
      count: () => this.throttle.admitKey(principal),
    };
  }

  /** 405, then 403, each showing the key's standing without counting the request. */
  private async authorise(principal: Principal, requiredScope: RequiredScope | null): Promise<void> {
    if (requiredScope === null) throw await this.refusal('no_such_operation', principal);
    if (!holdsScope(principal, requiredScope)) throw await this.refusal('permission_denied', principal);
  }

  private async refusal(code: 'no_such_operation' | 'permission_denied', principal: Principal): Promise<DomainError> {
    const standing = await this.throttle.peekKey(principal);
    return new DomainError(code, code, { refusedKey: { principal, standing } });
  }
}
