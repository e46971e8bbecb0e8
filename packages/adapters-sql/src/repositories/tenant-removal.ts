import { DomainError } from '@campsite/domain';
import type { SqlDialect } from '../sql-dialect';
import type { SqlExecutor } from '../sql-executor';

/**
 * Every table that holds rows of a tenant besides `tenants`, in the order a removal empties them: each before the
 * tables its rows refer to, so that no foreign key, cascading or not, finds a row still referred to. A table added
 * later with a `tenant_id` belongs here too; the adapter's tests check that none is left out.
 */
export const TENANT_TABLES = [
  'webhook_deliveries',
  'webhook_endpoints',
  'webhook_endpoint_ids',
  'idempotency_keys',
  'quotes',
  'quote_counters',
  'booking_lines',
  'invoice_lines',
  'invoices',
  'bookings',
  'seasons',
  'restrictions',
  'extras',
  'tourist_taxes',
  'sites',
  'site_types',
  'users',
  'tenant_billing',
  'api_keys',
  'change_log',
  'booking_counts',
  'booking_day_counts',
  'booking_month_counts',
  'invoice_counts',
  'invoice_day_counts',
  'tenant_counters',
] as const;

/** SQLite keeps a flag as 0 or 1, PostgreSQL as a boolean. */
const isSet = (value: unknown) => value === true || value === 1;

/**
 * A writer of a tenant locks its rows in one order: the quote counter (a new quote), the quote a booking is made from,
 * then sites (in number order), then a booking, then the tenant's counter row (docs/database-rules.md §1), then totals
 * and its idempotency record. The removal locks the first five in that order before it deletes anything, so it waits
 * for the writers that got there first and they for it, instead of each holding what the other needs. The quote
 * counter comes first because a quote by type locks nothing else the removal holds: without it, one made meanwhile
 * could be taken by a booking that then waits for the sites while the removal waits for its quote.
 */
const LOCKED_FIRST = [
  'SELECT tenant_id FROM quote_counters WHERE tenant_id = ?',
  'SELECT id FROM quotes WHERE tenant_id = ? ORDER BY id',
  'SELECT id FROM sites WHERE tenant_id = ? ORDER BY site_number, id',
  'SELECT id FROM bookings WHERE tenant_id = ? ORDER BY id',
];

/**
 * The id of the sandbox with this slug, its records and counter row locked for the rest of the transaction. A reset
 * that committed while this one waited has given the slug a new tenant, which is then read and locked instead.
 * @throws DomainError `tenant_not_found`, `not_a_sandbox`
 */
export async function lockSandbox(tx: SqlExecutor, dialect: SqlDialect, slug: string): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const row = await tx.get<{ id: unknown; sandbox: unknown }>('SELECT id, sandbox FROM tenants WHERE slug = ?', [slug]);
    if (!row) throw new DomainError('tenant_not_found', `unknown tenant "${slug}"`);
    if (!isSet(row.sandbox)) throw new DomainError('not_a_sandbox', `tenant "${slug}" is not a sandbox; only a sandbox can be reset`);
    const id = Number(row.id);
    for (const select of LOCKED_FIRST) await tx.all(dialect.lockingRead(select), [id]);
    const locked = await tx.get(dialect.lockingRead('SELECT tenant_id FROM tenant_counters WHERE tenant_id = ?'), [id]);
    if (locked || attempt === 3) return id;
  }
}

/**
 * Deletes every row of the tenant, in the caller's transaction. Its change capture is paused meanwhile: the log the
 * triggers would write goes with the tenant anyway, and the pause is lifted before the transaction can commit.
 */
export async function removeTenant(tx: SqlExecutor, tenantId: number): Promise<void> {
  await tx.run('INSERT INTO change_capture_paused (tenant_id) VALUES (?)', [tenantId]);
  for (const table of TENANT_TABLES) await tx.run(`DELETE FROM ${table} WHERE tenant_id = ?`, [tenantId]);
  await tx.run('DELETE FROM change_capture_paused WHERE tenant_id = ?', [tenantId]);
  await tx.run('DELETE FROM tenants WHERE id = ?', [tenantId]);
}
