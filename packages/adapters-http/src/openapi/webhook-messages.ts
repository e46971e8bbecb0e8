import type { z } from 'zod';
import { changesMessageSchema, MAX_MESSAGE_RESULTS, pingMessageSchema } from '../schemas/webhook-message.schema';
import { ref } from './building-blocks';

// The top-level `webhooks` of the document (OpenAPI 3.1): what the service posts to an endpoint's URL, after
// Standard Webhooks 1.0 (docs/webhooks.md, "Messages"). document.ts joins it to the paths.

/** The three Standard Webhooks headers every message carries. */
const SIGNATURE_HEADERS = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'The message id: the same on every attempt of one message, so a repeat can be recognised.',
    schema: { type: 'string', minLength: 1 },
    example: 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description:
      'Unix time in seconds of this attempt. Refuse a message whose timestamp is more than 5 minutes from your clock: it may be a replay.',
    schema: { type: 'string', pattern: '^\\d+$' },
    example: '1780315230',
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      'Space-separated `v1,<base64>` entries: HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` (the raw ' +
      'body, as received), keyed by the bytes the base64 after `whsec_` encodes. One entry per valid secret (two ' +
      'during a rotation): accept the message when any of them matches, compared in constant time.',
    schema: { type: 'string', pattern: '^v1,[A-Za-z0-9+/]+={0,2}( v1,[A-Za-z0-9+/]+={0,2})*$' },
    example: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
  },
];

/** What the receiver answers, and what the service makes of it (docs/webhooks.md, "Failures"). */
const RECEIVER_ANSWERS = {
  '2XX': {
    description: 'Acknowledged: any 2xx within `WEBHOOK_TIMEOUT_MS` (default 10 s). The body is read (at most 64 KiB) and dropped.',
  },
  '410': { description: 'Gone: the endpoint is paused at once, with a `paused_reason`; it keeps its position.' },
  default: {
    description:
      'Anything else, a redirect included, fails the attempt: the same message is sent again later (after 5 s, ' +
      '30 s, 2 min, …, with `Retry-After` of a 429 or 503 honoured up to an hour). After 3 days of failures the ' +
      'endpoint is paused.',
  },
};

function message(operationId: string, summary: string, description: string, schema: z.ZodType) {
  return {
    post: {
      operationId,
      tags: ['Webhooks'],
      summary,
      description,
      parameters: SIGNATURE_HEADERS,
      requestBody: { required: true, content: { 'application/json': { schema: ref(schema) } } },
      responses: RECEIVER_ANSWERS,
      // The message is signed with the endpoint's secret; it carries no API key.
      security: [],
    },
  };
}

export function webhookMessages(): Record<string, unknown> {
  return {
    changes: message(
      'receiveChanges',
      'Changes, pushed',
      `Posted to an active endpoint's URL while the change feed holds entries of its types after its position: up ` +
        `to ${MAX_MESSAGE_RESULTS} entries per message, exactly as the feed renders them. One message at a time, ` +
        `in commit order; the next one is sent only after this one got a 2xx, and its \`data.previous\` is this ` +
        `one's \`data.cursor\`. Store \`data.cursor\` once processed; when \`data.previous\` is not the cursor you ` +
        `stored, read the feed (\`GET /api/v1/public/changes/?after=…\`) from yours instead.`,
      changesMessageSchema,
    ),
    ping: message(
      'receivePing',
      'Ping',
      'Posted on request (`POST /api/v1/public/webhook-endpoints/{id}/ping/`), also to a paused endpoint, to test ' +
        'a receiver. Outside the chain: the position does not move, and its answer changes nothing.',
      pingMessageSchema,
    ),
  };
}
