import { describe, expect, it } from 'vitest';
import type { NewApiKey } from '../../api-keys/api-key-repository';
import type { DataVersion } from '../../shared/data-versions';
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
 * Checks of a version that must never come back: each call reads it again and expects a value not seen before (the
 * first read included). `name` says which version failed.
 */
async function neverSeenBefore(name: string, read: () => Promise<DataVersion>): Promise<(what: string) => Promise<void>> {
  const seen: DataVersion[] = [await read()];
  return async (what) => {
    const version = await read();
    expect(seen, `${name} after ${what}`).not.toContain(version);
    seen.push(version);
  };
}

/**
 * The contract of `DataVersions` (see its TSDoc): the version holds still while only reads happen, and every committed
 * write to the tenant, through these adapters or through a second connection to the same data, gives a version never
 * seen before.
 */
export function describeDataVersionsContract(name: string, setup: AdapterSetup): void {
  describe(`DataVersions contract: ${name}`, () => {
    const adapters = useAdapterSet(setup);

    async function aTenantWithRows(set: AdapterSet): Promise<number> {
      return seedTenant(
        set,
        aTenant(uniqueSlug('versions'), {
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
      const before = await set.versions.versionOf(tenantId);
      await set.bookings.count(tenantId, {});
      await set.bookings.list(tenantId, { status: 'pending' }, { offset: 0, limit: 10 });
      await set.bookings.findById(tenantId, 1);
      await set.sites.list(tenantId, { offset: 0, limit: 10 });
      await set.customers.count(tenantId);
      await set.invoices.list(tenantId, { offset: 0, limit: 10 });
      await set.apiKeys.findByPrefix(key.prefix);
      await set.apiKeys.listByTenant(tenantId);
      expect(await set.versions.versionOf(tenantId)).toEqual(before);
    });

    it('changes with every committed write to the tenant, and never returns to an earlier value', async () => {
      const set = adapters();
      const tenantId = await aTenantWithRows(set);
      const expectNewVersion = await neverSeenBefore('data version', () => set.versions.versionOf(tenantId));

      const { id: _id, ...stay } = aBooking({ checkInDate: '2026-09-01', checkOutDate: '2026-09-02' });
      const created = await set.bookings.insertIfAvailable({
        ...stay,
        tenantId,
        status: 'pending',
        source: 'online',
        quoteId: null,
        extras: [],
        lines: [],
        bookingReference: `V${uniquePrefix().slice(3)}0000`,
      });
      await expectNewVersion('a created booking');
      await set.bookings.updateStatus(tenantId, created.id, 'pending', 'confirmed', 4200);
      await expectNewVersion('a status change');
    });

    it('sees writes made through another connection to the same data', async () => {
      const set = adapters();
      const tenantId = await aTenantWithRows(set);
      const other = await set.reopen();
      try {
        const before = await set.versions.versionOf(tenantId);
        await other.bookings.updateStatus(tenantId, 1, 'pending', 'cancelled', 0);
        const afterStatus = await set.versions.versionOf(tenantId);
        expect(afterStatus).not.toEqual(before);
      } finally {
        await other.close();
      }
    });
  });
}
