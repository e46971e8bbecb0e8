import type { ApiKey } from '../api-keys/api-key';
import type { ApiKeyRepository, NewApiKey } from '../api-keys/api-key-repository';
import { type Clock } from '../shared/clock';
import { DomainError } from '../shared/domain-error';
import type { TenantRepository } from '../tenants/tenant';
import { InMemoryStore } from './in-memory-store';

export class InMemoryTenantRepository implements TenantRepository {
  constructor(private readonly store: InMemoryStore) {}

  async findBySlug(slug: string) {
    return this.store.tenants.find((t) => t.slug === slug) ?? null;
  }

  async create(tenant: { slug: string; name: string }) {
    if (this.store.tenants.some((t) => t.slug === tenant.slug)) {
      throw new DomainError('tenant_exists', `tenant "${tenant.slug}" already exists`);
    }
    // After the highest, as a database's key does: a sandbox reset removes tenants, so the count is no free id.
    const created = { id: Math.max(0, ...this.store.tenants.map((t) => t.id)) + 1, ...tenant };
    this.store.tenants.push(created);
    this.store.changed();
    return created;
  }

  async listWithCounts() {
    const count = (rows: ReadonlyArray<{ tenantId: number }>, tenantId: number) => rows.filter((row) => row.tenantId === tenantId).length;
    return [...this.store.tenants]
      .sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0))
      .map((t) => ({
        ...t,
        sites: count(this.store.sites, t.id),
        bookings: count(this.store.bookings, t.id),
        billing: this.store.billing.has(t.id),
        sandbox: this.store.sandboxes.has(t.id),
      }));
  }

  async isEmpty() {
    return this.store.tenants.length === 0;
  }
}

export class InMemoryApiKeyRepository implements ApiKeyRepository {
  private lastId = 0;

  constructor(
    private readonly store: InMemoryStore,
    private readonly clock: Clock,
  ) {}

  async findByPrefix(prefix: string) {
    const key = this.store.apiKeys.find((k) => k.prefix === prefix);
    return key ? { ...key, scopes: [...key.scopes] } : null;
  }

  /** Keeps nothing in memory of its own: every key is read by `findByPrefix` (FreshApiKeys keeps rows). */
  async findKept(): Promise<undefined> {
    return undefined;
  }

  async listByTenant(tenantId: number) {
    return this.store.apiKeys
      .filter((k) => k.tenantId === tenantId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)
      .map((k) => ({ ...k }));
  }

  async create(key: NewApiKey) {
    if (this.store.apiKeys.some((k) => k.prefix === key.prefix)) {
      throw new DomainError('validation_failed', `prefix ${key.prefix} is already in use`);
    }
    this.lastId = Math.max(this.lastId, ...this.store.apiKeys.map((k) => k.id)) + 1;
    const created: ApiKey = {
      ...key,
      fastVerifier: key.fastVerifier ?? null,
      id: this.lastId,
      revokedAt: key.revokedAt ?? null,
      lastUsedAt: null,
      createdAt: this.clock.now(),
    };
    this.store.apiKeys.push(created);
    this.store.changed();
    return { ...created };
  }

  async revoke(tenantId: number, prefix: string, at: Date) {
    const key = this.store.apiKeys.find((k) => k.tenantId === tenantId && k.prefix === prefix);
    if (!key) return false;
    key.revokedAt ??= at;
    this.store.changed();
    return true;
  }

  async replaceSecretHash(keyId: number, current: string, next: string) {
    const key = this.store.apiKeys.find((k) => k.id === keyId && k.secretHash === current);
    if (!key) return false;
    key.secretHash = next;
    this.store.changed();
    return true;
  }

  /** Bookkeeping no read depends on: like last use, it leaves the data version alone. */
  async storeFastVerifier(keyId: number, secretHash: string, verifier: string) {
    const key = this.store.apiKeys.find((k) => k.id === keyId && k.secretHash === secretHash);
    if (!key) return false;
    key.fastVerifier = verifier;
    return true;
  }

  async touchLastUsed(keyId: number, at: Date) {
    const key = this.store.apiKeys.find((k) => k.id === keyId);
    if (key) key.lastUsedAt = at;
    this.store.changed();
  }
}
