import { InMemoryBookingRepository, aBooking, aSite, aTenant } from '@campsite/domain/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { API, closeServers, issueKey, startWith } from './support/http-harness';

// docs/performance.md, "Answer cache": repeated reads are served from memory and rendered once, yet never answer from
// before a write.

afterEach(closeServers);

const tenant = () =>
  aTenant('alpine', {
    sites: [aSite({ id: 1 }), aSite({ id: 2, siteNumber: 'B2' })],
    bookings: Array.from({ length: 3 }, (_, i) =>
      aBooking({ id: i + 1, status: 'pending', checkInDate: `2026-07-0${i + 1}`, checkOutDate: `2026-07-0${i + 2}` }),
    ),
  });

async function started() {
  const { world, server, token } = await startWith(tenant());
  return {
    world,
    server,
    token,
    get: (path: string, headers: Record<string, string> = {}) => server.request('GET', path, { token, headers }),
  };
}

describe('repeated reads', () => {
  it('answer byte for byte what the first answer said', async () => {
    const { get } = await started();
    for (const path of [`${API}/bookings/?page_size=2`, `${API}/bookings/1/`, `${API}/sites/`]) {
      const [first, second, third] = [await get(path), await get(path), await get(path)];
      for (const again of [second, third]) {
        expect(again.status).toBe(200);
        expect(again.text).toBe(first.text);
        expect(again.headers['content-length']).toBe(String(Buffer.byteLength(first.text)));
      }
    }
  });

  it('build their links from their own request: host and other parameters', async () => {
    const { get, server } = await started();
    const plain = await get(`${API}/bookings/?page_size=2`);
    expect(plain.json.next).toMatch(
      new RegExp(`^${server.origin.replace(/[.:/]/g, '\\$&')}/api/v1/public/bookings/\\?cursor=[^&]+&page=2&page_size=2$`),
    );
    const otherHost = await get(`${API}/bookings/?page_size=2`, { Host: 'mirror.example:8443' });
    expect(otherHost.json.next).toMatch(/^https:\/\/mirror\.example:8443\/api\/v1\/public\/bookings\/\?/);
    const extra = await get(`${API}/bookings/?page_size=2&page=1&zeta=1`);
    expect(extra.json.next).toMatch(/&page=2&page_size=2&zeta=1$/);
    expect(extra.json.results).toEqual(plain.json.results);
  });

  it('see a booking created in between, in the list, its count and its filters', async () => {
    const { get, server, token } = await started();
    const before = await get(`${API}/bookings/`);
    const pendingBefore = await get(`${API}/bookings/?status=pending`);
    expect(before.json.count).toBe(3);
    const created = await server.request('POST', `${API}/bookings/`, {
      token,
      body: {
        site_id: 2,
        check_in_date: '2026-09-01',
        check_out_date: '2026-09-03',
        num_adults: 2,
        guest_first_name: 'Neu',
        guest_last_name: 'Gast',
        guest_email: 'neu@example.ch',
      },
    });
    expect(created.status).toBe(201);
    const after = await get(`${API}/bookings/`);
    expect(after.json.count).toBe(4);
    expect(after.json.results[0].id).toBe(created.json.id);
    expect((await get(`${API}/bookings/?status=pending`)).json.count).toBe(pendingBefore.json.count + 1);
    expect((await get(`${API}/bookings/${created.json.id}/`)).json).toEqual(created.json);
  });

  it('see a status change made outside the API (the operator CLI) on the next read', async () => {
    const { get, world } = await started();
    expect((await get(`${API}/bookings/1/`)).json.status).toBe('pending');
    expect((await get(`${API}/bookings/?status=confirmed`)).json.count).toBe(0);
    const tenantId = world.store.tenants[0]!.id;
    await new InMemoryBookingRepository(world.store).updateStatus(tenantId, 1, 'pending', 'confirmed', 0);
    expect((await get(`${API}/bookings/1/`)).json.status).toBe('confirmed');
    expect((await get(`${API}/bookings/?status=confirmed`)).json.count).toBe(1);
  });
});

describe('HEAD of a reused page', () => {
  it('has the GET length and no body', async () => {
    const { server, token } = await started();
    const got = await server.request('GET', `${API}/bookings/`, { token });
    const head = await server.request('HEAD', `${API}/bookings/`, { token });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers['content-length']).toBe(got.headers['content-length']);
  });
});

// The same rules with answers kept and without: the key's row is read on every request either way.
describe.each([true, false])('a key reading kept answers (answer cache %s)', (answerCache) => {
  async function warmed(perKeyPerMinute = 600) {
    const { world, server, token } = await startWith(tenant(), { answerCache, perKeyPerMinute });
    const other = await issueKey(world, 'alpine', ['bookings:read', 'bookings:write']);
    const sitesOnly = await issueKey(world, 'alpine', ['sites:read']);
    for (const key of [token, sitesOnly]) {
      await server.get(`${API}/sites/`, key);
      await server.get(`${API}/sites/`, key);
    }
    return { world, server, token, other, sitesOnly };
  }

  it('is refused with 401 right after its revocation, also where 405 and 403 would answer', async () => {
    const { world, server, token, sitesOnly } = await warmed();
    await world.keys.revoke('alpine', token.slice(0, 8));
    await world.keys.revoke('alpine', sitesOnly.slice(0, 8));
    for (const reply of [
      await server.request('DELETE', `${API}/sites/`, { token }),
      await server.get(`${API}/bookings/`, sitesOnly),
      await server.get(`${API}/sites/`, token),
    ]) {
      expect(reply.status).toBe(401);
      expect(reply.text).toBe('{"detail":"key_inactive"}');
    }
  });

  it('counts each request once, also when the tenant changed since the key was read', async () => {
    const { server, token, other } = await warmed();
    const before = Number((await server.get(`${API}/sites/`, token)).headers['ratelimit-remaining']);
    const created = await server.request('POST', `${API}/bookings/`, {
      token: other,
      body: { site_id: 2, check_in_date: '2026-10-01', check_out_date: '2026-10-02', num_adults: 1 },
    });
    expect(created.status).toBe(201);
    const after = await server.get(`${API}/bookings/`, token);
    expect(after.status).toBe(200);
    expect(after.json.count).toBe(4);
    expect(Number(after.headers['ratelimit-remaining'])).toBe(before - 1);
    expect(Number((await server.get(`${API}/bookings/`, token)).headers['ratelimit-remaining'])).toBe(before - 2);
  });

  it('answers a write made elsewhere on the next read', async () => {
    const { world, server, token } = await warmed();
    const path = `${API}/bookings/1/`;
    for (let i = 0; i < 3; i++) expect((await server.get(path, token)).json.status).toBe('pending');
    const before = Number((await server.get(`${API}/sites/`, token)).headers['ratelimit-remaining']);
    await new InMemoryBookingRepository(world.store).updateStatus(world.store.tenants[0]!.id, 1, 'pending', 'confirmed', 0);
    const after = await server.get(path, token);
    expect(after.json.status).toBe('confirmed');
    expect(Number(after.headers['ratelimit-remaining'])).toBe(before - 1);
  });

  it('hears 429 past its limit, with the limit headers', async () => {
    const { server, token } = await warmed(3);
    const third = await server.get(`${API}/sites/`, token);
    expect(third.headers['ratelimit-remaining']).toBe('0');
    const refused = await server.get(`${API}/sites/`, token);
    expect(refused.status).toBe(429);
    expect(refused.headers['ratelimit-limit']).toBe('3');
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
  });
});
