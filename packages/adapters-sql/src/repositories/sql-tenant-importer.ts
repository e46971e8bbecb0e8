import { type Clock, DomainError, type TenantImporter, type TenantSnapshot } from '@campsite/domain';
import type { SqlExecutor } from '../sql-executor';
import type { SqlDatabase } from '../sql-database';
import { translatingSqlErrors } from '../translate-sql-error';
import { API_KEY_COLUMNS, apiKeyRow, insertTenant, tenantExists } from './sql-access-repositories';
import { BILLING_COLUMNS, INVOICE_LINE_COLUMNS } from './row-mappers';
import { BOOKING_COLUMNS, bookingRow } from './booking-inserts';

/** Rows per insertMany call: large enough to be fast, small enough to report progress and bound memory. */
const CHUNK = 5_000;

const ANALYZED_TABLES = [
  'sites',
  'users',
  'bookings',
  'invoices',
  'invoice_lines',
  'booking_counts',
  'tenant_counters',
  'change_log',
  'booking_day_counts',
  'booking_month_counts',
  'invoice_counts',
  'invoice_day_counts',
];

/** The tables a bulk load may write with row triggers off (SqlDialect.rowTriggersOff). */
const LOADED_TABLES = ['sites', 'users', 'bookings', 'invoices', 'invoice_lines'];

/**
 * Every user-defined trigger of those tables that the migrations create, each one whose work the import does itself
 * when it turns them off: it pauses change capture and writes the log and the totals (deriveCapturedState), gives
 * every row its updated_at, and checks what the customer trigger and the foreign keys check (REFERENCE_PROBLEMS).
 * A trigger not named here (another application's, or a later migration's) keeps the triggers on for the load.
 */
export const TRIGGERS_A_LOAD_DOES_ITSELF: ReadonlySet<string> = new Set([
  ...LOADED_TABLES.flatMap((table) => ['insert', 'update', 'delete'].map((op) => `${table}_capture_${op}`)),
  ...['bookings', 'invoices'].flatMap((table) => ['insert', 'update', 'delete'].map((op) => `${table}_tally_${op}`)),
  ...['sites', 'users', 'bookings', 'invoices'].flatMap((table) => ['insert', 'update'].map((op) => `${table}_updated_at_${op}`)),
  'bookings_customer_insert',
  'bookings_customer_update',
]);

/**
 * What the foreign keys and the customer trigger refuse, for one tenant's rows, in one statement: the first problem
 * as text, or no row. Each part is an EXCEPT of two id lists, which the planner runs as a hash or a sort whatever its
 * statistics say: right after a load they know nothing of the new tenant's rows, and an anti-join planned on them
 * took 4 s for 10k bookings (a nested loop over every row of the tenant for each booking).
 */
export const REFERENCE_PROBLEMS =
  "SELECT 'a site names unknown site type ' || x AS problem FROM " +
  '(SELECT site_type_id AS x FROM sites WHERE tenant_id = ? EXCEPT SELECT id FROM site_types WHERE tenant_id = ?) p ' +
  "UNION ALL SELECT 'a booking names unknown site ' || x FROM " +
  '(SELECT site_id AS x FROM bookings WHERE tenant_id = ? EXCEPT SELECT id FROM sites WHERE tenant_id = ?) p ' +
  "UNION ALL SELECT 'a booking names user ' || x || ', who is not a customer of this tenant' FROM " +
  '(SELECT customer_id AS x FROM bookings WHERE tenant_id = ? AND customer_id IS NOT NULL ' +
  "EXCEPT SELECT id FROM users WHERE tenant_id = ? AND role = 'customer') p " +
  "UNION ALL SELECT 'an invoice names unknown booking ' || x FROM " +
  '(SELECT booking_id AS x FROM invoices WHERE tenant_id = ? AND booking_id IS NOT NULL ' +
  'EXCEPT SELECT id FROM bookings WHERE tenant_id = ?) p ' +
  "UNION ALL SELECT 'a line names unknown invoice ' || x FROM " +
  '(SELECT invoice_id AS x FROM invoice_lines WHERE tenant_id = ? EXCEPT SELECT id FROM invoices WHERE tenant_id = ?) p ' +
  'LIMIT 1';

/** Refuses the load of one tenant when any of its rows breaks a reference that the skipped triggers would have checked. */
export async function checkLoadedReferences(tx: SqlExecutor, tenantId: number, slug: string): Promise<void> {
  const found = await tx.get<{ problem: string }>(REFERENCE_PROBLEMS, new Array<number>(10).fill(tenantId));
  if (found) throw new DomainError('validation_failed', `tenant "${slug}": ${found.problem}`);
}

