import { type Booking, DomainError, parsePythonInt, readIdempotencyKey } from '@campsite/domain';
import type { Response } from 'express';
import { fingerprintOf } from '../body/fingerprint';
import { readJsonBody } from '../body/read-json-body';
import { wordedBookingRefusal } from '../drf-compat/booking-messages';
import type { HttpDeps } from '../http-deps';
import { bookingJson } from '../presenters';
import { readBookingFilter } from '../schemas/booking-filter.schema';
import { readCreateBookingBody } from '../schemas/create-booking.schema';
import { originOf } from '../public-origin';
import { jsonText, renderedAnswer, sendJson, sendJsonText } from '../send-json';
import { type Resource, queryOf, readPaging, renderPage, resource } from './endpoint';

export const BOOKINGS_PATH = '/api/v1/public/bookings/';

export function bookingResources(deps: HttpDeps): { collection: Resource; detail: Resource } {
  const collection = resource({
    GET: {
      scope: deps.listBookings.scope,
      async handle(req, res, principal) {
        const query = queryOf(req);
        // DRF filters the queryset (400) before it paginates (404 Invalid page.).
        const filter = readBookingFilter(query);
        const { request, hint } = readPaging(query);
        return renderPage(req, res, query, await deps.listBookings.execute(principal, filter, request, hint), bookingJson);
      },
    },
    POST: {
      scope: deps.createBooking.scope,
      async handle(req, res, principal) {
        // docs/channel-managers.md, "Retrying safely": the key is read after the rate limit, before the body.
        const key = readIdempotencyKey(req.get('idempotency-key'));
        const body = await readJsonBody(req);
        const read = readCreateBookingBody(body);
        const { input } = read;
        if (key === undefined) {
          const booking = await deps.createBooking.execute(principal, input).catch((error: unknown) => {
            throw wordedBookingRefusal(error, read);
          });
          deps.bookingCommitted?.();
          res.setHeader('Location', locationOf(res, booking));
          sendJson(res, 201, bookingJson(booking));
          return;
        }
        const outcome = await deps.createBooking
          .executeOnce(principal, input, {
            key,
            fingerprint: fingerprintOf(body),
            responseOf: (booking) => JSON.stringify({ location: locationOf(res, booking), body: jsonText(bookingJson(booking)) }),
          })
          .catch((error: unknown) => {
            throw wordedBookingRefusal(error, read);
          });
        if (!outcome.replayed) deps.bookingCommitted?.();
        const stored = JSON.parse(outcome.response) as { location: string; body: string };
        res.setHeader('Location', stored.location);
        if (outcome.replayed) res.setHeader('Idempotent-Replayed', 'true');
        sendJsonText(res, 201, stored.body);
      },
    },
  });

  const detail = resource({
    GET: {
      scope: deps.getBooking.scope,
      async handle(_req, _res, principal, pathId) {
        // docs/api-behaviour.md §2: an id that is not an integer is the same 404 as an absent booking.
        const id = pathId === undefined ? null : parsePythonInt(pathId);
        if (id === null) throw new DomainError('not_found');
        const booking = await deps.getBooking.execute(principal, id);
        return renderedAnswer(booking, '', () => bookingJson(booking));
      },
    },
  });

  return { collection, detail };
}

function locationOf(res: Response, booking: Booking): string {
  return `${originOf(res)}${BOOKINGS_PATH}${booking.id}/`;
}
