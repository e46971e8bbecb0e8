import { aBooking, aSite, aTenant, aUser, anInvoice } from '@campsite/domain/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type QueryObserver, openPersistence } from '../src';
import { PgDatabase } from '../src/postgres/pg-database';
import { BOOKING_COLUMNS, bookingRow } from '../src/repositories/booking-inserts';
import { REFERENCE_PROBLEMS, TRIGGERS_A_LOAD_DOES_ITSELF, checkLoadedReferences } from '../src/repositories/bulk-load';
import { adminQuery, postgresForTests } from './support/databases';

// docs/database-rules.md §1, "Bulk loads": a PostgreSQL import turns the loaded tables' row triggers off, foreign keys included,
// only where every such trigger is one whose work it does itself, and checks the references once after the load.

const plain = await postgresForTests();
const withPlatformTrigger = await postgresForTests();

/** The statements PostgresDialect turns a load's row triggers off and on with. */
const SWITCH = {
  off: "SELECT set_config('session_replication_role', 'replica', true)",
  on: "SELECT set_config('session_replication_role', 'origin', true)",
};

function statements(): QueryObserver & { seen: string[] } {
  const seen: string[] = [];
  return {
    seen,
    observe(_operation, sql, run) {
      seen.push(sql);
      return run();
    },
  };
}

let tenants = 0;
const aLoad = () =>
  aTenant(`bulk-${process.pid}-${++tenants}`, {
    sites: [aSite({ id: 1 }), aSite({ id: 2 })],
    users: [aUser({ id: 1 }), aUser({ id: 2, role: 'staff' })],
    bookings: [
      aBooking({ id: 1, customerId: 1 }),
      aBooking({ id: 2, siteId: 2 }),
      aBooking({ id: 3, siteId: 2, checkInDate: '2027-01-01', checkOutDate: '2027-01-03' }),
    ],
    invoices: [anInvoice({ id: 1, bookingId: 1 }), anInvoice({ id: 2, bookingId: null })],
  });

async function importObserved(url: string) {
  const observer = statements();
  const persistence = await openPersistence(url, { queryObserver: observer });
  try {
    await persistence.migrate();
    observer.seen.length = 0;
    const load = aLoad();
    await persistence.importer.importTenants([load]);
    const tenantId = (await persistence.tenants.findBySlug(load.slug))!.id;
    return {
      seen: observer.seen,
      bookings: await persistence.bookings.count(tenantId, {}),
      customers: await persistence.customers.count(tenantId),
      invoices: await persistence.invoices.count(tenantId, {}),
      tenantId,
    };
  } finally {
    await persistence.close();
  }
}

async function scalar(url: string, sql: string, params: unknown[] = []): Promise<unknown> {
  return Object.values((await adminQuery(url, sql, params)).rows[0] as object)[0];
}

