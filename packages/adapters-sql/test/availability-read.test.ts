import { GetAvailability, type Principal } from '@campsite/domain';
import { FixedClock, aBooking, aSite, aTenant } from '@campsite/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SQL_ACCELERATORS } from '../src/accelerators';
import { migrate } from '../src/migrate';
import { SqlSiteRepository } from '../src/repositories/sql-list-repositories';
import { SqlTenantImporter } from '../src/repositories/sql-tenant-importer';
import type { SqlDatabase } from '../src/sql-database';
import { postgresForTests } from './support/databases';
import { type TestEngine, bookingsOn, postgresEngine, postgresPlan, recording, sqliteEngine, sqlitePlan } from './support/query-plans';

// docs/channel-managers.md, "Availability": a page of availability costs one read of its sites and one indexed read of
// their stays, whatever the number of sites (a year over 500 sites is one statement per page, not 500).

const SITES = 30;
/** A page of a sixth of the sites, as 200 of 500 would be in a big tenant. */
const PAGE = 5;
/** Stays per site, a month apart from 2020 on; the last three are ahead (pending or confirmed). */
const HISTORY = 60;
const day = (n: number) => new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

/** The plan of `sql` as one text: SQLite's EXPLAIN QUERY PLAN, or Postgres's EXPLAIN with sequential scans ruled out. */
type PlanOf = (db: SqlDatabase, sql: string, params: readonly unknown[]) => Promise<string>;

function describeAvailabilityRead(name: string, open: () => Promise<TestEngine>, planOf: PlanOf): void {
  describe(`availability reads: ${name}`, () => {
    let engine: SqlDatabase;
    let done: () => Promise<void>;
    let principal: Principal;
    beforeAll(async () => {
      ({ db: engine, done } = await open());
      await migrate(engine);
      const slug = `avail-${Math.random().toString(36).slice(2, 8)}`;
      const sites = Array.from({ length: SITES }, (_, i) => aSite({ id: i + 1, siteNumber: `S${String(i + 1).padStart(2, '0')}` }));
      // Shaped like a real tenant, whose statistics the import gathers: years of completed stays per site, a few
      // cancelled, and the pending or confirmed ones ahead; one of those inside the window on every site.
      const bookings = sites.flatMap((site, i) =>
        Array.from({ length: HISTORY }, (_, j) =>
          aBooking({
            id: i * HISTORY + j + 1,
            siteId: site.id,
            status: j < HISTORY - 3 ? (j % 7 === 0 ? 'cancelled' : 'completed') : j % 2 === 0 ? 'confirmed' : 'pending',
            checkInDate: day(j * 30 + (i % 5)),
            checkOutDate: day(j * 30 + (i % 5) + 3),
            bookingReference: `R${String(i * HISTORY + j).padStart(9, '0')}`,
          }),
        ),
      );
      await new SqlTenantImporter(engine, new FixedClock(), true).importTenants([aTenant(slug, { sites, bookings })]);
      const [row] = await engine.rows('SELECT id FROM tenants WHERE slug = ?', [slug]);
      principal = { tenantId: Number(row![0]), keyId: 1, prefix: 'ck_test0', scopes: ['bookings:read'] };
    });
    afterAll(() => done?.());

    it('reads a page of sites with one statement for their stays, on the stays index', async () => {
      const { db, reads } = recording(engine);
      const availability = new GetAvailability(new SqlSiteRepository(db, ALL_SQL_ACCELERATORS), bookingsOn(db), {
        consistent: (work) => db.consistent(work),
      });
      const window = { from: day(HISTORY * 30 - 100), to: day(HISTORY * 30 + 266) };
      const page = await availability.execute(principal, window, { page: 2, pageSize: PAGE });
      expect(page.results).toHaveLength(PAGE);
      expect(page.results.every(({ free }) => free.length === 4)).toBe(true);
      const stayReads = reads.filter(({ sql }) => /\bFROM bookings\b/.test(sql));
      expect(stayReads).toHaveLength(1);
      const plan = await planOf(engine, stayReads[0]!.sql, stayReads[0]!.params);
      expect(plan).toContain('bookings_site_status_stay');
      // The departure date bounds the range inside the index: earlier stays of the site are not walked.
      expect(plan).toMatch(/check_out_date ?> ?/);
    });
  });
}

describeAvailabilityRead(
  'sqlite',
  () => sqliteEngine('availability'),
  async (db, sql, params) => {
    const plan = await sqlitePlan(db, sql, params);
    // Served from the index alone: never a scan of the table, nor a lookup of its rows.
    expect(plan).not.toMatch(/\bSCAN bookings\b/);
    expect(plan).toMatch(/USING COVERING INDEX/);
    return plan;
  },
);

const postgres = await postgresForTests();
if (postgres) {
  describeAvailabilityRead(
    'postgres',
    () => postgresEngine(postgres.url),
    // A few test rows make a sequential scan the cheapest plan; ruling it out shows which index the query can use.
    postgresPlan,
  );
} else {
  describe('availability reads: postgres', () => it.skip('Postgres unavailable (named at the end of the run)'));
}
