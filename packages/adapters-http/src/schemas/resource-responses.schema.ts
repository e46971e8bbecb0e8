import { CHANGE_TYPES, MAX_WEBHOOK_DESCRIPTION_LENGTH, WEBHOOK_STATUSES } from '@campsite/domain';
import { z } from 'zod';
import { components } from './components';

/** The resources of the public API as their answers show them, and the probes' answers (see responses.schema.ts). */
const id = z
  .int()
  .min(1)
  .meta({ description: 'Unique within the tenant (ids are per tenant).', examples: [17] });
const money = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .meta({ description: 'An amount in CHF as a decimal string with exactly two decimals.', examples: ['105.00'] });
export const date = z.iso.date().meta({ description: 'A calendar date, `YYYY-MM-DD`.', examples: ['2027-07-01'] });
export const dateTime = z.iso
  .datetime()
  .meta({ description: 'ISO 8601 in UTC with a `Z` suffix; milliseconds only when not zero.', examples: ['2026-06-01T12:00:30Z'] });
const updatedAt = dateTime.meta({
  description: 'When the stored record last changed, by any writer (creation counts as a change). UTC.',
  examples: ['2026-06-02T08:15:00Z'],
});

export const bookingSchema = z
  .object({
    id,
    booking_reference: z.string().meta({ description: 'Server-generated, unique within the tenant.', examples: ['K7Q2M4XZ9B'] }),
    guest_first_name: z.string().meta({ description: 'May be empty (legacy walk-in bookings).' }),
    guest_last_name: z.string().meta({ description: 'May be empty.' }),
    guest_email: z.string().meta({ description: 'May be empty.' }),
    site_id: z.int().meta({ description: 'The pitch the booking is on.' }),
    site_number: z.string().meta({ description: 'Pitch number as on the site map.' }),
    check_in_date: date,
    check_out_date: date,
    num_adults: z.int().min(0),
    num_youth: z.int().min(0),
    num_children: z.int().min(0),
    status: z.string().meta({
      description:
        'One of `pending`, `confirmed`, `cancelled`, `completed`, `no_show`. More values may appear in a minor ' +
        'version: treat an unknown value as unknown.',
      examples: ['pending'],
    }),
    total_price: money.meta({
      description:
        'CHF. For a booking created through the API and still `pending`, a placeholder (base price per night × ' +
        'nights); the final figure exists after the operator confirms it.',
      examples: ['105.00'],
    }),
    created_at: dateTime,
    updated_at: updatedAt,
    customer_id: z
      .int()
      .nullable()
      .meta({
        description: 'The customer the booking belongs to, or null (walk-ins, guests without an account).',
        examples: [5],
      }),
  })
  .register(components, {
    id: 'Booking',
    description: 'A booking (public projection).',
    examples: [
      {
        id: 17,
        booking_reference: 'K7Q2M4XZ9B',
        guest_first_name: 'Anna',
        guest_last_name: 'Muster',
        guest_email: 'anna@example.ch',
        site_id: 3,
        site_number: 'A03',
        check_in_date: '2027-07-01',
        check_out_date: '2027-07-04',
        num_adults: 2,
        num_youth: 0,
        num_children: 1,
        status: 'pending',
        total_price: '105.00',
        created_at: '2026-06-01T12:00:30Z',
        updated_at: '2026-06-01T12:00:30Z',
        customer_id: 5,
      },
    ],
  });

export const siteSchema = z
  .object({
    id: id.meta({ description: 'Use it as `site_id` when creating a booking.', examples: [3] }),
    site_number: z.string().meta({ description: 'Pitch number as on the site map.', examples: ['A03'] }),
    name: z.string().meta({ description: 'Operator-assigned; may be empty.' }),
    max_occupants: z.int().min(0),
    base_price_per_night: money.meta({ description: 'CHF; a starting price, not a quote.', examples: ['35.00'] }),
    status: z.string().meta({
      description: 'Operational status, for example `active` or `inactive`; treat other values as unknown.',
      examples: ['active'],
    }),
    site_type_id: z.int(),
    site_type_name: z.string(),
    updated_at: updatedAt,
  })
  .register(components, {
    id: 'Site',
    description: 'A pitch.',
    examples: [
      {
        id: 3,
        site_number: 'A03',
        name: 'Lakeside',
        max_occupants: 4,
        base_price_per_night: '35.00',
        status: 'active',
        site_type_id: 1,
        site_type_name: 'Tent pitch',
        updated_at: '2026-05-01T07:00:00Z',
      },
    ],
  });

