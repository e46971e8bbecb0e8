import { aBooking, aSite, aTenant } from '@campsite/domain/testing';
import { describe, expect, it } from 'vitest';
import { openPersistence } from '../src';
import { adminQuery, postgresForTests } from './support/databases';

const postgres = await postgresForTests('data versions');

/**
 * DataVersions on Postgres, beyond the shared contract: the stamp of a tenant id never repeats, even when every
 * table was emptied (TRUNCATE ... RESTART IDENTITY, as a test harness or a restore might do) and the tenant imported
 * again under its old id while a server kept what it had read.
 */
describe.skipIf(!postgres)('Postgres data stamps', () => {
  it('never come back after the tables were emptied and the tenant imported again under the same id', async () => {
    const url = postgres!.url;
    const persistence = await openPersistence(url, { poolSize: 2 });
    try {
      await persistence.migrate();
      const snapshot = aTenant('stamps-reset', { sites: [aSite({ id: 1 })], bookings: [aBooking({ id: 1 })] });
      await persistence.importer.importTenants([snapshot]);
      const first = (await persistence.tenants.findBySlug('stamps-reset'))!;
      const before = await persistence.versions.stampOf(first.id);

      const schema = new URL(url).searchParams.get('options')!.replace('-c search_path=', '');
      await adminQuery(
        postgres!.baseUrl,
        `TRUNCATE ${['invoices', 'bookings', 'booking_counts', 'users', 'sites', 'site_types', 'api_keys', 'tenant_counters', 'tenants']
          .map((t) => `${schema}.${t}`)
          .join(', ')} RESTART IDENTITY CASCADE`,
      );
      await persistence.importer.importTenants([snapshot]);
      const again = (await persistence.tenants.findBySlug('stamps-reset'))!;
      expect(again.id).toBe(first.id);
      expect(await persistence.versions.stampOf(again.id)).not.toEqual(before);
    } finally {
      await persistence.close();
    }
  });
});
