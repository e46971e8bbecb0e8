import { z } from 'zod';
import { components } from './components';

/**
 * The resources of v1 as their answers show them, and the primitives every answer schema shares (see
 * responses.schema.ts). Selling a stay is in selling-responses.schema.ts, the feed and webhooks in
 * feed-responses.schema.ts.
 */
export const id = z
  .int()
  .min(1)
  .meta({ description: 'Unique within the tenant (ids are per tenant).', examples: [17] });
export const money = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .meta({ description: 'An amount in CHF as a decimal string with exactly two decimals.', examples: ['105.00'] });
export const date = z.iso.date().meta({ description: 'A calendar date, `YYYY-MM-DD`.', examples: ['2027-07-01'] });
export const dateTime = z.iso
  .datetime()
  .meta({ description: 'ISO 8601 in UTC with a `Z` suffix; milliseconds only when not zero.', examples: ['2026-06-01T12:00:30Z'] });
export const updatedAt = dateTime.meta({
  description: 'When the stored record last changed, by any writer (creation counts as a change). UTC.',
  examples: ['2026-06-02T08:15:00Z'],
});

/** An extra as a booking or quote carries it: its code and how many (docs/channel-managers.md, "Selling a stay"). */
export const extraChoiceSchema = z
  .object({
    code: z.string().meta({ description: "The extra's `code` (see `GET /extras/`).", examples: ['dog'] }),
    quantity: z
      .int()
      .min(1)
      .meta({ description: 'How many; per night for an extra charged per night.', examples: [1] }),
  })
  .register(components, { id: 'ExtraChoice', description: 'An extra and its quantity.' });

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
        "CHF. For a booking made from a quote, the quote's total, which stays. For another booking created through " +
        'the API and still `pending`, a placeholder (base price per night × nights); the final figure exists after ' +
        'the operator confirms it.',
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
    quote_id: z
      .int()
      .nullable()
      .meta({ description: 'The quote the booking was made from, or null.', examples: [null] }),
    extras: z.array(extraChoiceSchema).meta({
      description:
        'The extras the booking was sold with (compulsory ones included), in `code` order; `[]` for a booking not made from a quote.',
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
        quote_id: null,
        extras: [],
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

export const decimal = (places: number, description: string, example: string) =>
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

export const pageLink = (which: string) =>
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
