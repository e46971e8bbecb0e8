import { DomainError, type TenantSnapshot } from '@campsite/domain';
import type { SqlDatabase } from '../sql-database';
import type { SqlExecutor } from '../sql-executor';

// A bulk load's own bookkeeping (docs/database-rules.md §1, "Bulk loads"; docs/performance.md, "Bulk load").

/** The tables a bulk load may write with row triggers off (SqlDialect.rowTriggersOff). */
export const LOADED_TABLES = ['sites', 'users', 'bookings', 'invoices', 'invoice_lines'];

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

/**
 * What the triggers would have written for the imported rows: every record in the change log (site types, sites,
 * customers, bookings, invoices, extras, each by id), the status totals, the list totals and the booking id counter.
 */
export async function deriveCapturedState(db: SqlDatabase, tx: SqlExecutor, tenantId: number, t: TenantSnapshot): Promise<void> {
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
  const { utcDay } = db.dialect;
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
      `SELECT tenant_id, status, ${db.dialect.monthStart('check_in_date')} AS month_start, COUNT(*), ` +
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
      "SELECT tenant_id, 0 AS kind, 'site_type' AS type, id, updated_at AS changed_at FROM site_types WHERE tenant_id = ? " +
      "UNION ALL SELECT tenant_id, 1, 'site', id, updated_at FROM sites WHERE tenant_id = ? " +
      "UNION ALL SELECT tenant_id, 2, 'customer', id, updated_at FROM users WHERE tenant_id = ? AND role = 'customer' " +
      "UNION ALL SELECT tenant_id, 3, 'booking', id, updated_at FROM bookings WHERE tenant_id = ? " +
      "UNION ALL SELECT tenant_id, 4, 'invoice', id, updated_at FROM invoices WHERE tenant_id = ? " +
      "UNION ALL SELECT tenant_id, 5, 'extra', id, updated_at FROM extras WHERE tenant_id = ?) c WHERE true",
    new Array<number>(6).fill(tenantId),
  );
  const lastBookingId = t.bookings.reduce((max, b) => Math.max(max, b.id), 0);
  const customers = t.users.filter((u) => u.role === 'customer').length;
  const updated = await tx.run(
    `UPDATE tenant_counters SET last_booking_id = ?, sites = ?, customers = ?, invoices = ?, last_change = ?, ` +
      `data_version = ${db.dialect.nextDataVersion('data_version')} WHERE tenant_id = ?`,
    [lastBookingId, t.sites.length, customers, t.invoices.length, logged, tenantId],
  );
  if (updated !== 1) throw new DomainError('validation_failed', `tenant "${t.slug}": counters missing`);
}
