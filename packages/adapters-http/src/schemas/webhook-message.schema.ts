import { z } from 'zod';
import { changeSchema, components, dateTime } from './responses.schema';

/**
 * The bodies the service posts to a webhook endpoint (docs/webhooks.md, "Messages"), as components of the OpenAPI
 * document's `webhooks` section (openapi/webhook-messages.ts). The client's types, and so its `verifyWebhook`, are
 * generated from them.
 */

/** At most this many feed entries travel in one `changes` message. */
export const MAX_MESSAGE_RESULTS = 50;

const endpointId = z
  .int()
  .min(1)
  .meta({ description: 'The webhook endpoint this message was sent to.', examples: [1] });

const sentAt = dateTime.meta({
  description: 'When the message was made (UTC). Retries send the same body; `webhook-timestamp` is the time of the attempt.',
  examples: ['2026-06-01T12:00:30Z'],
});

export const changesMessageSchema = z
  .object({
    type: z.literal('changes'),
    timestamp: sentAt,
    data: z.object({
      endpoint_id: endpointId,
      previous: z.string().meta({
        description:
          'The feed cursor this message continues from: the `cursor` of the message before it, or for the first ' +
          'one the position the endpoint started from (its creation or a replay). When it is not the cursor you ' +
          'stored, read the feed from yours instead.',
        examples: ['0f3c1e5a9b7d4c2e8f6a1b3c5d7e9f01-1042'],
      }),
      cursor: z.string().meta({
        description: 'The feed cursor after this message: store it once you have processed the message.',
        examples: ['0f3c1e5a9b7d4c2e8f6a1b3c5d7e9f01-1057'],
      }),
      results: z.array(changeSchema).max(MAX_MESSAGE_RESULTS).meta({
        description: "The feed's entries between `previous` and `cursor`, exactly as the feed renders them, only of the endpoint's types.",
      }),
    }),
  })
  .register(components, {
    id: 'ChangesWebhookMessage',
    description: 'A piece of the change feed, pushed. Each message continues the one before it (`data.previous`).',
    examples: [
      {
        type: 'changes',
        timestamp: '2026-06-02T08:15:01Z',
        data: {
          endpoint_id: 1,
          previous: '0f3c1e5a9b7d4c2e8f6a1b3c5d7e9f01-1042',
          cursor: '0f3c1e5a9b7d4c2e8f6a1b3c5d7e9f01-1057',
          results: [{ type: 'invoice', id: 9, deleted: true, changed_at: '2026-06-02T08:15:00Z', object: null }],
        },
      },
    ],
  });

export const pingMessageSchema = z
  .object({
    type: z.literal('ping'),
    timestamp: sentAt,
    data: z.object({ endpoint_id: endpointId }),
  })
  .register(components, {
    id: 'PingWebhookMessage',
    description: 'A test message, sent on request (`POST /webhook-endpoints/{id}/ping/`), outside the chain.',
    examples: [{ type: 'ping', timestamp: '2026-06-01T12:00:30Z', data: { endpoint_id: 1 } }],
  });