function ignoreQueuedFailure(): void {
  // Only a chunk queued behind a failed one gets here: the failed one's own error is the import's answer.
}

/** Checked up front as well as by the foreign keys, so that the error names the row of the file. */
function checkReferences(tenant: TenantSnapshot): void {
  const siteIds = new Set(tenant.sites.map((s) => s.id));
  tenant.bookings.forEach((b, index) => {
    if (!siteIds.has(b.siteId)) {
      throw new DomainError('validation_failed', `tenant "${tenant.slug}": bookings[${index}] refers to unknown site ${b.siteId}`);
    }
  });
  const bookingIds = new Set(tenant.bookings.map((b) => b.id));
  tenant.invoices.forEach((i, index) => {
    if (i.bookingId !== null && !bookingIds.has(i.bookingId)) {
      throw new DomainError('validation_failed', `tenant "${tenant.slug}": invoices[${index}] refers to unknown booking ${i.bookingId}`);
    }
  });
}

/**
 * A booking's customer must be a `customer` user of its tenant. The database's trigger says so too; this check names
 * the booking in the error.
 */
function checkCustomerIds(tenant: TenantSnapshot): void {
  const customers = new Set(tenant.users.filter((u) => u.role === 'customer').map((u) => u.id));
  tenant.bookings.forEach((b, index) => {
    if (b.customerId !== null && !customers.has(b.customerId)) {
      throw new DomainError(
        'validation_failed',
        `tenant "${tenant.slug}": bookings[${index}] names user ${b.customerId}, who is not a customer of this tenant`,
      );
    }
  });
}

/**
 * The fixture import (docs/import-format.md) in one transaction: prepared single-row inserts on SQLite, one unnest of
 * column arrays per chunk on Postgres (SqlExecutor.insertMany).
 *
 * As a bulk load (docs/performance.md, "Bulk load"), the tenant is listed in `change_capture_paused` while its rows go
 * in, so the change-capture triggers leave them alone; the import then writes what they would have written (the change
 * log, the totals, the booking id counter) in a few set-based statements, and removes the pause before its transaction
 * commits (docs/database-rules.md §1). Without it, the triggers do that work row by row, as for any other writer.
 */
export class SqlTenantImporter implements TenantImporter {
  constructor(
    private readonly db: SqlDatabase,
    private readonly clock: Clock,
    private readonly bulkLoad: boolean,
  ) {}

  async importTenants(tenants: TenantSnapshot[], onProgress?: (rows: number) => void): Promise<void> {
    const slugs = new Set<string>();
    for (const { slug } of tenants) {
      if (slugs.has(slug)) throw tenantExists(slug);
      slugs.add(slug);
    }
    for (const tenant of tenants) {
      checkReferences(tenant);
      checkCustomerIds(tenant);
    }
    await translatingSqlErrors(() =>
      this.db.transaction(async (tx) => {
        for (const { slug } of tenants) {
          if (await tx.get('SELECT id FROM tenants WHERE slug = ?', [slug])) throw tenantExists(slug);
        }
        const progress = {
          rows: 0,
          report:
            onProgress ??
            (() => {
              // Nobody asked for progress: there is nothing to report to.
            }),
        };
        await this.withoutCaptureTriggers(tx, async () => {
          for (const tenant of tenants) await this.importOne(tx, tenant, progress);
        });
      }),
    );
    // A bulk load changes the tables' statistics a lot; without fresh ones Postgres picked a 170 ms plan for page 1
    // of a 100k-booking tenant instead of a 0.2 ms index scan (docs/database-rules.md §1, "Bulk loads").
    for (const table of ANALYZED_TABLES) for (const statement of this.db.dialect.refreshStatistics(table)) await this.db.run(statement);
  }

  /** Runs `load` with the change-capture triggers dropped where the dialect allows it, in a bulk load. */
  private async withoutCaptureTriggers(tx: SqlExecutor, load: () => Promise<void>): Promise<void> {
    const recreate = this.bulkLoad ? await this.db.dialect.dropCaptureTriggers(tx) : [];
    await load();
    for (const sql of recreate) await tx.exec(sql);
  }

