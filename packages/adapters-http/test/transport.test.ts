import { aSite, aTenant } from '@campsite/domain/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/index';
import { API, buildWorld, closeServers, seed, serve, startWith } from './support/http-harness';

// docs/api-behaviour.md §1 (HTTPS only, HSTS) and §2 (paths, methods, JSON everywhere, X-Request-Id).

afterEach(closeServers);

const world = () => startWith(aTenant('alpine', { sites: [aSite({ id: 1 })] }));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function expectCommonHeaders(reply: { status: number; headers: Record<string, unknown> }) {
  expect(reply.headers['content-type']).toBe('application/json');
  expect(reply.headers['strict-transport-security']).toBe('max-age=31536000');
  expect(reply.headers['x-request-id']).toMatch(UUID);
  expect(reply.headers['x-powered-by']).toBeUndefined();
  // docs/channel-managers.md, "Polling cheaply": only a 200 to a GET carries an entity tag, and a strong one.
  if (reply.status === 200) expect(reply.headers.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
  else expect(reply.headers.etag).toBeUndefined();
}

describe('HTTPS only', () => {
  it('answers plain HTTP with 403 https_required before authentication or routing', async () => {
    const w = buildWorld();
    const plain = await serve(createApp(w.deps), { tls: false });
    for (const path of [`${API}/bookings/`, `${API}/nowhere/`, '/', '/elsewhere']) {
      const reply = await plain.request('GET', path, { token: 'not-even-a-key' });
      expect(reply.status).toBe(403);
      expect(reply.text).toBe('{"detail":"https_required"}');
      expectCommonHeaders(reply);
      expect(reply.headers['www-authenticate']).toBeUndefined();
    }
    const post = await plain.request('POST', `${API}/bookings/`, { body: 'not json', headers: { 'Content-Type': 'text/plain' } });
    expect(post.status).toBe(403);
    expect(post.json).toEqual({ detail: 'https_required' });
    expect(w.hasher.verifyCalls).toBe(0);
  });

  it('serves the API over TLS', async () => {
    const { server, token } = await world();
    const reply = await server.get(`${API}/sites/`, token);
    expect(reply.status).toBe(200);
    expectCommonHeaders(reply);
  });

  it('behind a trusted proxy takes the scheme from X-Forwarded-Proto, also for absolute links', async () => {
    const w = buildWorld({ trustProxy: 'loopback' });
    const [token] = await seed(w, [aTenant('alpine', { sites: [aSite({ id: 1 }), aSite({ id: 2 })] })]);
    const plain = await serve(createApp(w.deps), { tls: false });

    const forwarded = await plain.request('GET', `${API}/sites/?page_size=1`, {
      token,
      headers: { 'X-Forwarded-Proto': 'https', Host: 'api.camping.example' },
    });
    expect(forwarded.status).toBe(200);
    expect(forwarded.json.next).toMatch(/^https:\/\/api\.camping\.example\/api\/v1\/public\/sites\/\?cursor=[\w-]+&page=2&page_size=1$/);

    const notForwarded = await plain.request('GET', `${API}/sites/`, { token });
    expect(notForwarded.status).toBe(403);
    expect(notForwarded.json).toEqual({ detail: 'https_required' });

    const forwardedHttp = await plain.request('GET', `${API}/sites/`, { token, headers: { 'X-Forwarded-Proto': 'http' } });
    expect(forwardedHttp.status).toBe(403);
  });

  it('ignores X-Forwarded-Proto when no proxy is trusted', async () => {
    const w = buildWorld();
    const [token] = await seed(w, [aTenant('alpine')]);
    const plain = await serve(createApp(w.deps), { tls: false });
    const reply = await plain.request('GET', `${API}/sites/`, { token, headers: { 'X-Forwarded-Proto': 'https' } });
    expect(reply.status).toBe(403);
    expect(reply.json).toEqual({ detail: 'https_required' });
  });

  it('ignores X-Forwarded-Proto from a hop that is not trusted', async () => {
    const w = buildWorld({ trustProxy: '10.0.0.1' });
    const [token] = await seed(w, [aTenant('alpine')]);
    const plain = await serve(createApp(w.deps), { tls: false });
    const reply = await plain.request('GET', `${API}/sites/`, { token, headers: { 'X-Forwarded-Proto': 'https' } });
    expect(reply.status).toBe(403);
  });
});

describe('GET /healthz', () => {
  it('is 200 {"status":"ok"} without a key, over TLS and over plain HTTP, with the common headers', async () => {
    const { server } = await world();
    const plain = await serve(createApp(buildWorld().deps), { tls: false });
    for (const s of [server, plain]) {
      for (const path of ['/healthz', '/healthz/']) {
        const reply = await s.get(path);
        expect(reply.status).toBe(200);
        expect(reply.text).toBe('{"status":"ok"}');
        expectCommonHeaders(reply);
      }
    }
  });

  it('answers HEAD without a body and other methods with 405', async () => {
    const { server } = await world();
    const head = await server.request('HEAD', '/healthz');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers['content-length']).toBe(String('{"status":"ok"}'.length));
    const post = await server.request('POST', '/healthz');
    expect(post.status).toBe(405);
    expect(post.json).toEqual({ detail: 'Method "POST" not allowed.' });
    expect(post.headers.allow).toBe('GET, HEAD');
  });
});

