import type { Clock } from '../shared/clock';
import { DomainError } from '../shared/domain-error';
import type { AttemptReservation, Throttle } from '../rate-limiting/throttle';
import { type ApiKey, type Principal, isKeyActive, splitRawKey } from './api-key';
import type { ApiKeyRepository } from './api-key-repository';
import type { FirstAdmissions } from './first-admissions';
import type { SecretHasher } from './secret-hasher';

const LAST_USED_INTERVAL_MS = 60_000;
/** What a shared check resolves to when the address that started it had no attempt left. */
const REFUSED = Symbol('refused');
// RFC 6750: the scheme is case-insensitive; exactly one space-separated token follows.
const BEARER = /^bearer +(\S+) *$/i;

/**
 * Turns an `Authorization` header into a Principal, or throws `invalid_key` / `key_inactive` / `throttled`.
 *
 * The key row, with its revocation and expiry, is read on every call, so nothing delays either
 * (docs/api-behaviour.md §1). A secret is checked against the row's fast verifier when it has a current one, and
 * otherwise against its bcrypt hash, after which the fast verifier is stored for every process and every restart to
 * use (docs/security.md, "Fast verification"). Nothing about a key is kept in memory.
 */
export class ApiKeyVerifier {
  private readonly inFlight = new Map<string, Promise<boolean | typeof REFUSED>>();
  private readonly lastTouched = new Map<number, number>();
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
    private readonly throttle: Throttle,
    /** When given, keys this process has not admitted yet take turns (FirstAdmissions); else all go at once. */
    private readonly firstAdmissions?: FirstAdmissions,
  ) {}

  /**
   * @param authorization the raw header value, or undefined when absent
   * @param clientAddress who is asking: failed attempts are limited per address before any hash work
   */
  async verify(authorization: string | undefined, clientAddress: string): Promise<Principal> {
    const raw = authorization === undefined ? null : (BEARER.exec(authorization)?.[1] ?? null);
    const parts = raw === null ? null : splitRawKey(raw);
    if (parts === null) return this.fail(clientAddress, 'invalid_key');
    const admit = () => this.admit(parts.prefix, parts.secret, clientAddress);
    return this.firstAdmissions ? this.firstAdmissions.run(parts.prefix, admit) : admit();
  }

  private async admit(prefix: string, secret: string, clientAddress: string): Promise<Principal> {
    const key = await this.keys.findByPrefix(prefix);
    // Always ask secretMatches, even for an unknown prefix: it spends the equalising hash work (docs/api-behaviour.md §1).
    const check = await this.secretMatches(key, secret, clientAddress);
    // A failed hash check already booked its failure when it reserved the attempt (docs/security.md).
    if (!check.ok && check.counted) throw new DomainError('invalid_key');
    if (!key || !check.ok) return this.fail(clientAddress, 'invalid_key');
    const now = this.clock.now();
    if (!isKeyActive(key, now)) return this.fail(clientAddress, 'key_inactive');
    await this.touch(key, now);
    return { tenantId: key.tenantId, keyId: key.id, prefix: key.prefix, scopes: key.scopes };
  }

  /**
   * Whether `secret` is the key's, and whether a failure was already counted against the address. Only a bcrypt check
   * costs hash time, so only it reserves an attempt first: of any burst from one address at most the failure limit
   * reach the hasher (docs/security.md, "Failed authentications"). A secret that does not match the fast verifier
   * takes the bcrypt way too, so a wrong secret costs the same whether the key has one or not.
   */
  private async secretMatches(key: ApiKey | null, secret: string, clientAddress: string): Promise<{ ok: boolean; counted: boolean }> {
    if (key === null) {
      await this.throttle.reserveAttempt(clientAddress);
      // An unknown prefix costs one verify at the configured cost too, so response time does not reveal which
      // prefixes exist.
      await this.hasher.verify(secret, await this.timingHash());
      return { ok: false, counted: true };
    }
    if (key.fastVerifier !== null && this.hasher.fastMatches(secret, key.secretHash, key.fastVerifier)) {
      return { ok: true, counted: false };
    }
    const cacheKey = `${key.secretHash}\u0000${secret}`;
    const joined = this.inFlight.get(cacheKey);
    if (joined) {
      // A burst of first requests with one key pays for one check, not one each (~190 ms of CPU apiece).
      const outcome = await joined;
      if (outcome !== REFUSED) return { ok: outcome, counted: false };
      // The address that started the check had no attempt left; this one checks on its own budget.
      return this.secretMatches(key, secret, clientAddress);
    }
    let refusal: unknown;
    // Registered before the reservation is booked, so that requests arriving meanwhile join instead of reserving too.
    const pending = (async (): Promise<boolean | typeof REFUSED> => {
      let reservation: AttemptReservation;
      try {
        reservation = await this.throttle.reserveAttempt(clientAddress);
      } catch (error) {
        refusal = error;
        return REFUSED;
      }
      const ok = await this.hashCheck(secret, key.secretHash);
      if (ok) {
        await reservation.release();
        await this.keepFastVerifier(key, secret, await this.upgradeCheapHash(key, secret));
      }
      return ok;
    })().finally(() => this.inFlight.delete(cacheKey));
    this.inFlight.set(cacheKey, pending);
    const outcome = await pending;
    if (outcome === REFUSED) throw refusal;
    return { ok: outcome, counted: true };
  }

  /**
   * A key whose stored hash is cheaper than the configured cost is re-hashed at that cost once its secret verified
   * (docs/security.md, "Failed authentications"): from then on a wrong secret for it costs a full check by itself.
   * Returns the hash the key has now.
   */
  private async upgradeCheapHash(key: ApiKey, secret: string): Promise<string> {
    if (!(await this.hasher.isCheaper(key.secretHash))) return key.secretHash;
    const next = await this.hasher.hash(secret);
    try {
      return (await this.keys.replaceSecretHash(key.id, key.secretHash, next)) ? next : key.secretHash;
    } catch {
      // Safe to drop: the key keeps its old hash, still verifies (padded on failure), and is upgraded on a later check.
      return key.secretHash;
    }
  }

  /** Stores the fast verifier of a secret just proven against `secretHash`, so that no process checks it slowly again. */
  private async keepFastVerifier(key: ApiKey, secret: string, secretHash: string): Promise<void> {
    const verifier = this.hasher.fastVerifier(secret, secretHash);
    if (verifier === key.fastVerifier) return;
    try {
      await this.keys.storeFastVerifier(key.id, secretHash, verifier);
    } catch {
      // Safe to drop: the key still verifies the slow way, and stores its fast verifier on a later check.
    }
  }

  /** The bcrypt check, padded on failure to the configured cost when the stored hash is cheaper (docs/security.md). */
  private async hashCheck(secret: string, stored: string): Promise<boolean> {
    const ok = await this.hasher.verify(secret, stored);
    if (!ok && (await this.hasher.isCheaper(stored))) await this.hasher.verify(secret, await this.timingHash());
    return ok;
  }

  private timingHash(): Promise<string> {
    this.dummyHash ??= this.hasher.hash('timing-equaliser-000000');
    return this.dummyHash;
  }

  private async touch(key: ApiKey, now: Date): Promise<void> {
    const nowMs = now.getTime();
    const lastMs = Math.max(key.lastUsedAt?.getTime() ?? 0, this.lastTouched.get(key.id) ?? 0);
    if (nowMs - lastMs < LAST_USED_INTERVAL_MS) return;
    this.lastTouched.set(key.id, nowMs);
    await this.keys.touchLastUsed(key.id, now);
  }

  private async fail(clientAddress: string, code: 'invalid_key' | 'key_inactive'): Promise<never> {
    // An address past its failure budget hears 429 for every failed attempt, cheap or not.
    await this.throttle.recordFailure(clientAddress);
    throw new DomainError(code);
  }
}