  private async importOne(tx: SqlExecutor, t: TenantSnapshot, progress: { rows: number; report: (rows: number) => void }): Promise<void> {
    const { db } = this;
    const tenantId = await insertTenant(tx, t.slug, t.name);
    if (this.bulkLoad) await tx.run('INSERT INTO change_capture_paused (tenant_id) VALUES (?)', [tenantId]);
    const now = this.clock.now();
    const keys = t.apiKeys.map((k) => apiKeyRow(db, { ...k, tenantId, revokedAt: k.revoked ? now : null }, now));
    await tx.insertMany('api_keys', API_KEY_COLUMNS, keys);
    await tx.insertMany(
      'site_types',
      ['tenant_id', 'id', 'name'],
      t.siteTypes.map((s) => [tenantId, s.id, s.name]),
    );

    // Each chunk is built while the server still inserts the one before: on PostgreSQL that overlaps this
    // process's work with the server's (measured: 0.5 s of a 100k-booking import). A chunk that fails ends the
    // import with its error; the one queued behind it fails in the aborted transaction, and is awaited quietly.
    const insert = async <T>(table: string, columns: readonly string[], rows: readonly T[], toRow: (row: T) => unknown[]) => {
      let previous: { rows: number; done: Promise<void> } | null = null;
      for (let start = 0; start < rows.length; start += CHUNK) {
        const chunk = rows.slice(start, start + CHUNK);
        const done = tx.insertMany(table, columns, chunk.map(toRow));
        done.catch(ignoreQueuedFailure);
        if (previous) await sent(previous);
        previous = { rows: chunk.length, done };
      }
      if (previous) await sent(previous);
    };
    const sent = async ({ rows, done }: { rows: number; done: Promise<void> }) => {
      await done;
      progress.rows += rows;
      progress.report(progress.rows);
    };
    const { dialect } = db;
    const importedAt = dialect.time(now);
    // Per row, the foreign keys and triggers cost a third of a PostgreSQL import (0.9 s of 4.2 s for 100k bookings):
    // where every such trigger is one whose work the load does itself, they are off for the rest of the transaction.
    const triggersOff = this.bulkLoad && (await dialect.rowTriggersOff(tx, LOADED_TABLES, TRIGGERS_A_LOAD_DOES_ITSELF));
    await insert(
      'sites',
      ['tenant_id', 'id', 'site_number', 'name', 'max_occupants', 'base_price_per_night', 'status', 'site_type_id', 'updated_at'],
      t.sites,
      (s) => [
        tenantId,
        s.id,
        s.siteNumber,
        s.name,
        s.maxOccupants,
        s.basePricePerNight,
        s.status,
        s.siteTypeId,
        s.updatedAt ? dialect.time(s.updatedAt) : importedAt,
      ],
    );
    await insert(
      'users',
      ['tenant_id', 'id', 'role', 'email', 'first_name', 'last_name', 'phone_number', 'date_joined', 'updated_at'],
      t.users,
      (u) => [
        tenantId,
        u.id,
        u.role,
        u.email,
        u.firstName,
        u.lastName,
        u.phoneNumber,
        dialect.time(u.dateJoined),
        dialect.time(u.updatedAt ?? u.dateJoined),
      ],
    );
    await insert('bookings', BOOKING_COLUMNS, t.bookings, (b) => bookingRow(db, tenantId, b.id, b));
    await insert(
      'invoices',
      ['tenant_id', 'id', 'invoice_number', 'booking_id', 'total_chf', 'status', 'issued_at', 'updated_at'],
      t.invoices,
      (i) => [
        tenantId,
        i.id,
        i.invoiceNumber,
        i.bookingId,
        i.totalChf,
        i.status,
        dialect.time(i.issuedAt),
        dialect.time(i.updatedAt ?? i.issuedAt),
      ],
    );
    const lines = t.invoices.flatMap((i) => (i.lines ?? []).map((line) => ({ invoiceId: i.id, line })));
    await insert('invoice_lines', INVOICE_LINE_COLUMNS, lines, ({ invoiceId, line: l }) => [
      tenantId,
      invoiceId,
      l.position,
      l.description,
      l.quantity,
      l.unitPrice,
      l.vatRate,
      l.amount,
    ]);
    if (triggersOff) {
      await dialect.rowTriggersOn(tx);
      await checkLoadedReferences(tx, tenantId, t.slug);
    }
    if (t.billing) {
      const b = t.billing;
      await tx.insertMany('tenant_billing', BILLING_COLUMNS, [
        [tenantId, b.name, b.street, b.buildingNumber, b.postalCode, b.town, b.country, b.iban, b.vatNumber, b.language],
      ]);
    }
    if (this.bulkLoad) {
      await this.deriveCapturedState(tx, tenantId, t);
      await tx.run('DELETE FROM change_capture_paused WHERE tenant_id = ?', [tenantId]);
    }
  }

