import { type Clock, DomainError, type TenantImporter, type TenantSnapshot, tariffErrorOf } from '@campsite/domain';
import type { SqlExecutor } from '../sql-executor';
import type { SqlDatabase } from '../sql-database';
import { translatingSqlErrors } from '../translate-sql-error';
import { API_KEY_COLUMNS, apiKeyRow, insertTenant, tenantExists } from './sql-access-repositories';
import { BILLING_COLUMNS, INVOICE_LINE_COLUMNS } from './row-mappers';
import { BOOKING_COLUMNS, bookingRow } from './booking-inserts';
import { LOADED_TABLES, TRIGGERS_A_LOAD_DOES_ITSELF, checkLoadedReferences, deriveCapturedState } from './bulk-load';
import { importTariff } from './tariff-import';
import { lockSandbox, removeTenant } from './tenant-removal';

/** Rows per insertMany call: large enough to be fast, small enough to report progress and bound memory. */
const CHUNK = 5_000;

const ANALYZED_TABLES = [
  'sites',
  'users',
  'bookings',
  'invoices',
  'invoice_lines',
  'booking_lines',
  'booking_counts',
  'tenant_counters',
  'change_log',
  'booking_day_counts',
  'booking_month_counts',
  'invoice_counts',
  'invoice_day_counts',
];

/** How often a replacement of a sandbox is tried when PostgreSQL breaks a deadlock by failing it. */
const REPLACE_ATTEMPTS = 3;
const DEADLOCK_DETECTED = '40P01';

function ignoreProgress(): void {
  // A sandbox is small: its replacement reports no progress.
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

/** What is checked of a snapshot before its transaction starts. */
function checkSnapshot(tenant: TenantSnapshot): void {
  checkReferences(tenant);
  checkCustomerIds(tenant);
  const tariffError = tariffErrorOf(tenant);
  if (tariffError) throw tariffError;
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
    tenants.forEach(checkSnapshot);
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

  /**
   * One transaction removes the sandbox and imports the snapshot in its place. The removal takes the tenant's rows in
   * the order its writers do (lockSandbox); a writer that takes them in another (another program's SQL) may still
   * meet it in a deadlock, which PostgreSQL breaks by failing one of the two: the removal, having changed nothing,
   * then runs again. A sandbox is small, so the tables' statistics are left as they are.
   */
  async replaceSandbox(snapshot: TenantSnapshot): Promise<void> {
    checkSnapshot(snapshot);
    const progress = { rows: 0, report: ignoreProgress };
    for (let attempt = 1; ; attempt++) {
      try {
        return await translatingSqlErrors(() =>
          this.db.transaction(async (tx) => {
            await removeTenant(tx, await lockSandbox(tx, this.db.dialect, snapshot.slug));
            await this.withoutCaptureTriggers(tx, () => this.importOne(tx, { ...snapshot, sandbox: true }, progress));
          }),
        );
      } catch (error) {
        if (attempt >= REPLACE_ATTEMPTS || (error as { code?: unknown }).code !== DEADLOCK_DETECTED) throw error;
      }
    }
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
    if (t.sandbox) await tx.run('UPDATE tenants SET sandbox = ? WHERE id = ?', [db.dialect.flag(true), tenantId]);
    if (this.bulkLoad) await tx.run('INSERT INTO change_capture_paused (tenant_id) VALUES (?)', [tenantId]);
    const now = this.clock.now();
    const keys = t.apiKeys.map((k) => apiKeyRow(db, { ...k, tenantId, revokedAt: k.revoked ? now : null }, now));
    await tx.insertMany('api_keys', API_KEY_COLUMNS, keys);
    const { dialect } = db;
    const importedAt = dialect.time(now);
    await tx.insertMany(
      'site_types',
      ['tenant_id', 'id', 'name', 'updated_at'],
      t.siteTypes.map((s) => [tenantId, s.id, s.name, importedAt]),
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
    if (!this.bulkLoad) {
      // For any other writer a line is a change of its invoice (docs/database-rules.md §1), which moves its
      // updated_at; an imported invoice keeps the fixture's (docs/import-format.md).
      for (const invoice of t.invoices.filter((i) => (i.lines ?? []).length > 0)) {
        await tx.run('UPDATE invoices SET updated_at = ? WHERE tenant_id = ? AND id = ?', [
          dialect.time(invoice.updatedAt ?? invoice.issuedAt),
          tenantId,
          invoice.id,
        ]);
      }
    }
    if (triggersOff) {
      await dialect.rowTriggersOn(tx);
      await checkLoadedReferences(tx, tenantId, t.slug);
    }
    if (t.tariff) await importTariff(db, tx, tenantId, t.tariff, importedAt);
    if (t.billing) {
      const b = t.billing;
      await tx.insertMany('tenant_billing', BILLING_COLUMNS, [
        [tenantId, b.name, b.street, b.buildingNumber, b.postalCode, b.town, b.country, b.iban, b.vatNumber, b.language],
      ]);
    }
    if (this.bulkLoad) {
      await deriveCapturedState(this.db, tx, tenantId, t);
      await tx.run('DELETE FROM change_capture_paused WHERE tenant_id = ?', [tenantId]);
    }
  }
}
