import { CHANGE_TYPES, MAX_WEBHOOK_DESCRIPTION_LENGTH, WEBHOOK_STATUSES } from '@campsite/domain';
import { z } from 'zod';
import { components } from './components';
import { bookingSchema, customerSchema, dateTime, id, invoiceSchema, pageLink, pageOf, siteSchema } from './resource-responses.schema';
import { extraSchema, siteTypeSchema } from './selling-responses.schema';

/** The change feed, webhook endpoints and the probes as their answers show them (see responses.schema.ts). */

export const changeSchema = z
  .object({
    type: z.enum(CHANGE_TYPES).meta({ description: 'The kind of record; more kinds may be added.' }),
    id: z
      .int()
      .min(1)
      .meta({ description: "The record's id (unique within the tenant and its type).", examples: [17] }),
    deleted: z.boolean().meta({
      description: 'True when the record is gone from the API (deleted, or a user who is no longer a customer).',
    }),
    changed_at: dateTime.meta({ description: 'When the change was recorded (UTC).', examples: ['2026-06-02T08:15:00Z'] }),
    object: z
      .union([bookingSchema, siteSchema, customerSchema, invoiceSchema, siteTypeSchema, extraSchema])
      .nullable()
      .meta({ description: 'The record exactly as its list renders it now; null when `deleted` is true.' }),
  })
  .register(components, {
    id: 'Change',
    description: 'A record that was created, changed or deleted, at its latest change.',
    examples: [{ type: 'invoice', id: 9, deleted: true, changed_at: '2026-06-02T08:15:00Z', object: null }],
  });

export const changePageSchema = z
  .object({
    count: z.int().min(0).meta({ description: 'Changes after `after` that this key can see.' }),
    next: pageLink('next').meta({
      description: "This URL with `after` set to this page's `cursor` while more changes remain, else null.",
    }),
    previous: z.null().meta({ description: 'Always null: the feed only goes forward.' }),
    cursor: z.string().meta({
      description:
        'The position after the last result (after `after` itself when there are none). Store it and send it as `after` next time.',
      examples: ['0f3c1e5a9b7d4c2e8f6a1b3c5d7e9f01-20417'],
    }),
    results: z.array(changeSchema),
  })
  .register(components, { id: 'ChangePage', description: 'One page of the change feed, in commit order.' });

/** A webhook endpoint as the API shows it (docs/webhooks.md); its secret is never part of it. */
export const webhookEndpointSchema = z
  .object({
    id,
    url: z
      .string()
      .meta({ description: 'The public `https` URL messages are posted to.', examples: ['https://hooks.example.com/campsite'] }),
    types: z
      .array(z.enum(CHANGE_TYPES))
      .meta({ description: "The change types delivered, in the feed's type order.", examples: [['booking']] }),
    description: z.string().max(MAX_WEBHOOK_DESCRIPTION_LENGTH).meta({ description: 'Your note about the endpoint; may be empty.' }),
    status: z.enum(WEBHOOK_STATUSES).meta({ description: '`active` delivers; `paused` holds its position until resumed.' }),
    paused_reason: z
      .string()
      .nullable()
      .meta({
        description:
          'Why the endpoint is paused: `manual` (through the API), `gone` (the receiver answered 410) or `failing` ' +
          '(three days of failed attempts); null while active.',
        examples: [null],
      }),
    position: z.string().meta({
      description: 'A feed cursor: delivery goes on with the first change after it. Move it with `replay`.',
      examples: ['0f3c1e5a9b7d4c2e8f6a1b3c5d7e9f01-1042'],
    }),
    created_at: dateTime,
  })
  .register(components, {
    id: 'WebhookEndpoint',
    description: "A URL that receives the tenant's changes as signed messages (docs/webhooks.md).",
    examples: [
      {
        id: 1,
        url: 'https://hooks.example.com/campsite',
        types: ['booking'],
        description: 'channel manager',
        status: 'active',
        paused_reason: null,
        position: '0f3c1e5a9b7d4c2e8f6a1b3c5d7e9f01-1042',
        created_at: '2026-06-01T12:00:30Z',
      },
    ],
  });

const signingSecret = z
  .string()
  .regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/)
  .meta({
    description: 'The signing secret (Standard Webhooks). Shown in this answer only: keep it.',
    examples: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
  });

export const createdWebhookEndpointSchema = webhookEndpointSchema
  .extend({ secret: signingSecret })
  .register(components, { id: 'CreatedWebhookEndpoint', description: 'The new endpoint, with its signing secret (shown this once).' });

export const webhookEndpointPageSchema = pageOf(webhookEndpointSchema, 'WebhookEndpoint');

/** One attempt of the deliveries log (docs/webhooks.md). */
export const webhookDeliverySchema = z
  .object({
    message_id: z.string().meta({
      description: 'The `webhook-id` of the message (of the change feed, or a ping), the same on each of its attempts.',
      examples: ['msg_2ZkYv0mXqg1c8w3JpTn6bR4s'],
    }),
    attempt: z.int().min(1).meta({ description: "1 for a message's first attempt (a ping's only one), 2 for its first retry, and so on." }),
    status_code: z
      .int()
      .nullable()
      .meta({ description: "The receiver's HTTP status, or null when no answer came.", examples: [500] }),
    error: z
      .enum(['timeout', 'connection', 'tls', 'blocked_address', 'redirect', 'http_status'])
      .nullable()
      .meta({ description: 'Why the attempt failed; null on a 2xx.', examples: ['http_status'] }),
    duration_ms: z.int().min(0).meta({ description: 'From connecting to the end of the answer (or the failure).' }),
    at: dateTime,
  })
  .register(components, { id: 'WebhookDelivery', description: 'One attempt to deliver a message to an endpoint.' });

export const webhookDeliveryPageSchema = pageOf(webhookDeliverySchema, 'WebhookDelivery');

export const rotatedSecretSchema = z
  .object({
    secret: signingSecret,
    previous_expires_at: dateTime.meta({
      description: 'When the secrets before this one stop signing: in 24 hours, or now with `expire_previous`.',
      examples: ['2026-06-02T12:00:30Z'],
    }),
  })
  .register(components, {
    id: 'RotatedSecret',
    description: 'The new signing secret; messages are signed with every secret not yet expired.',
  });

export const healthSchema = z
  .object({ status: z.literal('ok') })
  .register(components, { id: 'Health', description: 'The process is alive.' });

export const readinessSchema = z
  .object({ status: z.enum(['ready', 'unavailable']) })
  .register(components, { id: 'Readiness', description: '`ready` while the database answers within 2 s, else `unavailable`.' });
