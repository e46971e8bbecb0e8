import { aBooking, aSite, aTenant, aUser, anInvoice } from '@campsite/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type Server, seed, start } from './support/http-harness';

// Spec "Pagination envelope" and docs/api-behaviour.md §2 "Pagination".

let server: Server;
let token: string;
let emptyToken: string;

const BOOKINGS = 230;
// Groups of three bookings share a created_at, so the id tie-break is exercised across page boundaries.
const createdAt = (id: number) => new Date(Date.UTC(2026, 0, 1) + Math.floor(id / 3) * 60_000);

beforeAll(async () => {
  const started = await start();
  server = started.server;
  [token, emptyToken] = (await seed(started.world, [
    aTenant('alpine', {
      sites: Array.from({ length: 12 }, (_, i) => aSite({ id: i + 1, siteNumber: `P${String((i * 7) % 12).padStart(2, '0')}` })),
      bookings: Array.from({ length: BOOKINGS }, (_, i) => aBooking({ id: i + 1, createdAt: createdAt(i + 1), siteId: 1 })),
      users: Array.from({ length: 9 }, (_, i) => aUser({ id: i + 1, dateJoined: new Date(Date.UTC(2025, 0, 1 + (i % 4))) })),
      invoices: Array.from({ length: 11 }, (_, i) => anInvoice({ id: i + 1, issuedAt: new Date(Date.UTC(2026, 1, 1 + (i % 3))) })),
    }),
    aTenant('empty'),
  ])) as [string, string];
});
afterAll(() => server.close());

const expectedBookingIds = Array.from({ length: BOOKINGS }, (_, i) => i + 1).sort(
  (a, b) => createdAt(b).getTime() - createdAt(a).getTime() || b - a,
);

async function walk(firstPath: string): Promise<{ ids: number[]; pages: number; links: string[] }> {
  const ids: number[] = [];
  const links: string[] = [];
  let url: string | null = firstPath;
  let pages = 0;
  while (url !== null) {
    const reply = await server.get(url, token);
    expect(reply.status, url).toBe(200);
    ids.push(...reply.json.results.map((row: { id: number }) => row.id));
    url = reply.json.next;
    if (url !== null) links.push(url);
    pages++;
  }
  return { ids, pages, links };
}

describe('walking next', () => {
  it.each([undefined, 7, 50, 200, 230, 500])('sees all 230 bookings exactly once, in order (page_size=%s)', async (size) => {
    const { ids, pages } = await walk(`${API}/bookings/${size === undefined ? '' : `?page_size=${size}`}`);
    expect(ids).toEqual(expectedBookingIds);
    expect(new Set(ids).size).toBe(BOOKINGS);
    expect(pages).toBe(Math.ceil(BOOKINGS / Math.min(size ?? 50, 200)));
  });

  it('walks sites by site_number byte order, customers and invoices newest first, ties by id', async () => {
    const sites = await walk(`${API}/sites/?page_size=5`);
    expect(sites.ids).toEqual([1, 8, 3, 10, 5, 12, 7, 2, 9, 4, 11, 6]);
    const customers = await walk(`${API}/customers/?page_size=2`);
    expect(customers.ids).toEqual([8, 4, 7, 3, 6, 2, 9, 5, 1]);
    const invoices = await walk(`${API}/invoices/?page_size=4`);
    expect(invoices.ids).toEqual([9, 6, 3, 11, 8, 5, 2, 10, 7, 4, 1]);
  });

  it('carries the cursor only in next, and page-by-number gives the same rows', async () => {
    const { links } = await walk(`${API}/bookings/?page_size=40`);
    for (const link of links) expect(link).toMatch(/[?&]cursor=[A-Za-z0-9_-]+&page=\d+&page_size=40$/);
    for (let page = 1; page <= 6; page++) {
      const byNumber = await server.get(`${API}/bookings/?page_size=40&page=${page}`, token);
      const ids = byNumber.json.results.map((row: { id: number }) => row.id);
      expect(ids).toEqual(expectedBookingIds.slice((page - 1) * 40, page * 40));
      if (byNumber.json.previous !== null) expect(byNumber.json.previous).not.toContain('cursor');
    }
  });

  it('ignores a malformed, foreign or stale cursor and reads by page number', async () => {
    const first = await server.get(`${API}/bookings/?page_size=10`, token);
    const cursor = new URL(first.json.next).searchParams.get('cursor') as string;
    const expected = expectedBookingIds.slice(20, 30);
    for (const sent of ['garbage', '!!!', 'e30', cursor, Buffer.from('{"p":3,"s":10,"k":5,"i":"x"}').toString('base64url')]) {
      const reply = await server.get(`${API}/bookings/?page_size=10&page=3&cursor=${sent}`, token);
      expect(reply.status, sent).toBe(200);
      expect(reply.json.results.map((row: { id: number }) => row.id)).toEqual(expected);
    }
    // A cursor issued for page 2 but sent with another page size is not used either.
    const resized = await server.get(`${API}/bookings/?page_size=11&page=2&cursor=${cursor}`, token);
    expect(resized.json.results.map((row: { id: number }) => row.id)).toEqual(expectedBookingIds.slice(11, 22));
  });
});

