import type { Scope } from '../api-keys/scopes';
import type { Booking } from '../bookings/booking';
import type { Customer, UserRole } from '../customers/customer';
import type { BillingDetails } from '../invoices/billing-details';
import type { Invoice, InvoiceLine } from '../invoices/invoice';
import type { ExtraRequest, Tariff } from '../pricing/tariff';
import { tariffProblems } from '../pricing/tariff-problems';
import { DomainError } from '../shared/domain-error';
import type { Site } from '../sites/site';

type UpdatedAt = { updatedAt?: Date };

/** One tenant's whole world, as a fixture file or a migration from another platform describes it. */
export interface TenantSnapshot {
  slug: string;
  name: string;
  apiKeys: Array<{
    name: string;
    prefix: string;
    secretHash: string;
    /** The fast verifier of the secret, when the importer had the raw key (SecretHasher.fastVerifier). */
    fastVerifier?: string | null;
    scopes: Scope[];
    expiresAt: Date | null;
    revoked: boolean;
  }>;
  siteTypes: Array<{ id: number; name: string }>;
  // `updatedAt` is optional: without it a row's is its creation time (sites: the time of the import).
  sites: Array<Omit<Site, 'tenantId' | 'siteTypeName' | 'updatedAt'> & UpdatedAt>;
  users: Array<Omit<Customer, 'tenantId' | 'updatedAt'> & { role: UserRole } & UpdatedAt>;
  // A booking imported is never one from a quote of this service; it may name the extras it was sold with.
  bookings: Array<Omit<Booking, 'tenantId' | 'siteNumber' | 'updatedAt' | 'quoteId' | 'extras'> & UpdatedAt & { extras?: ExtraRequest[] }>;
  /** Each invoice with its lines (none for a legacy header). */
  invoices: Array<Omit<Invoice, 'tenantId' | 'updatedAt'> & UpdatedAt & { lines?: InvoiceLine[] }>;
  /** The tenant's billing details, when it has them. */
  billing?: BillingDetails | null;
  /** The tenant's tariff (docs/pricing.md), when it has one: seasons and restrictions per site type, extras, tax. */
  tariff?: Tariff;
  /** A sandbox, which `replaceSandbox` may empty and load again (docs/operations.md); absent: not one. */
  sandbox?: boolean;
}

/**
 * Stores whole tenants in bulk. Ids inside a snapshot are the tenant's own; later rows continue after the highest.
 */
export interface TenantImporter {
  /**
   * All or nothing, in one transaction: on any failure nothing is stored.
   * Statuses are stored verbatim, and no availability rule is applied (history may overlap).
   * A booking's `customerId` must name a `customer` user of its tenant, else `validation_failed` (nothing stored).
   * @param onProgress called now and then with the number of rows stored so far
   * @throws DomainError `tenant_exists` when a slug is already taken (the message names it)
   */
  importTenants(tenants: TenantSnapshot[], onProgress?: (rows: number) => void): Promise<void>;
  /**
   * Puts `snapshot` in the place of the sandbox with its slug, in one transaction: every row of that tenant goes (its
   * records, API keys, webhook endpoints and their deliveries, change log, totals and counters, quotes, tariff,
   * billing details and idempotency records), and the snapshot is loaded as a new tenant under the same slug, a
   * sandbox again. Readers and writers of other tenants see nothing of it; the tenant's own see it all or none of it.
   * @throws DomainError `tenant_not_found` when no tenant has the slug, `not_a_sandbox` when it is not a sandbox, or
   *   what `importTenants` throws for the snapshot; each changes nothing
   */
  replaceSandbox(snapshot: TenantSnapshot): Promise<void>;
}

/**
 * The first thing a snapshot's tariff must not hold (docs/pricing.md), as the `validation_failed` an importer refuses
 * the whole file with, naming the tariff's JSON path; null when it is fine. Besides `tariffProblems`: every site type
 * the tariff names must be one of the snapshot's, and an extra's id is unique.
 */
export function tariffErrorOf(snapshot: TenantSnapshot): DomainError | null {
  const { tariff, slug } = snapshot;
  if (!tariff) return null;
  const refuse = (path: string, message: string) => new DomainError('validation_failed', `tenant "${slug}": ${path}: ${message}`);
  const [problem] = tariffProblems(tariff);
  if (problem) return refuse(problem.path, problem.message);
  const types = new Set(snapshot.siteTypes.map((t) => t.id));
  for (const section of ['seasons', 'restrictions'] as const) {
    const index = tariff[section].findIndex((row) => !types.has(row.siteTypeId));
    if (index >= 0) return refuse(`${section}[${index}].site_type_id`, `names unknown site type ${tariff[section][index]!.siteTypeId}`);
  }
  const ids = new Set<number>();
  for (const [index, extra] of tariff.extras.entries()) {
    if (ids.has(extra.id)) return refuse(`extras[${index}].id`, `repeats extra id ${extra.id}`);
    ids.add(extra.id);
    const unknown = extra.compulsoryFor.findIndex((id) => !types.has(id));
    if (unknown >= 0)
      return refuse(`extras[${index}].compulsory_for[${unknown}]`, `names unknown site type ${extra.compulsoryFor[unknown]}`);
  }
  return null;
}
