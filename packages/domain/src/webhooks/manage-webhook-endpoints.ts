import type { Principal } from '../api-keys/api-key';
import type { Scope } from '../api-keys/scopes';
import { CHANGE_TYPES, type ChangeType, READ_SCOPE_OF } from '../changes/change-feed';
import { formatCursor, readCursor } from '../changes/read-changes';
import { type Clock, formatDateTime } from '../shared/clock';
import { DomainError, type FieldErrors } from '../shared/domain-error';
import { type Page, type PageRequest, pageCount, resolvePage } from '../shared/pagination';
import { type RandomSource, randomString } from '../shared/random-source';
import type { DeliveryRecord, WebhookDeliveryStore } from './webhook-delivery';
import {
  type DeliveryAttempt,
  WEBHOOK_ENDPOINT_LIMIT,
  type WebhookEndpoint,
  type WebhookEndpointChanges,
  type WebhookEndpointRepository,
  type WebhookSecret,
  type WebhookStatus,
  type WebhookTransport,
  type WebhookUrlPolicy,
} from './webhook-endpoint';

/** A request's fields, already of the right JSON shapes (the HTTP schema checks those); absent means not given. */
export interface WebhookEndpointInput {
  url?: string;
  types?: ChangeType[];
  /** A feed cursor; empty means the beginning, as for the feed. */
  after?: string;
  description?: string;
  status?: WebhookStatus;
}

/** An endpoint with its position as a feed cursor, which is how clients see positions. */
export interface WebhookEndpointView {
  endpoint: WebhookEndpoint;
  position: string;
}

export interface RotatedSecret {
  secret: string;
  /** When the secrets before this one stop signing (now, with `expirePrevious`). */
  previousExpiresAt: Date;
}

export const MAX_WEBHOOK_URL_LENGTH = 2048;
export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 200;
/** How long the secret before a rotation keeps signing (docs/webhooks.md). */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;
/** `paused_reason` of an endpoint paused through the API. */
export const PAUSED_MANUALLY = 'manual';

const MESSAGE_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const PUBLIC_URL_MESSAGE = 'Enter a public https URL.';

/**
 * The `/webhook-endpoints/` resource (docs/webhooks.md): endpoints of the key's tenant, their types limited to what the
 * key can read, their URLs to public https addresses, their positions to cursors of the tenant's feed.
 */