describe.skipIf(!plain)('bulk load on PostgreSQL', () => {
  const url = plain?.url ?? '';

  it('turns the row triggers off and checks the references once, with every total as the triggers keep it', async () => {
    const result = await importObserved(url);
    expect(result.seen).toContain(SWITCH.off);
    expect(result.seen).toContain(SWITCH.on);
    expect(result.seen.filter((sql) => sql.startsWith("SELECT 'a site names"))).toHaveLength(1);
    expect(result).toMatchObject({ bookings: 3, customers: 1, invoices: 2 });
    // The change log the feed reads: the site type, both sites, the customer, three bookings and two invoices.
    expect(await scalar(url, 'SELECT COUNT(*)::int FROM change_log WHERE tenant_id = $1', [result.tenantId])).toBe(9);
  });

  // ANALYZE alone leaves the visibility map empty: every index-only scan then reads the table too, until autovacuum
  // comes by (and it may be off).
  it('leaves the loaded bookings all-visible, so that index-only scans read no table page', async () => {
    await importObserved(url);
    const { rows } = await adminQuery(url, "SELECT relpages, relallvisible FROM pg_class WHERE oid = 'bookings'::regclass");
    const { relpages, relallvisible } = rows[0] as { relpages: number; relallvisible: number };
    expect(relpages).toBeGreaterThan(0);
    expect(relallvisible).toBe(relpages);
  });

  it('knows every trigger that the migrations put on the loaded tables, and no other', async () => {
    const { rows } = await adminQuery(url, `SELECT tgname FROM pg_trigger WHERE NOT tgisinternal AND tgrelid = ANY ($1::regclass[])`, [
      ['sites', 'users', 'bookings', 'invoices', 'invoice_lines'],
    ]);
    expect(rows.map((r: { tgname: string }) => r.tgname).sort()).toEqual([...TRIGGERS_A_LOAD_DOES_ITSELF].sort());
  });

  // Right after a load the statistics know nothing of the new tenant's rows; an anti-join planned on them once ran a
  // nested loop over all of the tenant's bookings for each of its invoices (4 s for a 10k-booking tenant).
  it('checks the references with no nested loop, so that stale statistics cannot make it quadratic', async () => {
    let n = 0;
    const numbered = REFERENCE_PROBLEMS.replace(/\?/g, () => `$${++n}`);
    const { rows } = await adminQuery(url, `EXPLAIN ${numbered}`, new Array(n).fill(987_654));
    const plan = rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/SetOp Except/);
    expect(plan).not.toMatch(/Nested Loop/);
  });

  describe('the references checked after the load', () => {
    let db: PgDatabase;
    beforeAll(() => {
      db = new PgDatabase(url);
    });
    afterAll(() => db.close());
    const ROLLBACK = new Error('roll back');

    /** Loads one tenant with triggers off, `spoil` adding one bad row, and returns what the check says. */
    async function checkWith(spoil: (tx: Parameters<Parameters<PgDatabase['transaction']>[0]>[0], tenantId: number) => Promise<unknown>) {
      let outcome: unknown = 'passed';
      await db
        .transaction(async (tx) => {
          const tenant = await tx.get<{ id: number }>('INSERT INTO tenants (slug, name) VALUES (?, ?) RETURNING id', [
            `refs-${process.pid}-${++tenants}`,
            'References',
          ]);
          const tenantId = Number(tenant!.id);
          await tx.get(SWITCH.off);
          await tx.run('INSERT INTO site_types (tenant_id, id, name, updated_at) VALUES (?, 1, ?, now())', [tenantId, 'Pitch']);
          await tx.run(
            'INSERT INTO sites (tenant_id, id, site_number, name, max_occupants, base_price_per_night, status, site_type_id, updated_at) ' +
              "VALUES (?, 1, 'A1', 'Pitch A1', 4, 3000, 'active', 1, now())",
            [tenantId],
          );
          await tx.run(
            'INSERT INTO users (tenant_id, id, role, email, first_name, last_name, phone_number, date_joined, updated_at) ' +
              "VALUES (?, 1, 'customer', 'a@example.ch', 'A', 'B', '', now(), now()), " +
              "(?, 2, 'staff', 's@example.ch', 'S', 'T', '', now(), now())",
            [tenantId, tenantId],
          );
          await tx.insertMany('bookings', BOOKING_COLUMNS, [bookingRow(db, tenantId, 1, aBooking({ id: 1, customerId: 1 }))]);
          await tx.run(
            'INSERT INTO invoices (tenant_id, id, invoice_number, booking_id, total_chf, status, issued_at, updated_at) ' +
              "VALUES (?, 1, 'I1', 1, 100, 'open', now(), now())",
            [tenantId],
          );
          await tx.run(
            'INSERT INTO invoice_lines (tenant_id, invoice_id, position, description, quantity, unit_price, vat_rate, amount) ' +
              "VALUES (?, 1, 1, 'Night', 1000, 100, 810, 100)",
            [tenantId],
          );
          await spoil(tx, tenantId);
          await tx.get(SWITCH.on);
          await checkLoadedReferences(tx, tenantId, 'refs');
          throw ROLLBACK;
        })
        .catch((error: unknown) => {
          if (error !== ROLLBACK) outcome = error instanceof Error ? error.message : error;
        });
      return outcome;
    }

    it('passes rows whose references all hold', async () => {
      expect(await checkWith(async () => undefined)).toBe('passed');
    });

    it.each([
      ['a site of an unknown type', 'UPDATE sites SET site_type_id = 7 WHERE tenant_id = ?', 'a site names unknown site type 7'],
      ['a booking of an unknown site', 'UPDATE bookings SET site_id = 9 WHERE tenant_id = ?', 'a booking names unknown site 9'],
      [
        'a booking of a staff user',
        'UPDATE bookings SET customer_id = 2 WHERE tenant_id = ?',
        'a booking names user 2, who is not a customer of this tenant',
      ],
      [
        'a booking of no user',
        'UPDATE bookings SET customer_id = 5 WHERE tenant_id = ?',
        'a booking names user 5, who is not a customer of this tenant',
      ],
      ['an invoice of an unknown booking', 'UPDATE invoices SET booking_id = 4 WHERE tenant_id = ?', 'an invoice names unknown booking 4'],
      ['a line of an unknown invoice', 'UPDATE invoice_lines SET invoice_id = 3 WHERE tenant_id = ?', 'a line names unknown invoice 3'],
    ])('refuses %s, naming it', async (_what, spoilSql, problem) => {
      expect(await checkWith((tx, tenantId) => tx.run(spoilSql, [tenantId]))).toBe(`tenant "refs": ${problem}`);
    });
  });

  describe('with a role that may not turn triggers off', () => {
    const role = `campsite_limited_${process.pid}`;
    afterAll(async () => {
      await adminQuery(url, `DROP OWNED BY ${role}`).catch(() => undefined);
      await adminQuery(url, `DROP ROLE IF EXISTS ${role}`);
    });

    it('imports with the triggers on, every total kept', async () => {
      const schema = new URL(url).searchParams.get('options')!.replace('-c search_path=', '');
      const owner = await openPersistence(url);
      await owner.migrate();
      await owner.close();
      await adminQuery(url, `CREATE ROLE ${role} LOGIN`);
      await adminQuery(
        url,
        `GRANT USAGE, CREATE ON SCHEMA ${schema} TO ${role}; GRANT ALL ON ALL TABLES IN SCHEMA ${schema} TO ${role}; ` +
          `GRANT ALL ON ALL SEQUENCES IN SCHEMA ${schema} TO ${role}`,
      );
      const limited = new URL(url);
      limited.username = role;
      const result = await importObserved(limited.toString());
      expect(result.seen).toContain(SWITCH.off);
      expect(result.seen).not.toContain(SWITCH.on);
      expect(result.seen.some((sql) => sql.startsWith("SELECT 'a site names"))).toBe(false);
      expect(result).toMatchObject({ bookings: 3, customers: 1, invoices: 2 });
      expect(await scalar(url, 'SELECT COUNT(*)::int FROM change_log WHERE tenant_id = $1', [result.tenantId])).toBe(9);
    });
  });
});

describe.skipIf(!withPlatformTrigger)('bulk load beside another application on PostgreSQL', () => {
  const url = withPlatformTrigger?.url ?? '';

  it("keeps the triggers on when a loaded table has another application's trigger, which then sees every row", async () => {
    const persistence = await openPersistence(url);
    await persistence.migrate();
    await persistence.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(
        'CREATE TABLE platform_audit (booking_id integer); ' +
          'CREATE FUNCTION platform_audit_booking() RETURNS trigger LANGUAGE plpgsql AS ' +
          "'BEGIN INSERT INTO platform_audit VALUES (NEW.id); RETURN NEW; END'; " +
          'CREATE TRIGGER platform_audit AFTER INSERT ON bookings FOR EACH ROW EXECUTE FUNCTION platform_audit_booking()',
      );
    } finally {
      await client.end();
    }
    const result = await importObserved(url);
    expect(result.seen).not.toContain(SWITCH.off);
    expect(result.bookings).toBe(3);
    expect(await scalar(url, 'SELECT COUNT(*)::int FROM platform_audit')).toBe(3);
  });
});
