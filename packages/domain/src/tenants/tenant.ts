/** A campsite operator: every request, row and key belongs to exactly one tenant. */
export interface Tenant {
  id: number;
  slug: string;
  name: string;
}

/** A tenant with the size of its data, for the operator's `tenants list`. */
export interface TenantSummary extends Tenant {
  sites: number;
  bookings: number;
  /** Whether the tenant has billing details, without which its open invoices carry no QR-bill (docs/accounting.md). */
  billing: boolean;
  /** Whether it is a sandbox, which `tenants reset` may empty and seed again (docs/operations.md). */
  sandbox: boolean;
}

export interface TenantRepository {
  /** The tenant with this slug, or null. */
  findBySlug(slug: string): Promise<Tenant | null>;
  /** Creates a tenant; throws DomainError `tenant_exists` when the slug is taken. */
  create(tenant: { slug: string; name: string }): Promise<Tenant>;
  /**
   * Every tenant with its counts of sites and bookings, whether it has billing details and whether it is a sandbox,
   * ordered by slug.
   */
  listWithCounts(): Promise<TenantSummary[]>;
  /** True when no tenant exists at all (the first start of a fresh database). */
  isEmpty(): Promise<boolean>;
}
