import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '@campsite/domain';
import type { RawWriter } from '@campsite/domain/testing';
import { API, type Reply, type RequestOptions } from './http-harness';

/**
 * A running API with one tenant: sites 1 and 2, bookings 1 (pending) and 2, a key of every scope (`token`), and a
 * per-key rate limit of `RATE_LIMIT` requests a minute.
 */
export interface ConditionalWorld {
  request(method: string, path: string, options?: RequestOptions): Promise<Reply>;
  token: string;
  /** A new key of the tenant holding `scopes` (every scope by default), for tests that use one up. */
  newToken(scopes?: Scope[]): Promise<string>;
  /** Confirms booking 1 the way the operator's CLI does: through its own connection, not through the API. */
  confirmBookingElsewhere(): Promise<void>;
  revoke(token: string): Promise<unknown>;
  /** Another program writing the tenant's rows with plain SQL on its own connection (the admin console, psql). */
  raw(): Promise<RawWriter>;
  tenantId: number;
  close(): Promise<void>;
}

export const RATE_LIMIT = 60;

/** Four nights of every site type, over booking 2's stay. */
const CALENDAR = `${API}/calendar/?from=2026-07-01&to=2026-07-05`;

/** docs/channel-managers.md, "Polling cheaply", over HTTP: the same scenarios for every backend. */
export function describeConditionalRequests(name: string, open: () => Promise<ConditionalWorld>): void {
  describe(`ETag and If-None-Match: ${name}`, () => {
    let world: ConditionalWorld;
    beforeAll(async () => {
      world = await open();
    });
    afterAll(() => world?.close());
    const get = (path: string, headers: Record<string, string> = {}, token = world.token) => world.request('GET', path, { token, headers });

    it('gives every 200 a strong tag, and 304 without a body for a matching If-None-Match', async () => {
      const paths = [
        `${API}/bookings/`,
        `${API}/bookings/2/`,
        `${API}/sites/?page_size=1`,
        `${API}/customers/`,
        `${API}/invoices/`,
        `${API}/changes/?page_size=2`,
        CALENDAR,
      ];
      for (const path of paths) {
        const first = await get(path);
        expect(first.status, path).toBe(200);
        const etag = first.headers.etag as string;
        expect(etag, path).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
        expect((await get(path)).headers.etag, path).toBe(etag);
        const again = await get(path, { 'If-None-Match': etag });
        expect(again.status, path).toBe(304);
        expect(again.text).toBe('');
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['x-request-id']).toBeDefined();
        expect(again.headers['strict-transport-security']).toBeDefined();
        expect(again.headers['ratelimit-limit']).toBe(String(RATE_LIMIT));
        expect(again.headers['content-length']).toBeUndefined();
      }
    });

    it('matches `*`, a list of tags and a weak form of the tag; other tags get the 200', async () => {
      const path = `${API}/bookings/?page_size=1`;
      const etag = (await get(path)).headers.etag as string;
      for (const header of ['*', `"nope", ${etag}`, `W/${etag}`, ` "a" ,W/"b",${etag} `]) {
        expect((await get(path, { 'If-None-Match': header })).status, header).toBe(304);
      }
      for (const header of ['"nope"', `${etag.slice(0, -2)}"`, '', 'W/"x", "y"']) {
        const reply = await get(path, { 'If-None-Match': header });
        expect(reply.status, header).toBe(200);
        expect(reply.headers.etag).toBe(etag);
      }
      const head = await world.request('HEAD', path, { token: world.token, headers: { 'If-None-Match': etag } });
      expect(head.status).toBe(304);
    });

    it('gives a new tag after a write through the API and after one by another writer', async () => {
      const path = `${API}/bookings/`;
      const detail = `${API}/bookings/1/`;
      const before = await get(path);
      const detailBefore = await get(detail);
      const created = await world.request('POST', `${API}/bookings/`, {
        token: world.token,
        body: { site_id: 2, check_in_date: '2027-04-01', check_out_date: '2027-04-03', num_adults: 1 },
      });
      expect(created.status).toBe(201);
      const afterPost = await get(path, { 'If-None-Match': before.headers.etag as string });
      expect(afterPost.status).toBe(200);
      expect(afterPost.headers.etag).not.toBe(before.headers.etag);
      expect(afterPost.json.count).toBe(before.json.count + 1);

      await world.confirmBookingElsewhere();
      const afterConfirm = await get(detail, { 'If-None-Match': detailBefore.headers.etag as string });
      expect(afterConfirm.status).toBe(200);
      expect(afterConfirm.json.status).toBe('confirmed');
      expect(afterConfirm.headers.etag).not.toBe(detailBefore.headers.etag);
      expect((await get(detail, { 'If-None-Match': afterConfirm.headers.etag as string })).status).toBe(304);
    });

    it('gives a new tag after plain-SQL writes by another program', async () => {
      const detail = `${API}/bookings/2/`;
      const sites = `${API}/sites/`;
      const [detailBefore, sitesBefore, calendarBefore] = [await get(detail), await get(sites), await get(CALENDAR)];
      const raw = await world.raw();
      try {
        await raw.setBookingStatus(world.tenantId, 2, 'cancelled');
        await raw.renameSite(world.tenantId, 1, 'Seeblick');
      } finally {
        await raw.close();
      }
      const detailAfter = await get(detail, { 'If-None-Match': detailBefore.headers.etag as string });
      expect(detailAfter.status).toBe(200);
      expect(detailAfter.json.status).toBe('cancelled');
      const sitesAfter = await get(sites, { 'If-None-Match': sitesBefore.headers.etag as string });
      expect(sitesAfter.status).toBe(200);
      expect(sitesAfter.json.results[0].name).toBe('Seeblick');
      expect(sitesAfter.headers.etag).not.toBe(sitesBefore.headers.etag);
      // Bookings 1 and 2 hold sites 1 and 2 from 2026-07-01 to 07-04; booking 2 no longer does. The calendar's tag is
      // taken from what its bytes are written from.
      const calendarAfter = await get(CALENDAR, { 'If-None-Match': calendarBefore.headers.etag as string });
      expect(calendarAfter.status).toBe(200);
      const freeOf = (reply: Reply) => reply.json.results[0].days.map((day: { free: number }) => day.free);
      expect([freeOf(calendarBefore), freeOf(calendarAfter)]).toEqual([
        [0, 0, 0, 2],
        [1, 1, 1, 2],
      ]);
      expect(calendarAfter.headers.etag).not.toBe(calendarBefore.headers.etag);
    });

    it('does not count a 304 against the rate limit; every other answer counts', async () => {
      const path = `${API}/sites/`;
      const token = await world.newToken();
      const first = await get(path, {}, token);
      const etag = first.headers.etag as string;
      const remaining = Number(first.headers['ratelimit-remaining']);
      for (let i = 0; i < 5; i++) {
        const reply = await get(path, { 'If-None-Match': etag }, token);
        expect(reply.status).toBe(304);
        expect(Number(reply.headers['ratelimit-remaining'])).toBe(remaining);
      }
      expect(Number((await get(path, { 'If-None-Match': '"other"' }, token)).headers['ratelimit-remaining'])).toBe(remaining - 1);
      const missing = await get(`${API}/sites/?page=99`, { 'If-None-Match': etag }, token);
      expect(missing.status).toBe(404);
      expect(Number(missing.headers['ratelimit-remaining'])).toBe(remaining - 2);
      // Past the limit a changed page is 429, and an unchanged one is still 304.
      for (let left = remaining - 2; left > 0; left--) expect((await get(path, {}, token)).status).toBe(200);
      expect((await get(path, {}, token)).status).toBe(429);
      expect((await get(`${API}/sites/?page=99`, { 'If-None-Match': etag }, token)).status).toBe(429);
      const free = await get(path, { 'If-None-Match': etag }, token);
      expect(free.status).toBe(304);
      expect(free.headers['ratelimit-remaining']).toBe('0');
    });

    it('still refuses a revoked key (401) and a missing scope (403) before any 304', async () => {
      const path = `${API}/bookings/`;
      const etag = (await get(path)).headers.etag as string;
      const doomed = await world.newToken();
      expect((await get(path, { 'If-None-Match': etag }, doomed)).status).toBe(304);
      await world.revoke(doomed);
      expect((await get(path, { 'If-None-Match': etag }, doomed)).status).toBe(401);
      const sitesOnly = await world.newToken(['sites:read']);
      expect((await get(path, { 'If-None-Match': etag }, sitesOnly)).status).toBe(403);
      expect((await get(path, { 'If-None-Match': '*' }, sitesOnly)).status).toBe(403);
      expect((await get(path, { 'If-None-Match': etag })).status).toBe(304);
    });
  });
}
