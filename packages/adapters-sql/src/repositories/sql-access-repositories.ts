import {
  type ApiKey,
  type ApiKeyRepository,
  type Clock,
  DomainError,
  type NewApiKey,
  type Tenant,
  type TenantRepository,
  type TenantSummary,
} from '@campsite/domain';
import type { SqlDatabase } from '../sql-database';
import { translateSqlError, translatingSqlErrors } from '../translate-sql-error';
import { API_KEY_SELECT, timeOrNull, toApiKey } from './row-mappers';

const API_KEY_BY_PREFIX = `${API_KEY_SELECT} WHERE prefix = ?`;

export const API_KEY_COLUMNS = [
  'tenant_id',
  'name',
  'prefix',
  'secret_hash',
  'fast_verifier',
  'scopes',
  'expires_at',
  'revoked_at',
  'last_used_at',
  'created_at',
] as const;

export function apiKeyRow(db: SqlDatabase, key: NewApiKey, createdAt: Date): unknown[] {
  const { dialect } = db;
  return [
    key.tenantId,
    key.name,
    key.prefix,
    key.secretHash,
    key.fastVerifier ?? null,
    JSON.stringify(key.scopes),
    timeOrNull(dialect, key.expiresAt),
    timeOrNull(dialect, key.revokedAt),
    null,
    dialect.time(createdAt),
  ];
}

export class SqlApiKeyRepository implements ApiKeyRepository {
  constructor(
    private readonly db: SqlDatabase,
    private readonly clock: Clock,
  ) {}

  /** Served by the unique index on prefix; called on every authenticated request. */
  async findByPrefix(prefix: string): Promise<ApiKey | null> {
    const row = await this.db.get(API_KEY_BY_PREFIX, [prefix]);
    return row ? toApiKey(this.db.dialect, row) : null;
  }

  async listByTenant(tenantId: number): Promise<ApiKey[]> {
    const rows = await this.db.all(`${API_KEY_SELECT} WHERE tenant_id = ? ORDER BY created_at, id`, [tenantId]);
    return rows.map((row) => toApiKey(this.db.dialect, row));
  }

  async create(key: NewApiKey): Promise<ApiKey> {
    const createdAt = this.clock.now();
    // The database moves the tenant's data version (migration 005): no hand-marking here.
    const row = await translatingSqlErrors(() =>
      this.db.get<{ id: unknown }>(
        `INSERT INTO api_keys (${API_KEY_COLUMNS.join(', ')}) VALUES (${API_KEY_COLUMNS.map(() => '?').join(', ')}) RETURNING id`,
        apiKeyRow(this.db, key, createdAt),
      ),
    );
    return {
      ...key,
      fastVerifier: key.fastVerifier ?? null,
      id: Number(row!.id),
      revokedAt: key.revokedAt ?? null,
      lastUsedAt: null,
      createdAt,
    };
  }

  /** Idempotent: a second revocation keeps the first time. */
  async revoke(tenantId: number, prefix: string, at: Date): Promise<boolean> {
    const changed = await this.db.run('UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE tenant_id = ? AND prefix = ?', [
      this.db.dialect.time(at),
      tenantId,
      prefix,
    ]);
    return changed > 0;
  }

  /** The key's hash is re-read on every request; the database moves the data version for it like any key change. */
  async replaceSecretHash(keyId: number, current: string, next: string): Promise<boolean> {
    return (await this.db.run('UPDATE api_keys SET secret_hash = ? WHERE id = ? AND secret_hash = ?', [next, keyId, current])) === 1;
  }

  /** Compare and set on the hash it was made for; the data version stays (migration 020). */
  async storeFastVerifier(keyId: number, secretHash: string, verifier: string): Promise<boolean> {
    const sql = 'UPDATE api_keys SET fast_verifier = ? WHERE id = ? AND secret_hash = ?';
    return (await this.db.run(sql, [verifier, keyId, secretHash])) === 1;
  }

  async touchLastUsed(keyId: number, at: Date): Promise<void> {
    await this.db.run('UPDATE api_keys SET last_used_at = ? WHERE id = ?', [this.db.dialect.time(at), keyId]);
  }
}

/** Inserts a tenant; the database adds its counter row (migration 005). The caller provides the transaction. */
export async function insertTenant(tx: Pick<SqlDatabase, 'get' | 'run'>, slug: string, name: string): Promise<number> {
  let row: { id: unknown } | undefined;
  try {
    row = await tx.get<{ id: unknown }>('INSERT INTO tenants (slug, name) VALUES (?, ?) RETURNING id', [slug, name]);
  } catch (error) {
    const translated = translateSqlError(error);
    // The unique index only knows that some slug clashed; name it, as the port promises.
    throw translated instanceof DomainError && translated.code === 'tenant_exists' ? tenantExists(slug) : translated;
  }
  return Number(row!.id);
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

  /** One pass over tenants; each count is served by the (tenant_id, …) index of its table. */
  async listWithCounts(): Promise<TenantSummary[]> {
    type Row = { id: unknown; slug: string; name: string; sites: unknown; bookings: unknown; billing: unknown; sandbox: unknown };
    const rows = await this.db.all<Row>(
      'SELECT t.id, t.slug, t.name, t.sandbox, ' +
        '(SELECT count(*) FROM sites s WHERE s.tenant_id = t.id) AS sites, ' +
        '(SELECT count(*) FROM bookings b WHERE b.tenant_id = t.id) AS bookings, ' +
        '(SELECT count(*) FROM tenant_billing g WHERE g.tenant_id = t.id) AS billing ' +
        'FROM tenants t ORDER BY t.slug',
    );
    return rows.map((row) => ({
      id: Number(row.id),
      slug: row.slug,
      name: row.name,
      sites: Number(row.sites),
      bookings: Number(row.bookings),
      billing: Number(row.billing) > 0,
      // SQLite keeps a flag as 0 or 1, PostgreSQL as a boolean.
      sandbox: row.sandbox === true || row.sandbox === 1,
    }));
  }

  async isEmpty(): Promise<boolean> {
    return (await this.db.get('SELECT 1 AS present FROM tenants LIMIT 1')) === undefined;
  }
}
