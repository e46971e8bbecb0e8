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
import type { InMemoryStore } from './in-memory-store';

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
    return this.store.webhookEndpoints.length < before;
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
