import { type Server, createServer } from 'node:https';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { aBooking, aSite, aTenant, aUser, anInvoice } from '@campsite/domain/testing';
import fc from 'fast-check';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BackendApp, memoryBackend, postgresDatabase, postgresUrl, sqlBackend, sqliteUrl } from './support/backends';
import { API, type Attempt, attempts } from './support/request-generators';

// docs/security.md, "No input produces a server error": generated values in every path segment, query parameter,
// header and body field of every endpoint, sent through real TLS sockets to the same app over memory, SQLite and
// Postgres. Never a 5xx, the same status and body everywhere, and nothing stored by a refused request.

/**
 * Runs per kind of request: enough to meet every kind of value a few times while the file stays within seconds.
 * `PROPERTY_RUNS=2000 pnpm test:soak` runs many more.
 */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 50);
const HOST = 'api.campsite.test';

const tenants = [
  aTenant('alpine', {
    sites: [
      aSite({ id: 1, maxOccupants: 4 }),
      aSite({ id: 2, siteNumber: 'B\u00e4r-2', maxOccupants: 2 }),
      aSite({ id: 3, siteNumber: 'C3', status: 'maintenance' }),
      aSite({ id: 2_147_483_647, siteNumber: 'Z-max' }),
    ],
    bookings: Array.from({ length: 55 }, (_, i) =>
      aBooking({
        id: i + 1,
        siteId: 1 + (i % 2),
        checkInDate: '2026-07-01',
        checkOutDate: '2026-07-03',
        status: i % 5 === 0 ? 'pending' : 'confirmed',
      }),
    ),
    users: Array.from({ length: 52 }, (_, i) => aUser({ id: i + 1 })),
    invoices: [anInvoice({ id: 1, bookingId: 1 }), anInvoice({ id: 2, bookingId: 2 })],
  }),
  aTenant('lakeside', { sites: [aSite({ id: 1 })], bookings: [aBooking({ id: 1 })] }),
];

interface Served {
  backend: BackendApp;
  server: Server;
  port: number;
}

interface Outcome {
  status: number;
  body: string;
}

/** The change feed's cursors start with a token each backend draws at random for the tenant: compared as one. */
const sameFeedToken = (body: string) => body.replace(/[0-9a-f]{32}(?=-[0-9])/g, 'feed-token');

/**
 * A request with an empty `Host` gets links to the address it reached, as Django's get_host() falls back to the
 * server's own name and port; each backend's server has its own port, so links are compared without it.
 */
const samePort = (body: string) => body.replace(/\/\/127\.0\.0\.1:\d+\//g, '//127.0.0.1:port/');

const agent = new https.Agent({ keepAlive: true, rejectUnauthorized: false });

function send(served: Served, attempt: Attempt): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Host: HOST, ...attempt.headers };
    if (attempt.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(attempt.body));
    const req = https.request(
      { host: '127.0.0.1', port: served.port, method: attempt.method, path: attempt.path, headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: samePort(sameFeedToken(Buffer.concat(chunks).toString('utf8'))) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(attempt.body);
  });
}

