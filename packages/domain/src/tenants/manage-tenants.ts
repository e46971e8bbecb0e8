import { DomainError } from '../shared/domain-error';
import type { Tenant, TenantRepository, TenantSummary } from './tenant';

/** What a slug may be (docs/operations.md, Tenants): URL-safe, as the platform's slug fields are. */
const SLUG = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;
export const MAX_SLUG_LENGTH = 50;
export const MAX_TENANT_NAME_LENGTH = 200;

/** The operator's tenant commands: list them, create an empty one. */
export class ManageTenants {
  constructor(private readonly tenants: TenantRepository) {}

  list(): Promise<TenantSummary[]> {
    return this.tenants.listWithCounts();
  }

  /** Throws `validation_failed` for a bad slug or name, `tenant_exists` when the slug is taken. */
  async create(slug: string, name: string): Promise<Tenant> {
    return this.tenants.create({ slug, name: checkNewTenant(slug, name) });
  }
}

/**
 * The name of a new tenant, trimmed, once slug and name are as docs/operations.md says they must be.
 * @throws DomainError `validation_failed` naming what is wrong
 */
export function checkNewTenant(slug: string, name: string): string {
  if (slug.length > MAX_SLUG_LENGTH || !SLUG.test(slug)) {
    throw new DomainError(
      'validation_failed',
      `invalid slug ${JSON.stringify(slug)}: use lowercase letters and digits, joined by single "-" or "_" (at ` +
        `most ${MAX_SLUG_LENGTH} characters)`,
    );
  }
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.length > MAX_TENANT_NAME_LENGTH) {
    throw new DomainError('validation_failed', `the name must be 1 to ${MAX_TENANT_NAME_LENGTH} characters`);
  }
  return trimmed;
}
