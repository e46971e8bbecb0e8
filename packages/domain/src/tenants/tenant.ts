/** A campsite operator: every request, row and key belongs to exactly one tenant. */
export interface Tenant {
  id: number;
  slug: string;
  name: string;
}

export interface TenantRepository {
  /** The tenant with this slug, or null. */
  findBySlug(slug: string): Promise<Tenant | null>;
  /** Creates a tenant; throws DomainError `tenant_exists` when the slug is taken. */
  create(tenant: { slug: string; name: string }): Promise<Tenant>;
  /** True when no tenant exists at all (the first start of a fresh database). */
  isEmpty(): Promise<boolean>;
}
