import { type Clock, systemClock } from '../shared/clock';
import type { DataStamp } from '../shared/data-versions';
import { DomainError, isDomainError } from '../shared/domain-error';
import { RATE_LIMIT_WINDOW_MS, type RateLimitDecision } from '../rate-limiting/rate-limiter';
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

/**
 * `AdmitRequest.admitRead`'s answer: admitted outright, or let start early while the count confirms the kept key.
 * `confirmed` gives the admission, whose principal carries the tenant's data stamp as the count read it: when that is
 * not the early principal's, the data changed after the early read's stamp, and the read is made again with it.
 */
export type ReadAdmission =
  { early: false; admitted: Admitted } | { early: true; principal: Principal; confirmed: Promise<Admitted | null> };

/** How long a key refused 429 gets no early start: at most the rest of a window. */
const THROTTLE_MEMORY_MS = RATE_LIMIT_WINDOW_MS;
/** How many keys' last confirmed data stamps are remembered for their next early reads. */
const DATA_STAMP_KEYS = 10_000;

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
 * A key row kept in memory (ApiKeyRepository.findKept) is confirmed by the very step that counts the request
 * (Throttle.admitKeptKey): one round trip on Postgres. Every refusal, and a count the stamp no longer guards, reads
 * the key afresh first, so a key revoked since it was kept hears 401 on its next request, never 403, 405 or 429.
 */
export class AdmitRequest {
  /** Keys refused 429 lately, by id: until when their reads start only once counted (admitRead). */
  private readonly throttledUntil = new Map<number, number>();
  /**
   * The data stamp the last confirming count of each kept key read, by key id: the stamp its next early read starts
   * with. Only a guess until that read's own count confirms it (admitRead).
   */
  private readonly lastDataStamp = new Map<number, DataStamp>();

