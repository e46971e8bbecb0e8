import type { Principal } from '../api-keys/api-key';
import { DeliverChanges, type DeliveryOutcome } from '../webhooks/deliver-changes';
import { ManageWebhookEndpoints } from '../webhooks/manage-webhook-endpoints';
import type { DeliveryAttempt } from '../webhooks/webhook-endpoint';
import { FixedClock } from './fixed-clock';
import { inMemoryAdapters } from './in-memory-adapters';
import { InMemoryRawWriter } from './in-memory-raw-writer';
import { InMemoryStore } from './in-memory-store';
import { RecordingWebhookTransport } from './in-memory-webhooks';
import { aBooking, aSite, aTenant } from './mothers';
import { SeededRandom } from './seeded-random';

/** Claims and delivers everything due, one attempt per endpoint, as one round of the app's sender does. */
export async function runOnce(sender: DeliverChanges): Promise<DeliveryOutcome[]> {
  return Promise.all((await sender.claim()).map((state) => sender.deliver(state)));
}

export const OK: DeliveryAttempt = { statusCode: 204, error: null, durationMs: 3, retryAfterSeconds: null };
export const answer = (statusCode: number | null, retryAfterSeconds: number | null = null): DeliveryAttempt => ({
  statusCode,
  error: statusCode === null ? 'connection' : 'http_status',
  durationMs: 5,
  retryAfterSeconds,
});

export interface Body {
  type: string;
  data: { endpoint_id: number; previous: string; cursor: string; results: Array<{ type: string; id: number }> };
}

/** 2026-07-01 plus `n` days: bookings one after the other on one site. */
const day = (n: number) => new Date(Date.UTC(2026, 6, 1) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The world of DeliverChanges' tests: tenant alpine with one site and `bookings` bookings on it, endpoint management,
 * a sender over a recording transport, and a fixed clock the test moves. Not exported from `./testing`.
 */
export async function aDeliveryWorld(bookings = 3) {
  const store = new InMemoryStore();
  const clock = new FixedClock('2026-06-01T12:00:00Z');
  const adapters = inMemoryAdapters(store, clock);
  await adapters.importer.importTenants([
    aTenant('alpine', {
      sites: [aSite({ id: 1 })],
      bookings: Array.from({ length: bookings }, (_, i) =>
        aBooking({ id: i + 1, siteId: 1, checkInDate: day(i), checkOutDate: day(i + 1) }),
      ),
    }),
  ]);
  const principal: Principal = {
    tenantId: store.tenants[0]!.id,
    keyId: 1,
    prefix: 'ck_abcde',
    scopes: ['bookings:read', 'sites:read', 'webhooks:manage'],
  };
  const transport = new RecordingWebhookTransport();
  const random = new SeededRandom(7);
  const manage = new ManageWebhookEndpoints(adapters.webhooks, { accepts: () => true }, clock, random, transport, adapters.deliveries);
  const sender = new DeliverChanges(
    adapters.changes,
    adapters.deliveries,
    transport,
    { render: (change) => ({ type: change.type, id: change.id }) },
    clock,
    random,
    { owner: 'test', leaseMs: 60_000 },
  );
  const raw = new InMemoryRawWriter(store);
  const bodies = () => transport.sent.map((s) => JSON.parse(s.message.body) as Body);
  const endpoint = async (id: number) => (await manage.get(principal, id)).endpoint;
  return { store, clock, adapters, principal, transport, manage, sender, raw, bodies, endpoint };
}
