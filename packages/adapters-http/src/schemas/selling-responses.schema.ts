import { z } from 'zod';
import { components } from './components';
import { date, dateTime, decimal, extraChoiceSchema, id, invoiceLineSchema, money, pageOf, updatedAt } from './resource-responses.schema';

/**
 * Selling a stay as its answers show it (docs/channel-managers.md, "Selling a stay"): the pitch types, the extras,
 * the calendar and quotes. Prices are CHF strings with VAT included, VAT rates percent strings with two decimals, as on invoices.
 */

const vatRate = decimal(2, 'The VAT rate in percent, with two decimals.', '8.10');

export const siteTypeSchema = z
  .object({
    id: id.meta({ description: 'Use it as `site_type_id` in a quote or a calendar request.', examples: [1] }),
    name: z.string().meta({ examples: ['Tent pitch'] }),
    active_sites: z
      .int()
      .min(0)
      .meta({ description: 'How many pitches of this type are `active` (take bookings).', examples: [12] }),
    max_occupants: z
      .int()
      .min(0)
      .meta({ description: 'The most guests one active pitch of this type holds; 0 when it has none.', examples: [6] }),
    updated_at: updatedAt.meta({
      description: 'When the type, its seasons or its stay rules last changed, by any writer. UTC.',
      examples: ['2026-05-01T07:00:00Z'],
    }),
  })
  .register(components, {
    id: 'SiteType',
    description: 'A pitch type: what channel managers sell.',
    examples: [{ id: 1, name: 'Tent pitch', active_sites: 12, max_occupants: 6, updated_at: '2026-05-01T07:00:00Z' }],
  });

export const extraSchema = z
  .object({
    id,
    code: z
      .string()
      .meta({ description: 'Unique in the tenant: 1 to 32 of `a-z`, `0-9`, `_`, `-`. Quotes name extras by it.', examples: ['dog'] }),
    name: z.string().meta({ examples: ['Dog'] }),
    per: z.enum(['night', 'stay']).meta({ description: 'Charged per night of the stay, or once per stay.' }),
    price: money.meta({ description: 'CHF per unit, VAT included.', examples: ['4.50'] }),
    vat_rate: vatRate,
    compulsory_for: z.array(z.int()).meta({
      description: 'The site types whose every stay includes this extra (quantity 1 unless asked for with more).',
      examples: [[2]],
    }),
    updated_at: updatedAt,
  })
  .register(components, {
    id: 'Extra',
    description: 'Something sold with a stay, at its own VAT rate.',
    examples: [
      {
        id: 3,
        code: 'dog',
        name: 'Dog',
        per: 'night',
        price: '4.50',
        vat_rate: '8.10',
        compulsory_for: [],
        updated_at: '2026-05-01T07:00:00Z',
      },
    ],
  });

const nightPrice = (who: string) =>
  money.nullable().meta({ description: `CHF ${who} for this night, VAT included; null when no season covers it.`, examples: ['30.00'] });

export const calendarDaySchema = z
  .object({
    date: date.meta({ description: 'The night, named by the date it starts on.' }),
    free: z.int().min(0).meta({ description: 'Active pitches of the type that no pending or confirmed booking covers this night.' }),
    pitch: nightPrice('per pitch'),
    adult: nightPrice('per adult'),
    youth: nightPrice('per youth'),
    child: nightPrice('per child'),
    min_stay: z
      .int()
      .nullable()
      .meta({ description: 'The fewest nights of a stay arriving on this date; null: no minimum.', examples: [1] }),
    max_stay: z
      .int()
      .nullable()
      .meta({ description: 'The most nights of a stay arriving on this date; null: no maximum.', examples: [null] }),
    closed_to_arrival: z.boolean().meta({ description: 'No stay may arrive on this date.' }),
    closed_to_departure: z.boolean().meta({ description: 'No stay may depart on this date.' }),
    stop_sell: z.boolean().meta({ description: 'No stay may include this night.' }),
  })
  .register(components, { id: 'CalendarDay', description: "One night of a site type's calendar." });

