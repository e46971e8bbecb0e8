import type { ApiKeyRepository } from '../api-keys/api-key-repository';
import { drawApiKey } from '../api-keys/manage-api-keys';
import { SCOPES } from '../api-keys/scopes';
import type { SecretHasher } from '../api-keys/secret-hasher';
import { DomainError } from '../shared/domain-error';
import type { RandomSource } from '../shared/random-source';
import { checkNewTenant } from './manage-tenants';
import type { Tenant, TenantRepository } from './tenant';
import type { TenantImporter, TenantSnapshot } from './tenant-import';

/** What a sandbox holds besides its slug, name and key: the records an integrator plays with. */
export type SandboxContent = Omit<TenantSnapshot, 'slug' | 'name' | 'apiKeys' | 'sandbox'>;

export interface SandboxDependencies {
  tenants: TenantRepository;
  apiKeys: ApiKeyRepository;
  importer: TenantImporter;
  hasher: SecretHasher;
  random: RandomSource;
  /** The content each sandbox is seeded with, made afresh for every seed. */
  content: () => SandboxContent;
}

/** A sandbox as it was just seeded, with the raw key of its one full-scope key: the only time that key is shown. */
export interface SeededSandbox {
  tenant: Tenant;
  raw: string;
}

/**
 * The operator's sandboxes (docs/operations.md, "A sandbox for an integrator"): a tenant seeded with the given content
 * and one fresh full-scope key, which a reset empties and seeds again with a new key. A reset refuses every tenant
 * that was not made as a sandbox, so it can never wipe a real campsite.
 */
export class ManageSandboxes {
  constructor(private readonly deps: SandboxDependencies) {}

  /** Throws `validation_failed` for a bad slug or name, `tenant_exists` when the slug is taken; nothing is created then. */
  async create(slug: string, name: string): Promise<SeededSandbox> {
    const trimmed = checkNewTenant(slug, name);
    const { raw, snapshot } = await this.seed(slug, trimmed, 'sandbox key (made with the sandbox)');
    await this.deps.importer.importTenants([snapshot]);
    return { tenant: await this.tenant(slug), raw };
  }

  /**
   * Empties the sandbox and seeds it again under its slug and name, in one transaction: its keys stop working, and
   * everything an integrator wrote is gone. Throws `tenant_not_found` or `not_a_sandbox`, changing nothing.
   */
  async reset(slug: string): Promise<SeededSandbox> {
    const { name } = await this.tenant(slug);
    const { raw, snapshot } = await this.seed(slug, name, 'sandbox key (made by its reset)');
    await this.deps.importer.replaceSandbox(snapshot);
    return { tenant: await this.tenant(slug), raw };
  }

  private async seed(slug: string, name: string, keyName: string): Promise<{ raw: string; snapshot: TenantSnapshot }> {
    const { raw, prefix, secretHash, fastVerifier } = await drawApiKey(this.deps.apiKeys, this.deps.hasher, this.deps.random);
    const key = { name: keyName, prefix, secretHash, fastVerifier, scopes: [...SCOPES], expiresAt: null, revoked: false };
    return { raw, snapshot: { ...this.deps.content(), slug, name, sandbox: true, apiKeys: [key] } };
  }

  private async tenant(slug: string): Promise<Tenant> {
    const tenant = await this.deps.tenants.findBySlug(slug);
    if (!tenant) throw new DomainError('tenant_not_found', `unknown tenant "${slug}"`);
    return tenant;
  }
}