export class ManageWebhookEndpoints {
  readonly scope: Scope = 'webhooks:manage';

  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly urls: WebhookUrlPolicy,
    private readonly clock: Clock,
    private readonly random: RandomSource,
    private readonly transport: WebhookTransport,
    private readonly delivery: Pick<WebhookDeliveryStore, 'restart' | 'deliveries' | 'record'>,
  ) {}

  async create(
    principal: Principal,
    input: WebhookEndpointInput & { url: string },
  ): Promise<{ view: WebhookEndpointView; secret: string }> {
    const tenantId = this.tenantOf(principal);
    const readable = readableTypes(principal);
    const errors: FieldErrors = {};
    this.checkUrl(input.url, errors);
    const types = input.types === undefined ? readable : checkTypes(input.types, readable, errors);
    throwIfAny(errors);
    const head = await this.endpoints.feedHead(tenantId);
    const position = input.after === undefined ? head.position : positionOf(input.after, head.token);
    const secret = this.newSecret();
    const endpoint = await this.endpoints.create(
      tenantId,
      {
        url: input.url,
        types,
        description: input.description ?? '',
        status: 'active',
        pausedReason: null,
        position,
        createdAt: this.clock.now(),
        secrets: [{ secret, expiresAt: null }],
      },
      WEBHOOK_ENDPOINT_LIMIT,
    );
    if (!endpoint) throw new DomainError('webhook_endpoint_limit');
    return { view: { endpoint, position: formatCursor(head.token, endpoint.position) }, secret };
  }

  async list(principal: Principal): Promise<WebhookEndpointView[]> {
    const tenantId = this.tenantOf(principal);
    const head = await this.endpoints.feedHead(tenantId);
    return (await this.endpoints.list(tenantId)).map((endpoint) => ({ endpoint, position: formatCursor(head.token, endpoint.position) }));
  }

  async get(principal: Principal, id: number): Promise<WebhookEndpointView> {
    const tenantId = this.tenantOf(principal);
    return this.view(tenantId, await this.endpoints.find(tenantId, id));
  }

  /** PATCH: `url`, `types`, `description`, and `status` (resuming clears `paused_reason`; the position is kept). */
  async update(principal: Principal, id: number, input: WebhookEndpointInput): Promise<WebhookEndpointView> {
    const tenantId = this.tenantOf(principal);
    const errors: FieldErrors = {};
    const changes: WebhookEndpointChanges = {};
    if (input.url !== undefined) {
      this.checkUrl(input.url, errors);
      changes.url = input.url;
    }
    if (input.types !== undefined) changes.types = checkTypes(input.types, readableTypes(principal), errors);
    throwIfAny(errors);
    if (input.description !== undefined) changes.description = input.description;
    if (input.status !== undefined) {
      changes.status = input.status;
      changes.pausedReason = input.status === 'paused' ? PAUSED_MANUALLY : null;
    }
    const current = await this.found(tenantId, id);
    // Pausing an endpoint the sender already paused keeps the sender's reason.
    if (input.status === 'paused' && current.status === 'paused') delete changes.pausedReason;
    const updated = await this.endpoints.update(tenantId, id, changes);
    // A message in flight was cut for the old types, and a resumed endpoint, or one whose URL was just fixed, should
    // not sit out a long wait: the next message starts afresh at the position (which nothing here moved), so nothing
    // is skipped.
    const typesChanged = changes.types !== undefined && changes.types.join() !== current.types.join();
    const urlChanged = changes.url !== undefined && changes.url !== current.url;
    const resumed = input.status === 'active' && current.status === 'paused';
    if (updated && (typesChanged || urlChanged || resumed)) await this.delivery.restart(tenantId, id);
    return this.view(tenantId, updated);
  }

  /** `GET {id}/deliveries/`: one page of the endpoint's last attempts, newest first (at most 100 are kept). */
  async deliveries(principal: Principal, id: number, request: PageRequest): Promise<Page<DeliveryRecord>> {
    const tenantId = this.tenantOf(principal);
    await this.found(tenantId, id);
    const all = await this.delivery.deliveries(tenantId, id);
    const { page, window } = resolvePage(request, all.length);
    return {
      count: all.length,
      page,
      pageSize: request.pageSize,
      hasNext: page < pageCount(all.length, request.pageSize),
      hasPrevious: page > 1,
      results: all.slice(window.offset, window.offset + window.limit),
    };
  }

  async delete(principal: Principal, id: number): Promise<void> {
    if (!(await this.endpoints.delete(this.tenantOf(principal), id))) throw new DomainError('not_found');
  }

  /**
   * A new secret. The earlier ones still sign for 24 hours (an earlier deadline is kept), or stop at once with
   * `expirePrevious`; secrets already past their deadline are forgotten.
   */
  async rotateSecret(principal: Principal, id: number, expirePrevious: boolean): Promise<RotatedSecret> {
    const tenantId = this.tenantOf(principal);
    const current = await this.found(tenantId, id);
    const now = this.clock.now();
    const deadline = expirePrevious ? now : new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_MS);
    const previous: WebhookSecret[] = expirePrevious
      ? []
      : current.secrets
          .filter((s) => s.expiresAt === null || s.expiresAt > now)
          .map((s) => ({ secret: s.secret, expiresAt: s.expiresAt !== null && s.expiresAt < deadline ? s.expiresAt : deadline }));
    const secret = this.newSecret();
    const updated = await this.endpoints.update(tenantId, id, { secrets: [{ secret, expiresAt: null }, ...previous] });
    if (!updated) throw new DomainError('not_found');
    return { secret, previousExpiresAt: deadline };
  }

  /** Moves the endpoint's position to `after` (a cursor of the tenant's feed); delivery goes on from there. */
  async replay(principal: Principal, id: number, after: string): Promise<WebhookEndpointView> {
    const tenantId = this.tenantOf(principal);
    await this.found(tenantId, id);
    const head = await this.endpoints.feedHead(tenantId);
    const position = positionOf(after, head.token);
    const updated = await this.endpoints.update(tenantId, id, { position });
    // The message in flight (if any) began at the old position; the next one must begin at the new.
    if (updated) await this.delivery.restart(tenantId, id);
    return this.view(tenantId, updated);
  }

  /**
   * `ping`: once the endpoint is found, a `ping` message goes to it outside the chain (its position does not move),
   * signed with every secret still valid. Resolves as soon as the message is on its way; `delivery` settles with the
   * attempt's outcome once it is in the deliveries log, where the caller of the API (who got a 202 before the receiver
   * answered) can read it.
   */
  async ping(principal: Principal, id: number): Promise<{ delivery: Promise<DeliveryAttempt> }> {
    const tenantId = this.tenantOf(principal);
    const endpoint = await this.found(tenantId, id);
    const now = this.clock.now();
    const body = JSON.stringify({ type: 'ping', timestamp: formatDateTime(now), data: { endpoint_id: endpoint.id } });
    const message = { id: newMessageId(this.random), body };
    const delivery = this.transport.deliver(endpoint.url, message, signingSecrets(endpoint, now), now).then(async (attempt) => {
      // A ping is never retried, so it is always its message's first attempt.
      const { statusCode, error, durationMs } = attempt;
      await this.delivery.record(tenantId, endpoint.id, { messageId: message.id, attempt: 1, statusCode, error, durationMs, at: now });
      return attempt;
    });
    return { delivery };
  }

  /** The caller's tenant, once its key is known to hold `webhooks:manage`. */
  private tenantOf(principal: Principal): number {
    if (!principal.scopes.includes(this.scope)) throw new DomainError('permission_denied');
    return principal.tenantId;
  }

  private checkUrl(url: string, errors: FieldErrors): void {
    if (url.length > MAX_WEBHOOK_URL_LENGTH || !this.urls.accepts(url)) errors.url = [PUBLIC_URL_MESSAGE];
  }

  private newSecret(): string {
    return `whsec_${base64(this.random.bytes(32))}`;
  }

  private async found(tenantId: number, id: number): Promise<WebhookEndpoint> {
    const endpoint = await this.endpoints.find(tenantId, id);
    if (!endpoint) throw new DomainError('not_found');
    return endpoint;
  }

  private async view(tenantId: number, endpoint: WebhookEndpoint | null): Promise<WebhookEndpointView> {
    if (!endpoint) throw new DomainError('not_found');
    const head = await this.endpoints.feedHead(tenantId);
    return { endpoint, position: formatCursor(head.token, endpoint.position) };
  }
}

