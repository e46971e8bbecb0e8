import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VERSION } from '../src/index';
import { retryAfterSeconds } from '../src/response';
import { BOOKING, client, fakeServer, json } from './support/fake-server';

// Where requests go (baseUrl with a path prefix), what they say about the client (User-Agent), and how long a
// Retry-After asks to wait, in both of its forms.

describe('baseUrl with a path prefix', () => {
  it('keeps the prefix on every request and follows the service’s prefixed next links as they are', async () => {
    const { origin, seen } = await fakeServer(
      json(200, { count: 2, next: 'https://public.example/api-prefix/api/v1/public/bookings/?page=2', previous: null, results: [BOOKING] }),
      json(200, { count: 2, next: null, previous: null, results: [{ ...BOOKING, id: 2 }] }),
      json(200, BOOKING),
    );
    const api = client(`${origin}/api-prefix`);
    const ids: number[] = [];
    for await (const booking of api.bookings.all()) ids.push(booking.id);
    await api.bookings.get(1);
    expect(ids).toEqual([1, 2]);
    // The link named another host: only its path and query are used, on baseUrl's origin, where the key may go.
    expect(seen.map((s) => s.url)).toEqual([
      '/api-prefix/api/v1/public/bookings/',
      '/api-prefix/api/v1/public/bookings/?page=2',
      '/api-prefix/api/v1/public/bookings/1/',
    ]);
  });

  it('takes the prefix with or without a trailing slash, also for poll and the probes', async () => {
    const { origin, seen } = await fakeServer(json(200, { status: 'ok' }));
    const api = client(`${origin}/gateway/campsite/`);
    await api.service.health();
    await api.poll('/api/v1/public/sites/?page_size=1');
    expect(seen.map((s) => s.url)).toEqual(['/gateway/campsite/healthz', '/gateway/campsite/api/v1/public/sites/?page_size=1']);
    // The probes need no key, so none is sent to them.
    expect(seen[0]?.headers.authorization).toBeUndefined();
    expect(seen[1]?.headers.authorization).toMatch(/^Bearer /);
  });
});

describe('User-Agent', () => {
  it('names the client with the version of its package.json, and the runtime', async () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(VERSION).toBe(manifest.version);
    const { origin, seen } = await fakeServer(json(200, BOOKING));
    await client(origin).bookings.get(1);
    await client(origin, [], { userAgent: 'channel-sync/4.2' }).bookings.get(1);
    expect(seen.map((s) => s.headers['user-agent'])).toEqual([
      `campsite-client-js/${manifest.version} node/${process.versions.node}`,
      `channel-sync/4.2 campsite-client-js/${manifest.version} node/${process.versions.node}`,
    ]);
  });
});

describe('Retry-After', () => {
  const now = Date.parse('2026-06-01T12:00:00Z');

  it('reads delta-seconds and all three HTTP-date forms, and nothing else', () => {
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds(' 0 ', now)).toBe(0);
    expect(retryAfterSeconds('Mon, 01 Jun 2026 12:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds('Monday, 01-Jun-26 12:00:30 GMT', now)).toBe(30);
    // asctime names no zone: it is GMT all the same, whatever the machine's time zone.
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      expect(retryAfterSeconds('Mon Jun  1 12:00:30 2026', now)).toBe(30);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    // A date already past means: now.
    expect(retryAfterSeconds('Mon, 01 Jun 2026 11:59:00 GMT', now)).toBe(0);
    for (const value of [null, '', '-1', '1.5', '1e3', 'soon']) expect(retryAfterSeconds(value, now)).toBeNull();
  });

  it('waits until an HTTP-date before the next attempt', async () => {
    const at = new Date(Date.now() + 4_000).toUTCString();
    const { origin, seen } = await fakeServer(json(429, { detail: 'Request was throttled.' }, { 'Retry-After': at }), json(200, BOOKING));
    const waits: number[] = [];
    await client(origin, waits).bookings.get(1);
    expect(seen).toHaveLength(2);
    // The date has whole seconds: between 3 and 4 s from now, plus at most the jitter.
    expect(waits[0]).toBeGreaterThanOrEqual(3_000);
    expect(waits[0]).toBeLessThan(4_000 + 250);
  });
});
