import type {
  DeliveryAttempt,
  FeedHead,
  NewWebhookEndpoint,
  WebhookEndpoint,
  WebhookEndpointChanges,
  WebhookEndpointRepository,
  WebhookMessage,
  WebhookTransport,
} from '../webhooks/webhook-endpoint';
import {
  DELIVERY_LOG_SIZE,
  type DeliveryRecord,
  type DeliveryState,
  type FailedAttempt,
  type PendingMessage,
  type WebhookDeliveryStore,
} from '../webhooks/webhook-delivery';
import type { InMemoryStore, StoredDeliveryState } from './in-memory-store';

/** Copies, so that a caller's edits never reach the stored rows (as with a database). */
function copy(endpoint: WebhookEndpoint): WebhookEndpoint {
  return { ...endpoint, types: [...endpoint.types], secrets: endpoint.secrets.map((s) => ({ ...s })) };
}

/** The `webhook_endpoints` table of the in-memory store. */
export class InMemoryWebhookEndpoints implements WebhookEndpointRepository {
  constructor(private readonly store: InMemoryStore) {}

  async feedHead(tenantId: number): Promise<FeedHead> {
    const { store } = this;
    if (!store.tenants.some((t) => t.id === tenantId)) throw new Error(`no tenant ${tenantId}`);
    return { token: store.feedToken(tenantId), position: store.changeLog(tenantId).at(-1)?.position ?? 0 };
  }

  async create(tenantId: number, endpoint: NewWebhookEndpoint, limit: number): Promise<WebhookEndpoint | null> {
    const { store } = this;
    if (store.webhookEndpoints.filter((e) => e.tenantId === tenantId).length >= limit) return null;
    const id = (store.lastWebhookEndpointId.get(tenantId) ?? 0) + 1;
    store.lastWebhookEndpointId.set(tenantId, id);
    const stored = copy({ ...endpoint, tenantId, id });
    store.webhookEndpoints.push(stored);
    return copy(stored);
  }

  async list(tenantId: number): Promise<WebhookEndpoint[]> {
    return this.store.webhookEndpoints
      .filter((e) => e.tenantId === tenantId)
      .sort((a, b) => a.id - b.id)
      .map(copy);
  }

  async find(tenantId: number, id: number): Promise<WebhookEndpoint | null> {
    const found = this.store.webhookEndpoints.find((e) => e.tenantId === tenantId && e.id === id);
    return found ? copy(found) : null;
  }

  async update(tenantId: number, id: number, changes: WebhookEndpointChanges): Promise<WebhookEndpoint | null> {
    const index = this.store.webhookEndpoints.findIndex((e) => e.tenantId === tenantId && e.id === id);
    if (index < 0) return null;
    const updated = copy({ ...this.store.webhookEndpoints[index]!, ...changes });
    this.store.webhookEndpoints[index] = updated;
    return copy(updated);
  }

  async delete(tenantId: number, id: number): Promise<boolean> {
    const before = this.store.webhookEndpoints.length;
    this.store.webhookEndpoints = this.store.webhookEndpoints.filter((e) => !(e.tenantId === tenantId && e.id === id));
    this.store.webhookDelivery.delete(`${tenantId}:${id}`);
    this.store.webhookDeliveryLog.delete(`${tenantId}:${id}`);
    return this.store.webhookEndpoints.length < before;
  }
}

const key = (tenantId: number, endpointId: number) => `${tenantId}:${endpointId}`;

/** The delivery columns of `webhook_endpoints` and the `webhook_deliveries` table of the in-memory store. */
export class InMemoryWebhookDeliveries implements WebhookDeliveryStore {
  constructor(private readonly store: InMemoryStore) {}

  private state(tenantId: number, endpointId: number): StoredDeliveryState {
    let state = this.store.webhookDelivery.get(key(tenantId, endpointId));
    if (!state) {
      state = {
        message: null,
        attempts: 0,
        failingSince: null,
        nextAttemptAt: null,
        idleThrough: null,
        leaseOwner: null,
        leaseUntil: null,
      };
      this.store.webhookDelivery.set(key(tenantId, endpointId), state);
    }
    return state;
  }

  /** The state while `owner` holds the lease of an endpoint that still exists; null otherwise. */
  private leased(tenantId: number, endpointId: number, owner: string): StoredDeliveryState | null {
    const exists = this.store.webhookEndpoints.some((e) => e.tenantId === tenantId && e.id === endpointId);
    const state = this.store.webhookDelivery.get(key(tenantId, endpointId));
    return exists && state?.leaseOwner === owner ? state : null;
  }

