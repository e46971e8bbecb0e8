import type { ChangeType } from '../changes/change-feed';

/** docs/webhooks.md: an endpoint is delivering (`active`) or holds its position until resumed (`paused`). */
export const WEBHOOK_STATUSES = ['active', 'paused'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

/** At most this many endpoints per tenant (docs/webhooks.md). */
export const WEBHOOK_ENDPOINT_LIMIT = 10;

/** A signing secret: `whsec_` + base64 of 32 random bytes; `expiresAt` is set once a newer secret replaced it. */
export interface WebhookSecret {
  secret: string;
  expiresAt: Date | null;
}

export interface WebhookEndpoint {
  tenantId: number;
  id: number;
  url: string;
  /** The change types delivered, in the feed's type order. */
  types: ChangeType[];
  description: string;
  status: WebhookStatus;
  /** Why the endpoint was paused (null while active). */
  pausedReason: string | null;
  /** The feed position after the last change acknowledged by the receiver. */
  position: number;
  createdAt: Date;
  /** Newest first. Messages are signed with every one not yet expired. */
  secrets: WebhookSecret[];
}

export type NewWebhookEndpoint = Omit<WebhookEndpoint, 'tenantId' | 'id'>;

/** The fields an update may set; absent fields are kept. */
export type WebhookEndpointChanges = Partial<
  Pick<WebhookEndpoint, 'url' | 'types' | 'description' | 'status' | 'pausedReason' | 'position' | 'secrets'>
>;

/** Where a tenant's feed stands now: its token (which binds cursors to it) and its latest position. */
export interface FeedHead {
  token: string;
  position: number;
}

/**
 * The tenant's webhook endpoints and their delivery state, kept in the database (docs/webhooks.md). Ids are unique
 * per tenant and never reused within it; another tenant's endpoint is never seen ("not found" is null).
 */
export interface WebhookEndpointRepository {
  /**
   * The tenant's feed token and latest change position, in one read.
   * @throws Error when the tenant does not exist (a principal always names an existing tenant).
   */
  feedHead(tenantId: number): Promise<FeedHead>;
  /**
   * Stores a new endpoint unless the tenant already has `limit` of them; null then. The count and the insert are one
   * atomic step, so two concurrent creations never pass the limit together.
   */
  create(tenantId: number, endpoint: NewWebhookEndpoint, limit: number): Promise<WebhookEndpoint | null>;
  /** The tenant's endpoints in id order. */
  list(tenantId: number): Promise<WebhookEndpoint[]>;
  find(tenantId: number, id: number): Promise<WebhookEndpoint | null>;
  /** Applies `changes` and returns the endpoint as stored afterwards; null when there is no such endpoint. */
  update(tenantId: number, id: number, changes: WebhookEndpointChanges): Promise<WebhookEndpoint | null>;
  /** Removes the endpoint and its delivery state; false when there was none. */
  delete(tenantId: number, id: number): Promise<boolean>;
}

/**
 * Whether a URL may receive webhooks (docs/webhooks.md, "Which URLs are accepted"): `https`, no user info, and a host
 * that is not a literal non-public address (loopback, private, link-local, shared, unique-local, multicast,
 * unspecified, documentation, and their IPv4-mapped forms). Host names are checked again at every delivery on the
 * address actually connected to. An adapter, because the address ranges come from a maintained library.
 */
export interface WebhookUrlPolicy {
  accepts(url: string): boolean;
}

/** Why an attempt failed, as the deliveries log names it (docs/webhooks.md). */
export type DeliveryError = 'timeout' | 'connection' | 'tls' | 'blocked_address' | 'redirect' | 'http_status';

/** One message as sent: its id is the same on every attempt; the body is the exact JSON text that is signed. */
export interface WebhookMessage {
  id: string;
  body: string;
}

/** The outcome of one attempt. `statusCode` is null when no answer came; `error` null on a 2xx. */
export interface DeliveryAttempt {
  statusCode: number | null;
  error: DeliveryError | null;
  durationMs: number;
  /** `Retry-After` of a 429 or 503, in seconds, when the receiver sent one. */
  retryAfterSeconds: number | null;
}

/**
 * Posts a message to a receiver (docs/webhooks.md, "Message format"): signed with each of `secrets` after Standard
 * Webhooks, stamped with `sentAt`, only to an address the URL rule admits (checked on the address actually connected
 * to), redirects never followed, the answer read (at most 64 KiB) and dropped. Never throws for the receiver's faults:
 * they are the attempt's `error`.
 */
export interface WebhookTransport {
  deliver(url: string, message: WebhookMessage, secrets: readonly string[], sentAt: Date): Promise<DeliveryAttempt>;
}
