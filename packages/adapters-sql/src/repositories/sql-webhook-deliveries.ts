import {
  DELIVERY_LOG_SIZE,
  type DeliveryError,
  type DeliveryRecord,
  type DeliveryState,
  type FailedAttempt,
  type PendingMessage,
  type WebhookDeliveryStore,
} from '@campsite/domain';
import { toInt } from '../sql-executor';
import type { SqlDatabase } from '../sql-database';
import { SqlWebhookEndpoints } from './sql-webhook-endpoints';

const KEY = 'tenant_id = ? AND id = ?';
const FORGET_MESSAGE =
  'message_id = NULL, message_body = NULL, message_previous = NULL, message_cursor = NULL, attempts = 0, ' +
  'failing_since = NULL, next_attempt_at = NULL, idle_through = NULL';
const RELEASE = 'lease_owner = NULL, lease_until = NULL';

/** The delivery columns of `webhook_endpoints` and `webhook_deliveries`, migration 011 (docs/webhooks.md). */
export class SqlWebhookDeliveries implements WebhookDeliveryStore {
  private readonly endpoints: SqlWebhookEndpoints;

  /** `endpoints`: the same database's endpoints, which open the signing secrets a delivery is signed with. */
  constructor(
    private readonly db: SqlDatabase,
    endpoints: SqlWebhookEndpoints,
  ) {
    this.endpoints = endpoints;
  }

  async claimDue(owner: string, now: Date, until: Date, limit: number): Promise<DeliveryState[]> {
    const { dialect } = this.db;
    // One statement, so that no transaction stays open between statements: on SQLite that would hold the write lock
    // across the event loop. Where several write at once, a row another sender is claiming right now is skipped
    // rather than waited for (SqlDialect.skippingLocked).
    const due =
      'SELECT e.tenant_id, e.id FROM webhook_endpoints e JOIN tenant_counters c ON c.tenant_id = e.tenant_id ' +
      "WHERE e.status = 'active' AND (e.lease_until IS NULL OR e.lease_until <= ?) AND (CASE WHEN e.message_id IS NOT NULL " +
      'THEN e.next_attempt_at IS NULL OR e.next_attempt_at <= ? ' +
      'ELSE (CASE WHEN e.idle_through > e.position THEN e.idle_through ELSE e.position END) < c.last_change END) ' +
      'ORDER BY e.tenant_id, e.id LIMIT ?';
    const params = [dialect.time(now), dialect.time(now), limit];
    // Senders poll several times a second; a read first keeps the idle polls from taking SQLite's write lock.
    if ((await this.db.rows(due, params)).length === 0) return [];
    const claimed = await this.db.rows(
      'UPDATE webhook_endpoints SET lease_owner = ?, lease_until = ? ' +
        `WHERE (tenant_id, id) IN (${dialect.skippingLocked(due, 'e')}) RETURNING tenant_id, id`,
      [owner, dialect.time(until), ...params],
    );
    const states: DeliveryState[] = [];
    for (const [tenantId, id] of claimed.map((row) => [toInt(row[0]), toInt(row[1])] as const)) {
      // Read after the claim, so before any feed read of this turn: the head is the position `release` may skip to.
      const [row] = await this.db.rows(
        'SELECT c.last_change, e.message_id, e.message_body, e.message_previous, e.message_cursor, e.attempts, e.failing_since ' +
          'FROM webhook_endpoints e JOIN tenant_counters c ON c.tenant_id = e.tenant_id WHERE e.tenant_id = ? AND e.id = ?',
        [tenantId, id],
      );
      const endpoint = await this.endpoints.find(tenantId, id);
      if (!row || !endpoint) continue;
      states.push({
        endpoint,
        head: toInt(row[0]),
        message: row[1] === null ? null : { id: String(row[1]), body: String(row[2]), previous: toInt(row[3]), cursor: toInt(row[4]) },
        attempts: toInt(row[5]),
        failingSince: row[6] === null ? null : dialect.readTime(row[6]),
      });
    }
    return states;
  }

  async hold(tenantId: number, endpointId: number, owner: string, message: PendingMessage): Promise<boolean> {
    const changed = await this.db.run(
      'UPDATE webhook_endpoints SET message_id = ?, message_body = ?, message_previous = ?, message_cursor = ?, attempts = 0, ' +
        'failing_since = NULL, next_attempt_at = NULL ' +
        `WHERE ${KEY} AND lease_owner = ? AND position = ?`,
      [message.id, message.body, message.previous, message.cursor, tenantId, endpointId, owner, message.previous],
    );
    return changed > 0;
  }

