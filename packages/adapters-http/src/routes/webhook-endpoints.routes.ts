import {
  type DeliveryRecord,
  type ManageWebhookEndpoints,
  type Principal,
  type WebhookEndpointView,
  formatDateTime,
} from '@campsite/domain';
import type { Response } from 'express';
import type { z } from 'zod';
import { readJsonBody } from '../body/read-json-body';
import type { HttpLogger } from '../http-deps';
import {
  readCreateWebhookEndpointBody,
  readReplayBody,
  readRotateSecretBody,
  readUpdateWebhookEndpointBody,
} from '../schemas/webhook-endpoint.schema';
import { originOf } from '../public-origin';
import type {
  createdWebhookEndpointSchema,
  rotatedSecretSchema,
  webhookDeliverySchema,
  webhookEndpointPageSchema,
  webhookEndpointSchema,
} from '../schemas/responses.schema';
import { jsonAnswer, sendJson } from '../send-json';
import { type Resource, queryOf, readPaging, recordIdOf, renderPage, resource } from './endpoint';

export const WEBHOOK_ENDPOINTS_PATH = '/api/v1/public/webhook-endpoints/';

/**
 * An endpoint as the API shows it (docs/webhooks.md); the secret only ever comes in a creation or rotation answer.
 * Typed against the answer schema that also describes it in the OpenAPI document, so the two cannot drift apart.
 */
function endpointJson({ endpoint, position }: WebhookEndpointView): z.output<typeof webhookEndpointSchema> {
  return {
    id: endpoint.id,
    url: endpoint.url,
    types: endpoint.types,
    description: endpoint.description,
    status: endpoint.status,
    paused_reason: endpoint.pausedReason,
    position,
    created_at: formatDateTime(endpoint.createdAt),
  };
}

function deliveryJson(attempt: DeliveryRecord): z.output<typeof webhookDeliverySchema> {
  return {
    message_id: attempt.messageId,
    attempt: attempt.attempt,
    status_code: attempt.statusCode,
    error: attempt.error,
    duration_ms: attempt.durationMs,
    at: formatDateTime(attempt.at),
  };
}

function noContent(res: Response): void {
  res.status(204).end();
}

/** `/webhook-endpoints/` and its sub-resources; every method needs `webhooks:manage`. */
export function webhookEndpointResources(deps: { manageWebhookEndpoints: ManageWebhookEndpoints; logger: HttpLogger }): {
  collection: Resource;
  detail: Resource;
  actions: ReadonlyMap<string, Resource>;
} {
  const manage = deps.manageWebhookEndpoints;
  const { scope } = manage;
  /** As DRF finds the object before it reads the body: an unknown id is 404 whatever the body holds. */
  const existing = async (principal: Principal, pathId: string | undefined) =>
    (await manage.get(principal, recordIdOf(pathId))).endpoint.id;

  const collection = resource({
    GET: {
      scope,
      async handle(_req, _res, principal) {
        // At most ten per tenant, so one page always holds them all.
        const views = await manage.list(principal);
        return jsonAnswer({ count: views.length, next: null, previous: null, results: views.map(endpointJson) } satisfies z.output<
          typeof webhookEndpointPageSchema
        >);
      },
    },
    POST: {
      scope,
      async handle(req, res, principal) {
        const { view, secret } = await manage.create(principal, readCreateWebhookEndpointBody(await readJsonBody(req)));
        res.setHeader('Location', `${originOf(res)}${WEBHOOK_ENDPOINTS_PATH}${view.endpoint.id}/`);
        sendJson(res, 201, { ...endpointJson(view), secret } satisfies z.output<typeof createdWebhookEndpointSchema>);
      },
    },
  });

  const detail = resource({
    GET: {
      scope,
      async handle(_req, _res, principal, pathId) {
        const view = await manage.get(principal, recordIdOf(pathId));
        return jsonAnswer(endpointJson(view));
      },
    },
    PATCH: {
      scope,
      async handle(req, res, principal, pathId) {
        const id = await existing(principal, pathId);
        sendJson(res, 200, endpointJson(await manage.update(principal, id, readUpdateWebhookEndpointBody(await readJsonBody(req)))));
      },
    },
    DELETE: {
      scope,
      async handle(_req, res, principal, pathId) {
        await manage.delete(principal, recordIdOf(pathId));
        noContent(res);
      },
    },
  });

  const rotateSecret = resource({
    POST: {
      scope,
      async handle(req, res, principal, pathId) {
        const id = await existing(principal, pathId);
        const rotated = await manage.rotateSecret(principal, id, readRotateSecretBody(await readJsonBody(req)));
        sendJson(res, 200, {
          secret: rotated.secret,
          previous_expires_at: formatDateTime(rotated.previousExpiresAt),
        } satisfies z.output<typeof rotatedSecretSchema>);
      },
    },
  });

  const replay = resource({
    POST: {
      scope,
      async handle(req, res, principal, pathId) {
        const id = await existing(principal, pathId);
        sendJson(res, 200, endpointJson(await manage.replay(principal, id, readReplayBody(await readJsonBody(req)))));
      },
    },
  });

  const deliveries = resource({
    GET: {
      scope,
      async handle(req, res, principal, pathId) {
        const query = queryOf(req);
        const id = recordIdOf(pathId);
        const page = await manage.deliveries(principal, id, readPaging(query).request);
        return renderPage(req, res, query, page, deliveryJson);
      },
    },
  });

  const ping = resource({
    POST: {
      scope,
      async handle(_req, res, principal, pathId) {
        const { delivery } = await manage.ping(principal, recordIdOf(pathId));
        // The answer does not wait for the receiver; its outcome goes to the deliveries log, and to the service's log.
        delivery.then(
          (attempt) => deps.logger.info({ webhookEndpoint: pathId, ping: attempt }, 'webhook ping sent'),
          (error: unknown) => deps.logger.error({ webhookEndpoint: pathId, err: String(error) }, 'webhook ping failed'),
        );
        res.status(202).end();
      },
    },
  });

  return {
    collection,
    detail,
    actions: new Map([
      ['rotate-secret', rotateSecret],
      ['replay', replay],
      ['ping', ping],
      ['deliveries', deliveries],
    ]),
  };
}
