import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  CampsiteClient,
  NetworkError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServerError,
  TimeoutError,
  ValidationError,
} from '../src/index';

// The client's rules against a scripted local server: which answers are retried, how long it waits, what it throws.

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

type Script = (seen: Seen, res: http.ServerResponse) => void;

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise<void>((resolve) => {
          s.closeAllConnections();
          s.close(() => resolve());
        }),
    ),
  );
});

/** A server that answers the n-th request with `script[n]` (the last one repeats). */
async function fakeServer(...script: Script[]): Promise<{ origin: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(request);
      (script[Math.min(seen.length, script.length) - 1] as Script)(request, res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Script =>
  (_seen, res) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'X-Request-Id': 'req-1', ...headers });
    res.end(JSON.stringify(body));
  };
const hangUp: Script = (_seen, res) => res.socket?.destroy();
const silent: Script = () => {};

const BOOKING = {
  id: 1,
  booking_reference: 'K7Q2M4XZ9B',
  guest_first_name: '',
  guest_last_name: '',
  guest_email: '',
  site_id: 3,
  site_number: 'A03',
  check_in_date: '2027-07-01',
  check_out_date: '2027-07-04',
  num_adults: 2,
  num_youth: 0,
  num_children: 0,
  status: 'pending',
  total_price: '105.00',
  created_at: '2026-06-01T12:00:30Z',
};
const INPUT = { site_id: 3, check_in_date: '2027-07-01', check_out_date: '2027-07-04', num_adults: 2 };

function client(origin: string, waits: number[] = [], extra: Partial<ConstructorParameters<typeof CampsiteClient>[0]> = {}) {
  return new CampsiteClient({
    baseUrl: origin,
    apiKey: 'ck_d7T4aogrKwV6h2sDvQvUFcLB604ep',
    sleep: async (ms) => {
      waits.push(ms);
    },
    random: () => 0.5,
    ...extra,
  });
}