  async acknowledge(tenantId: number, endpointId: number, owner: string, messageId: string): Promise<void> {
    const moved = await this.db.run(
      `UPDATE webhook_endpoints SET position = message_cursor, ${FORGET_MESSAGE}, ${RELEASE} ` +
        `WHERE ${KEY} AND lease_owner = ? AND message_id = ? AND position = message_previous`,
      [tenantId, endpointId, owner, messageId],
    );
    if (moved === 0) await this.release(tenantId, endpointId, owner, null);
  }

  async fail(tenantId: number, endpointId: number, owner: string, messageId: string, failed: FailedAttempt): Promise<void> {
    const { dialect } = this.db;
    // A pause made through the API while the attempt ran keeps its own reason (manual), not the sender's.
    const pause =
      failed.pause === null ? '' : ", status = 'paused', paused_reason = CASE WHEN status = 'paused' THEN paused_reason ELSE ? END";
    const kept = await this.db.run(
      `UPDATE webhook_endpoints SET attempts = ?, failing_since = ?, next_attempt_at = ?${pause}, ${RELEASE} ` +
        `WHERE ${KEY} AND lease_owner = ? AND message_id = ?`,
      [
        failed.attempts,
        dialect.time(failed.failingSince),
        dialect.time(failed.nextAttemptAt),
        ...(failed.pause === null ? [] : [failed.pause]),
        tenantId,
        endpointId,
        owner,
        messageId,
      ],
    );
    if (kept === 0) await this.release(tenantId, endpointId, owner, null);
  }

  async release(tenantId: number, endpointId: number, owner: string, idleThrough: number | null): Promise<void> {
    const idle = idleThrough === null ? '' : ', idle_through = CASE WHEN message_id IS NULL THEN ? ELSE idle_through END';
    await this.db.run(`UPDATE webhook_endpoints SET ${RELEASE}${idle} WHERE ${KEY} AND lease_owner = ?`, [
      ...(idleThrough === null ? [] : [idleThrough]),
      tenantId,
      endpointId,
      owner,
    ]);
  }

  async restart(tenantId: number, endpointId: number): Promise<void> {
    await this.db.run(`UPDATE webhook_endpoints SET ${FORGET_MESSAGE} WHERE ${KEY}`, [tenantId, endpointId]);
  }

  async record(tenantId: number, endpointId: number, attempt: DeliveryRecord): Promise<void> {
    const inserted = await this.db.run(
      'INSERT INTO webhook_deliveries (tenant_id, endpoint_id, message_id, attempt, status_code, error, duration_ms, at) ' +
        'SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM webhook_endpoints WHERE tenant_id = ? AND id = ?)',
      [
        tenantId,
        endpointId,
        attempt.messageId,
        attempt.attempt,
        attempt.statusCode,
        attempt.error,
        Math.round(attempt.durationMs),
        this.db.dialect.time(attempt.at),
        tenantId,
        endpointId,
      ],
    );
    if (inserted === 0) return;
    // Keeps the newest DELIVERY_LOG_SIZE: the log answers "what happened lately", it is no audit trail.
    await this.db.run(
      'DELETE FROM webhook_deliveries WHERE tenant_id = ? AND endpoint_id = ? AND seq <= (SELECT seq FROM webhook_deliveries ' +
        'WHERE tenant_id = ? AND endpoint_id = ? ORDER BY seq DESC LIMIT 1 OFFSET ?)',
      [tenantId, endpointId, tenantId, endpointId, DELIVERY_LOG_SIZE],
    );
  }

  async oldestPending(): Promise<Date | null> {
    // Per endpoint, the first change after its position (by the (tenant_id, position) index); positions follow commit
    // order, so that first one is also the oldest. `types` is stored comma-separated.
    const [row] = await this.db.rows(
      'SELECT MIN(first_change) FROM (SELECT (SELECT l.changed_at FROM change_log l WHERE l.tenant_id = e.tenant_id ' +
        "AND l.position > e.position AND (',' || e.types || ',') LIKE ('%,' || l.type || ',%') ORDER BY l.position LIMIT 1) " +
        "AS first_change FROM webhook_endpoints e WHERE e.status = 'active') pending",
    );
    return row?.[0] === null || row?.[0] === undefined ? null : this.db.dialect.readTime(row[0]);
  }

  async deliveries(tenantId: number, endpointId: number): Promise<DeliveryRecord[]> {
    const rows = await this.db.rows(
      'SELECT message_id, attempt, status_code, error, duration_ms, at FROM webhook_deliveries ' +
        'WHERE tenant_id = ? AND endpoint_id = ? ORDER BY seq DESC LIMIT ?',
      [tenantId, endpointId, DELIVERY_LOG_SIZE],
    );
    return rows.map((row) => ({
      messageId: String(row[0]),
      attempt: toInt(row[1]),
      statusCode: row[2] === null ? null : toInt(row[2]),
      error: row[3] === null ? null : (String(row[3]) as DeliveryError),
      durationMs: toInt(row[4]),
      at: this.db.dialect.readTime(row[5]),
    }));
  }
}
