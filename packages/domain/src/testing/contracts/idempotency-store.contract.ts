import { describe, expect, it } from 'vitest';
import { rejectionOf } from '../rejection-of';
import type { IdempotencyCompletion } from '../../bookings/idempotency';
import { aSite, aTenant } from '../mothers';
import { type AdapterSet, type AdapterSetup, seedTenant, uniqueSlug, useAdapterSet } from './adapter-set';
import { aNewBooking } from './new-booking';

const T0 = new Date('2026-06-01T12:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const DAY = 24 * 60 * 60 * 1000;
const STALE = 60_000;

/** Claims `key` at `now` (default T0) the way CreateBooking does: stale after 60 s, kept for a day. */
function claimAt(set: AdapterSet, tenantId: number, key: string, fingerprint: string, now = T0) {
  return set.idempotency.claim(tenantId, key, fingerprint, now, new Date(now.getTime() - STALE), new Date(now.getTime() + DAY));
}

function completing(key: string, token: string, expiresAt = at(DAY)): IdempotencyCompletion {
  return { key, token, expiresAt };
}

/** The contract of `IdempotencyStore` and of `insertIfAvailable`'s completion (see their TSDoc). */
export function describeIdempotencyStoreContract(name: string, setup: AdapterSetup): void {
  describe(`IdempotencyStore contract: ${name}`, () => {
    const adapters = useAdapterSet(setup);
    const tenant = (set: AdapterSet) =>
      seedTenant(set, aTenant(uniqueSlug('idem'), { sites: [aSite({ id: 1 }), aSite({ id: 2, siteNumber: 'B2' })] }));

    it('claims a new key once; a second claim hears it is in use, with the first fingerprint', async () => {
      const set = adapters();
      const tenantId = await tenant(set);
      const first = await claimAt(set, tenantId, 'key-1', 'fp-a');
      expect(first.kind).toBe('claimed');
      expect(await claimAt(set, tenantId, 'key-1', 'fp-b', at(1000))).toEqual({ kind: 'in_use', fingerprint: 'fp-a' });
    });

    it('completes the claim in the booking transaction; later claims get the booking as it was created', async () => {
      const set = adapters();
      const tenantId = await tenant(set);
      const claim = await claimAt(set, tenantId, 'key-2', 'fp');
      if (claim.kind !== 'claimed') throw new Error('not claimed');
      const booking = await set.bookings.insertIfAvailable(aNewBooking(tenantId), completing('key-2', claim.token));
      expect(booking.siteNumber).toBe('A01');
      expect(await claimAt(set, tenantId, 'key-2', 'fp', at(5000))).toEqual({ kind: 'completed', fingerprint: 'fp', booking });
      // A completed record is never taken over as stale, only once it expires.
      expect((await claimAt(set, tenantId, 'key-2', 'fp', at(DAY - 1))).kind).toBe('completed');
      expect((await claimAt(set, tenantId, 'key-2', 'other', at(DAY))).kind).toBe('claimed');
    });

    it('replays the booking as it was created, whatever any writer did to it since', async () => {
      const set = adapters();
      const tenantId = await tenant(set);
      const claim = await claimAt(set, tenantId, 'key-changed', 'fp');
      if (claim.kind !== 'claimed') throw new Error('not claimed');
      const booking = await set.bookings.insertIfAvailable(
        aNewBooking(tenantId, { guestLastName: 'Room 2147483646' }),
        completing('key-changed', claim.token),
      );
      await set.bookings.updateStatus(tenantId, booking.id, 'pending', 'confirmed', 99_900);
      expect(await claimAt(set, tenantId, 'key-changed', 'fp', at(5000))).toEqual({ kind: 'completed', fingerprint: 'fp', booking });
    });

    it('stores nothing when the booking is refused: the claim stays open until released', async () => {
      const set = adapters();
      const tenantId = await tenant(set);
      const claim = await claimAt(set, tenantId, 'key-3', 'fp');
      if (claim.kind !== 'claimed') throw new Error('not claimed');
      expect(
        (await rejectionOf(set.bookings.insertIfAvailable(aNewBooking(tenantId, { siteId: 99 }), completing('key-3', claim.token)))).code,
      ).toBe('site_unavailable');
      expect((await claimAt(set, tenantId, 'key-3', 'fp', at(1000))).kind).toBe('in_use');
      await set.idempotency.release(tenantId, 'key-3', 'not-the-token');
      expect((await claimAt(set, tenantId, 'key-3', 'fp', at(1000))).kind).toBe('in_use');
      await set.idempotency.release(tenantId, 'key-3', claim.token);
      expect((await claimAt(set, tenantId, 'key-3', 'fp', at(1000))).kind).toBe('claimed');
    });

    it('does not release a completed record', async () => {
      const set = adapters();
      const tenantId = await tenant(set);
      const claim = await claimAt(set, tenantId, 'key-4', 'fp');
      if (claim.kind !== 'claimed') throw new Error('not claimed');
      await set.bookings.insertIfAvailable(aNewBooking(tenantId), completing('key-4', claim.token));
      await set.idempotency.release(tenantId, 'key-4', claim.token);
      expect((await claimAt(set, tenantId, 'key-4', 'fp', at(1000))).kind).toBe('completed');
    });

    it('lets a stale claim be taken over; the old claim can then complete nothing and stores no booking', async () => {
      const set = adapters();
      const tenantId = await tenant(set);
      const old = await claimAt(set, tenantId, 'key-5', 'fp');
      if (old.kind !== 'claimed') throw new Error('not claimed');
      expect((await claimAt(set, tenantId, 'key-5', 'fp', at(STALE - 1))).kind).toBe('in_use');
      const fresh = await claimAt(set, tenantId, 'key-5', 'fp', at(STALE + 1));
      expect(fresh.kind).toBe('claimed');
      const before = await set.bookings.count(tenantId, {});
      const refusal = await rejectionOf(set.bookings.insertIfAvailable(aNewBooking(tenantId), completing('key-5', old.token)));
      expect(refusal.code).toBe('idempotency_key_in_use');
      expect(await set.bookings.count(tenantId, {})).toBe(before);
    });

    it('keeps keys per tenant: the same key claims separately in two tenants', async () => {
      const set = adapters();
      const [a, b] = [await tenant(set), await tenant(set)];
      expect((await claimAt(set, a, 'shared-key', 'fp')).kind).toBe('claimed');
      expect((await claimAt(set, b, 'shared-key', 'fp')).kind).toBe('claimed');
    });

    it('purges exactly the records that have expired', async () => {
      const set = adapters();
      const tenantId = await tenant(set);
      const done = await claimAt(set, tenantId, 'old-done', 'fp');
      if (done.kind !== 'claimed') throw new Error('not claimed');
      await set.bookings.insertIfAvailable(aNewBooking(tenantId), completing('old-done', done.token, at(10_000)));
      await claimAt(set, tenantId, 'old-claim', 'fp');
      await claimAt(set, tenantId, 'young', 'fp', at(DAY));
      // Other tests' rows share the store: only ours are counted.
      await set.idempotency.purgeExpired(at(DAY));
      expect((await claimAt(set, tenantId, 'young', 'fp', at(DAY + 1))).kind).toBe('in_use');
      expect((await claimAt(set, tenantId, 'old-done', 'other', at(1000))).kind).toBe('claimed');
      expect(await set.idempotency.purgeExpired(at(10 * DAY))).toBeGreaterThanOrEqual(2);
    });

    it('admits exactly one of many concurrent claims of one key, from several connections', async () => {
      const set = adapters();
      const tenantId = await tenant(set);
      const others = [set, await set.reopen(), await set.reopen()];
      try {
        const claims = await Promise.all(Array.from({ length: 12 }, (_, i) => claimAt(others[i % others.length]!, tenantId, 'race', 'fp')));
        expect(claims.filter((c) => c.kind === 'claimed')).toHaveLength(1);
        expect(claims.filter((c) => c.kind === 'in_use')).toHaveLength(11);
      } finally {
        await Promise.all(others.slice(1).map((other) => other.close()));
      }
    });
  });
}
