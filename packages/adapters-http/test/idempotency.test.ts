import { aSite, aTenant } from '@campsite/domain/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { describeIdempotencyOverHttp } from './support/idempotency-scenarios';
import { API, closeServers, issueKey, seed, start, startWith } from './support/http-harness';

describeIdempotencyOverHttp('in-memory', async () => {
  const { world, server } = await start();
  const sites = () => [aSite({ id: 1 }), aSite({ id: 2, siteNumber: 'B2' })];
  const [alpha, beta] = (await seed(world, [aTenant('alpha', { sites: sites() }), aTenant('beta', { sites: sites() })])) as [
    string,
    string,
  ];
  return { request: server.request, tokens: [alpha, beta], clock: world.clock, close: server.close };
});

// docs/channel-managers.md, "Retrying safely": the key is read after the scope and the rate limit, before the body.
describe('where Idempotency-Key is read', () => {
  afterEach(closeServers);
  const malformed = { 'Idempotency-Key': 'has a space', 'Content-Type': 'application/json' };

  it('after the scope: a key without bookings:write hears 403, whatever its Idempotency-Key', async () => {
    const { world, server } = await startWith(aTenant('alpine', { sites: [aSite({ id: 1 })] }), { perKeyPerMinute: 5 });
    const reader = await issueKey(world, 'alpine', ['bookings:read']);
    const reply = await server.request('POST', `${API}/bookings/`, { token: reader, body: '{}', headers: malformed });
    expect(reply.status).toBe(403);
  });

  it('after the rate limit: a key over its limit hears 429, and a malformed key counts like any request', async () => {
    const { server, token } = await startWith(aTenant('alpine', { sites: [aSite({ id: 1 })] }), { perKeyPerMinute: 2 });
    const refused = await server.request('POST', `${API}/bookings/`, { token, body: '{}', headers: malformed });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({ detail: 'invalid_idempotency_key' });
    expect(refused.headers['ratelimit-remaining']).toBe('1');
    expect((await server.get(`${API}/sites/`, token)).status).toBe(200);
    expect((await server.request('POST', `${API}/bookings/`, { token, body: '{}', headers: malformed })).status).toBe(429);
  });
});