  /**
   * What the triggers would have written for the imported rows: every record in the change log (sites, customers,
   * bookings, invoices, each by id), the status totals, the list totals and the booking id counter.
   */
  private async deriveCapturedState(tx: SqlExecutor, tenantId: number, t: TenantSnapshot): Promise<void> {
    // change_log has no foreign key to tenants (migration 005), so tables emptied by hand may have left entries of
    // an earlier tenant under this id: they describe records that are gone.
    await tx.run('DELETE FROM change_log WHERE tenant_id = ?', [tenantId]);
    await tx.run(
      'INSERT INTO booking_counts (tenant_id, status, n) SELECT tenant_id, status, COUNT(*) FROM bookings ' +
        'WHERE tenant_id = ? GROUP BY tenant_id, status',
      [tenantId],
    );
    // The totals per status and day (migration 012). Like change_log, these tables have no foreign key to
    // tenants, so rows of an earlier tenant under this id may be left over.
    const { utcDay } = this.db.dialect;
    for (const table of ['booking_day_counts', 'booking_month_counts', 'invoice_counts', 'invoice_day_counts']) {
      await tx.run(`DELETE FROM ${table} WHERE tenant_id = ?`, [tenantId]);
    }
    await tx.run(
      'INSERT INTO booking_day_counts (tenant_id, status, check_in_date, n) ' +
        'SELECT tenant_id, status, check_in_date, COUNT(*) FROM bookings WHERE tenant_id = ? GROUP BY tenant_id, status, check_in_date',
      [tenantId],
    );
    // Version 015: each month's total with the first and last creation time of its bookings.
    await tx.run(
      'INSERT INTO booking_month_counts (tenant_id, status, month_start, n, earliest_created_at, latest_created_at) ' +
        `SELECT tenant_id, status, ${this.db.dialect.monthStart('check_in_date')} AS month_start, COUNT(*), ` +
        'MIN(created_at), MAX(created_at) FROM bookings WHERE tenant_id = ? GROUP BY tenant_id, status, month_start',
      [tenantId],
    );
    await tx.run(
      'INSERT INTO invoice_counts (tenant_id, status, n) SELECT tenant_id, status, COUNT(*) FROM invoices ' +
        'WHERE tenant_id = ? GROUP BY tenant_id, status',
      [tenantId],
    );
    await tx.run(
      'INSERT INTO invoice_day_counts (tenant_id, status, issued_day, n) ' +
        `SELECT tenant_id, status, ${utcDay('issued_at')} AS issued_day, COUNT(*) FROM invoices ` +
        `WHERE tenant_id = ? GROUP BY tenant_id, status, issued_day`,
      [tenantId],
    );
    const logged = await tx.run(
      'INSERT INTO change_log (tenant_id, type, id, position, deleted, changed_at) ' +
        'SELECT tenant_id, type, id, row_number() OVER (ORDER BY kind, id), false, changed_at FROM (' +
        "SELECT tenant_id, 1 AS kind, 'site' AS type, id, updated_at AS changed_at FROM sites WHERE tenant_id = ? " +
        "UNION ALL SELECT tenant_id, 2, 'customer', id, updated_at FROM users WHERE tenant_id = ? AND role = 'customer' " +
        "UNION ALL SELECT tenant_id, 3, 'booking', id, updated_at FROM bookings WHERE tenant_id = ? " +
        "UNION ALL SELECT tenant_id, 4, 'invoice', id, updated_at FROM invoices WHERE tenant_id = ?) c WHERE true",
      [tenantId, tenantId, tenantId, tenantId],
    );
    const lastBookingId = t.bookings.reduce((max, b) => Math.max(max, b.id), 0);
    const customers = t.users.filter((u) => u.role === 'customer').length;
    const updated = await tx.run(
      `UPDATE tenant_counters SET last_booking_id = ?, sites = ?, customers = ?, invoices = ?, last_change = ?, ` +
        `data_version = ${this.db.dialect.nextDataVersion('data_version')} WHERE tenant_id = ?`,
      [lastBookingId, t.sites.length, customers, t.invoices.length, logged, tenantId],
    );
    if (updated !== 1) throw new DomainError('validation_failed', `tenant "${t.slug}": counters missing`);
  }
}