describe('links', () => {
  it('are absolute, built from scheme and host, and previous to page 1 drops page', async () => {
    const base = `${server.origin}${API}/bookings/`;
    const page1 = await server.get(`${API}/bookings/`, token);
    expect(page1.json.count).toBe(BOOKINGS);
    expect(page1.json.previous).toBeNull();
    expect(page1.json.next).toMatch(new RegExp(`^${escape(base)}\\?cursor=[\\w-]+&page=2$`));

    const page2 = await server.get(`${API}/bookings/?page=2`, token);
    expect(page2.json.previous).toBe(base);
    const page3 = await server.get(`${API}/bookings/?page=3`, token);
    expect(page3.json.previous).toBe(`${base}?page=2`);
    const last = await server.get(`${API}/bookings/?page=5`, token);
    expect(last.json.next).toBeNull();
    expect(last.json.previous).toBe(`${base}?page=4`);
    expect(last.json.results).toHaveLength(30);
  });

  it('keep every other parameter as sent, sorted by key and encoded like Python urlencode', async () => {
    const sent = 'zeta=1&page_size=20&alpha=a%20b&tag=2&tag=1&flag&page=2&slash=x/y&star=*~&e=%C3%A9&plus=1%2B1&cursor=zzz';
    const reply = await server.get(`${API}/bookings?${sent}`, token);
    expect(reply.status).toBe(200);
    const base = `${server.origin}${API}/bookings`;
    const rest = 'page_size=20&plus=1%2B1&slash=x%2Fy&star=%2A~&tag=2&tag=1&zeta=1';
    expect(reply.json.previous).toBe(`${base}?alpha=a+b&e=%C3%A9&flag=&${rest}`);
    expect(reply.json.next).toMatch(new RegExp(`^${escape(base)}\\?alpha=a\\+b&cursor=[\\w-]+&e=%C3%A9&flag=&page=3&${escape(rest)}$`));
  });

  it('keep the original page_size, even when it was clamped or ignored', async () => {
    const clamped = await server.get(`${API}/bookings/?page_size=500`, token);
    expect(clamped.json.results).toHaveLength(200);
    expect(clamped.json.next).toMatch(/\?cursor=[\w-]+&page=2&page_size=500$/);
    const ignored = await server.get(`${API}/bookings/?page_size=abc`, token);
    expect(ignored.json.results).toHaveLength(50);
    expect(ignored.json.next).toMatch(/\?cursor=[\w-]+&page=2&page_size=abc$/);
  });

  it('use the Host header the client sent', async () => {
    const reply = await server.request('GET', `${API}/sites/?page_size=5`, { token, headers: { Host: 'camping.example:8443' } });
    expect(reply.json.next).toMatch(/^https:\/\/camping\.example:8443\/api\/v1\/public\/sites\/\?cursor=[\w-]+&page=2&page_size=5$/);
  });
});

describe('page and page_size', () => {
  const invalid = ['abc', '1.5', '0', '-1', '6', '99', '1e1', '2_', '%E2%82%81', 'LAST'];
  it.each(invalid)('page=%s is 404 Invalid page.', async (page) => {
    const reply = await server.get(`${API}/bookings/?page=${page}`, token);
    expect(reply.status).toBe(404);
    expect(reply.text).toBe('{"detail":"Invalid page."}');
  });

  const valid: Array<[string, number]> = [
    ['', 1],
    ['1', 1],
    ['%202%20', 2],
    ['%2B3', 3],
    ['0004', 4],
    ['last', 5],
    ['1_0&page_size=20', 10],
  ];
  it.each(valid)('page=%s reads page %i', async (page, expected) => {
    const reply = await server.get(`${API}/bookings/?page=${page}`, token);
    expect(reply.status).toBe(200);
    const size = page.includes('page_size=20') ? 20 : 50;
    const ids = reply.json.results.map((row: { id: number }) => row.id);
    expect(ids).toEqual(expectedBookingIds.slice((expected - 1) * size, expected * size));
  });

  it('uses the last page value when sent twice', async () => {
    const reply = await server.get(`${API}/bookings/?page=abc&page=2`, token);
    expect(reply.status).toBe(200);
    expect(reply.json.results[0].id).toBe(expectedBookingIds[50]);
  });

  const sizes: Array<[string, number]> = [
    ['', 50],
    ['0', 50],
    ['-5', 50],
    ['abc', 50],
    ['2.5', 50],
    ['1', 1],
    ['%2010%20', 10],
    ['200', 200],
    ['201', 200],
    ['100000', 200],
  ];
  it.each(sizes)('page_size=%s gives pages of %i', async (size, expected) => {
    const reply = await server.get(`${API}/bookings/?page_size=${size}`, token);
    expect(reply.status).toBe(200);
    expect(reply.json.results).toHaveLength(expected);
  });

  it('an empty list still has page 1, and its page 2 is 404', async () => {
    for (const path of ['bookings', 'sites', 'customers', 'invoices']) {
      const page1 = await server.get(`${API}/${path}/`, emptyToken);
      expect(page1.status).toBe(200);
      expect(page1.text).toBe('{"count":0,"next":null,"previous":null,"results":[]}');
      const lastPage = await server.get(`${API}/${path}/?page=last`, emptyToken);
      expect(lastPage.text).toBe('{"count":0,"next":null,"previous":null,"results":[]}');
      const page2 = await server.get(`${API}/${path}/?page=2`, emptyToken);
      expect(page2.status).toBe(404);
      expect(page2.json).toEqual({ detail: 'Invalid page.' });
    }
  });

  it('applies to every list endpoint', async () => {
    for (const path of ['sites', 'customers', 'invoices']) {
      expect((await server.get(`${API}/${path}/?page=0`, token)).status).toBe(404);
      const one = await server.get(`${API}/${path}/?page_size=1&page=2`, token);
      expect(one.status).toBe(200);
      expect(one.json.results).toHaveLength(1);
      expect(one.json.previous).toBe(`${server.origin}${API}/${path}/?page_size=1`);
    }
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
