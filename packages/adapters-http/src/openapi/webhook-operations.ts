import { z } from 'zod';
import { pagingQuerySchema } from '../schemas/paging.schema';
import {
  createWebhookEndpointBodySchema,
  replayBodySchema,
  rotateSecretBodySchema,
  updateWebhookEndpointBodySchema,
  webhookEndpointErrorsSchema,
} from '../schemas/webhook-endpoint.schema';
import {
  createdWebhookEndpointSchema,
  invalidHostSchema,
  invalidCursorSchema,
  jsonParseErrorSchema,
  notFoundSchema,
  rotatedSecretSchema,
  webhookDeliveryPageSchema,
  webhookEndpointLimitSchema,
  webhookEndpointPageSchema,
  webhookEndpointSchema,
} from '../schemas/responses.schema';
import {
  API,
  HEADERS,
  type OperationSpec,
  type ResponseObject,
  answer,
  bodyErrors,
  bodyLimits,
  detailExamples,
  rateLimitHeaders,
  ref,
  shared,
} from './building-blocks';

// The webhook endpoints' operations (docs/webhooks.md), joined to the others by operations.ts.

const WEBHOOKS = `${API}/webhook-endpoints`;

/** The errors every webhook operation on one endpoint can give, besides its own 400. */
const endpointErrors = {
  '401': shared('Unauthorized'),
  '403': shared('Forbidden'),
  '404': shared('NotFound'),
  '429': shared('Throttled'),
  '500': shared('ServerError'),
};

/** 400 of a webhook body: field errors, the named machine codes, a body that is not JSON, or a malformed `Host`. */
function webhookBodyErrors(codes: z.ZodType[], examples: Record<string, unknown>): ResponseObject {
  return answer('The body was refused; nothing was changed.', {
    schema: { oneOf: [ref(webhookEndpointErrorsSchema), ...codes.map(ref), ref(jsonParseErrorSchema), ref(invalidHostSchema)] },
    headers: rateLimitHeaders(true),
    examples,
  });
}

