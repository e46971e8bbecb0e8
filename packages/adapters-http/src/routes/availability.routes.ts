import { readAvailabilityWindow } from '@campsite/domain';
import type { HttpDeps } from '../http-deps';
import { availabilityJson } from '../presenters';
import { lastValue } from '../drf-compat/urlencode';
import { type Resource, queryOf, readPaging, renderPage, resource } from './endpoint';

/** `GET /availability/?from=…&to=…` (docs/channel-managers.md, "Availability"). */
export function availabilityResources(deps: HttpDeps): { collection: Resource } {
  return {
    collection: resource({
      GET: {
        scope: deps.getAvailability.scope,
        cacheable: true,
        async handle(req, res, principal) {
          const query = queryOf(req);
          // Like a list's filters, the window is checked (400) before the page (404 Invalid page.).
          const window = readAvailabilityWindow(lastValue(query, 'from'), lastValue(query, 'to'));
          const { request, hint } = readPaging(query);
          return renderPage(req, res, query, await deps.getAvailability.execute(principal, window, request, hint), availabilityJson);
        },
      },
    }),
  };
}
