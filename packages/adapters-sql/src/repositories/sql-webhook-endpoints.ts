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
import { type SecretSealer, webhookSecretBinding } from '../secret-sealing';

const COLUMNS = 'tenant_id, id, url, types, description, status, paused_reason, position, created_at, secrets';

/** The stored form of each changeable field but the secrets: column name and value. */
const COLUMN_OF: {
  [K in Exclude<keyof WebhookEndpointChanges, 'secrets'>]-?: (value: Required<WebhookEndpointChanges>[K]) => [string, unknown];
} = {
  url: (url) => ['url', url],
  types: (types) => ['types', types.join(',')],
  description: (description) => ['description', description],
  status: (status) => ['status', status],
  pausedReason: (reason) => ['paused_reason', reason],
  position: (position) => ['position', position],
};

/** The `secrets` column: a JSON array of {"secret", "expires_at"}, newest first (migration 009). */
type StoredSecrets = Array<{ secret: string; expires_at: string | null }>;

function readTypes(text: unknown): ChangeType[] {
  const stored = String(text).split(',');
  return CHANGE_TYPES.filter((type) => stored.includes(type));
}

/**
 * `webhook_endpoints` and `webhook_endpoint_ids` of migration 009 (docs/webhooks.md). The signing secrets are sealed
 * with `sealer`, bound to their endpoint (docs/security.md, "Secrets at rest"); one that cannot be opened here is left
 * out of the endpoint, and `onUnreadable` hears of it.
 */
export class SqlWebhookEndpoints implements WebhookEndpointRepository {
  constructor(
    private readonly db: SqlDatabase,
    private readonly sealer: SecretSealer | null,
    private readonly onUnreadable: (message: string) => void = () => {
      // Nobody asked to hear of it: the secret is left out all the same.
    },
  ) {}

  private secretsJson(tenantId: number, id: number, secrets: readonly WebhookSecret[]): string {
    const binding = webhookSecretBinding(tenantId, id);
    const stored: StoredSecrets = secrets.map((s) => ({
      secret: this.sealer ? this.sealer.seal(s.secret, binding) : s.secret,
      expires_at: s.expiresAt?.toISOString() ?? null,
    }));
    return JSON.stringify(stored);
  }

  private readSecrets(tenantId: number, id: number, text: unknown): WebhookSecret[] {
    const binding = webhookSecretBinding(tenantId, id);
    const secrets: WebhookSecret[] = [];
    for (const s of JSON.parse(String(text)) as StoredSecrets) {
      const secret = this.sealer ? this.sealer.open(s.secret, binding) : s.secret;
      if (secret === null) {
        this.onUnreadable(
          `a signing secret of webhook endpoint ${id} of tenant ${tenantId} cannot be opened: ` +
            'sealed under another key or for another endpoint',
        );
        continue;
      }
      secrets.push({ secret, expiresAt: s.expires_at === null ? null : new Date(s.expires_at) });
    }
    return secrets;
  }

  /**
   * Seals every signing secret again under the first key (`campsite secrets rotate`), or, with `onlyUnsealed`, only
   * those stored before sealing began (every start does that). A row is rewritten only if it is still as read, so an
   * endpoint rotated meanwhile is left as its rotation wrote it. Secrets that cannot be opened are left as they are.
   */
  async reseal(onlyUnsealed: boolean): Promise<{ resealed: number; unreadable: number }> {
    const sealer = this.sealer;
    if (!sealer) return { resealed: 0, unreadable: 0 };
    let resealed = 0;
    let unreadable = 0;
    for (const [tenant, endpoint, text] of await this.db.rows(
      'SELECT tenant_id, id, secrets FROM webhook_endpoints ORDER BY tenant_id, id',
    )) {
      const [tenantId, id] = [toInt(tenant), toInt(endpoint)];
      const binding = webhookSecretBinding(tenantId, id);
      const stored = JSON.parse(String(text)) as StoredSecrets;
      const stale = (secret: string) => (onlyUnsealed ? !secret.startsWith('sealed:') : !sealer.isCurrent(secret));
      if (!stored.some((s) => stale(s.secret))) continue;
      let sealedAgain = 0;
      const next = stored.map((s) => {
        const plain = stale(s.secret) ? sealer.open(s.secret, binding) : null;
        if (stale(s.secret) && plain === null) unreadable++;
        if (plain === null) return s;
        sealedAgain++;
        return { ...s, secret: sealer.seal(plain, binding) };
      });
      if (sealedAgain === 0) continue;
      const changed = await this.db.run('UPDATE webhook_endpoints SET secrets = ? WHERE tenant_id = ? AND id = ? AND secrets = ?', [
        JSON.stringify(next),
        tenantId,
        id,
        String(text),
      ]);
      resealed += changed;
    }
    return { resealed, unreadable };
  }

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
        this.secretsJson(tenantId, id, endpoint.secrets),
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
      const [column, stored] = field === 'secrets' ? ['secrets', this.secretsJson(tenantId, id, value)] : COLUMN_OF[field](value);
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
      secrets: this.readSecrets(toInt(row[0]), toInt(row[1]), row[9]),
    };
  }
}
