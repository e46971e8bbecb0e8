import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../src/index';
import { BOOKING, type Script, client, fakeServer, json } from './support/fake-server';

// Reading: one page, following `next`, the change feed and conditional GETs, against a scripted local server.

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
