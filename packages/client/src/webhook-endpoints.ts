import { type NestedListing, nestedListing } from './lists.js';
import {
  type CreateWebhookEndpointInput,
  type CreatedWebhookEndpoint,
  type DeliveryQuery,
  type Page,
  ROUTES,
  type ReplayInput,
  type RotateSecretInput,
  type RotatedSecret,
  type UpdateWebhookEndpointInput,
  type WebhookDelivery,
  type WebhookEndpoint,
  exchangeOf,
} from './operations.js';
import type { ApiPromise } from './response.js';
import type { RequestOptions, Transport } from './transport.js';

/** The URLs the service pushes the tenant's changes to (docs/webhooks.md); the key needs `webhooks:manage`. */
export interface WebhookEndpoints {
  /** All of the tenant's endpoints (at most 10), by id, in one page. No secrets. */
  list(options?: RequestOptions): ApiPromise<Page<WebhookEndpoint>>;
  /**
   * Registers an endpoint; the answer holds its signing secret, shown this once, and its `position`. The API takes no
   * `Idempotency-Key` here, so after a timeout or a 5xx this call is not repeated by itself: `list` to see whether the
   * endpoint was made before you create it again.
   */
  create(input: CreateWebhookEndpointInput, options?: RequestOptions): ApiPromise<CreatedWebhookEndpoint>;
  /** One endpoint, without its secret. */
  get(id: number, options?: RequestOptions): ApiPromise<WebhookEndpoint>;
  /** Changes any of `url`, `types`, `description` and `status` (`paused` / `active`); the endpoint as stored now. */
  update(id: number, input: UpdateWebhookEndpointInput, options?: RequestOptions): ApiPromise<WebhookEndpoint>;
  /**
   * Removes the endpoint. Retried like a read; a `NotFoundError` from a call that took more than one attempt
   * (`error.response.attempts`) means an earlier attempt removed it.
   */
  delete(id: number, options?: RequestOptions): ApiPromise<void>;
  /**
   * A new signing secret, shown this once; the previous one keeps signing for 24 hours, or stops at once with
   * `{ expire_previous: true }`. Like `create`, not repeated by itself after a timeout or a 5xx.
   */
  rotateSecret(id: number, input?: RotateSecretInput, options?: RequestOptions): ApiPromise<RotatedSecret>;
  /** Moves the endpoint's position to `input.after` (a feed cursor; `''` is the beginning); delivery goes on from there. */
  replay(id: number, input: ReplayInput, options?: RequestOptions): ApiPromise<WebhookEndpoint>;
  /** Sends a signed `ping` message to the endpoint's URL (also when paused); resolves once it is on its way. */
  ping(id: number, options?: RequestOptions): ApiPromise<void>;
  /** The endpoint's last 100 delivery attempts, newest first. */
  readonly deliveries: NestedListing<WebhookDelivery, DeliveryQuery>;
}

export function webhookEndpoints(transport: Transport): WebhookEndpoints {
  return {
    list: (options) => transport.call(exchangeOf(ROUTES.listWebhookEndpoints), options),
    create: (input, options) => transport.call({ ...exchangeOf(ROUTES.createWebhookEndpoint), body: input }, options),
    get: (id, options) => transport.call(exchangeOf(ROUTES.getWebhookEndpoint, id), options),
    update: (id, input, options) => transport.call({ ...exchangeOf(ROUTES.updateWebhookEndpoint, id), body: input }, options),
    delete: (id, options) => transport.call(exchangeOf(ROUTES.deleteWebhookEndpoint, id), options),
    rotateSecret: (id, input = {}, options) => transport.call({ ...exchangeOf(ROUTES.rotateWebhookSecret, id), body: input }, options),
    replay: (id, input, options) => transport.call({ ...exchangeOf(ROUTES.replayWebhookEndpoint, id), body: input }, options),
    ping: (id, options) => transport.call(exchangeOf(ROUTES.pingWebhookEndpoint, id), options),
    deliveries: nestedListing<WebhookDelivery, DeliveryQuery>(transport, ROUTES.listWebhookDeliveries),
  };
}
