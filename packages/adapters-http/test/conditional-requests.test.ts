import { InMemoryBookingRepository, InMemoryRawWriter, aBooking, aSite, aTenant, aUser, anInvoice } from '@campsite/domain/testing';
import { RATE_LIMIT, describeConditionalRequests } from './support/conditional-scenarios';
import { ALL_SCOPES, issueKey, seed, start } from './support/http-harness';

describeConditionalRequests('in-memory', async () => {
  const { world, server } = await start({ perKeyPerMinute: RATE_LIMIT });
  const tenant = aTenant('polling', {
    sites: [aSite({ id: 1 }), aSite({ id: 2, siteNumber: 'B2' })],
    bookings: [aBooking({ id: 1, status: 'pending' }), aBooking({ id: 2, siteId: 2 })],
    users: [aUser({ id: 1 })],
    invoices: [anInvoice({ id: 1 })],
  });
  const [token] = (await seed(world, [tenant])) as [string];
  return {
    request: server.request,
    token,
    newToken: (scopes = ALL_SCOPES) => issueKey(world, 'polling', scopes),
    confirmBookingElsewhere: async () => {
      await new InMemoryBookingRepository(world.store).updateStatus(world.store.tenants[0]!.id, 1, 'pending', 'confirmed', 10500);
    },
    revoke: (raw) => world.keys.revoke('polling', raw.slice(0, 8)),
    raw: async () => new InMemoryRawWriter(world.store),
    tenantId: world.store.tenants[0]!.id,
    close: server.close,
  };
});
