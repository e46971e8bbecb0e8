import { aBooking, aSite, aTenant, aUser } from '@campsite/domain/testing';
import { ALL_SCOPES, API, seed, start } from './http-harness';

export const HOOKS = `${API}/webhook-endpoints/`;
export const URL_OK = 'https://hooks.example.com/campsite';
export const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;

/**
 * The API of the /webhook-endpoints/ tests: tenant alpine (a site, a customer, a booking) and tenant birch (a site),
 * with a key of each that holds every scope and webhooks:manage. A test removes the endpoints it made.
 */
export async function startWebhookServer() {
  const { server, world } = await start();
  const [alpine, birch] = (await seed(
    world,
    [
      aTenant('alpine', { sites: [aSite({ id: 1 })], users: [aUser({ id: 1 })], bookings: [aBooking({ id: 1, siteId: 1 })] }),
      aTenant('birch', { sites: [aSite({ id: 1 })] }),
    ],
    [...ALL_SCOPES, 'webhooks:manage'],
  )) as [string, string];
  return {
    server,
    world,
    alpine,
    birch,
    tenantId: (slug: string) => world.store.tenants.find((t) => t.slug === slug)!.id,
    feed: (key: string, after = '') => server.get(`${API}/changes/?page_size=200&after=${after}`, key),
    create: (key: string, body: unknown) => server.request('POST', HOOKS, { token: key, body }),
    removeAll: async (key: string) => {
      for (const e of (await server.get(HOOKS, key)).json.results) await server.request('DELETE', `${HOOKS}${e.id}/`, { token: key });
    },
  };
}

export type WebhookServer = Awaited<ReturnType<typeof startWebhookServer>>;
