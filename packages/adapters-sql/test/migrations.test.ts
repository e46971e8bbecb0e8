import { join } from 'node:path';
import { aBooking, aSite, aTenant } from '@campsite/domain/testing';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openPersistence } from '../src';
import { loadMigrations } from '../src/migrate';
import { adminQuery, postgresForTests, tempDir, withSchema } from './support/databases';

const postgres = await postgresForTests();

describe('migrations', () => {
  it('have the same versions for both dialects', () => {
    const versions = (d: 'sqlite' | 'postgres') => loadMigrations(d).map((m) => m.version);
    expect(versions('sqlite')).toEqual(versions('postgres'));
    expect(versions('sqlite')[0]).toBe(1);
  });

  describe('SQLite', () => {
    const dir = tempDir('migrate');
    afterAll(() => dir.remove());

    it('creates the parent directory, migrates an empty database and records each version once, idempotently', async () => {
      const file = join(dir.path, 'nested', 'deeper', 'campsite.db');
      const persistence = await openPersistence(`sqlite:${file}`);
      await persistence.migrate();
      await persistence.migrate();
      expect(await persistence.tenants.isEmpty()).toBe(true);
      await persistence.tenants.create({ slug: 'one', name: 'One' });
      await persistence.close();

      const again = await openPersistence(`sqlite:${file}`);
      await again.migrate();
      expect(await again.tenants.isEmpty()).toBe(false);
      await again.close();
    });

    // Version 015: with range samples SQLite prepares each statement with a range on a parameter again at every run.
    it('keeps statistics without range samples, after the migration and after an import', async () => {
      const file = join(dir.path, 'stats.db');
      const persistence = await openPersistence(`sqlite:${file}`);
      await persistence.migrate();
      const stats = new Database(file, { readonly: true });
      const samples = () => Number(stats.prepare('SELECT COUNT(*) FROM sqlite_stat4').pluck().get());
      try {
        expect(samples()).toBe(0);
        await persistence.importer.importTenants([
          aTenant('stats', {
            sites: [aSite({ id: 1 })],
            bookings: Array.from({ length: 50 }, (_, i) =>
              aBooking({ id: i + 1, siteId: 1, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) }),
            ),
          }),
        ]);
        expect(Number(stats.prepare("SELECT COUNT(*) FROM sqlite_stat1 WHERE tbl = 'bookings'").pluck().get())).toBeGreaterThan(0);
        expect(samples()).toBe(0);
      } finally {
        stats.close();
        await persistence.close();
      }
    });

    it('works in memory', async () => {
      const persistence = await openPersistence('sqlite::memory:');
      expect(persistence.dialect).toBe('sqlite');
      expect(persistence.rateLimiter).toBeUndefined();
      await persistence.migrate();
      expect(await persistence.tenants.isEmpty()).toBe(true);
      await persistence.close();
    });
  });

  it('refuses an unknown URL with a clear error that does not echo it', async () => {
    await expect(openPersistence('mysql://root:secret@db/x')).rejects.toThrow(/sqlite: or postgres:\/\//);
    await expect(openPersistence('mysql://root:secret@db/x')).rejects.not.toThrow(/secret/);
    await expect(openPersistence('sqlite:')).rejects.toThrow(/names no file/);
  });

  describe.skipIf(!postgres)('Postgres', () => {
    it('two processes migrating a fresh schema at once both succeed and each version is applied once', async () => {
      const schema = `campsite_migrate_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
      await adminQuery(postgres!.baseUrl, `CREATE SCHEMA ${schema}`);
      const url = withSchema(postgres!.baseUrl, schema);
      const a = await openPersistence(url);
      const b = await openPersistence(url);
      try {
        expect(a.dialect).toBe('postgres');
        expect(a.rateLimiter).toBeDefined();
        await Promise.all([a.migrate(), b.migrate()]);
        await a.migrate();
        const rows = await adminQuery(postgres!.baseUrl, `SELECT version FROM ${schema}.schema_migrations ORDER BY version`);
        expect(rows.rows.map((r) => Number(r.version))).toEqual(loadMigrations('postgres').map((m) => m.version));
        expect(await b.tenants.isEmpty()).toBe(true);
        // Unlogged: a rate-limit hit must not wait for a WAL flush (docs/database-rules.md, "Rate-limit counts").
        const persistence = await adminQuery(
          postgres!.baseUrl,
          'SELECT c.relpersistence FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace ' +
            "WHERE n.nspname = $1 AND c.relname = 'rate_limit_windows'",
          [schema],
        );
        expect(persistence.rows[0]?.relpersistence).toBe('u');
      } finally {
        await Promise.all([a.close(), b.close()]);
        await adminQuery(postgres!.baseUrl, `DROP SCHEMA ${schema} CASCADE`);
      }
    });

    it('sorts site numbers with COLLATE "C" (byte order) whatever the database default is', async () => {
      const persistence = await openPersistence(postgres!.url);
      await persistence.migrate();
      const schema = new URL(postgres!.url).searchParams.get('options')!.split('=')[1];
      const column = await adminQuery(
        postgres!.baseUrl,
        "SELECT collation_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'sites' " +
          "AND column_name = 'site_number'",
        [schema],
      );
      expect(column.rows[0]?.collation_name).toBe('C');
      const slug = `collate-${Date.now()}`;
      const numbers = ['b2', 'B10', 'a1', 'A2', 'Ä1', 'A10', '_1', 'z'];
      await persistence.importer.importTenants([
        {
          slug,
          name: slug,
          apiKeys: [],
          siteTypes: [{ id: 1, name: 't' }],
          users: [],
          bookings: [],
          invoices: [],
          sites: numbers.map((siteNumber, i) => ({
            id: i + 1,
            siteNumber,
            name: '',
            maxOccupants: 2,
            basePricePerNight: 100,
            status: 'active',
            siteTypeId: 1,
          })),
        },
      ]);
      const tenantId = (await persistence.tenants.findBySlug(slug))!.id;
      const listed = (await persistence.sites.list(tenantId, { offset: 0, limit: 20 })).map((s) => s.siteNumber);
      expect(listed).toEqual([...numbers].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y))));
      expect(listed).toEqual(['A10', 'A2', 'B10', '_1', 'a1', 'b2', 'z', 'Ä1']);
      await persistence.close();
    });
  });
});