export const customerSchema = z
  .object({
    id,
    email: z.string().meta({ description: 'Used for login.' }),
    first_name: z.string(),
    last_name: z.string(),
    phone_number: z.string().meta({ description: 'May be empty.' }),
    date_joined: dateTime,
    updated_at: updatedAt,
  })
  .register(components, {
    id: 'Customer',
    description: 'A registered guest-portal account. Personal data.',
    examples: [
      {
        id: 5,
        email: 'anna@example.ch',
        first_name: 'Anna',
        last_name: 'Muster',
        phone_number: '',
        date_joined: '2025-03-14T09:30:00Z',
        updated_at: '2025-03-14T09:30:00Z',
      },
    ],
  });

export const invoiceSchema = z
  .object({
    id,
    invoice_number: z.string().meta({ description: 'Typically `YYYY-NNNNNN`.', examples: ['2026-000042'] }),
    booking_id: z.int().nullable().meta({ description: 'null for invoices not tied to a booking.' }),
    total_chf: money.meta({ description: 'CHF, including all line items and tourist tax.' }),
    status: z.string().meta({
      description:
        '`OFFEN` (open), `ERLEDIGT` (settled), `STORNIERT` (cancelled) or `PICKUP` (awaiting pickup or payment), ' +
        'verbatim. Treat other values as unknown.',
      examples: ['OFFEN'],
    }),
    issued_at: dateTime,
    updated_at: updatedAt,
  })
  .register(components, {
    id: 'Invoice',
    description: 'An invoice header.',
    examples: [
      {
        id: 9,
        invoice_number: '2026-000042',
        booking_id: 17,
        total_chf: '123.50',
        status: 'OFFEN',
        issued_at: '2026-06-02T08:00:00Z',
        updated_at: '2026-06-02T08:00:00Z',
      },
    ],
  });

const decimal = (places: number, description: string, example: string) =>
  z
    .string()
    .regex(new RegExp(`^-?\\d+\\.\\d{${places}}$`))
    .meta({ description, examples: [example] });

export const invoiceLineSchema = z
  .object({
    position: z.int().min(1).meta({ description: "The line's place on the invoice, from 1." }),
    description: z.string(),
    quantity: decimal(3, 'A decimal string with three decimals.', '3.000'),
    unit_price: money.meta({ description: 'CHF per unit.', examples: ['35.00'] }),
    vat_rate: decimal(2, 'The VAT rate in percent, with two decimals.', '8.10'),
    amount: money.meta({ description: 'CHF for the line.', examples: ['105.00'] }),
  })
  .register(components, {
    id: 'InvoiceLine',
    description: 'One line of an invoice, as stored.',
    examples: [
      { position: 1, description: 'Pitch A01, 3 nights', quantity: '3.000', unit_price: '35.00', vat_rate: '8.10', amount: '105.00' },
    ],
  });

const pageLink = (which: string) =>
  z
    .url()
    .nullable()
    .meta({ description: `Absolute URL of the ${which} page, or null. Follow it rather than building URLs.` });

/** The pagination envelope around one resource's rows. */
export function pageOf<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({
      count: z.int().min(0).meta({ description: 'Matching records across all pages.' }),
      next: pageLink('next'),
      previous: pageLink('previous'),
      results: z.array(item),
    })
    .register(components, { id: `${name}Page`, description: `One page of ${name} records.` });
}

export const bookingPageSchema = pageOf(bookingSchema, 'Booking');
export const sitePageSchema = pageOf(siteSchema, 'Site');
export const customerPageSchema = pageOf(customerSchema, 'Customer');
export const invoicePageSchema = pageOf(invoiceSchema, 'Invoice');
export const invoiceLinePageSchema = pageOf(invoiceLineSchema, 'InvoiceLine');

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
      .union([bookingSchema, siteSchema, customerSchema, invoiceSchema])
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
      description: 'The `webhook-id` of the message, the same on each of its attempts.',
      examples: ['msg_2ZkYv0mXqg1c8w3JpTn6bR4s'],
    }),
    attempt: z.int().min(1).meta({ description: "1 for a message's first attempt, 2 for its first retry, and so on." }),
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
