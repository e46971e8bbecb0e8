import type { Change } from '../changes/change-feed';
import type { DeliveryError, WebhookEndpoint } from './webhook-endpoint';

/**
 * The message of the chain that is being delivered (docs/webhooks.md, "The chain"). It is stored before its first
 * attempt so that every retry, in this process or another after a crash, sends the same id and the same body.
 */
export interface PendingMessage {
  id: string;
  body: string;
  /** The feed position its `data.previous` names: the endpoint's position when it was made. */
  previous: number;
  /** The feed position its `data.cursor` names: the endpoint's position once a 2xx acknowledged it. */
  cursor: number;
}

/** An endpoint leased to one sender, with its delivery state. */
export interface DeliveryState {
  endpoint: WebhookEndpoint;
  /** The tenant's latest change position when the lease was taken. */
  head: number;
  message: PendingMessage | null;
  /** Failed attempts of `message` so far. */
  attempts: number;
  /** When the current run of failures began (null while healthy): three days of it pause the endpoint. */
  failingSince: Date | null;
}

/** One attempt as the deliveries log keeps it (docs/webhooks.md, `GET {id}/deliveries/`). */
export interface DeliveryRecord {
  messageId: string;
  /** 1 for a message's first attempt. */
  attempt: number;
  statusCode: number | null;
  error: DeliveryError | null;
  durationMs: number;
  at: Date;
}

/** What a failed attempt leaves behind. */
export interface FailedAttempt {
  attempts: number;
  failingSince: Date;
  /** When the same message goes again (ignored once paused: resuming starts at once). */
  nextAttemptAt: Date;
  /** A `paused_reason` when the failure pauses the endpoint; null otherwise. */
  pause: string | null;
}

/** How many attempts the deliveries log keeps per endpoint (docs/webhooks.md). */
export const DELIVERY_LOG_SIZE = 100;

/**
 * The sender's state in the database (docs/webhooks.md, "Delivery"). A lease makes one sender at a time own an
 * endpoint, across processes; every write after the claim names the lease's owner, so a sender whose lease ran out
 * (and was taken over) changes nothing, and those that finish a message also name the message, so a replay, a resume
 * or new types during an attempt win over its outcome.
 */
export interface WebhookDeliveryStore {
  /**
   * Leases to `owner` until `until` at most `limit` active endpoints, of any tenant, that have something to do at `now`:
   * a message whose wait is over, or changes after their position that no earlier look found to be of other types.
   * An endpoint whose lease has not expired is skipped.
   */
  claimDue(owner: string, now: Date, until: Date, limit: number): Promise<DeliveryState[]>;
  /**
   * Keeps `message` as the one in flight, while `owner` holds the lease and the endpoint's position is still the
   * message's `previous` (a replay may have moved it since the claim); false otherwise.
   */
  hold(tenantId: number, endpointId: number, owner: string, message: PendingMessage): Promise<boolean>;
  /**
   * A 2xx: the position moves to the message's cursor, the failures are forgotten and the lease is given back. Only
   * while the position is still the message's `previous`: a replay that moved it meanwhile wins.
   */
  acknowledge(tenantId: number, endpointId: number, owner: string, messageId: string): Promise<void>;
  /** A failure: the state of `failed` is kept (the endpoint paused when it says so) and the lease is given back. */
  fail(tenantId: number, endpointId: number, owner: string, messageId: string, failed: FailedAttempt): Promise<void>;
  /**
   * Gives the lease back with nothing to send. `idleThrough`: every change up to this position is of a type the
   * endpoint does not take, so it is not claimed again before a later change.
   */
  release(tenantId: number, endpointId: number, owner: string, idleThrough: number | null): Promise<void>;
  /** Forgets the message in flight, its failures and its wait: the next message starts at the endpoint's position. */
  restart(tenantId: number, endpointId: number): Promise<void>;
  /** Adds an attempt to the log, which keeps the newest `DELIVERY_LOG_SIZE`. */
  record(tenantId: number, endpointId: number, attempt: DeliveryRecord): Promise<void>;
  /** The logged attempts, newest first. */
  deliveries(tenantId: number, endpointId: number): Promise<DeliveryRecord[]>;
  /**
   * When the oldest change that an active endpoint of any tenant still has to deliver was made (the first change of its
   * types after its position); null when every active endpoint is up to date. Paused endpoints do not count: their
   * backlog waits for someone, not for the sender.
   */
  oldestPending(): Promise<Date | null>;
}

/** Renders a change exactly as `GET /changes/` does (an adapter: the record formats live with the HTTP layer). */
export interface ChangeRenderer {
  render(change: Change): unknown;
}