/** A message's `webhook-id`, the same on each of its attempts. */
export function newMessageId(random: RandomSource): string {
  return `msg_${randomString(random, MESSAGE_ID_ALPHABET, 24)}`;
}

/** The secrets a message sent at `now` is signed with: every one not yet past its deadline. */
export function signingSecrets(endpoint: WebhookEndpoint, now: Date): string[] {
  return endpoint.secrets.filter((s) => s.expiresAt === null || s.expiresAt > now).map((s) => s.secret);
}

/** The change types the key can read, in the feed's order. */
function readableTypes(principal: Principal): ChangeType[] {
  return CHANGE_TYPES.filter((type) => principal.scopes.includes(READ_SCOPE_OF[type]));
}

/** The asked types, deduplicated in the feed's order; each must be readable with the key. */
function checkTypes(asked: readonly ChangeType[], readable: readonly ChangeType[], errors: FieldErrors): ChangeType[] {
  const unreadable = CHANGE_TYPES.filter((type) => asked.includes(type) && !readable.includes(type));
  if (unreadable.length > 0) errors.types = [`Not readable with this key: ${unreadable.join(', ')}.`];
  else if (asked.length === 0) errors.types = ['This selection may not be empty.'];
  return CHANGE_TYPES.filter((type) => asked.includes(type));
}

function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw DomainError.validation(errors);
}

/** The position of a cursor of this tenant's feed (empty: the beginning); anything else is `invalid_cursor`. */
function positionOf(cursor: string, token: string): number {
  const read = readCursor(cursor);
  if (read.token !== null && read.token !== token) throw new DomainError('invalid_cursor');
  return read.position;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 with padding (the domain has no Buffer). */
export function base64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b, c] = [bytes[i]!, bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += BASE64[(n >> 18) & 63]! + BASE64[(n >> 12) & 63]!;
    out += b === undefined ? '=' : BASE64[(n >> 6) & 63]!;
    out += c === undefined ? '=' : BASE64[n & 63]!;
  }
  return out;
}
