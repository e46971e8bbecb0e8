import { DomainError } from '../shared/domain-error';
import type { Booking } from './booking';

/** docs/channel-managers.md, "Retrying safely": a key is remembered for at least this long after its booking. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A claim older than this, still without an answer, belongs to a request whose process died before it committed:
 * the next request with the key may take it over. Well above any create's run time (a statement may take 10 s).
 */
export const STALE_CLAIM_MS = 60 * 1000;

// 1 to 255 characters of visible ASCII (%x21-7E), as the Idempotency-Key draft's examples use.
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * The `Idempotency-Key` header as sent: undefined when absent, the key when well formed.
 * @throws DomainError `invalid_idempotency_key` for anything else (empty, too long, spaces, non-ASCII, repeated)
 */
export function readIdempotencyKey(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (!KEY_PATTERN.test(raw)) throw new DomainError('invalid_idempotency_key');
  return raw;
}

/** What the store knows about a key when a request claims it. */
export type IdempotencyClaim =
  /** The key is now this request's: `token` names the claim in `complete` and `release`. */
  | { kind: 'claimed'; token: string }
  /** Another request holds the key and has not finished. */
  | { kind: 'in_use'; fingerprint: string }
  /** A first request with this key created `booking`, shown here as it was answered then. */
  | { kind: 'completed'; fingerprint: string; booking: Booking };

/**
 * The completion of a claim, written by the booking's own transaction (BookingRepository.insertIfAvailable): the
 * record then holds the booking as created, so that a replay shows exactly what the first answer showed, whatever
 * happened to the booking since.
 */
export interface IdempotencyCompletion {
  key: string;
  token: string;
  /** When the record may be forgotten. */
  expiresAt: Date;
}

/**
 * Idempotency keys of `POST /bookings/`, per tenant (docs/channel-managers.md, "Retrying safely"). A key is claimed
 * in a short transaction of its own before the booking is created, so every process sees that it is in use; the
 * booking's transaction turns the claim into a completed record (see IdempotencyCompletion); a failed create
 * releases it.
 */
export interface IdempotencyStore {
  /**
   * Atomically, across processes: claims `key` for `tenantId` when no record holds it, or when the record there has
   * expired (`expiresAt <= now`) or is a claim older than `staleBefore` without an answer. Otherwise reports what
   * holds it. `fingerprint` is kept with the claim; `expiresAt` bounds a claim that is never completed.
   */
  claim(tenantId: number, key: string, fingerprint: string, now: Date, staleBefore: Date, expiresAt: Date): Promise<IdempotencyClaim>;
  /** Forgets the claim `token` unless it was completed; nothing happens when another request has taken it over. */
  release(tenantId: number, key: string, token: string): Promise<void>;
  /** Deletes every record that expired at or before `now`; returns how many. */
  purgeExpired(now: Date): Promise<number>;
}
