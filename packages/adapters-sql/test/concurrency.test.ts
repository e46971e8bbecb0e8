import { join } from 'node:path';
import { isDomainError } from '@campsite/domain';
import { aSite, aTenant } from '@campsite/domain/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { openPersistence } from '../src';
import { runTogether } from './support/children';
import { aRaceBooking } from './support/race-booking';
import { postgresForTests, tempDir } from './support/databases';

const postgres = await postgresForTests();

/** docs/api-behaviour.md §2.4, rule 8 across processes: exactly one of many overlapping creates for one site succeeds. */
describe('overlapping creates from several processes', () => {
  it.skipIf(!postgres)('Postgres: 20 parallel creates through 4 separate pools give exactly one booking', async () => {
    const pools = await Promise.all(Array.from({ length: 4 }, () => openPersistence(postgres!.url, { poolSize: 5 })));
    try {
      await pools[0]!.migrate();
      const slug = `race-${Date.now()}`;
      await pools[0]!.importer.importTenants([aTenant(slug, { sites: [aSite({ id: 1 })] })]);
      const tenantId = (await pools[0]!.tenants.findBySlug(slug))!.id;
      const attempts = Array.from({ length: 20 }, (_, i) =>
        pools[i % 4]!.bookings.insertIfAvailable(aRaceBooking(tenantId, `RACE${String(i).padStart(6, '0')}`, i)),
      );
      const outcomes = await Promise.allSettled(attempts);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      for (const o of outcomes) if (o.status === 'rejected') expect(isDomainError(o.reason, 'site_unavailable')).toBe(true);
      expect(await pools[3]!.bookings.count(tenantId, {})).toBe(1);
      expect(await pools[2]!.bookings.count(tenantId, { status: 'pending' })).toBe(1);
    } finally {
      await Promise.all(pools.map((p) => p.close()));
    }
  });

  describe('SQLite: two processes on one file', () => {
    const dir = tempDir('race');
    afterAll(() => dir.remove());

    it('open a fresh file and migrate it at the same moment without harm (four processes)', async () => {
      const file = join(dir.path, 'migrate.db');
      const results = await runTogether(Array.from({ length: 4 }, () => [file, 'migrate']));
      expect(results).toEqual(Array.from({ length: 4 }, () => ({ migrated: true })));
      const persistence = await openPersistence(`sqlite:${file}`);
      await persistence.migrate();
      expect(await persistence.tenants.isEmpty()).toBe(true);
      await persistence.close();
    });

    it('let exactly one of 20 overlapping creates succeed', async () => {
      const file = join(dir.path, 'race.db');
      const setup = await openPersistence(`sqlite:${file}`);
      await setup.migrate();
      await setup.importer.importTenants([aTenant('race', { sites: [aSite({ id: 1 })] })]);
      const tenantId = (await setup.tenants.findBySlug('race'))!.id;
      await setup.close();

      const results = await runTogether([
        [file, 'insert', String(tenantId), '10'],
        [file, 'insert', String(tenantId), '10'],
      ]);
      for (const r of results) expect(r.other).toEqual([]);
      expect(results.reduce((sum, r) => sum + Number(r.created), 0)).toBe(1);
      expect(results.reduce((sum, r) => sum + Number(r.unavailable), 0)).toBe(19);

      const check = await openPersistence(`sqlite:${file}`);
      expect(await check.bookings.count(tenantId, {})).toBe(1);
      expect((await check.bookings.list(tenantId, {}, { offset: 0, limit: 5 })).map((b) => b.id)).toEqual([1]);
      await check.close();
    });
  });
});