  constructor(
    private readonly verifier: ApiKeyVerifier,
    private readonly throttle: Throttle,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * @param credentials the `Authorization` header as sent, or undefined when absent
   * @param clientAddress who is asking: failed authentications are limited per address
   * @param requiredScope what the operation asks of the key; null when the request names no operation at all
   */
  async admit(credentials: string | undefined, clientAddress: string, requiredScope: RequiredScope | null): Promise<Admitted> {
    const key = await this.verifier.identify(credentials, clientAddress);
    if (key.keptStamp === undefined) return this.count(key.principal, requiredScope);
    return this.admitKept(credentials, clientAddress, requiredScope, key.principal, key.keptStamp);
  }

  private async admitKept(
    credentials: string | undefined,
    clientAddress: string,
    requiredScope: RequiredScope | null,
    principal: Principal,
    keptStamp: DataStamp,
  ): Promise<Admitted> {
    if (allows(principal, requiredScope)) {
      const guarded = await this.throttle.admitKeptKey(principal, keptStamp);
      if (guarded) return { principal: this.withDataStamp(principal, guarded.dataStamp), standing: guarded.decision };
    }
    // A refusal is due, or the tenant's data changed since the row was kept: neither may rest on an unconfirmed row.
    return this.admitAfresh(credentials, clientAddress, requiredScope);
  }

  private recentlyThrottled(keyId: number): boolean {
    const until = this.throttledUntil.get(keyId);
    if (until === undefined) return false;
    if (until > this.clock.now().getTime()) return true;
    this.throttledUntil.delete(keyId);
    return false;
  }

  /**
   * `admit` for an operation that only reads (docs/architecture.md, "Admission"). When the key row is kept, the
   * answer is `early`: the caller may start reading at once, with `principal` (whose data stamp is the one the key's
   * last count read), while `confirmed` counts the request and confirms the row in the same step. `confirmed` gives
   * the admission, throws `throttled` past the limit, or gives null when the key row has changed since it was kept:
   * then nothing read early may be answered, and the request is admitted again by `admitAfresh`. An admission whose
   * data stamp differs from the early one means the tenant's data changed: the early read is made again under it,
   * without reading the key again. No early start for a key refused 429 within the last window, so a client past its
   * limit cannot make the service read for it. Anything else is admitted as `admit` does.
   */
  async admitRead(credentials: string | undefined, clientAddress: string, requiredScope: RequiredScope): Promise<ReadAdmission> {
    const key = await this.verifier.identify(credentials, clientAddress);
    if (key.keptStamp === undefined) return { early: false, admitted: await this.count(key.principal, requiredScope) };
    const { principal, keptStamp } = key;
    if (holdsScope(principal, requiredScope) && !this.recentlyThrottled(principal.keyId)) {
      const confirmed = this.throttle.admitKeptKey(principal, keptStamp).then(
        (guarded) => guarded && { principal: this.withDataStamp(principal, guarded.dataStamp), standing: guarded.decision },
        (error: unknown) => {
          if (isDomainError(error, 'throttled')) this.throttledUntil.set(principal.keyId, this.clock.now().getTime() + THROTTLE_MEMORY_MS);
          throw error;
        },
      );
      const lastSeen = this.lastDataStamp.get(principal.keyId);
      const early = lastSeen === undefined || lastSeen === principal.stamp ? principal : { ...principal, stamp: lastSeen };
      return { early: true, principal: early, confirmed };
    }
    return { early: false, admitted: await this.admitKept(credentials, clientAddress, requiredScope, principal, keptStamp) };
  }

  /** The admission of a request whose kept key row could not be confirmed: the row is read again first. */
  async admitAfresh(credentials: string | undefined, clientAddress: string, requiredScope: RequiredScope | null): Promise<Admitted> {
    return this.count(await this.verifier.verify(credentials, clientAddress), requiredScope);
  }

  /** `admit` without counting the request: the caller counts it, or not, once it knows its answer. */
  async admitUncounted(
    credentials: string | undefined,
    clientAddress: string,
    requiredScope: RequiredScope | null,
  ): Promise<AdmittedUncounted> {
    const key = await this.verifier.identify(credentials, clientAddress);
    if (key.keptStamp !== undefined && allows(key.principal, requiredScope)) {
      const guarded = await this.throttle.peekKeptKey(key.principal, key.keptStamp);
      if (guarded) return this.uncounted(this.withDataStamp(key.principal, guarded.dataStamp), guarded.decision);
    }
    const principal = key.keptStamp === undefined ? key.principal : await this.verifier.verify(credentials, clientAddress);
    await this.authorise(principal, requiredScope);
    return this.uncounted(principal, null);
  }

  /** `principal` with the data stamp a confirming count read, which is also remembered for the key's next early read. */
  private withDataStamp(principal: Principal, dataStamp: DataStamp): Principal {
    const known = this.lastDataStamp.get(principal.keyId);
    if (known !== dataStamp) {
      // Only a guess for the next read, so the oldest entry made goes first, however recently it was confirmed.
      if (known === undefined && this.lastDataStamp.size >= DATA_STAMP_KEYS) {
        const oldest = this.lastDataStamp.keys().next().value;
        if (oldest !== undefined) this.lastDataStamp.delete(oldest);
      }
      this.lastDataStamp.set(principal.keyId, dataStamp);
    }
    return principal.stamp === dataStamp ? principal : { ...principal, stamp: dataStamp };
  }

  private async count(principal: Principal, requiredScope: RequiredScope | null): Promise<Admitted> {
    await this.authorise(principal, requiredScope);
    return { principal, standing: await this.throttle.admitKey(principal) };
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

  private uncounted(principal: Principal, standing: RateLimitDecision | null): AdmittedUncounted {
    return {
      principal,
      standing: async () => standing ?? this.throttle.peekKey(principal),
      count: () => this.throttle.admitKey(principal),
    };
  }
}

function allows(principal: Principal, requiredScope: RequiredScope | null): requiredScope is RequiredScope {
  return requiredScope !== null && holdsScope(principal, requiredScope);
}
