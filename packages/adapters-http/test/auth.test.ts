import { aBooking, aSite, aTenant } from '@campsite/domain/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { API, WINDOW_SECONDS_LEFT, type WorldOptions, closeServers, issueKey, startWith } from './support/http-harness';

// Spec "Authentication" and docs/api-behaviour.md §1, §2 (order of checks) and §4 (failed-authentication limit).

afterEach(closeServers);

const setup = (options: WorldOptions = {}) =>
  startWith(aTenant('alpine', { sites: [aSite({ id: 1 })], bookings: [aBooking({ id: 1 })] }), options);

function expect401(reply: { status: number; text: string; headers: Record<string, unknown> }, code: string) {
  expect(reply.status).toBe(401);
  expect(reply.text).toBe(`{"detail":"${code}"}`);
  expect(reply.headers['www-authenticate']).toBe('Bearer');
  expect(reply.headers['content-type']).toBe('application/json');
  expect(reply.headers['ratelimit-limit']).toBeUndefined();
}

describe('Authorization header', () => {
  it('accepts "Bearer <key>" with the scheme in any case', async () => {
    const { server, token } = await setup();
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      const reply = await server.request('GET', `${API}/bookings/1/`, { headers: { Authorization: `${scheme} ${token}` } });
      expect(reply.status, scheme).toBe(200);
      expect(reply.json.id).toBe(1);
    }
  });

  it('answers 401 invalid_key for a missing or malformed header', async () => {
    const { server, token } = await setup();
    expect401(await server.get(`${API}/bookings/`), 'invalid_key');
    const malformed = [
      '',
      'Bearer',
      'Bearer ',
      token,
      `Token ${token}`,
      `Basic ${token}`,
      `Bearer ${token} extra`,
      `Bearer ${token.slice(0, 31)}`,
      `Bearer ${token}x`,
      `Bearer xx${token.slice(2)}`,
      `Bearer ${token.slice(0, 20)}-${token.slice(21)}`,
      `Bearer ${token.slice(0, 20)}+${token.slice(21)}`,
      `Bearer CK_${token.slice(3)}`,
    ];
    for (const header of malformed) {
      expect401(await server.request('GET', `${API}/bookings/`, { headers: { Authorization: header } }), 'invalid_key');
    }
  });

  it('answers 401 invalid_key for an unknown prefix or a wrong secret', async () => {
    const { server, token } = await setup();
    const unknownPrefix = `ck_ZZZZZ${token.slice(8)}`;
    const wrongSecret = `${token.slice(0, 8)}${'A'.repeat(24)}`;
    expect401(await server.get(`${API}/bookings/`, unknownPrefix), 'invalid_key');
    expect401(await server.get(`${API}/bookings/`, wrongSecret), 'invalid_key');
  });

  it('answers 401 key_inactive for a revoked key, on the very next request even with a warm cache', async () => {
    const { world, server, token } = await setup();
    expect((await server.get(`${API}/bookings/`, token)).status).toBe(200);
    const verifiesAfterFirst = world.hasher.verifyCalls;
    expect((await server.get(`${API}/bookings/`, token)).status).toBe(200);
    expect(world.hasher.verifyCalls).toBe(verifiesAfterFirst); // the verification cache is warm

    await world.keys.revoke('alpine', token.slice(0, 8));
    expect401(await server.get(`${API}/bookings/`, token), 'key_inactive');
    expect401(await server.request('POST', `${API}/bookings/`, { token, body: {} }), 'key_inactive');
  });

  it('answers 401 key_inactive from the instant a key expires, even with a warm cache', async () => {
    const { world, server } = await setup();
    const expiresAt = new Date(world.clock.now().getTime() + 10_000);
    const token = await issueKey(world, 'alpine', ['bookings:read'], expiresAt);
    expect((await server.get(`${API}/bookings/`, token)).status).toBe(200);
    world.clock.advance(9_999);
    expect((await server.get(`${API}/bookings/`, token)).status).toBe(200);
    const verifies = world.hasher.verifyCalls;
    world.clock.advance(1);
    expect401(await server.get(`${API}/bookings/`, token), 'key_inactive');
    expect(world.hasher.verifyCalls).toBe(verifies);
  });

  it('accepts a new key from its first request', async () => {
    const { world, server } = await setup();
    const token = await issueKey(world, 'alpine', ['sites:read']);
    expect((await server.get(`${API}/sites/`, token)).status).toBe(200);
  });

  it('never echoes the token, nor logs it or the Authorization header', async () => {
    const { world, server, token } = await setup();
    const wrongSecret = `${token.slice(0, 8)}${'B'.repeat(24)}`;
    const replies = [
      await server.get(`${API}/bookings/`, token),
      await server.get(`${API}/bookings/`, wrongSecret),
      await server.request('POST', `${API}/bookings/`, { token, body: '{"site_id": ', headers: { 'Content-Type': 'application/json' } }),
      await server.get(`${API}/${token}/`, token),
    ];
    for (const reply of replies) {
      expect(reply.text).not.toContain(token.slice(8));
      expect(reply.text).not.toContain(wrongSecret.slice(8));
      expect(JSON.stringify(reply.headers)).not.toContain(token.slice(8));
    }
    const logged = JSON.stringify(world.logs);
    expect(logged).not.toContain(token.slice(8));
    expect(logged).not.toContain(wrongSecret.slice(8));
    expect(logged.toLowerCase()).not.toContain('authorization');
    expect(logged.toLowerCase()).not.toContain('bearer');
  });
});

