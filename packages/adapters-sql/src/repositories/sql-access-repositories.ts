import { type ApiKey, type ApiKeyRepository, type Clock, DomainError, type NewApiKey, type Tenant, type TenantRepository } from '@campsite/domain';
import type { SqlDatabase } from '../sql-executor';
import { translateSqlError, translatingSqlErrors } from '../translate-sql-error';
import { API_KEY_SELECT, timeOrNull, toApiKey } from './row-mappers';
import { bumpDataVersion } from './sql-data-versions';

export const API_KEY_COLUMNS = ['tenant_id', 'name', 'prefix', 'secret_hash', 'scopes', 'expires_at', 'revoked_at', 'last_used_at', 'created_at'] as const;

export function apiKeyRow(db: SqlDatabase, key: NewApiKey, createdAt: Date): unknown[] {
  const { dialect } = db;
  return [key.tenantId, key.name, key.prefix, key.secretHash, JSON.stringify(key.scopes), timeOrNull(dialect, key.expiresAt), timeOrNull(dialect, key.revokedAt), null, dialect.time(createdAt)];
}

export class SqlApiKeyRepository implements ApiKeyRepository {
  constructor(
    private readonly db: SqlDatabase,
    private readonly clock: Clock,
  ) {}

  /** Served by the unique index on prefix; called on every authenticated request. */
  async findByPrefix(prefix: string): Promise<ApiKey | null> {
    const row = await this.db.get(`${API_KEY_SELECT} WHERE prefix = ?`, [prefix]);
    return row ? toApiKey(this.db.dialect, row) : null;
  }

  async listByTenant(tenantId: number): Promise<ApiKey[]> {
    const rows = await this.db.all(`${API_KEY_SELECT} WHERE tenant_id = ? ORDER BY created_at, id`, [tenantId]);
    return rows.map((row) => toApiKey(this.db.dialect, row));
  }

  async create(key: NewApiKey): Promise<ApiKey> {
    const createdAt = this.clock.now();
    const row = await translatingSqlErrors(() =>
      this.db.transaction(async (tx) => {
        const inserted = await tx.get<{ id: unknown }>(
          `INSERT INTO api_keys (${API_KEY_COLUMNS.join(', ')}) VALUES (${API_KEY_COLUMNS.map(() => '?').join(', ')}) RETURNING id`,
          apiKeyRow(this.db, key, createdAt),
        );
        await bumpDataVersion(this.db, tx, key.tenantId);
        return inserted;
      }),
    );
    return { ...key, id: Number(row!.id), revokedAt: key.revokedAt ?? null, lastUsedAt: null, createdAt };
  }

  /** Idempotent: a second revocation keeps the first time. */
  revoke(tenantId: number, prefix: string, at: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const changed = await tx.run('UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE tenant_id = ? AND prefix = ?', [
        this.db.dialect.time(at),
        tenantId,
        prefix,
      ]);
      if (changed > 0) await bumpDataVersion(this.db, tx, tenantId);
      return changed > 0;
    });
  }

  /** Not a change DataVersions tracks: no read depends on it, and it happens once a minute per key in use. */
  async touchLastUsed(keyId: number, at: Date): Promise<void> {
    await this.db.run('UPDATE api_keys SET last_used_at = ? WHERE id = ?', [this.db.dialect.time(at), keyId]);
  }
}

/** Inserts a tenant and its counter row; the caller provides the transaction. */
export async function insertTenant(tx: Pick<SqlDatabase, 'get' | 'run'>, slug: string, name: string): Promise<number> {
  let row: { id: unknown } | undefined;
  try {
    row = await tx.get<{ id: unknown }>('INSERT INTO tenants (slug, name) VALUES (?, ?) RETURNING id', [slug, name]);
  } catch (error) {
    const translated = translateSqlError(error);
    // The unique index only knows that some slug clashed; name it, as the port promises.
    throw translated instanceof DomainError && translated.code === 'tenant_exists' ? tenantExists(slug) : translated;
  }
  const id = Number(row!.id);
  await tx.run('INSERT INTO tenant_counters (tenant_id) VALUES (?)', [id]);
  return id;
}

export function tenantExists(slug: string): DomainError {
  return new DomainError('tenant_exists', `tenant "${slug}" already exists`);
}

export class SqlTenantRepository implements TenantRepository {
  constructor(private readonly db: SqlDatabase) {}

  async findBySlug(slug: string): Promise<Tenant | null> {
    const row = await this.db.get<{ id: unknown; slug: string; name: string }>('SELECT id, slug, name FROM tenants WHERE slug = ?', [slug]);
    return row ? { id: Number(row.id), slug: row.slug, name: row.name } : null;
  }

  create(tenant: { slug: string; name: string }): Promise<Tenant> {
    return this.db.transaction(async (tx) => ({ id: await insertTenant(tx, tenant.slug, tenant.name), ...tenant }));
  }

  async isEmpty(): Promise<boolean> {
    return (await this.db.get('SELECT 1 AS present FROM tenants LIMIT 1')) === undefined;
  }
}
