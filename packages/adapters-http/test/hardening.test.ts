import { connect } from 'node:tls';
import { aBooking, aSite, aTenant, aUser, anInvoice } from '@campsite/domain/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/index';
import { isValidHost } from '../src/public-origin';
import { API, type Server, type World, buildWorld, closeServers, seed, serve } from './support/http-harness';

// docs/security.md: response headers, links and Location, one Authorization header, keys kept out of the log, /readyz.

afterEach(closeServers);

const alpine = () =>
  aTenant('alpine', {
    sites: [aSite({ id: 1 }), aSite({ id: 2, siteNumber: 'A2' })],
    bookings: Array.from({ length: 3 }, (_, i) =>
      aBooking({ id: i + 1, siteId: 1, checkInDate: `2026-07-0${i + 1}`, checkOutDate: `2026-07-0${i + 2}` }),
    ),
    users: [aUser({ id: 1 })],
    invoices: [anInvoice({ id: 1, bookingId: 1 })],
  });

async function started(deps: Partial<Parameters<typeof createApp>[0]> = {}): Promise<{ world: World; server: Server; token: string }> {
  const world = buildWorld();
  const [token] = (await seed(world, [alpine()])) as [string];
  const server = await serve(createApp({ ...world.deps, ...deps }));
  return { world, server, token };
}

interface RawReply {
  status: number;
  head: string;
  headers: Map<string, string[]>;
  body: string;
}

/** Sends `head` byte for byte over TLS (for what Node's client will not send: a forged Host, repeated headers). */
function raw(server: Server, head: string): Promise<RawReply> {
  const { port } = new URL(server.origin);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: Number(port), rejectUnauthorized: false }, () => socket.end(head));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [headText = '', body = ''] = text.split('\r\n\r\n');
      const headers = new Map<string, string[]>();
      for (const line of headText.split('\r\n').slice(1)) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).toLowerCase();
        headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
      }
      resolve({ status: Number(headText.split(' ')[1]), head: headText, headers, body });
    });
  });
}

const request = (path: string, lines: string[]) =>
  `GET ${path} HTTP/1.1\r\n${lines.map((l) => `${l}\r\n`).join('')}Connection: close\r\n\r\n`;

