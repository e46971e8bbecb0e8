import type { ChangeFeedRepository } from '../changes/change-feed';
import { formatCursor } from '../changes/read-changes';
import { type Clock, formatDateTime } from '../shared/clock';
import type { RandomSource } from '../shared/random-source';
import { newMessageId, signingSecrets } from './manage-webhook-endpoints';
import type { ChangeRenderer, DeliveryState, PendingMessage, WebhookDeliveryStore } from './webhook-delivery';
import type { DeliveryAttempt, WebhookTransport } from './webhook-endpoint';

/** At most this many feed entries per message (docs/webhooks.md). */
export const MESSAGE_SIZE = 50;
/** The waits before the 1st, 2nd, … retry of a message; the last one repeats (docs/webhooks.md, "Failures"). */
export const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000] as const;
/** Each wait is stretched or shortened by up to this share, so that endpoints failing together do not retry together. */
export const RETRY_JITTER = 0.2;
/** `Retry-After` is honoured up to this long. */
export const MAX_RETRY_AFTER_MS = 3_600_000;
/** This long a run of failures pauses the endpoint. */
export const FAILING_PAUSE_MS = 3 * 24 * 3_600_000;
/** `paused_reason` of an endpoint whose receiver answered 410. */
export const PAUSED_GONE = 'gone';
/** `paused_reason` of an endpoint that failed for three days. */
export const PAUSED_FAILING = 'failing';

export interface DeliverChangesOptions {
  /** Names this sender in the leases it takes; unique per process. */
  owner: string;
  /** How long a lease lasts: longer than an attempt may take, so that it never runs out under a live sender. */
  leaseMs: number;
  /** Endpoints claimed at most per round. */
  batch?: number;
}

/**
 * What one endpoint's turn came to (metrics, the log and the sender's pace). `backlog`: the message spanned at least a
 * full message's worth of feed positions, so more is probably waiting (catching up); a live change spans fewer.
 */
export type DeliveryOutcome =
  { kind: 'idle' } | { kind: 'delivered' | 'failed' | 'paused'; attempt: DeliveryAttempt; messageId: string; backlog: boolean };

/**
 * The webhook sender (docs/webhooks.md, "Delivery"): per endpoint, the next page of the feed after its position, of its
 * types, as one message; the same message again until a 2xx, and only then the next one. Waits come from the stored
 * state, not from timers, so the process that sends may be any one and may have restarted.
 */
export class DeliverChanges {
  constructor(
    private readonly feed: ChangeFeedRepository,
    private readonly store: WebhookDeliveryStore,
    private readonly transport: WebhookTransport,
    private readonly renderer: ChangeRenderer,
    private readonly clock: Clock,
    private readonly random: RandomSource,
    private readonly options: DeliverChangesOptions,
  ) {}

  /** Leases at most `limit` endpoints due now; each must then go through `deliver`, which gives its lease back. */
  claim(limit = this.options.batch ?? 20): Promise<DeliveryState[]> {
    const now = this.clock.now();
    return this.store.claimDue(this.options.owner, now, new Date(now.getTime() + this.options.leaseMs), limit);
  }

  /** One attempt for a leased endpoint: the message in flight, or a new one when there is something to send. */
  async deliver(state: DeliveryState): Promise<DeliveryOutcome> {
    const { owner } = this.options;
    const { endpoint } = state;
    // A message made before a replay moved the position belongs to no chain any more: a new one starts afresh.
    const kept = state.message !== null && state.message.previous === endpoint.position ? state.message : null;
    const message = kept ?? (await this.nextMessage(state));
    if (message === null) return { kind: 'idle' };
    const sentAt = this.clock.now();
    const attempt = await this.transport.deliver(endpoint.url, message, signingSecrets(endpoint, sentAt), sentAt);
    const attempts = (kept === null ? 0 : state.attempts) + 1;
    const backlog = message.cursor - message.previous >= MESSAGE_SIZE;
    await this.store.record(endpoint.tenantId, endpoint.id, {
      messageId: message.id,
      attempt: attempts,
      statusCode: attempt.statusCode,
      error: attempt.error,
      durationMs: attempt.durationMs,
      at: sentAt,
    });
    if (attempt.error === null) {
      await this.store.acknowledge(endpoint.tenantId, endpoint.id, owner, message.id);
      return { kind: 'delivered', attempt, messageId: message.id, backlog };
    }
    const now = this.clock.now();
    const failingSince = (kept === null ? null : state.failingSince) ?? sentAt;
    const pause =
      attempt.statusCode === 410 ? PAUSED_GONE : now.getTime() - failingSince.getTime() >= FAILING_PAUSE_MS ? PAUSED_FAILING : null;
    const nextAttemptAt = new Date(now.getTime() + this.retryDelay(attempts, attempt));
    await this.store.fail(endpoint.tenantId, endpoint.id, owner, message.id, { attempts, failingSince, nextAttemptAt, pause });
    return { kind: pause === null ? 'failed' : 'paused', attempt, messageId: message.id, backlog };
  }

  /** The page after the position as a message, kept before it is sent; null (lease given back) when there is none. */
  private async nextMessage(state: DeliveryState): Promise<PendingMessage | null> {
    const { endpoint } = state;
    const { owner } = this.options;
    const batch = await this.feed.page(endpoint.tenantId, endpoint.position, endpoint.types, MESSAGE_SIZE);
    const last = batch.changes.at(-1);
    if (last === undefined) {
      // The head was read before the feed, so every change up to it is of a type this endpoint does not take.
      await this.store.release(endpoint.tenantId, endpoint.id, owner, state.head);
      return null;
    }
    const body = JSON.stringify({
      type: 'changes',
      timestamp: formatDateTime(this.clock.now()),
      data: {
        endpoint_id: endpoint.id,
        previous: formatCursor(batch.token, endpoint.position),
        cursor: formatCursor(batch.token, last.position),
        results: batch.changes.map((change) => this.renderer.render(change)),
      },
    });
    const message = { id: newMessageId(this.random), body, previous: endpoint.position, cursor: last.position };
    if (await this.store.hold(endpoint.tenantId, endpoint.id, owner, message)) return message;
    // Replayed since the claim: the next round starts from the new position.
    await this.store.release(endpoint.tenantId, endpoint.id, owner, null);
    return null;
  }

  /** The wait before attempt `failed + 1`: the receiver's `Retry-After` on 429 and 503, else the schedule, jittered. */
  private retryDelay(failed: number, attempt: DeliveryAttempt): number {
    if ((attempt.statusCode === 429 || attempt.statusCode === 503) && attempt.retryAfterSeconds !== null)
      return Math.min(attempt.retryAfterSeconds * 1000, MAX_RETRY_AFTER_MS);
    const base = RETRY_DELAYS_MS[Math.min(failed, RETRY_DELAYS_MS.length) - 1]!;
    const [high = 0, low = 0] = this.random.bytes(2);
    const unit = ((high << 8) | low) / 0xffff;
    return Math.round(base * (1 - RETRY_JITTER + 2 * RETRY_JITTER * unit));
  }
}