describe('scopes', () => {
  const FORBIDDEN = '{"detail":"You do not have permission to perform this action."}';
  const endpoints: Array<[string, string, string]> = [
    ['GET', 'bookings/', 'bookings:read'],
    ['HEAD', 'bookings/', 'bookings:read'],
    ['GET', 'bookings/1/', 'bookings:read'],
    ['POST', 'bookings/', 'bookings:write'],
    ['GET', 'sites/', 'sites:read'],
    ['GET', 'customers/', 'customers:read'],
    ['GET', 'invoices/', 'invoices:read'],
  ];

  it.each(endpoints)('%s %s needs %s and answers 403 without it', async (method, path, scope) => {
    const { world, server } = await setup();
    const others = (['bookings:read', 'bookings:write', 'sites:read', 'customers:read', 'invoices:read'] as const).filter(
      (s) => s !== scope,
    );
    const without = await issueKey(world, 'alpine', [...others]);
    const denied = await server.request(method, `${API}/${path}`, { token: without, body: method === 'POST' ? {} : undefined });
    expect(denied.status).toBe(403);
    expect(denied.text).toBe(method === 'HEAD' ? '' : FORBIDDEN);

    const withOnly = await issueKey(world, 'alpine', [scope as (typeof others)[number]]);
    const allowed = await server.request(method, `${API}/${path}`, { token: withOnly, body: method === 'POST' ? {} : undefined });
    // POST with {} passes the scope and fails later, at the site check.
    expect(allowed.status).toBe(method === 'POST' ? 400 : 200);
  });

  it('answers 403 for a key with no scopes at all', async () => {
    const { world, server } = await setup();
    const none = await issueKey(world, 'alpine', []);
    const reply = await server.get(`${API}/sites/`, none);
    expect(reply.status).toBe(403);
    expect(reply.text).toBe(FORBIDDEN);
  });
});

describe('order of checks (docs/api-behaviour.md §2)', () => {
  it('wrong method with a bad key is 401', async () => {
    const { server } = await setup();
    expect401(await server.request('PUT', `${API}/bookings/`, { token: 'nope' }), 'invalid_key');
    expect401(await server.request('DELETE', `${API}/bookings/1/`), 'invalid_key');
  });

  it('wrong method with a good key lacking the scope is 405', async () => {
    const { world, server } = await setup();
    const token = await issueKey(world, 'alpine', ['sites:read']);
    const reply = await server.request('PUT', `${API}/bookings/`, { token });
    expect(reply.status).toBe(405);
    expect(reply.headers.allow).toBe('GET, POST, HEAD');
  });

  it('missing scope with a bad body is 403, not 415 or 400', async () => {
    const { world, server } = await setup();
    const token = await issueKey(world, 'alpine', ['bookings:read']);
    const notJson = await server.request('POST', `${API}/bookings/`, { token, body: 'x', headers: { 'Content-Type': 'text/plain' } });
    expect(notJson.status).toBe(403);
    const broken = await server.request('POST', `${API}/bookings/`, { token, body: '{', headers: { 'Content-Type': 'application/json' } });
    expect(broken.status).toBe(403);
    const huge = await server.request('POST', `${API}/bookings/`, {
      token,
      body: `"${'x'.repeat(1_100_000)}"`,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(huge.status).toBe(403);
  });

  it('unknown path with a bad key is 404, and https comes before everything', async () => {
    const { server } = await setup();
    const reply = await server.request('PUT', `${API}/nothing/`, { token: 'nope' });
    expect(reply.status).toBe(404);
    expect(reply.json).toEqual({ detail: 'Not found.' });
  });

  it('a non-integer id is checked after authentication and scope', async () => {
    const { world, server } = await setup();
    expect401(await server.get(`${API}/bookings/abc/`), 'invalid_key');
    const noScope = await issueKey(world, 'alpine', ['sites:read']);
    expect((await server.get(`${API}/bookings/abc/`, noScope)).status).toBe(403);
  });
});

describe('failed authentications per client address (docs/api-behaviour.md §4)', () => {
  it('answers 429 once the budget is spent, without calling the hasher', async () => {
    const { world, server, token } = await setup({ authFailuresPerMinute: 5 });
    const wrongSecret = `${token.slice(0, 8)}${'C'.repeat(24)}`;
    for (let i = 0; i < 5; i++) expect401(await server.get(`${API}/bookings/`, wrongSecret), 'invalid_key');
    const verifies = world.hasher.verifyCalls;
    expect(verifies).toBeGreaterThanOrEqual(5);

    for (let i = 0; i < 20; i++) {
      const reply = await server.get(`${API}/bookings/`, `${token.slice(0, 8)}${String(i).padStart(24, 'D')}`);
      expect(reply.status).toBe(429);
      expect(reply.text).toBe(`{"detail":"Request was throttled. Expected available in ${WINDOW_SECONDS_LEFT} seconds."}`);
      expect(reply.headers['retry-after']).toBe(String(WINDOW_SECONDS_LEFT));
    }
    const unknownPrefix = await server.get(`${API}/bookings/`, `ck_QQQQQ${'E'.repeat(24)}`);
    expect(unknownPrefix.status).toBe(429);
    const malformed = await server.get(`${API}/bookings/`, 'garbage');
    expect(malformed.status).toBe(429);
    expect(world.hasher.verifyCalls).toBe(verifies);
  });

  it('still serves a valid, already verified key from the same address', async () => {
    const { world, server, token } = await setup({ authFailuresPerMinute: 2 });
    expect((await server.get(`${API}/bookings/`, token)).status).toBe(200);
    for (let i = 0; i < 3; i++) await server.get(`${API}/bookings/`, 'garbage');
    expect((await server.get(`${API}/bookings/`, 'garbage')).status).toBe(429);
    expect((await server.get(`${API}/bookings/`, token)).status).toBe(200);
    world.clock.advance(WINDOW_SECONDS_LEFT * 1000);
    expect401(await server.get(`${API}/bookings/`, 'garbage'), 'invalid_key');
  });
});