describe('X-Request-Id', () => {
  it('is a fresh UUID per response', async () => {
    const { server, token } = await world();
    const a = await server.get(`${API}/sites/`, token);
    const b = await server.get(`${API}/sites/`, token);
    expect(a.headers['x-request-id']).toMatch(UUID);
    expect(b.headers['x-request-id']).toMatch(UUID);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('echoes a harmless client id and replaces anything else', async () => {
    const { server, token } = await world();
    const echoed = await server.request('GET', `${API}/sites/`, { token, headers: { 'X-Request-Id': 'trace-01.A_b' } });
    expect(echoed.headers['x-request-id']).toBe('trace-01.A_b');
    for (const bad of ['has space', 'x'.repeat(129), 'semi;colon', '']) {
      const replaced = await server.request('GET', `${API}/sites/`, { token, headers: { 'X-Request-Id': bad } });
      expect(replaced.headers['x-request-id']).toMatch(UUID);
    }
  });
});

describe('paths', () => {
  it('accepts every endpoint with and without the trailing slash, without redirect', async () => {
    const { server, token } = await world();
    for (const path of ['bookings', 'sites', 'customers', 'invoices']) {
      for (const suffix of ['/', '']) {
        const reply = await server.get(`${API}/${path}${suffix}`, token);
        expect(reply.status, `${path}${suffix}`).toBe(200);
        expect(reply.headers.location).toBeUndefined();
        expect(Object.keys(reply.json)).toEqual(['count', 'next', 'previous', 'results']);
      }
    }
  });

  it('answers an unknown path with 404 {"detail":"Not found."} before authentication', async () => {
    const { world: w, server, token } = await world();
    const paths = [
      `${API}/`,
      API,
      `${API}/unknown/`,
      `${API}/bookings/1/extra/`,
      `${API}/bookings//`,
      `${API}/sites/1/`,
      `${API}/invoices/1/pdf/extra/`,
      `${API}/invoices/1/other/`,
      `${API}/invoices//lines/`,
      `${API}/BOOKINGS/`,
      '/api/v1/bookings/',
      '/api/v2/public/bookings/',
      '/',
      '/favicon.ico',
    ];
    for (const path of paths) {
      for (const auth of [{ token }, { token: 'bad' }, {}]) {
        const reply = await server.request('GET', path, auth);
        expect(reply.status, path).toBe(404);
        expect(reply.text).toBe('{"detail":"Not found."}');
        expectCommonHeaders(reply);
      }
    }
    const put = await server.request('PUT', `${API}/unknown/`, { token: 'bad' });
    expect(put.status).toBe(404);
    expect(w.hasher.verifyCalls).toBe(0);
  });

  it('answers a non-integer detail id with 404 not_found', async () => {
    const { server, token } = await world();
    for (const id of ['abc', '1.5', '1e3', '%ZZ', '0x1', '%20']) {
      const reply = await server.get(`${API}/bookings/${id}/`, token);
      expect(reply.status, id).toBe(404);
      expect(reply.text).toBe('{"detail":"not_found"}');
    }
  });
});

describe('methods', () => {
  const cases: Array<[string, string]> = [
    ['bookings/', 'GET, POST, HEAD'],
    ['bookings', 'GET, POST, HEAD'],
    ['bookings/1/', 'GET, HEAD'],
    ['sites/', 'GET, HEAD'],
    ['customers/', 'GET, HEAD'],
    ['invoices', 'GET, HEAD'],
  ];

  it.each(cases)('%s answers a wrong method with 405 and Allow: %s', async (path, allow) => {
    const { server, token } = await world();
    const wrong = ['PUT', 'PATCH', 'DELETE', 'OPTIONS', ...(allow.includes('POST') ? [] : ['POST'])];
    for (const method of wrong) {
      const reply = await server.request(method, `${API}/${path}`, { token });
      expect(reply.status, method).toBe(405);
      expect(reply.text).toBe(`{"detail":"Method \\"${method}\\" not allowed."}`);
      expect(reply.headers.allow).toBe(allow);
      expectCommonHeaders(reply);
    }
  });

  it('answers HEAD like GET without a body', async () => {
    const { server, token } = await world();
    for (const path of [`${API}/sites/`, `${API}/bookings/`, `${API}/bookings/99/`]) {
      const get = await server.get(path, token);
      const head = await server.request('HEAD', path, { token });
      expect(head.status).toBe(get.status);
      expect(head.text).toBe('');
      expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.text)));
      expect(head.headers['content-type']).toBe('application/json');
    }
    const unauthenticated = await server.request('HEAD', `${API}/sites/`);
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.text).toBe('');
  });

  it('always answers JSON, whatever Accept asks for', async () => {
    const { server, token } = await world();
    const reply = await server.request('GET', `${API}/sites/`, { token, headers: { Accept: 'text/html' } });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json');
  });
});