  async claimDue(owner: string, now: Date, until: Date, limit: number): Promise<DeliveryState[]> {
    const claimed: DeliveryState[] = [];
    for (const endpoint of this.store.webhookEndpoints) {
      if (claimed.length >= limit) break;
      if (endpoint.status !== 'active') continue;
      const state = this.state(endpoint.tenantId, endpoint.id);
      if (state.leaseUntil !== null && state.leaseUntil > now) continue;
      const head = this.store.changeLog(endpoint.tenantId).at(-1)?.position ?? 0;
      const due =
        state.message !== null
          ? state.nextAttemptAt === null || state.nextAttemptAt <= now
          : Math.max(endpoint.position, state.idleThrough ?? 0) < head;
      if (!due) continue;
      state.leaseOwner = owner;
      state.leaseUntil = new Date(until);
      claimed.push({
        endpoint: copy(endpoint),
        head,
        message: state.message && { ...state.message },
        attempts: state.attempts,
        failingSince: state.failingSince,
      });
    }
    return claimed;
  }

  async hold(tenantId: number, endpointId: number, owner: string, message: PendingMessage): Promise<boolean> {
    const state = this.leased(tenantId, endpointId, owner);
    const endpoint = this.store.webhookEndpoints.find((e) => e.tenantId === tenantId && e.id === endpointId);
    if (!state || endpoint?.position !== message.previous) return false;
    Object.assign(state, { message: { ...message }, attempts: 0, failingSince: null, nextAttemptAt: null });
    return true;
  }

  async acknowledge(tenantId: number, endpointId: number, owner: string, messageId: string): Promise<void> {
    const state = this.leased(tenantId, endpointId, owner);
    if (!state) return;
    const endpoint = this.store.webhookEndpoints.find((e) => e.tenantId === tenantId && e.id === endpointId)!;
    if (state.message?.id === messageId && endpoint.position === state.message.previous) {
      endpoint.position = state.message.cursor;
      Object.assign(state, { message: null, attempts: 0, failingSince: null, nextAttemptAt: null, idleThrough: null });
    }
    Object.assign(state, { leaseOwner: null, leaseUntil: null });
  }

  async fail(tenantId: number, endpointId: number, owner: string, messageId: string, failed: FailedAttempt): Promise<void> {
    const state = this.leased(tenantId, endpointId, owner);
    if (!state) return;
    if (state.message?.id === messageId) {
      Object.assign(state, { attempts: failed.attempts, failingSince: failed.failingSince, nextAttemptAt: failed.nextAttemptAt });
      if (failed.pause !== null) {
        const endpoint = this.store.webhookEndpoints.find((e) => e.tenantId === tenantId && e.id === endpointId)!;
        // A pause made through the API while the attempt ran keeps its own reason.
        if (endpoint.status !== 'paused') Object.assign(endpoint, { status: 'paused', pausedReason: failed.pause });
      }
    }
    Object.assign(state, { leaseOwner: null, leaseUntil: null });
  }

  async release(tenantId: number, endpointId: number, owner: string, idleThrough: number | null): Promise<void> {
    const state = this.leased(tenantId, endpointId, owner);
    if (!state) return;
    if (idleThrough !== null && state.message === null) state.idleThrough = idleThrough;
    Object.assign(state, { leaseOwner: null, leaseUntil: null });
  }

  async restart(tenantId: number, endpointId: number): Promise<void> {
    const state = this.state(tenantId, endpointId);
    Object.assign(state, { message: null, attempts: 0, failingSince: null, nextAttemptAt: null, idleThrough: null });
  }

  async record(tenantId: number, endpointId: number, attempt: DeliveryRecord): Promise<void> {
    // An attempt that ends after its endpoint was deleted (a ping's, say) has no log to go to.
    if (!this.store.webhookEndpoints.some((e) => e.tenantId === tenantId && e.id === endpointId)) return;
    const log = this.store.webhookDeliveryLog.get(key(tenantId, endpointId)) ?? [];
    this.store.webhookDeliveryLog.set(key(tenantId, endpointId), [{ ...attempt }, ...log].slice(0, DELIVERY_LOG_SIZE));
  }

  async oldestPending(): Promise<Date | null> {
    const firsts = this.store.webhookEndpoints
      .filter((e) => e.status === 'active')
      .map((e) => this.store.changeLog(e.tenantId).find((c) => c.position > e.position && e.types.includes(c.type))?.changedAt)
      .filter((at): at is Date => at !== undefined);
    return firsts.length === 0 ? null : new Date(Math.min(...firsts.map((at) => at.getTime())));
  }

  async deliveries(tenantId: number, endpointId: number): Promise<DeliveryRecord[]> {
    return (this.store.webhookDeliveryLog.get(key(tenantId, endpointId)) ?? []).map((r) => ({ ...r }));
  }
}

/** A receiver that answers every message with `answer`, keeping what was sent (for tests of the use cases). */
export class RecordingWebhookTransport implements WebhookTransport {
  readonly sent: Array<{ url: string; message: WebhookMessage; secrets: readonly string[]; sentAt: Date }> = [];
  answer: DeliveryAttempt = { statusCode: 204, error: null, durationMs: 1, retryAfterSeconds: null };

  async deliver(url: string, message: WebhookMessage, secrets: readonly string[], sentAt: Date): Promise<DeliveryAttempt> {
    this.sent.push({ url, message, secrets, sentAt });
    return this.answer;
  }
}
