import { DEFAULT_QUOTE_TTL_SECONDS } from '@campsite/domain';
import { calendarErrorsSchema, calendarQuerySchema } from '../schemas/calendar.schema';
import { createQuoteBodySchema, createQuoteErrorsSchema } from '../schemas/create-quote.schema';
import { pagingQuerySchema } from '../schemas/paging.schema';
import { updatedSinceErrorsSchema, updatedSinceQuerySchema } from '../schemas/list-filter.schema';
import {
  calendarPageSchema,
  extraPageSchema,
  invalidHostSchema,
  jsonParseErrorSchema,
  quoteInputErrorSchema,
  quoteSchema,
  siteTypePageSchema,
  stayRuleRefusalSchema,
} from '../schemas/responses.schema';
import {
  API,
  type OperationSpec,
  answer,
  bodyErrors,
  filterErrors,
  headerRef,
  listErrors,
  listOperation,
  queryErrors,
  rateLimitHeaders,
  recordOperation,
  ref,
} from './building-blocks';
import { WINDOW_EXAMPLES } from './booking-operations';

// Selling a stay (docs/channel-managers.md): what a channel manager reads to offer a stay, and the quote it books from.

const TAG = 'Selling';

export function sellingOperations(): OperationSpec[] {
  return [
    listOperation('SiteType', 'site-types', 'sites:read', siteTypePageSchema, 'by `id`', {
      tag: TAG,
      summary: 'List site types',
      description:
        "One page of the tenant's pitch types by `id`, each with how many of its pitches are active and the most " +
        'guests one of them holds. A type changes (`updated_at`, the change feed) when its seasons or stay rules do.',
      query: pagingQuerySchema.extend(updatedSinceQuerySchema.shape),
      responses: { '400': filterErrors(updatedSinceErrorsSchema, 'updated_since', ['Enter a valid date/time.']) },
    }),
    listOperation('Extra', 'extras', 'rates:read', extraPageSchema, 'by `code` (ASCII order)', {
      tag: TAG,
      summary: 'List extras',
      description:
        "One page of the tenant's extras by `code`: what a quote may add to a stay (a dog, a car, electricity), " +
        'per night or per stay, each at its own VAT rate, and the site types it is compulsory for.',
      query: pagingQuerySchema.extend(updatedSinceQuerySchema.shape),
      responses: { '400': filterErrors(updatedSinceErrorsSchema, 'updated_since', ['Enter a valid date/time.']) },
    }),
    {
      method: 'get',
      path: `${API}/calendar/`,
      operationId: 'getCalendar',
      tag: TAG,
      summary: 'Prices, stay rules and free pitches per night',
      description:
        'Per site type, in `id` order and paged, one entry per night from `from` up to the night before `to` (at ' +
        "most 366 nights): how many of the type's active pitches are free, the season's prices (null where no " +
        "season covers the night) and the date's stay rules (`1, null, false, false, false` where there are none). " +
        'A quote is priced from the same tariff. The window and `site_type_id` are checked before the page, with ' +
        'the messages of `GET /availability/`; `next` and `previous` keep them.',
      scope: 'rates:read',
      query: pagingQuerySchema.omit({ cursor: true }).extend(calendarQuerySchema.shape),
      responses: {
        '200': answer('One page of site types with their nights.', { schema: ref(calendarPageSchema), headers: rateLimitHeaders(false) }),
        ...listErrors,
        '400': queryErrors(
          'The window is missing, malformed, reversed or too long, or `site_type_id` is not a number',
          calendarErrorsSchema,
          {
            ...WINDOW_EXAMPLES,
            site_type_id: { site_type_id: ['Enter a number.'] },
          },
        ),
      },
    },
    {
      method: 'post',
      path: `${API}/quotes/`,
      operationId: 'createQuote',
      tag: TAG,
      summary: 'Price a stay',
      description:
        "Prices a stay on a pitch (`site_id`) or of a pitch type (`site_type_id`) by the tenant's tariff, with " +
        'extras, and keeps the price binding: a booking made from the quote (`POST /bookings/` with `quote_id`) ' +
        `before \`expires_at\` (${DEFAULT_QUOTE_TTL_SECONDS / 60} minutes by default) costs exactly \`total_price\`. ` +
        'A quote holds no pitch. The body is read as `POST /bookings/` reads it. Checks, first failure wins: the ' +
        'fields and extras (400, all field errors at once), the site or type (`site_not_found`, ' +
        '`site_type_not_found`), occupants against `max_occupants` (of the site, or the largest active pitch of ' +
        'the type), the stay rules (`stop_sell`, `closed_to_arrival`, `closed_to_departure`, `min_stay`, ' +
        '`max_stay`), a season for every night (`no_tariff`), then a free pitch for the whole stay ' +
        '(`site_unavailable`).',
      scope: 'bookings:write',
      requestBody: ref(createQuoteBodySchema),
      responses: {
        '201': answer('The quote.', { schema: ref(quoteSchema), headers: { Location: headerRef('Location'), ...rateLimitHeaders(false) } }),
        '400': answer('The body was refused, or the stay cannot be sold; nothing was kept.', {
          schema: {
            oneOf: [
              ref(createQuoteErrorsSchema),
              ref(quoteInputErrorSchema),
              ref(stayRuleRefusalSchema),
              ref(jsonParseErrorSchema),
              ref(invalidHostSchema),
            ],
          },
          headers: rateLimitHeaders(true),
          examples: {
            fields: { check_out_date: ['Check-out date must be after check-in date.'] },
            unknown_extra: { extras: ['Unknown extra: xyz.'] },
            duplicate_extra: { extras: ['Duplicate extra: dog.'] },
            mismatch: { site_type_id: ["Does not match the site's type."] },
            site_not_found: { detail: 'site_not_found' },
            closed_to_arrival: { detail: 'closed_to_arrival' },
            no_tariff: { detail: 'no_tariff' },
          },
        }),
        ...bodyErrors(),
      },
    },
    recordOperation({
      path: `${API}/quotes/{id}/`,
      operationId: 'getQuote',
      tag: TAG,
      summary: 'One quote',
      scope: 'bookings:write',
      noun: 'quote',
      schema: quoteSchema,
      description: 'The quote as it was made; an unused quote may be forgotten some time after it expired.',
    }),
  ];
}
