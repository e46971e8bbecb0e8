import { aBooking, aSite, aTenant } from '@campsite/domain/testing';
import { describe, expect, it } from 'vitest';
import { openPersistence } from '../src';
import { SqlDataVersions } from '../src/repositories/sql-data-versions';
import type { SqlDatabase } from '../src/sql-executor';
import { adminQuery, postgresForTests, postgresSetup, sqliteSetup } from './support/databases';

const postgres = await postgresForTests();
const postgresPerTenant = await postgresForTests();

/**
 * docs/database-rules.md: the stamp is the tenant's own. A write of another tenant, or the sender's bookkeeping
 * (WebhookDeliveryStore contract), must not throw away a tenant's kept reads; on SQLite it once was the engine's
 * database-wide change counter, and webhook deliveries made every cached page a miss.
 */
describe.each([
  ['SQLite', sqliteSetup],
  ['Postgres', postgresPerTenant ? postgresSetup(postgresPerTenant.url) : null],
] as const)('%s data stamps are per tenant', (_name, setup) => {
  it.skipIf(setup === null)('hold still while another tenant writes, through this connection or another', async () => {
    const set = await setup!();
    const other = await set.reopen();
    try {
      await set.importer.importTenants([
        aTenant('stamp-mine', { sites: [aSite({ id: 1 })] }),
        aTenant('stamp-theirs', { sites: [aSite({ id: 1 })], bookings: [aBooking({ id: 1, siteId: 1 })] }),
      ]);
      const mine = (await set.tenants.findBySlug('stamp-mine'))!.id;
      const theirs = (await set.tenants.findBySlug('stamp-theirs'))!.id;
      const before = await set.versions.stampOf(mine);
      const theirsBefore = await set.versions.stampOf(theirs);
      await set.bookings.updateStatus(theirs, 1, 'pending', 'confirmed', 100);
      await other.bookings.updateStatus(theirs, 1, 'confirmed', 'cancelled', 0);
      expect(await set.versions.stampOf(mine)).toEqual(before);
      expect(await set.versions.stampOf(theirs)).not.toEqual(theirsBefore);
    } finally {
      await other.close();
      await set.close();
    }
  });
});

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

/**
 * SqlDataVersions over an engine that keeps a change counter (SQLite's `PRAGMA data_version`, which costs a read
 * transaction): the counter is read once for all the calls of one turn, after the last of them asked, and the
 * tenant's row only when the counter moved.
 */
describe('engine counter reads', () => {
  function engine(start: number) {
    const db = {
      counter: start,
      counterReads: 0,
      rowReads: 0,
      dialect: { dataStamp: 'data_version', keyStamp: 'key_version' },
      engineStamp() {
        db.counterReads++;
        return db.counter;
      },
      failNext: false,
      async getShared() {
        db.rowReads++;
        if (db.failNext) {
          db.failNext = false;
          throw new Error('connection lost');
        }
        return { v: `d${db.counter}`, k: `k${db.counter}` };
      },
    };
    return db;
  }
  const turn = () => new Promise((resolve) => setImmediate(resolve));

  it('are one per turn for every call of that turn, and the row is read again only after the counter moved', async () => {
    const db = engine(1);
    const versions = new SqlDataVersions(db as unknown as SqlDatabase);
    const readsAtStart = db.counterReads;
    const first = await Promise.all(Array.from({ length: 20 }, () => versions.stampsOf(5)));
    expect(db.counterReads - readsAtStart).toBe(1);
    expect(db.rowReads).toBe(1);
    expect(new Set(first.map((s) => `${s.data}/${s.keys}`))).toEqual(new Set(['d1/k1']));

    await Promise.all(Array.from({ length: 5 }, () => versions.stampOf(5)));
    expect(db.counterReads - readsAtStart).toBe(2);
    expect(db.rowReads).toBe(1);

    db.counter = 2;
    expect(await versions.stampsOf(5)).toEqual({ data: 'd2', keys: 'k2' });
    expect(db.rowReads).toBe(2);
  });

  it('see a commit made after the first call of the turn but before the turn ended', async () => {
    const db = engine(1);
    const versions = new SqlDataVersions(db as unknown as SqlDatabase);
    await versions.stampsOf(5);
    const early = versions.stampsOf(5);
    // Another connection commits while this turn still runs: the counter is read at the turn's end, so the call
    // made before the commit gets a stamp at least as new as it, never one older than a call of its own would.
    db.counter = 3;
    const late = versions.stampsOf(5);
    await turn();
    expect(await early).toEqual({ data: 'd3', keys: 'k3' });
    expect(await late).toEqual({ data: 'd3', keys: 'k3' });
  });

  it('keep no failed read of the row: the next call reads it again', async () => {
    const db = engine(1);
    const versions = new SqlDataVersions(db as unknown as SqlDatabase);
    db.failNext = true;
    await expect(versions.stampsOf(5)).rejects.toThrow('connection lost');
    expect(await versions.stampsOf(5)).toEqual({ data: 'd1', keys: 'k1' });
    expect(db.rowReads).toBe(2);
  });
});
