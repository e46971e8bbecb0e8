import {
  CHANGE_TYPES,
  type ChangeType,
  type FeedHead,
  type NewWebhookEndpoint,
  type WebhookEndpoint,
  type WebhookEndpointChanges,
  type WebhookEndpointRepository,
  type WebhookSecret,
  type WebhookStatus,
} from '@campsite/domain';
import { type SqlExecutor, toInt } from '../sql-executor';
import type { SqlDatabase } from '../sql-database';

const COLUMNS = 'tenant_id, id, url, types, description, status, paused_reason, position, created_at, secrets';

/** The stored form of each changeable field: column name and value. */
const COLUMN_OF: { [K in keyof Required<WebhookEndpointChanges>]: (value: Required<WebhookEndpointChanges>[K]) => [string, unknown] } = {
  url: (url) => ['url', url],
  types: (types) => ['types', types.join(',')],
  description: (description) => ['description', description],
  status: (status) => ['status', status],
  pausedReason: (reason) => ['paused_reason', reason],
  position: (position) => ['position', position],
  secrets: (secrets) => ['secrets', secretsJson(secrets)],
};

function secretsJson(secrets: readonly WebhookSecret[]): string {
  return JSON.stringify(secrets.map((s) => ({ secret: s.secret, expires_at: s.expiresAt?.toISOString() ?? null })));
}

function readSecrets(text: unknown): WebhookSecret[] {
  const stored = JSON.parse(String(text)) as Array<{ secret: string; expires_at: string | null }>;
  return stored.map((s) => ({ secret: s.secret, expiresAt: s.expires_at === null ? null : new Date(s.expires_at) }));
}

function readTypes(text: unknown): ChangeType[] {
  const stored = String(text).split(',');
  return CHANGE_TYPES.filter((type) => stored.includes(type));
}

/** `webhook_endpoints` and `webhook_endpoint_ids` of migration 009 (docs/webhooks.md). */
export class SqlWebhookEndpoints implements WebhookEndpointRepository {
  constructor(private readonly db: SqlDatabase) {}

  async feedHead(tenantId: number): Promise<FeedHead> {
    const row = await this.db.get<{ feed_token: string; last_change: unknown }>(
      'SELECT feed_token, last_change FROM tenant_counters WHERE tenant_id = ?',
      [tenantId],
    );
    if (!row) throw new Error(`tenant ${tenantId} has no counter row`);
    return { token: row.feed_token, position: toInt(row.last_change) };
  }

  create(tenantId: number, endpoint: NewWebhookEndpoint, limit: number): Promise<WebhookEndpoint | null> {
    return this.db.transaction(async (tx) => {
      // Takes the tenant's id row (and on Postgres its lock until commit) before counting, so concurrent creations of
      // one tenant count one after the other.
      const ids = await tx.get<{ last_id: unknown }>(
        'INSERT INTO webhook_endpoint_ids (tenant_id, last_id) VALUES (?, 0) ' +
          'ON CONFLICT (tenant_id) DO UPDATE SET last_id = webhook_endpoint_ids.last_id RETURNING last_id',
        [tenantId],
      );
      const count = await tx.get<{ n: unknown }>('SELECT COUNT(*) AS n FROM webhook_endpoints WHERE tenant_id = ?', [tenantId]);
      if (Number(count?.n ?? 0) >= limit) return null;
      const id = toInt(ids?.last_id ?? 0) + 1;
      await tx.run('UPDATE webhook_endpoint_ids SET last_id = ? WHERE tenant_id = ?', [id, tenantId]);
      const stored: WebhookEndpoint = { ...endpoint, tenantId, id };
      await tx.run(`INSERT INTO webhook_endpoints (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
        tenantId,
        id,
        endpoint.url,
        endpoint.types.join(','),
        endpoint.description,
        endpoint.status,
        endpoint.pausedReason,
        endpoint.position,
        this.db.dialect.time(endpoint.createdAt),
        secretsJson(endpoint.secrets),
      ]);
      return stored;
    });
  }

  async list(tenantId: number): Promise<WebhookEndpoint[]> {
    const rows = await this.db.rows(`SELECT ${COLUMNS} FROM webhook_endpoints WHERE tenant_id = ? ORDER BY id`, [tenantId]);
    return rows.map((row) => this.toEndpoint(row));
  }

  find(tenantId: number, id: number): Promise<WebhookEndpoint | null> {
    return this.findWith(this.db, tenantId, id);
  }

  async update(tenantId: number, id: number, changes: WebhookEndpointChanges): Promise<WebhookEndpoint | null> {
    const sets: string[] = [];
    const params: unknown[] = [];
    for (const [field, value] of Object.entries(changes) as Array<[keyof WebhookEndpointChanges, never]>) {
      if (value === undefined) continue;
      const [column, stored] = COLUMN_OF[field](value);
      sets.push(`${column} = ?`);
      params.push(stored);
    }
    return this.db.transaction(async (tx) => {
      if (sets.length > 0)
        await tx.run(`UPDATE webhook_endpoints SET ${sets.join(', ')} WHERE tenant_id = ? AND id = ?`, [...params, tenantId, id]);
      return this.findWith(tx, tenantId, id);
    });
  }

  async delete(tenantId: number, id: number): Promise<boolean> {
    return (await this.db.run('DELETE FROM webhook_endpoints WHERE tenant_id = ? AND id = ?', [tenantId, id])) > 0;
  }

  private async findWith(db: SqlExecutor, tenantId: number, id: number): Promise<WebhookEndpoint | null> {
    const [row] = await db.rows(`SELECT ${COLUMNS} FROM webhook_endpoints WHERE tenant_id = ? AND id = ?`, [tenantId, id]);
    return row ? this.toEndpoint(row) : null;
  }

  private toEndpoint(row: unknown[]): WebhookEndpoint {
    return {
      tenantId: toInt(row[0]),
      id: toInt(row[1]),
      url: String(row[2]),
      types: readTypes(row[3]),
      description: String(row[4]),
      status: row[5] as WebhookStatus,
      pausedReason: row[6] === null ? null : String(row[6]),
      position: toInt(row[7]),
      createdAt: this.db.dialect.readTime(row[8]),
      secrets: readSecrets(row[9]),
    };
  }
}