describe('bookings.create', () => {
  it('sends JSON with the key and a generated Idempotency-Key, and returns the booking', async () => {
    const { origin, seen } = await fakeServer(json(201, BOOKING));
    const booking = await client(origin).bookings.create(INPUT);
    expect(booking).toEqual(BOOKING);
    const [request] = seen;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/v1/public/bookings/');
    expect(request?.headers.authorization).toBe('Bearer ck_d7T4aogrKwV6h2sDvQvUFcLB604ep');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(request?.body ?? '')).toEqual(INPUT);
  });

  it('makes a new key per call, and uses a given one', async () => {
    const { origin, seen } = await fakeServer(json(201, BOOKING));
    const c = client(origin);
    await c.bookings.create(INPUT);
    await c.bookings.create(INPUT);
    await c.bookings.create(INPUT, { idempotencyKey: 'order-4711' });
    expect(seen[0]?.headers['idempotency-key']).not.toBe(seen[1]?.headers['idempotency-key']);
    expect(seen[2]?.headers['idempotency-key']).toBe('order-4711');
  });

  it('retries a 500, a 503 and a dropped connection with the same Idempotency-Key and growing, capped waits', async () => {
    const { origin, seen } = await fakeServer(
      json(500, { detail: 'A server error occurred.' }),
      json(503, { detail: 'x' }),
      hangUp,
      json(201, BOOKING),
    );
    const waits: number[] = [];
    const booking = await client(origin, waits, { retry: { baseDelayMs: 100, maxDelayMs: 300 } }).bookings.create(INPUT);
    expect(booking.id).toBe(1);
    expect(seen).toHaveLength(4);
    expect(new Set(seen.map((s) => s.headers['idempotency-key'])).size).toBe(1);
    // random() is 0.5: half of 100, 200, then the 300 cap.
    expect(waits).toEqual([50, 100, 150]);
  });

  it('retries after a timeout with the same key', async () => {
    const { origin, seen } = await fakeServer(silent, json(201, BOOKING));
    const booking = await client(origin, [], { timeoutMs: 200 }).bookings.create(INPUT);
    expect(booking.id).toBe(1);
    expect(seen).toHaveLength(2);
    expect(seen[0]?.headers['idempotency-key']).toBe(seen[1]?.headers['idempotency-key']);
  });

  it('waits at least Retry-After on a 429, then succeeds', async () => {
    const { origin, seen } = await fakeServer(
      json(429, { detail: 'Request was throttled. Expected available in 3 seconds.' }, { 'Retry-After': '3' }),
      json(201, BOOKING),
    );
    const waits: number[] = [];
    await client(origin, waits).bookings.create(INPUT);
    expect(seen).toHaveLength(2);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(3000);
    expect(waits[0]).toBeLessThan(3000 + 250);
  });

  it('throws the 429 at once when Retry-After is beyond what it will wait', async () => {
    const { origin, seen } = await fakeServer(
      json(429, { detail: 'Request was throttled. Expected available in 120 seconds.' }, { 'Retry-After': '120' }),
    );
    const error = await client(origin)
      .bookings.create(INPUT)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterSeconds).toBe(120);
    expect(seen).toHaveLength(1);
  });

  for (const [status, body, type, code] of [
    [400, { detail: 'site_not_found' }, ValidationError, 'site_not_found'],
    [401, { detail: 'invalid_key' }, AuthenticationError, 'invalid_key'],
    [401, { detail: 'key_inactive' }, AuthenticationError, 'key_inactive'],
    [403, { detail: 'You do not have permission to perform this action.' }, PermissionError, null],
  ] as const) {
    it(`never retries a ${status} ${JSON.stringify(body)}, and throws it typed`, async () => {
      const { origin, seen } = await fakeServer(json(status, body));
      const error = await client(origin)
        .bookings.create(INPUT)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(type);
      expect(error).toMatchObject({ status, code, detail: body.detail, requestId: 'req-1' });
      expect(seen).toHaveLength(1);
    });
  }

  it('carries field errors with the code validation_failed', async () => {
    const fields = { check_out_date: ['Check-out date must be after check-in date.'], num_adults: ['This field is required.'] };
    const { origin } = await fakeServer(json(400, fields));
    const error = (await client(origin)
      .bookings.create(INPUT)
      .catch((e: unknown) => e)) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.code).toBe('validation_failed');
    expect(error.fieldErrors).toEqual(fields);
    expect(error.detail).toBeNull();
  });

  it('gives up after maxAttempts and throws the last failure', async () => {
    const { origin, seen } = await fakeServer(json(502, { detail: 'bad gateway' }));
    const error = await client(origin, [], { retry: { maxAttempts: 3 } })
      .bookings.create(INPUT)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(seen).toHaveLength(3);
  });

  it('throws NetworkError and TimeoutError when no answer ever comes', async () => {
    const dropped = await fakeServer(hangUp);
    expect(
      await client(dropped.origin, [], { retry: { maxAttempts: 2 } })
        .bookings.create(INPUT)
        .catch((e: unknown) => e),
    ).toBeInstanceOf(NetworkError);
    expect(dropped.seen).toHaveLength(2);
    const mute = await fakeServer(silent);
    expect(
      await client(mute.origin, [], { retry: { maxAttempts: 2 }, timeoutMs: 100 })
        .bookings.create(INPUT)
        .catch((e: unknown) => e),
    ).toBeInstanceOf(TimeoutError);
  });
});