/** `/webhook-endpoints/` (docs/webhooks.md): every operation needs `webhooks:manage`. */
export function webhookOperations(): OperationSpec[] {
  const scope = 'webhooks:manage';
  const tag = 'Webhooks';
  const pathId = "The endpoint's `id`.";
  const notFound =
    "An id that is not an integer, an absent endpoint and another tenant's endpoint all give 404 `not_found`, whatever the body holds.";
  const endpoint = (description: string) => answer(description, { schema: ref(webhookEndpointSchema), headers: rateLimitHeaders(false) });
  return [
    {
      method: 'get',
      path: `${WEBHOOKS}/`,
      operationId: 'listWebhookEndpoints',
      tag,
      summary: 'List webhook endpoints',
      description: "All of the tenant's endpoints by `id`, in one page (a tenant has at most 10). No secrets.",
      scope,
      responses: {
        '200': answer('The endpoints.', { schema: ref(webhookEndpointPageSchema), headers: rateLimitHeaders(false) }),
        '400': shared('InvalidHost'),
        '401': shared('Unauthorized'),
        '403': shared('Forbidden'),
        '429': shared('Throttled'),
        '500': shared('ServerError'),
      },
    },
    {
      method: 'post',
      path: `${WEBHOOKS}/`,
      operationId: 'createWebhookEndpoint',
      tag,
      summary: 'Create a webhook endpoint',
      description:
        "Registers a URL to receive the tenant's changes as signed messages, from `after` (default: only later changes). " +
        'The answer holds the signing secret, shown this once. At most 10 endpoints per tenant.',
      scope,
      requestBody: ref(createWebhookEndpointBodySchema),
      responses: {
        '201': answer('Created.', {
          schema: ref(createdWebhookEndpointSchema),
          headers: {
            Location: { ...HEADERS.Location, description: 'The absolute URL of the created endpoint.' },
            ...rateLimitHeaders(false),
          },
        }),
        '400': webhookBodyErrors([webhookEndpointLimitSchema, invalidCursorSchema], {
          url: { url: ['Enter a public https URL.'] },
          types: { types: ['Not readable with this key: customer.'] },
          limit: { detail: 'webhook_endpoint_limit' },
          after: { detail: 'invalid_cursor' },
        }),
        ...bodyErrors(),
      },
    },
    {
      method: 'get',
      path: `${WEBHOOKS}/{id}/`,
      operationId: 'getWebhookEndpoint',
      tag,
      summary: 'One webhook endpoint',
      description: `The endpoint without its secret. ${notFound}`,
      scope,
      pathId,
      responses: { '200': endpoint('The endpoint.'), '400': shared('InvalidHost'), ...endpointErrors },
    },
    {
      method: 'patch',
      path: `${WEBHOOKS}/{id}/`,
      operationId: 'updateWebhookEndpoint',
      tag,
      summary: 'Change, pause or resume a webhook endpoint',
      description:
        'Sets any of `url`, `types`, `description` and `status`. Pausing keeps the position; resuming delivers from it. ' + notFound,
      scope,
      pathId,
      requestBody: ref(updateWebhookEndpointBodySchema),
      responses: {
        '200': endpoint('The endpoint as stored now.'),
        '400': webhookBodyErrors([], { status: { status: ['"stopped" is not a valid choice.'] } }),
        ...endpointErrors,
        ...bodyLimits(),
      },
    },
    {
      method: 'delete',
      path: `${WEBHOOKS}/{id}/`,
      operationId: 'deleteWebhookEndpoint',
      tag,
      summary: 'Delete a webhook endpoint',
      description: `Removes the endpoint and its delivery state; its id is not handed out again. ${notFound}`,
      scope,
      pathId,
      responses: {
        '204': answer('Deleted. No body.', { headers: rateLimitHeaders(false) }),
        '400': shared('InvalidHost'),
        ...endpointErrors,
      },
    },
    {
      method: 'post',
      path: `${WEBHOOKS}/{id}/rotate-secret/`,
      operationId: 'rotateWebhookSecret',
      tag,
      summary: 'Rotate the signing secret',
      description:
        'A new secret signs from now on; the previous one keeps signing for 24 hours (receivers accept either), ' +
        `or stops at once with \`expire_previous\`. ${notFound}`,
      scope,
      pathId,
      requestBody: ref(rotateSecretBodySchema),
      responses: {
        '200': answer('The new secret, shown this once.', { schema: ref(rotatedSecretSchema), headers: rateLimitHeaders(false) }),
        '400': webhookBodyErrors([], { expire_previous: { expire_previous: ['Must be a valid boolean.'] } }),
        ...endpointErrors,
        ...bodyLimits(),
      },
    },
    {
      method: 'post',
      path: `${WEBHOOKS}/{id}/replay/`,
      operationId: 'replayWebhookEndpoint',
      tag,
      summary: 'Deliver again from a feed cursor',
      description: `Moves the endpoint's position to \`after\` (earlier or later); delivery goes on from there. ${notFound}`,
      scope,
      pathId,
      requestBody: ref(replayBodySchema),
      responses: {
        '200': endpoint('The endpoint with its new `position`.'),
        '400': webhookBodyErrors([invalidCursorSchema], {
          missing: { after: ['This field is required.'] },
          after: { detail: 'invalid_cursor' },
        }),
        ...endpointErrors,
        ...bodyLimits(),
      },
    },
    {
      method: 'post',
      path: `${WEBHOOKS}/{id}/ping/`,
      operationId: 'pingWebhookEndpoint',
      tag,
      summary: 'Send a test message',
      description:
        'Sends a signed `ping` message to the URL, outside the chain of changes (the position does not move), also to a ' +
        'paused endpoint. The answer does not wait for the receiver: once the attempt has ended it is in the deliveries ' +
        "log (`GET …/deliveries/`), its `message_id` the ping's `webhook-id`, its `attempt` 1 (a ping is never retried). " +
        notFound,
      scope,
      pathId,
      responses: {
        '202': answer('Accepted: the message is on its way; its outcome goes to the deliveries log. No body.', {
          headers: rateLimitHeaders(false),
        }),
        '400': shared('InvalidHost'),
        ...endpointErrors,
      },
    },
    {
      method: 'get',
      path: `${WEBHOOKS}/{id}/deliveries/`,
      operationId: 'listWebhookDeliveries',
      tag,
      summary: 'Recent delivery attempts',
      description:
        "The endpoint's last 100 attempts, newest first, paged like every list: those of the change feed's messages and " +
        `those of pings alike. A response body is never stored. ${notFound}`,
      scope,
      pathId,
      query: pagingQuerySchema,
      responses: {
        '200': answer('One page of attempts.', { schema: ref(webhookDeliveryPageSchema), headers: rateLimitHeaders(false) }),
        '400': shared('InvalidHost'),
        ...endpointErrors,
        '404': answer('No such endpoint in your tenant, or a page past the end.', {
          schema: ref(notFoundSchema),
          headers: rateLimitHeaders(true),
          examples: detailExamples('not_found', 'Invalid page.'),
        }),
      },
    },
  ];
}
