import type { TenantSummary } from '@campsite/domain';
import { alignColumns } from './text-table';

// SANDBOX came last, so that the columns before it stay where scripts found them.
const COLUMNS = ['SLUG', 'NAME', 'SITES', 'BOOKINGS', 'BILLING', 'SANDBOX'] as const;

/** `tenants list` output: one aligned row per tenant, in slug order. */
export function formatTenantTable(tenants: readonly TenantSummary[]): string {
  if (tenants.length === 0) return 'no tenants';
  return alignColumns(
    COLUMNS,
    tenants.map((t) => [t.slug, t.name, String(t.sites), String(t.bookings), yesNo(t.billing), yesNo(t.sandbox)]),
  );
}

/** `tenants list --json`: the same fields for scripts. */
export function tenantListJson(tenants: readonly TenantSummary[]): string {
  return JSON.stringify(
    tenants.map((t) => ({ slug: t.slug, name: t.name, sites: t.sites, bookings: t.bookings, billing: t.billing, sandbox: t.sandbox })),
    null,
    2,
  );
}

function yesNo(flag: boolean): string {
  return flag ? 'yes' : 'no';
}