describe('lists', () => {
  const page = (results: unknown[], next: string | null) => ({ count: 3, next, previous: null, results });

  it('list reads one page with its query; all follows next to the end, only to the configured origin', async () => {
    const { origin, seen } = await fakeServer(
      json(200, page([BOOKING], 'https://elsewhere.example/api/v1/public/bookings/?page=2&page_size=1&status=pending')),
      json(200, page([{ ...BOOKING, id: 2 }], 'https://elsewhere.example/api/v1/public/bookings/?page=3&page_size=1&status=pending')),
      json(200, page([{ ...BOOKING, id: 3 }], null)),
    );
    const c = client(origin);
    const first = await c.bookings.list({ page_size: '1', status: 'pending' });
    expect(first.results.map((b) => b.id)).toEqual([1]);
    expect(seen[0]?.url).toBe('/api/v1/public/bookings/?page_size=1&status=pending');

    seen.length = 0;
    const ids: number[] = [];
    for await (const booking of c.bookings.all({ page_size: '1', status: 'pending' })) ids.push(booking.id);
    expect(ids).toEqual([1, 2, 3]);
    expect(seen.map((s) => s.url)).toEqual([
      '/api/v1/public/bookings/?page_size=1&status=pending',
      '/api/v1/public/bookings/?page=2&page_size=1&status=pending',
      '/api/v1/public/bookings/?page=3&page_size=1&status=pending',
    ]);
    expect(seen.every((s) => s.headers.authorization?.startsWith('Bearer '))).toBe(true);
  });

  it('retries a page after a 429 and a 500 without skipping or repeating records', async () => {
    const { origin, seen } = await fakeServer(
      json(200, page([BOOKING], `${'http://x'}/api/v1/public/sites/?page=2`)),
      json(429, { detail: 'Request was throttled. Expected available in 1 second.' }, { 'Retry-After': '1' }),
      json(500, { detail: 'A server error occurred.' }),
      json(200, page([{ ...BOOKING, id: 2 }], null)),
    );
    const ids: number[] = [];
    for await (const row of client(origin).sites.all()) ids.push(row.id);
    expect(ids).toEqual([1, 2]);
    expect(seen.map((s) => s.url)).toEqual([
      '/api/v1/public/sites/',
      '/api/v1/public/sites/?page=2',
      '/api/v1/public/sites/?page=2',
      '/api/v1/public/sites/?page=2',
    ]);
  });

  it('get throws NotFoundError with the code not_found', async () => {
    const { origin, seen } = await fakeServer(json(404, { detail: 'not_found' }));
    const error = await client(origin)
      .bookings.get(99)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ code: 'not_found', status: 404 });
    expect(seen[0]?.url).toBe('/api/v1/public/bookings/99/');
  });
});

describe('changes.follow', () => {
  const change = (id: number) => ({ type: 'booking', id, deleted: false, changed_at: '2026-06-02T08:15:00Z', object: { ...BOOKING, id } });
  const feedPage = (ids: number[], cursor: string, next: string | null) => ({
    count: ids.length,
    next,
    previous: null,
    cursor,
    results: ids.map(change),
  });

  it("follows next to the end and saves each page's cursor after its changes were handed out", async () => {
    const { origin, seen } = await fakeServer(
      json(200, feedPage([1, 2], 'tok-2', 'https://x/api/v1/public/changes/?after=tok-2&page_size=2')),
      json(200, feedPage([3], 'tok-3', null)),
    );
    const events: string[] = [];
    for await (const c of client(origin).changes.follow({
      pageSize: 2,
      saveCursor: (cursor) => {
        events.push(`save ${cursor}`);
      },
    })) {
      events.push(`change ${c.id}`);
    }
    expect(events).toEqual(['change 1', 'change 2', 'save tok-2', 'change 3', 'save tok-3']);
    expect(seen.map((s) => s.url)).toEqual(['/api/v1/public/changes/?page_size=2', '/api/v1/public/changes/?after=tok-2&page_size=2']);
  });

  it('resumes from a stored cursor, and an empty feed still hands back a cursor', async () => {
    const { origin, seen } = await fakeServer(json(200, feedPage([], 'tok-9', null)));
    const saved: string[] = [];
    const changes: unknown[] = [];
    for await (const c of client(origin).changes.follow({
      after: 'tok-9',
      saveCursor: (cursor) => {
        saved.push(cursor);
      },
    }))
      changes.push(c);
    expect(changes).toEqual([]);
    expect(saved).toEqual(['tok-9']);
    expect(seen[0]?.url).toBe('/api/v1/public/changes/?after=tok-9&page_size=200');
  });

  it('saves nothing for a page left in the middle, so a resumed run sees it again', async () => {
    const { origin } = await fakeServer(json(200, feedPage([1, 2], 'tok-2', null)));
    const saved: string[] = [];
    for await (const c of client(origin).changes.follow({
      after: 'tok-0',
      saveCursor: (cursor) => {
        saved.push(cursor);
      },
    })) {
      if (c.id === 1) break;
    }
    expect(saved).toEqual([]);
  });

  it('retries a page after a 503 without losing or repeating changes', async () => {
    const { origin } = await fakeServer(
      json(200, feedPage([1], 'tok-1', 'https://x/api/v1/public/changes/?after=tok-1')),
      json(503, { detail: 'unavailable' }),
      json(200, feedPage([2], 'tok-2', null)),
    );
    const ids: number[] = [];
    for await (const c of client(origin).changes.follow()) ids.push(c.id);
    expect(ids).toEqual([1, 2]);
  });
});

