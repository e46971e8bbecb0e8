import { join } from 'node:path';
import type { PricedLine } from '@campsite/domain';
import {
  aBooking,
  aRestriction,
  aSite,
  aTariff,
  aTenant,
  aTouristTax,
  aUser,
  anExtra,
  anInvoice,
  someBillingDetails,
  playInSandbox,
  uniquePrefix,
} from '@campsite/domain/testing';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Persistence, openPersistence } from '../src';
import { TENANT_TABLES } from '../src/repositories/tenant-removal';
import { TEST_SEALING_KEY, postgresForTests, tempDir } from './support/databases';

// docs/operations.md, "A sandbox for an integrator": a reset deletes every row of the sandbox, in every table that has
// one, whichever tables a later migration adds. The tenant's rows are found by the schema's own catalog.

const postgres = await postgresForTests();

/** The engine's catalog and row counts, by plain SQL beside the service's connections. */
interface Catalog {
  tablesWithTenantId(): Promise<string[]>;
  rowsOf(table: string, tenantId: number): Promise<number>;
  close(): void;
}

const LINE: PricedLine = {
  position: 1,
  kind: 'pitch',
  code: null,
  description: 'Pitch',
  quantity: 2000,
  unitPrice: 3000,
  vatRate: 380,
  amount: 6000,
};

/** A sandbox with a row in every table a tenant has rows in: as seeded, then as an integrator leaves it. */
async function aFullSandbox(persistence: Persistence, slug: string): Promise<number> {
  await persistence.importer.importTenants([
    {
      ...aTenant(slug, {
        apiKeys: [{ name: 'k', prefix: uniquePrefix(), secretHash: 'h', scopes: ['bookings:read'], expiresAt: null, revoked: false }],
        sites: [aSite({ id: 1 })],
        users: [aUser({ id: 1 })],
        bookings: [aBooking({ id: 1, siteId: 1 })],
        invoices: [anInvoice({ id: 1, bookingId: 1, lines: [LINE] })],
        tariff: aTariff({ restrictions: [aRestriction()], extras: [anExtra()], touristTax: aTouristTax() }),
        billing: someBillingDetails(),
      }),
      sandbox: true,
    },
  ]);
  const tenantId = (await persistence.tenants.findBySlug(slug))!.id;
  await playInSandbox(persistence, tenantId, new Date());
  return tenantId;
}

function describeRemoval(engine: string, open: () => Promise<{ persistence: Persistence; catalog: Catalog }>) {
  describe(`a sandbox's reset on ${engine}`, () => {
    it('deletes its rows from every table with a tenant_id, and names each such table in TENANT_TABLES', async () => {
      const { persistence, catalog } = await open();
      try {
        await persistence.migrate();
        const slug = `sandbox-${process.pid}`;
        const oldId = await aFullSandbox(persistence, slug);
        // A tenant made after it, so that the next tenant id is not the sandbox's on any engine.
        await persistence.tenants.create({ slug: `later-${process.pid}`, name: 'Later' });
        const tables = (await catalog.tablesWithTenantId()).filter((t) => t !== 'change_capture_paused').sort();
        expect(tables).toEqual([...TENANT_TABLES].sort());
        for (const table of tables) expect(await catalog.rowsOf(table, oldId), table).toBeGreaterThan(0);

        await persistence.importer.replaceSandbox(aTenant(slug));

        const newId = (await persistence.tenants.findBySlug(slug))!.id;
        expect(newId).not.toBe(oldId);
        for (const table of [...tables, 'change_capture_paused']) expect(await catalog.rowsOf(table, oldId), table).toBe(0);
        expect(await catalog.rowsOf('change_capture_paused', newId)).toBe(0);
      } finally {
        catalog.close();
        await persistence.close();
      }
    });
  });
}

describeRemoval('SQLite', async () => {
  const dir = tempDir('sandbox');
  afterAll(() => dir.remove());
  const file = join(dir.path, 'campsite.db');
  const persistence = await openPersistence(`sqlite:${file}`, { sealingKeys: [TEST_SEALING_KEY] });
  let db: Database.Database | undefined;
  const sqlite = () => (db ??= new Database(file, { readonly: true }));
  return {
    persistence,
    catalog: {
      async tablesWithTenantId() {
        const sql = "SELECT m.name FROM sqlite_master m, pragma_table_info(m.name) c WHERE m.type = 'table' AND c.name = 'tenant_id'";
        return sqlite().prepare(sql).pluck().all() as string[];
      },
      async rowsOf(table, tenantId) {
        return Number(sqlite().prepare(`SELECT count(*) FROM ${table} WHERE tenant_id = ?`).pluck().get(tenantId));
      },
      close: () => db?.close(),
    },
  };
});

if (postgres) {
  describeRemoval('PostgreSQL', async () => {
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    return {
      persistence: await openPersistence(postgres.url, { sealingKeys: [TEST_SEALING_KEY] }),
      catalog: {
        async tablesWithTenantId() {
          const sql =
            "SELECT table_name FROM information_schema.columns WHERE column_name = 'tenant_id' AND table_schema = current_schema()";
          return (await client.query<{ table_name: string }>(sql)).rows.map((row) => row.table_name);
        },
        async rowsOf(table, tenantId) {
          return Number((await client.query(`SELECT count(*) AS n FROM ${table} WHERE tenant_id = $1`, [tenantId])).rows[0].n);
        },
        close: () => void client.end(),
      },
    };
  });
} else {
  describe("a sandbox's reset on PostgreSQL", () => it.skip('Postgres unavailable (named at the end of the run)'));
}