describe('no input produces a 5xx, and every backend answers alike (docs/security.md)', () => {
  const served: Served[] = [];
  let dropPostgres: (() => Promise<void>) | undefined;
  const pgUrl = postgresUrl();

  beforeAll(async () => {
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], { keyType: 'ec', algorithm: 'sha256' });
    const backends = [await memoryBackend(tenants), await sqlBackend('sqlite', sqliteUrl(), tenants)];
    if (pgUrl) {
      const database = await postgresDatabase(pgUrl);
      dropPostgres = database.drop;
      backends.push(await sqlBackend('postgres', database.url, tenants));
    }
    for (const backend of backends) {
      const server = createServer({ key: pems.private, cert: pems.cert }, backend.app);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      served.push({ backend, server, port: (server.address() as AddressInfo).port });
    }
  }, 60_000);

  afterAll(async () => {
    agent.destroy();
    for (const { server, backend } of served) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await backend.close();
    }
    await dropPostgres?.();
  });

  it('holds the same keys everywhere (the seeded backends are comparable)', () => {
    expect(new Set(served.map((s) => s.backend.keys.join()))).toHaveProperty('size', 1);
    expect(served.map((s) => s.backend.name)).toEqual(pgUrl ? ['memory', 'sqlite', 'postgres'] : ['memory', 'sqlite']);
  });

  it.each([
    ['a booking detail with any id', 'detail', 1],
    ['a list with any query', 'lists', 1.5],
    ['POST /bookings/ with any body', 'create', 1.5],
    ['any method, path, headers and body', 'anything', 1],
  ] as const)(
    'answers %s below 500, identically on every backend, storing nothing when it refuses',
    async (_title, kind, share) => {
      const keys = served[0]!.backend.keys;
      await fc.assert(
        fc.asyncProperty(attempts(keys)[kind], async (attempt) => {
          const before = await Promise.all(served.map((s) => s.backend.bookingCount('alpine')));
          const outcomes = await Promise.all(served.map((s) => send(s, attempt)));
          const after = await Promise.all(served.map((s) => s.backend.bookingCount('alpine')));
          for (const [i, outcome] of outcomes.entries()) {
            const name = served[i]!.backend.name;
            expect(outcome.status, `${name}: ${outcome.body}`).toBeLessThan(500);
            expect(outcome, name).toEqual(outcomes[0]);
            expect(after[i]! - before[i]!, `${name} stored`).toBe(outcome.status === 201 ? 1 : 0);
          }
        }),
        // PROPERTY_SEED (and PROPERTY_PATH) replay a failure that fast-check reported.
        {
          numRuns: Math.round(RUNS * share),
          endOnFailure: true,
          ...(process.env.PROPERTY_SEED ? { seed: Number(process.env.PROPERTY_SEED), path: process.env.PROPERTY_PATH } : {}),
        },
      );
    },
    120_000,
  );

  it.each([
    ['GET', `${API}/bookings/2147483648/`, undefined, 404, '{"detail":"not_found"}'],
    ['GET', `${API}/bookings/9223372036854775808/`, undefined, 404, '{"detail":"not_found"}'],
    ['GET', `${API}/bookings/?status=%00`, undefined, 200, '{"count":0,"next":null,"previous":null,"results":[]}'],
    ['GET', `${API}/bookings/?page=99999999999999999999`, undefined, 404, '{"detail":"Invalid page."}'],
    ['POST', `${API}/bookings/`, '{"site_id":2147483648}', 400, '{"detail":"site_not_found"}'],
    ['POST', `${API}/bookings/`, '{"site_id":"9999999999"}', 400, '{"detail":"site_not_found"}'],
    ['POST', `${API}/bookings/`, '{"site_id":1e10}', 400, '{"detail":"site_not_found"}'],
    [
      'POST',
      `${API}/bookings/`,
      '{"site_id":1,"check_in_date":"2026-01-01","check_out_date":"9999-12-31","num_adults":1}',
      400,
      '{"check_out_date":["Stays are limited to 365 nights."]}',
    ],
    [
      'POST',
      `${API}/bookings/`,
      '{"site_id":1,"check_in_date":"2026-08-01","check_out_date":"2026-08-03","num_adults":4294967296}',
      400,
      '{"non_field_errors":["Total occupants (4294967296) exceed the maximum of 4 for this site."]}',
    ],
  ])("answers the probe's findings: %s %s %s → %i", async (method, target, payload, status, expected) => {
    const keys = served[0]!.backend.keys;
    for (const s of served) {
      const reply = await send(s, {
        method,
        path: target,
        headers: { Authorization: `Bearer ${keys[0]}`, 'Content-Type': 'application/json' },
        ...(payload === undefined ? {} : { body: payload }),
      });
      expect([reply.status, reply.body], s.backend.name).toEqual([status, expected]);
    }
  });

  it('ignores crafted cursors (huge ids, negative years, NUL, lone surrogates) and reads the page as if none were sent', async () => {
    const keys = served[0]!.backend.keys;
    const hints = [
      { p: 2, s: 50, k: '2026-01-01T00:10:00.000Z', i: 2 ** 31 },
      { p: 2, s: 50, k: '-000001-01-01T00:00:00.000Z', i: 5 },
      { p: 2, s: 50, k: '+275760-09-13T00:00:00.000Z', i: 5 },
      { p: 2, s: 50, k: 'A01\u0000', i: 1 },
      { p: 2, s: 50, k: '\ud800', i: 1 },
    ];
    for (const list of ['bookings', 'customers', 'sites']) {
      for (const s of served) {
        const plain = await send(s, { method: 'GET', path: `${API}/${list}/?page=2`, headers: { Authorization: `Bearer ${keys[0]}` } });
        for (const hint of hints) {
          const token = Buffer.from(JSON.stringify(hint), 'utf8').toString('base64url');
          const crafted = await send(s, {
            method: 'GET',
            path: `${API}/${list}/?page=2&cursor=${token}`,
            headers: { Authorization: `Bearer ${keys[0]}` },
          });
          expect(crafted.status, `${s.backend.name} ${list} ${JSON.stringify(hint)}`).toBe(plain.status);
          expect(JSON.parse(crafted.body).results, `${s.backend.name} ${list}`).toEqual(JSON.parse(plain.body).results);
        }
      }
    }
  });
});
