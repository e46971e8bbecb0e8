import { randomUUID } from 'node:crypto';
import { type Booking, DomainError, type IdempotencyClaim, type IdempotencyCompletion, type IdempotencyStore } from '@campsite/domain';
import type { SqlDatabase, SqlExecutor } from '../sql-executor';

// Takes the key when no row holds it, or when the row there has expired or is a claim gone stale; RETURNING says
// whether this statement was the one that wrote it (a concurrent claim waits for the first one's row, then sees it).
// The claim commits without waiting for the disk (Dialect.unflushedCommit): a claim lost in a crash was for a request
// that never got its booking committed (that commit would have made the claim durable too), so its retry claims again.
const CLAIM =
  'INSERT INTO idempotency_keys (tenant_id, idempotency_key, fingerprint, claim_token, claimed_at, expires_at) VALUES (?, ?, ?, ?, ?, ?) ' +
  'ON CONFLICT (tenant_id, idempotency_key) DO UPDATE SET fingerprint = excluded.fingerprint, claim_token = excluded.claim_token, ' +
  'claimed_at = excluded.claimed_at, expires_at = excluded.expires_at, booking_id = NULL, response = NULL ' +
  'WHERE idempotency_keys.expires_at <= ? OR (idempotency_keys.response IS NULL AND idempotency_keys.claimed_at < ?) ' +
  'RETURNING claim_token';
const HELD = 'SELECT fingerprint, response FROM idempotency_keys WHERE tenant_id = ? AND idempotency_key = ?';
// A row that vanishes between CLAIM and HELD (released in between) is claimed again, a few times at most.
const CLAIM_ATTEMPTS = 3;

/** IdempotencyStore over the `idempotency_keys` table (migration 007), written once for both dialects. */
export class SqlIdempotencyStore implements IdempotencyStore {
  private readonly claimSql: string;

  constructor(private readonly db: SqlDatabase) {
    this.claimSql = CLAIM + db.dialect.unflushedCommit;
  }

  async claim(
    tenantId: number,
    key: string,
    fingerprint: string,
    now: Date,
    staleBefore: Date,
    expiresAt: Date,
  ): Promise<IdempotencyClaim> {
    const { time } = this.db.dialect;
    for (let attempt = 1; ; attempt++) {
      const token = randomUUID();
      const won = await this.db.get<{ claim_token: string }>(this.claimSql, [
        tenantId,
        key,
        fingerprint,
        token,
        time(now),
        time(expiresAt),
        time(now),
        time(staleBefore),
      ]);
      if (won?.claim_token === token) return { kind: 'claimed', token };
      const held = await this.db.get<{ fingerprint: string; response: string | null }>(HELD, [tenantId, key]);
      if (held) {
        return held.response === null
          ? { kind: 'in_use', fingerprint: held.fingerprint }
          : { kind: 'completed', fingerprint: held.fingerprint, response: held.response };
      }
      if (attempt >= CLAIM_ATTEMPTS) return { kind: 'in_use', fingerprint };
    }
  }

  async release(tenantId: number, key: string, token: string): Promise<void> {
    await this.db.run('DELETE FROM idempotency_keys WHERE tenant_id = ? AND idempotency_key = ? AND claim_token = ? AND response IS NULL', [
      tenantId,
      key,
      token,
    ]);
  }

  purgeExpired(now: Date): Promise<number> {
    return this.db.run('DELETE FROM idempotency_keys WHERE expires_at <= ?', [this.db.dialect.time(now)]);
  }
}

/**
 * Completes a claim inside the transaction that inserted `booking` (BookingRepository.insertIfAvailable), so that the
 * booking and the answer a retry gets commit together or not at all.
 * @throws DomainError `idempotency_key_in_use` when the claim is no longer this request's (the caller rolls back)
 */
export async function completeIdempotencyClaim(
  db: SqlDatabase,
  tx: SqlExecutor,
  booking: Booking,
  completion: IdempotencyCompletion,
): Promise<void> {
  const changed = await tx.run(
    'UPDATE idempotency_keys SET response = ?, booking_id = ?, expires_at = ? ' +
      'WHERE tenant_id = ? AND idempotency_key = ? AND claim_token = ? AND response IS NULL',
    [completion.responseOf(booking), booking.id, db.dialect.time(completion.expiresAt), booking.tenantId, completion.key, completion.token],
  );
  if (changed === 0) throw new DomainError('idempotency_key_in_use');
}