describe('bookings.create and a key still in use', () => {
  it('retries 409 idempotency_key_in_use with the same key, but throws 422 idempotency_key_reused at once', async () => {
    const { origin, seen } = await fakeServer(
      json(409, { detail: 'idempotency_key_in_use' }),
      json(201, BOOKING, { 'Idempotent-Replayed': 'true' }),
    );
    expect(await client(origin, []).bookings.create(INPUT)).toEqual(BOOKING);
    expect(seen).toHaveLength(2);
    expect(seen[1]?.headers['idempotency-key']).toBe(seen[0]?.headers['idempotency-key']);

    const reused = await fakeServer(json(422, { detail: 'idempotency_key_reused' }));
    const error = await client(reused.origin)
      .bookings.create(INPUT)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422, code: 'idempotency_key_reused' });
    expect(reused.seen).toHaveLength(1);
  });
});

describe('availability', () => {
  const run = { site_id: 1, site_number: 'A01', status: 'active', max_occupants: 4, free: [{ from: '2027-08-01', to: '2027-08-12' }] };

  it('sends the window with the paging, and all follows next', async () => {
    const { origin, seen } = await fakeServer(
      json(200, {
        count: 2,
        next: 'https://x/api/v1/public/availability/?from=2027-08-01&to=2027-09-01&page=2',
        previous: null,
        results: [run],
      }),
      json(200, { count: 2, next: null, previous: null, results: [{ ...run, site_id: 2 }] }),
    );
    const sites: number[] = [];
    for await (const site of client(origin).availability.all({ from: '2027-08-01', to: '2027-09-01', page_size: '1' }))
      sites.push(site.site_id);
    expect(sites).toEqual([1, 2]);
    expect(seen.map((s) => s.url)).toEqual([
      '/api/v1/public/availability/?from=2027-08-01&to=2027-09-01&page_size=1',
      '/api/v1/public/availability/?from=2027-08-01&to=2027-09-01&page=2',
    ]);
  });
});

describe('poll', () => {
  it('sends If-None-Match, reports a 304 as unchanged, and a 200 with its new body and tag', async () => {
    const notModified: Script = (_seen, res) => {
      res.writeHead(304, { ETag: '"a"', 'X-Request-Id': 'req-1' });
      res.end();
    };
    const { origin, seen } = await fakeServer(
      json(200, { count: 0 }, { ETag: '"a"' }),
      notModified,
      json(200, { count: 1 }, { ETag: '"b"' }),
    );
    const api = client(origin);
    const first = await api.poll<{ count: number }>('/api/v1/public/bookings/');
    expect(first).toEqual({ changed: true, etag: '"a"', body: { count: 0 } });
    expect(await api.poll('/api/v1/public/bookings/', first.etag)).toEqual({ changed: false, etag: '"a"' });
    expect(await api.poll('/api/v1/public/bookings/', first.etag)).toEqual({ changed: true, etag: '"b"', body: { count: 1 } });
    expect(seen.map((s) => s.headers['if-none-match'])).toEqual([undefined, '"a"', '"a"']);
  });
});
