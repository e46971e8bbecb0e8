import { aSite, aTenant } from '@campsite/domain/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { API, WINDOW_SECONDS_LEFT, closeServers, issueKey, startWith } from './support/http-harness';

// docs/api-behaviour.md §4 per-key limit and headers; docs/api-behaviour.md §2: 401/403 do not count, 429 sentence and Retry-After.

afterEach(closeServers);

const setup = (perKeyPerMinute: number) => startWith(aTenant('alpine', { sites: [aSite({ id: 1 })] }), { perKeyPerMinute });

function limits(reply: { headers: Record<string, unknown> }) {
  return [reply.headers['ratelimit-limit'], reply.headers['ratelimit-remaining'], reply.headers['ratelimit-reset']];
}

describe('per-key rate limit', () => {
  it('carries RateLimit headers on authenticated responses, counting down', async () => {
    const { server, token } = await setup(5);
    expect(limits(await server.get(`${API}/sites/`, token))).toEqual(['5', '4', String(WINDOW_SECONDS_LEFT)]);
    expect(limits(await server.get(`${API}/bookings/999/`, token))).toEqual(['5', '3', String(WINDOW_SECONDS_LEFT)]);
    const invalidPage = await server.get(`${API}/sites/?page=9`, token);
    expect(invalidPage.status).toBe(404);
    expect(limits(invalidPage)).toEqual(['5', '2', String(WINDOW_SECONDS_LEFT)]);
    const badBody = await server.request('POST', `${API}/bookings/`, { token, body: '{', headers: { 'Content-Type': 'application/json' } });
    expect(badBody.status).toBe(400);
    expect(limits(badBody)).toEqual(['5', '1', String(WINDOW_SECONDS_LEFT)]);
  });

  it('answers 429 with the DRF sentence and Retry-After once the key is over its limit', async () => {
    const { server, token } = await setup(3);
    for (let i = 0; i < 3; i++) expect((await server.get(`${API}/sites/`, token)).status).toBe(200);
    const reply = await server.get(`${API}/sites/`, token);
    expect(reply.status).toBe(429);
    expect(reply.text).toBe(`{"detail":"Request was throttled. Expected available in ${WINDOW_SECONDS_LEFT} seconds."}`);
    expect(reply.headers['retry-after']).toBe(String(WINDOW_SECONDS_LEFT));
    expect(limits(reply)).toEqual(['3', '0', String(WINDOW_SECONDS_LEFT)]);
    expect(reply.headers['content-type']).toBe('application/json');
  });

  // docs/architecture.md, "Admission": a kept key's read starts beside its count, but the 429 is what is answered.
  it("answers 429, not the endpoint's own 404 or 400, for reads past the limit", async () => {
    const { server, token } = await setup(3);
    for (let i = 0; i < 3; i++) expect((await server.get(`${API}/sites/`, token)).status).toBe(200);
    for (const path of [`${API}/bookings/999/`, `${API}/sites/?page=9`, `${API}/bookings/?check_in_from=never`, `${API}/sites/`]) {
      const reply = await server.get(path, token);
      expect([path, reply.status, limits(reply)]).toEqual([path, 429, ['3', '0', String(WINDOW_SECONDS_LEFT)]]);
    }
  });

  it('says "1 second" when one second is left', async () => {
    const { world, server, token } = await setup(1);
    world.clock.set('2026-06-01T12:00:59.400Z');
    expect((await server.get(`${API}/sites/`, token)).status).toBe(200);
    const reply = await server.get(`${API}/sites/`, token);
    expect(reply.status).toBe(429);
    expect(reply.json).toEqual({ detail: 'Request was throttled. Expected available in 1 second.' });
    expect(reply.headers['retry-after']).toBe('1');
  });

  it('throttles POST before reading the body, and lets the key in again in the next window', async () => {
    const { world, server, token } = await setup(1);
    expect((await server.get(`${API}/sites/`, token)).status).toBe(200);
    const post = await server.request('POST', `${API}/bookings/`, { token, body: 'x', headers: { 'Content-Type': 'text/plain' } });
    expect(post.status).toBe(429);
    world.clock.advance(WINDOW_SECONDS_LEFT * 1000);
    expect((await server.get(`${API}/sites/`, token)).status).toBe(200);
  });

  it('counts per key: another key of the same tenant has its own budget', async () => {
    const { world, server, token } = await setup(1);
    const other = await issueKey(world, 'alpine', ['sites:read']);
    expect((await server.get(`${API}/sites/`, token)).status).toBe(200);
    expect((await server.get(`${API}/sites/`, token)).status).toBe(429);
    expect((await server.get(`${API}/sites/`, other)).status).toBe(200);
  });

  it('does not count 401, 403 or 405 against the key; 403 and 405 show its standing', async () => {
    const { world, server } = await setup(2);
    const token = await issueKey(world, 'alpine', ['sites:read']);
    for (let i = 0; i < 5; i++) {
      const forbidden = await server.get(`${API}/bookings/`, token);
      expect(forbidden.status).toBe(403);
      expect(limits(forbidden)).toEqual(['2', '2', String(WINDOW_SECONDS_LEFT)]);
      const wrongMethod = await server.request('DELETE', `${API}/sites/`, { token });
      expect(wrongMethod.status).toBe(405);
      expect(limits(wrongMethod)).toEqual(['2', '2', String(WINDOW_SECONDS_LEFT)]);
    }
    await world.keys.revoke('alpine', token.slice(0, 8));
    for (let i = 0; i < 5; i++) expect((await server.get(`${API}/sites/`, token)).status).toBe(401);
    const fresh = await issueKey(world, 'alpine', ['sites:read']);
    expect((await server.get(`${API}/sites/`, fresh)).status).toBe(200);
    expect((await server.get(`${API}/sites/`, fresh)).status).toBe(200);
    expect((await server.get(`${API}/sites/`, fresh)).status).toBe(429);
  });

  it('keeps counting a key that only gets 403s elsewhere', async () => {
    const { world, server } = await setup(2);
    const token = await issueKey(world, 'alpine', ['sites:read']);
    expect((await server.get(`${API}/sites/`, token)).status).toBe(200);
    expect((await server.get(`${API}/customers/`, token)).status).toBe(403);
    expect(limits(await server.get(`${API}/sites/`, token))).toEqual(['2', '0', String(WINDOW_SECONDS_LEFT)]);
    const throttled = await server.get(`${API}/sites/`, token);
    expect(throttled.status).toBe(429);
    // A missing scope is still 403 for a throttled key: scope comes before the limiter.
    expect((await server.get(`${API}/customers/`, token)).status).toBe(403);
  });
});
