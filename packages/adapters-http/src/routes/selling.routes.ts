import { readJsonBody } from '../body/read-json-body';
import { wordedBookingRefusal } from '../drf-compat/booking-messages';
import type { HttpDeps } from '../http-deps';
import { originOf } from '../public-origin';
import { calendarPage } from '../calendar-bytes';
import { extraJson, quoteJson, siteTypeJson } from '../selling-presenters';
import { readCalendarQuery } from '../schemas/calendar.schema';
import { readUpdatedSinceFilter } from '../schemas/list-filter.schema';
import { readCreateQuoteBody } from '../schemas/create-quote.schema';
import { jsonAnswer, sendJson } from '../send-json';
import { type Resource, listEndpoint, queryOf, readPaging, recordIdOf, renderPageBytes, resource } from './endpoint';

export const QUOTES_PATH = '/api/v1/public/quotes/';

/**
 * Selling a stay (docs/channel-managers.md): the site types and the extras (lists like the others), the calendar, and
 * quotes. Quotes are never kept by the answer cache: a quote is not data the tenant's data version covers.
 */
export function sellingResources(deps: HttpDeps): {
  siteTypes: Resource;
  extras: Resource;
  calendar: Resource;
  quotes: Resource;
  quote: Resource;
} {
  const calendar = resource({
    GET: {
      scope: deps.getCalendar.scope,
      cacheable: true,
      async handle(req, res, principal) {
        const query = queryOf(req);
        // Like a list's filters, the window and the type are checked (400) before the page (404 Invalid page.).
        const { window, siteTypeId } = readCalendarQuery(query);
        const { request } = readPaging(query);
        const page = await deps.getCalendar.execute(principal, window, request, siteTypeId);
        // The calendar pages by offset: a keyset hint in its links would only be ignored.
        return renderPageBytes(req, res, query, { ...page, nextCursor: undefined }, calendarPage);
      },
    },
  });

  const quotes = resource({
    POST: {
      scope: deps.createQuote.scope,
      async handle(req, res, principal) {
        const read = readCreateQuoteBody(await readJsonBody(req));
        const quote = await deps.createQuote.execute(principal, read.input).catch((error: unknown) => {
          throw wordedBookingRefusal(error, read);
        });
        res.setHeader('Location', `${originOf(res)}${QUOTES_PATH}${quote.id}/`);
        sendJson(res, 201, quoteJson(quote));
      },
    },
  });

  const quote = resource({
    GET: {
      scope: deps.getQuote.scope,
      async handle(_req, _res, principal, pathId) {
        return jsonAnswer(quoteJson(await deps.getQuote.execute(principal, recordIdOf(pathId))));
      },
    },
  });

  return {
    siteTypes: resource({ GET: listEndpoint(deps.listSiteTypes, readUpdatedSinceFilter, siteTypeJson) }),
    extras: resource({ GET: listEndpoint(deps.listExtras, readUpdatedSinceFilter, extraJson) }),
    calendar,
    quotes,
    quote,
  };
}
