import { describe, expect, it } from 'vitest';
import type { NewApiKey } from '../../api-keys/api-key-repository';
import type { DataStamp } from '../../shared/data-versions';
import { aBooking, aSite, aTenant, aUser, anInvoice } from '../mothers';
import { type AdapterSet, type AdapterSetup, seedTenant, uniquePrefix, uniqueSlug, useAdapterSet } from './adapter-set';

function aKey(tenantId: number): NewApiKey {
  return {
    tenantId,
    name: 'mirror',
    prefix: uniquePrefix(),
    secretHash: '$2b$04$abcdefghijklmnopqrstuu5Q0t7u0c0fP0fS2bq3y9oPp0Xo1Qm6K',
    scopes: ['bookings:read'],
    expiresAt: null,
  };
}

/**
 * Checks of a stamp that must never come back: each call reads it again and expects a value not seen before (the
 * first read included). `name` says which stamp failed.
 */
async function neverSeenBefore(name: string, read: () => Promise<DataStamp>): Promise<(what: string) => Promise<void>> {
  const seen: DataStamp[] = [await read()];
  return async (what) => {
    const stamp = await read();
    expect(seen, `${name} after ${what}`).not.toContain(stamp);
    seen.push(stamp);
  };
}

/**
 * The contract of `DataVersions` (see its TSDoc): the stamp holds still while only reads happen, and every committed
 * write to the tenant, through these adapters or through a second connection to the same data, gives a stamp never
 * seen before.
 */
export function describeDataVersionsContract(name: string, setup: AdapterSetup): void {
  describe(`DataVersions contract: ${name}`, () => {
    const adapters = useAdapterSet(setup);

    async function aTenantWithRows(set: AdapterSet): Promise<number> {
      return seedTenant(
        set,
        aTenant(uniqueSlug('stamps'), {
          sites: [aSite({ id: 1 }), aSite({ id: 2 })],
          bookings: [aBooking({ id: 1, status: 'pending', checkInDate: '2026-07-01', checkOutDate: '2026-07-03' })],
          users: [aUser({ id: 1 })],
          invoices: [anInvoice({ id: 1 })],
        }),
      );
    }

    it('holds still while the tenant is only read', async () => {
      const set = adapters();
      const tenantId = await aTenantWithRows(set);
      const key = await set.apiKeys.create(aKey(tenantId));
      const before = await set.versions.stampOf(tenantId);
      await set.bookings.count(tenantId, {});
      await set.bookings.list(tenantId, { status: 'pending' }, { offset: 0, limit: 10 });
      await set.bookings.findById(tenantId, 1);
      await set.sites.list(tenantId, { offset: 0, limit: 10 });
      await set.customers.count(tenantId);
      await set.invoices.list(tenantId, { offset: 0, limit: 10 });
      await set.apiKeys.findByPrefix(key.prefix);
      await set.apiKeys.listByTenant(tenantId);
      expect(await set.versions.stampOf(tenantId)).toEqual(before);
    });

    it('changes with every committed write to the tenant, and never returns to an earlier value', async () => {
      const set = adapters();
      const tenantId = await aTenantWithRows(set);
      const expectNewStamp = await neverSeenBefore('stamp', () => set.versions.stampOf(tenantId));

      const { id: _id, ...stay } = aBooking({ checkInDate: '2026-09-01', checkOutDate: '2026-09-02' });
      const created = await set.bookings.insertIfAvailable({
        ...stay,
        tenantId,
        status: 'pending',
        source: 'online',
        bookingReference: `V${uniquePrefix().slice(3)}0000`,
      });
      await expectNewStamp('a created booking');
      await set.bookings.updateStatus(tenantId, created.id, 'pending', 'confirmed', 4200);
      await expectNewStamp('a status change');
      const key = await set.apiKeys.create(aKey(tenantId));
      await expectNewStamp('a created key');
      await set.apiKeys.revoke(tenantId, key.prefix, set.clock.now());
      await expectNewStamp('a revocation');
    });

    it('gives a key stamp that moves with every change of a key, by anyone, and never returns', async () => {
      const set = adapters();
      const tenantId = await aTenantWithRows(set);
      const other = await set.reopen();
      try {
        expect((await set.versions.stampsOf(tenantId)).data).toEqual(await set.versions.stampOf(tenantId));
        const expectNewKeyStamp = await neverSeenBefore('key stamp', async () => (await set.versions.stampsOf(tenantId)).keys);
        const key = await set.apiKeys.create(aKey(tenantId));
        await expectNewKeyStamp('a created key');
        expect(await set.apiKeys.replaceSecretHash(key.id, key.secretHash, '$2b$04$another')).toBe(true);
        await expectNewKeyStamp('a re-hashed key');
        await other.apiKeys.revoke(tenantId, key.prefix, set.clock.now());
        await expectNewKeyStamp('a revocation through another connection');
        const held = await set.versions.stampsOf(tenantId);
        await set.apiKeys.findByPrefix(key.prefix);
        await set.apiKeys.listByTenant(tenantId);
        expect(await set.versions.stampsOf(tenantId), 'reading keys').toEqual(held);
      } finally {
        await other.close();
      }
    });

    it('sees writes made through another connection to the same data', async () => {
      const set = adapters();
      const tenantId = await aTenantWithRows(set);
      const other = await set.reopen();
      try {
        const before = await set.versions.stampOf(tenantId);
        await other.bookings.updateStatus(tenantId, 1, 'pending', 'cancelled', 0);
        const afterStatus = await set.versions.stampOf(tenantId);
        expect(afterStatus).not.toEqual(before);
        const key = await other.apiKeys.create(aKey(tenantId));
        await other.apiKeys.revoke(tenantId, key.prefix, set.clock.now());
        expect(await set.versions.stampOf(tenantId)).not.toEqual(afterStatus);
      } finally {
        await other.close();
      }
    });
  });
}
