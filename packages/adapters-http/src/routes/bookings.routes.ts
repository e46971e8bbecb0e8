import { type Booking, readIdempotencyKey } from '@campsite/domain';
import type { Response } from 'express';
import { fingerprintOf } from '../body/fingerprint';
import { readJsonBody } from '../body/read-json-body';
import { wordedBookingRefusal } from '../drf-compat/booking-messages';
import type { HttpDeps } from '../http-deps';
import { bookingJson } from '../presenters';
import { readBookingFilter } from '../schemas/booking-filter.schema';
import { readCreateBookingBody } from '../schemas/create-booking.schema';
import { originOf } from '../public-origin';
import { jsonAnswer, sendJson } from '../send-json';
import { type Resource, queryOf, readPaging, recordIdOf, renderPage, resource } from './endpoint';

export const BOOKINGS_PATH = '/api/v1/public/bookings/';

export function bookingResources(deps: HttpDeps): { collection: Resource; detail: Resource; cancel: Resource } {
  const collection = resource({
    GET: {
      scope: deps.listBookings.scope,
      cacheable: true,
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
        const outcome = await (
          key === undefined
            ? deps.createBooking.execute(principal, input).then((booking) => ({ replayed: false, booking }))
            : deps.createBooking.executeOnce(principal, input, { key, fingerprint: fingerprintOf(body) })
        ).catch((error: unknown) => {
          throw wordedBookingRefusal(error, read);
        });
        // A replay renders the booking as the first request created it, so its body and Location are the first's.
        res.setHeader('Location', locationOf(res, outcome.booking));
        if (outcome.replayed) res.setHeader('Idempotent-Replayed', 'true');
        sendJson(res, 201, bookingJson(outcome.booking));
      },
    },
  });

  const detail = resource({
    GET: {
      scope: deps.getBooking.scope,
      cacheable: true,
      async handle(_req, _res, principal, pathId) {
        return jsonAnswer(bookingJson(await deps.getBooking.execute(principal, recordIdOf(pathId))));
      },
    },
  });

  // docs/channel-managers.md, "Cancelling": the body is not read, whatever it holds.
  const cancel = resource({
    POST: {
      scope: deps.cancelBooking.scope,
      async handle(_req, res, principal, pathId) {
        sendJson(res, 200, bookingJson(await deps.cancelBooking.execute(principal, recordIdOf(pathId))));
      },
    },
  });

  return { collection, detail, cancel };
}

function locationOf(res: Response, booking: Booking): string {
  return `${originOf(res)}${BOOKINGS_PATH}${booking.id}/`;
}
