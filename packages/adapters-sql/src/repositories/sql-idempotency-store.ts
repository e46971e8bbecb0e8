import { randomUUID } from 'node:crypto';
import { DomainError, type IdempotencyClaim, type IdempotencyCompletion, type IdempotencyStore } from '@campsite/domain';
import type { RawRow, SqlExecutor } from '../sql-executor';
import type { SqlDatabase } from '../sql-database';
import { BOOKING_VALUES, toBooking } from './row-mappers';

// Takes the key when no row holds it, or when the row there has expired or is a claim gone stale; RETURNING says
// whether this statement was the one that wrote it (a concurrent claim waits for the first one's row, then sees it).
const CLAIM =
  'INSERT INTO idempotency_keys (tenant_id, idempotency_key, fingerprint, claim_token, claimed_at, expires_at) VALUES (?, ?, ?, ?, ?, ?) ' +
  'ON CONFLICT (tenant_id, idempotency_key) DO UPDATE SET fingerprint = excluded.fingerprint, claim_token = excluded.claim_token, ' +
  'claimed_at = excluded.claimed_at, expires_at = excluded.expires_at, booking_id = NULL, booking = NULL ' +
  'WHERE idempotency_keys.expires_at <= ? OR (idempotency_keys.booking_id IS NULL AND idempotency_keys.claimed_at < ?) ' +
  'RETURNING claim_token';
const HELD = 'SELECT fingerprint, booking FROM idempotency_keys WHERE tenant_id = ? AND idempotency_key = ?';
// A row that vanishes between CLAIM and HELD (released in between) is claimed again, a few times at most.
const CLAIM_ATTEMPTS = 3;

/** IdempotencyStore over the `idempotency_keys` table (migrations 007 and 018), written once for both dialects. */
export class SqlIdempotencyStore implements IdempotencyStore {
  constructor(private readonly db: SqlDatabase) {}

  async claim(
    tenantId: number,
    key: string,
    fingerprint: string,
    now: Date,
    staleBefore: Date,
    expiresAt: Date,
  ): Promise<IdempotencyClaim> {
    const { dialect } = this.db;
    for (let attempt = 1; ; attempt++) {
      const token = randomUUID();
      const won = await this.db.get<{ claim_token: string }>(CLAIM, [
        tenantId,
        key,
        fingerprint,
        token,
        dialect.time(now),
        dialect.time(expiresAt),
        dialect.time(now),
        dialect.time(staleBefore),
      ]);
      if (won?.claim_token === token) return { kind: 'claimed', token };
      const held = await this.db.get<{ fingerprint: string; booking: string | null }>(HELD, [tenantId, key]);
      if (held) {
        return held.booking === null
          ? { kind: 'in_use', fingerprint: held.fingerprint }
          : { kind: 'completed', fingerprint: held.fingerprint, booking: toBooking(this.db.dialect, JSON.parse(held.booking) as RawRow) };
      }
      if (attempt >= CLAIM_ATTEMPTS) return { kind: 'in_use', fingerprint };
    }
  }

  async release(tenantId: number, key: string, token: string): Promise<void> {
    await this.db.run(
      'DELETE FROM idempotency_keys WHERE tenant_id = ? AND idempotency_key = ? AND claim_token = ? AND booking_id IS NULL',
      [tenantId, key, token],
    );
  }

  purgeExpired(now: Date): Promise<number> {
    return this.db.run('DELETE FROM idempotency_keys WHERE expires_at <= ?', [this.db.dialect.time(now)]);
  }
}

/**
 * Completes a claim inside the transaction that inserted booking `bookingId`, with that booking as the row now holds
 * it, so that the booking and what a retry gets commit together or not at all.
 * @throws DomainError `idempotency_key_in_use` when the claim is no longer this request's (the caller rolls back)
 */
export async function completeIdempotencyClaim(
  db: SqlDatabase,
  tx: SqlExecutor,
  tenantId: number,
  bookingId: number,
  completion: IdempotencyCompletion,
): Promise<void> {
  const snapshot = `(SELECT ${db.dialect.jsonArray(BOOKING_VALUES)} FROM bookings b WHERE b.tenant_id = ? AND b.id = ?)`;
  const changed = await tx.run(
    `UPDATE idempotency_keys SET booking_id = ?, booking = ${snapshot}, expires_at = ? ` +
      'WHERE tenant_id = ? AND idempotency_key = ? AND claim_token = ? AND booking_id IS NULL',
    [bookingId, tenantId, bookingId, db.dialect.time(completion.expiresAt), tenantId, completion.key, completion.token],
  );
  if (changed === 0) throw new DomainError('idempotency_key_in_use');
}
