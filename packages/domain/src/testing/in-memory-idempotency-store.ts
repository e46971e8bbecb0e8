import type { IdempotencyClaim, IdempotencyStore } from '../bookings/idempotency';
import { InMemoryStore } from './in-memory-store';

export const idempotencyId = (tenantId: number, key: string) => `${tenantId}\u0000${key}`;

export class InMemoryIdempotencyStore implements IdempotencyStore {
  private tokens = 0;

  constructor(private readonly store: InMemoryStore) {}

  async claim(
    tenantId: number,
    key: string,
    fingerprint: string,
    now: Date,
    staleBefore: Date,
    expiresAt: Date,
  ): Promise<IdempotencyClaim> {
    const id = idempotencyId(tenantId, key);
    const held = this.store.idempotency.get(id);
    const free = !held || held.expiresAt <= now || (held.booking === null && held.claimedAt < staleBefore);
    if (held && !free) {
      return held.booking === null
        ? { kind: 'in_use', fingerprint: held.fingerprint }
        : { kind: 'completed', fingerprint: held.fingerprint, booking: held.booking };
    }
    const token = `claim-${++this.tokens}`;
    this.store.idempotency.set(id, { fingerprint, token, claimedAt: now, expiresAt, booking: null });
    return { kind: 'claimed', token };
  }

  async release(tenantId: number, key: string, token: string): Promise<void> {
    const id = idempotencyId(tenantId, key);
    const held = this.store.idempotency.get(id);
    if (held && held.token === token && held.booking === null) this.store.idempotency.delete(id);
  }

  async purgeExpired(now: Date): Promise<number> {
    let purged = 0;
    for (const [id, record] of this.store.idempotency) {
      if (record.expiresAt <= now) {
        this.store.idempotency.delete(id);
        purged++;
      }
    }
    return purged;
  }
}
