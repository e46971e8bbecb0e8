import { aBooking, aSite, aTenant } from '@campsite/domain/testing';
import { describe, expect, it } from 'vitest';
import { openPersistence } from '../src';
import { adminQuery, postgresForTests, postgresSetup, sqliteSetup } from './support/databases';

const postgres = await postgresForTests();
const postgresPerTenant = await postgresForTests();

/**
 * docs/performance.md, "Data version": the version is the tenant's own. A write of another tenant, or the sender's
 * bookkeeping (WebhookDeliveryStore contract), must not throw away a tenant's kept answers.
 */
describe.each([
  ['SQLite', sqliteSetup],
  ['Postgres', postgresPerTenant ? postgresSetup(postgresPerTenant.url) : null],
] as const)('%s data versions are per tenant', (_name, setup) => {
  it.skipIf(setup === null)('hold still while another tenant writes, through this connection or another', async () => {
    const set = await setup!();
    const other = await set.reopen();
    try {
      await set.importer.importTenants([
        aTenant('version-mine', { sites: [aSite({ id: 1 })] }),
        aTenant('version-theirs', { sites: [aSite({ id: 1 })], bookings: [aBooking({ id: 1, siteId: 1 })] }),
      ]);
      const mine = (await set.tenants.findBySlug('version-mine'))!.id;
      const theirs = (await set.tenants.findBySlug('version-theirs'))!.id;
      const before = await set.versions.versionOf(mine);
      const theirsBefore = await set.versions.versionOf(theirs);
      await set.bookings.updateStatus(theirs, 1, 'pending', 'confirmed', 100);
      await other.bookings.updateStatus(theirs, 1, 'confirmed', 'cancelled', 0);
      expect(await set.versions.versionOf(mine)).toEqual(before);
      expect(await set.versions.versionOf(theirs)).not.toEqual(theirsBefore);
    } finally {
      await other.close();
      await set.close();
    }
  });
});

/**
 * DataVersions on Postgres, beyond the shared contract: the version of a tenant id never repeats, even when every
 * table was emptied (TRUNCATE ... RESTART IDENTITY, as a test harness or a restore might do) and the tenant imported
 * again under its old id while a server kept what it had read.
 */
describe.skipIf(!postgres)('Postgres data versions', () => {
  it('never come back after the tables were emptied and the tenant imported again under the same id', async () => {
    const url = postgres!.url;
    const persistence = await openPersistence(url, { poolSize: 2 });
    try {
      await persistence.migrate();
      const snapshot = aTenant('versions-reset', { sites: [aSite({ id: 1 })], bookings: [aBooking({ id: 1 })] });
      await persistence.importer.importTenants([snapshot]);
      const first = (await persistence.tenants.findBySlug('versions-reset'))!;
      const before = await persistence.versions.versionOf(first.id);

      const schema = new URL(url).searchParams.get('options')!.replace('-c search_path=', '');
      await adminQuery(
        postgres!.baseUrl,
        `TRUNCATE ${['invoices', 'bookings', 'booking_counts', 'users', 'sites', 'site_types', 'api_keys', 'tenant_counters', 'tenants']
          .map((t) => `${schema}.${t}`)
          .join(', ')} RESTART IDENTITY CASCADE`,
      );
      await persistence.importer.importTenants([snapshot]);
      const again = (await persistence.tenants.findBySlug('versions-reset'))!;
      expect(again.id).toBe(first.id);
      expect(await persistence.versions.versionOf(again.id)).not.toEqual(before);
    } finally {
      await persistence.close();
    }
  });
});