describe('response headers', () => {
  it('sends nosniff and no-store on every answer: authenticated, refused, unknown, and the probes', async () => {
    const { server, token } = await started();
    const plain = await serve(createApp(buildWorld().deps), { tls: false });
    const replies = [
      await server.get(`${API}/bookings/`, token),
      await server.get(`${API}/bookings/1/`, token),
      await server.request('POST', `${API}/bookings/`, {
        token,
        body: { site_id: 1, check_in_date: '2026-09-01', check_out_date: '2026-09-02', num_adults: 1 },
      }),
      await server.get(`${API}/bookings/`),
      await server.get(`${API}/nowhere/`),
      await server.get('/healthz'),
      await server.get('/readyz'),
      await plain.get(`${API}/sites/`),
    ];
    expect(replies.map((r) => r.status)).toEqual([200, 200, 201, 401, 404, 200, 200, 403]);
    for (const reply of replies) {
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('links and Location', () => {
  it.each([
    ['127.0.0.1:8443@evil.example'],
    ['evil.example/x'],
    ['evil.example?x'],
    ['evil.example#x'],
    ['a b'],
    ['[::1'],
    ['[not-an-address]:443'],
    ['[::1]x'],
    ['host:80:80'],
    ['host:port'],
    ['user@host'],
    ['%zz'],
    ['\\evil.example'],
  ])('refuses Host %j with 400 before the path or the key is looked at', async (host) => {
    const { world, server, token } = await started();
    for (const path of [`${API}/bookings/`, `${API}/nowhere/`]) {
      const reply = await raw(server, request(path, [`Host: ${host}`, `Authorization: Bearer ${token}`]));
      expect(reply.status).toBe(400);
      expect(reply.body).toBe('{"detail":"Invalid Host header."}');
      expect(reply.headers.get('x-content-type-options')).toEqual(['nosniff']);
    }
    expect(world.hasher.verifyCalls).toBe(0);
  });

  it('refuses two Host headers, also when PUBLIC_URL is set (parties could disagree on which one counts)', async () => {
    for (const deps of [{}, { publicUrl: 'https://api.camping.example' }]) {
      const { world, server, token } = await started(deps);
      const reply = await raw(
        server,
        request(`${API}/sites/`, ['Host: localhost', 'Host: evil.example', `Authorization: Bearer ${token}`]),
      );
      expect(reply.status).toBe(400);
      expect(reply.body).toBe('{"detail":"Invalid Host header."}');
      expect(world.hasher.verifyCalls).toBe(0);
    }
  });

  it('refuses a request without any Host header the same way', async () => {
    const { server, token } = await started();
    const reply = await raw(server, `GET ${API}/sites/ HTTP/1.0\r\nAuthorization: Bearer ${token}\r\n\r\n`);
    expect(reply.status).toBe(400);
    expect(reply.body).toBe('{"detail":"Invalid Host header."}');
  });

  it.each([
    ['api.camping.example'],
    ['api.camping.example:8443'],
    ['127.0.0.1:8443'],
    ['[::1]:8443'],
    ['[2001:db8::7]'],
    ['xn--bcher-kva.example'],
  ])('builds links and Location from a valid Host %s', async (host) => {
    const { server, token } = await started();
    const page = await raw(server, request(`${API}/bookings/?page_size=1`, [`Host: ${host}`, `Authorization: Bearer ${token}`]));
    expect(page.status).toBe(200);
    expect(JSON.parse(page.body).next).toMatch(
      new RegExp(`^https://${host.replace(/[[\].]/g, '\\$&')}${API}/bookings/\\?cursor=[\\w-]+&page=2&page_size=1$`),
    );
  });

  it('builds every link and Location from PUBLIC_URL when set, whatever Host says', async () => {
    const { server, token } = await started({ publicUrl: 'https://api.camping.example' });
    const page = await raw(
      server,
      request(`${API}/bookings/?page_size=1&page=2`, ['Host: 127.0.0.1:8443@evil.example', `Authorization: Bearer ${token}`]),
    );
    expect(page.status).toBe(200);
    const body = JSON.parse(page.body);
    expect(body.next).toMatch(new RegExp(`^https://api\\.camping\\.example${API}/bookings/\\?cursor=[\\w-]+&page=3&page_size=1$`));
    expect(body.previous).toBe(`https://api.camping.example${API}/bookings/?page_size=1`);
    const created = await server.request('POST', `${API}/bookings/`, {
      token,
      body: { site_id: 2, check_in_date: '2026-09-01', check_out_date: '2026-09-03', num_adults: 1 },
    });
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe(`https://api.camping.example${API}/bookings/${created.json.id}/`);
  });

  it('matches RFC 3986 host syntax', () => {
    for (const host of ['a', 'a.b-c_d~e', "x!$&'()*+,;=y", '%41.example', 'a:', '255.255.255.255:65535', '[::ffff:10.0.0.1]']) {
      expect(isValidHost(host), host).toBe(true);
    }
    for (const host of ['', ':80', 'a@b', 'a/b', '[::1]:x', '[v1.fe]', '[fe80::1%25eth0]', 'ä.example', 'a\tb']) {
      expect(isValidHost(host), host).toBe(false);
    }
  });
});

describe('one Authorization header', () => {
  it('answers two Authorization headers with 401 invalid_key, even when both hold the valid key, and counts a failure', async () => {
    const world = buildWorld({ authFailuresPerMinute: 2 });
    const [token] = (await seed(world, [alpine()])) as [string];
    const server = await serve(createApp(world.deps));
    const twice = (second: string) =>
      request(`${API}/sites/`, ['Host: localhost', `Authorization: Bearer ${token}`, `authorization: ${second}`]);
    for (const second of [`Bearer ${token}`, 'Bearer ck_zzzzzzzzzzzzzzzzzzzzzzzzzzzzz']) {
      const reply = await raw(server, twice(second));
      expect(reply.status).toBe(401);
      expect(reply.body).toBe('{"detail":"invalid_key"}');
      expect(reply.headers.get('www-authenticate')).toEqual(['Bearer']);
    }
    expect((await raw(server, twice(`Bearer ${token}`))).status).toBe(429);
  });
});

describe('keys never reach a log line', () => {
  it('replaces a key-shaped X-Request-Id with a fresh one, and keeps a harmless one', async () => {
    const { world, server, token } = await started();
    const planted = await server.request('GET', `${API}/sites/`, { token, headers: { 'X-Request-Id': token } });
    expect(planted.headers['x-request-id']).not.toContain('ck_');
    const own = await server.request('GET', `${API}/sites/`, { token, headers: { 'X-Request-Id': 'trace-42' } });
    expect(own.headers['x-request-id']).toBe('trace-42');
    expect(JSON.stringify(world.logs)).not.toContain(token.slice(3));
  });

  it('redacts a key in a path however it is percent-encoded', async () => {
    const { world, server, token } = await started();
    const secret = token.slice(3);
    const escaped = [...token].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
    const paths = [
      `${API}/bookings/${token}/`,
      `${API}/bookings/ck%5F${secret}/`,
      `${API}/bookings/ck%5f${secret.slice(0, 10)}%${secret.charCodeAt(10).toString(16)}${secret.slice(11)}/`,
      `${API}/bookings/${escaped}/`,
      `${API}/bookings/ck%255F${secret}/`,
      `${API}/${token}/%ff%fe`,
    ];
    for (const path of paths) expect((await server.get(path, token)).status).toBe(404);
    const logged = JSON.stringify(world.logs);
    expect(world.logs.filter((l) => l.msg === 'request')).toHaveLength(paths.length);
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain(secret.slice(0, 12));
  });
});

describe('GET /readyz', () => {
  it('answers 200 ready while the database answers, and 503 unavailable when it fails or takes over 2 s', async () => {
    let answer: () => Promise<void> = async () => {};
    const { world, server } = await started({ database: { ping: () => answer() } });
    const ready = await server.get('/readyz');
    expect([ready.status, ready.json]).toEqual([200, { status: 'ready' }]);
    answer = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
    const refused = await server.get('/readyz/');
    expect([refused.status, refused.json]).toEqual([503, { status: 'unavailable' }]);
    expect(world.logs.some((l) => l.level === 'warn' && String(l.fields.err).includes('ECONNREFUSED'))).toBe(true);
    answer = () => new Promise(() => {});
    const startedAt = Date.now();
    const hung = await server.get('/readyz');
    expect([hung.status, hung.json]).toEqual([503, { status: 'unavailable' }]);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1_900);
    // /healthz stays liveness only.
    expect((await server.get('/healthz')).status).toBe(200);
    expect((await server.request('POST', '/readyz')).status).toBe(405);
  });
});
