import { InMemoryBookingRepository, InMemoryRawWriter, aBooking, aSite, aTenant, aUser, anInvoice } from '@campsite/domain/testing';
import { RATE_LIMIT, describeConditionalRequests } from './support/conditional-scenarios';
import { describe, expect, it } from 'vitest';
import { API, ALL_SCOPES, issueKey, seed, start } from './support/http-harness';

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

describe('a conditional GET with a key kept in memory', () => {
  it('sees a scope taken away by another writer: 403, not 304', async () => {
    const { world, server } = await start();
    const [token] = (await seed(world, [aTenant('narrowed', { sites: [aSite({ id: 1 })] })])) as [string];
    const path = `${API}/sites/`;
    const etag = (await server.get(path, token)).headers.etag as string;
    // The key row is kept now; the console narrows its scopes behind the API's back.
    const key = world.store.apiKeys.find((k) => k.prefix === token.slice(0, 8))!;
    key.scopes = ['bookings:read'];
    world.store.changed();
    const reply = await server.request('GET', path, { token, headers: { 'If-None-Match': etag } });
    expect(reply.status).toBe(403);
  });
});