export const siteTypeCalendarSchema = z
  .object({
    site_type_id: z.int().min(1),
    name: z.string().meta({ description: "The type's name.", examples: ['Tent pitch'] }),
    days: z.array(calendarDaySchema).meta({ description: 'One entry per night of the window, in date order.' }),
  })
  .register(components, {
    id: 'SiteTypeCalendar',
    description: 'A site type with its free pitches, prices and stay rules per night.',
    examples: [
      {
        site_type_id: 1,
        name: 'Tent pitch',
        days: [
          {
            date: '2027-07-01',
            free: 11,
            pitch: '30.00',
            adult: '10.00',
            youth: '6.00',
            child: '4.00',
            min_stay: 1,
            max_stay: null,
            closed_to_arrival: false,
            closed_to_departure: false,
            stop_sell: false,
          },
        ],
      },
    ],
  });

const PITCH_LINE = {
  position: 1,
  description: 'Pitch, 3 nights from 2027-07-01',
  quantity: '3.000',
  unit_price: '30.00',
  vat_rate: '3.80',
  amount: '90.00',
  kind: 'pitch',
  code: null,
};

export const pricedLineSchema = invoiceLineSchema
  .extend({
    kind: z.enum(['pitch', 'adult', 'youth', 'child', 'extra', 'tourist_tax']).meta({ description: 'What the line charges for.' }),
    code: z
      .string()
      .nullable()
      .meta({
        description: "The extra's code for `extra`, the guest category (`adult`, `youth`, `child`) for `tourist_tax`, else null.",
        examples: [null],
      }),
  })
  .register(components, {
    id: 'PricedLine',
    description: 'A line of a priced stay: an invoice line and what it is for. `description` is free text, not a contract.',
    examples: [PITCH_LINE],
  });

export const vatShareSchema = z
  .object({
    rate: vatRate,
    amount: money.meta({ description: 'CHF of VAT contained in the lines at this rate.', examples: ['3.30'] }),
  })
  .register(components, { id: 'VatShare', description: 'The VAT contained in the lines of one rate (prices include VAT).' });

export const quoteSchema = z
  .object({
    id,
    site_type_id: z.int().min(1),
    site_id: z
      .int()
      .min(1)
      .nullable()
      .meta({
        description: 'The pitch asked for; null for a quote by type (its booking takes the free pitch with the lowest number).',
        examples: [null],
      }),
    check_in_date: date,
    check_out_date: date,
    num_adults: z.int().min(0),
    num_youth: z.int().min(0),
    num_children: z.int().min(0),
    extras: z.array(extraChoiceSchema).meta({ description: 'Every extra priced, compulsory ones included, in `code` order.' }),
    lines: z.array(pricedLineSchema).meta({ description: 'The priced lines in `position` order; lines of 0.00 are left out.' }),
    vat: z.array(vatShareSchema).meta({ description: 'Per VAT rate above 0, highest first.' }),
    total_price: money.meta({ description: 'CHF, the sum of the lines: the total of a booking made from this quote.' }),
    expires_at: dateTime.meta({ description: 'Until then a booking made from the quote gets exactly this price.' }),
    created_at: dateTime,
  })
  .register(components, {
    id: 'Quote',
    description: 'A binding price for a stay. It holds no pitch: book it before `expires_at`.',
    examples: [
      {
        id: 12,
        site_type_id: 1,
        site_id: null,
        check_in_date: '2027-07-01',
        check_out_date: '2027-07-04',
        num_adults: 2,
        num_youth: 0,
        num_children: 0,
        extras: [],
        lines: [
          PITCH_LINE,
          {
            position: 2,
            description: 'Adults, 2 × 3 nights from 2027-07-01',
            quantity: '6.000',
            unit_price: '10.00',
            vat_rate: '3.80',
            amount: '60.00',
            kind: 'adult',
            code: null,
          },
        ],
        vat: [{ rate: '3.80', amount: '5.49' }],
        total_price: '150.00',
        expires_at: '2026-06-01T12:30:30Z',
        created_at: '2026-06-01T12:00:30Z',
      },
    ],
  });

export const siteTypePageSchema = pageOf(siteTypeSchema, 'SiteType');
export const extraPageSchema = pageOf(extraSchema, 'Extra');
export const calendarPageSchema = pageOf(siteTypeCalendarSchema, 'SiteTypeCalendar');
