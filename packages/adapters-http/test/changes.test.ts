import { InMemoryRawWriter, aBooking, aSite, aTenant, aUser, anInvoice } from '@campsite/domain/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { API, type Server, type World, issueKey, seed, start } from './support/http-harness';

// docs/change-feed.md: GET /changes/ — envelope with `cursor`, records as their lists render them, deletions, scopes,
// paging by cursor, cursor errors and tenant isolation.

let server: Server;
let world: World;
let alpine: string;
let birch: string;

beforeAll(async () => {
  ({ server, world } = await start());
  [alpine, birch] = (await seed(world, [
    aTenant('alpine', {
      sites: [aSite({ id: 1 }), aSite({ id: 2, siteNumber: 'B7' })],
      users: [aUser({ id: 1 }), aUser({ id: 2, role: 'staff' })],
      bookings: [aBooking({ id: 1, siteId: 1, status: 'pending' }), aBooking({ id: 2, siteId: 2 })],
      invoices: [anInvoice({ id: 1, bookingId: 1 })],
    }),
    aTenant('birch', { sites: [aSite({ id: 1, siteNumber: 'Z99' })] }),
  ])) as [string, string];
});

const alpineId = () => world.store.tenants.find((t) => t.slug === 'alpine')!.id;

/** Follows `next` to the end; returns every result and the last cursor. */
async function walk(url: string, key: string): Promise<{ results: any[]; cursor: string; pages: number }> {
  const results: any[] = [];
  let next: string | null = url;
  let cursor = '';
  let pages = 0;
  while (next) {
    const reply = await server.get(next.replace(/^https?:\/\/[^/]+/, ''), key);
    expect(reply.status, reply.text).toBe(200);
    results.push(...reply.json.results);
    cursor = reply.json.cursor;
    next = reply.json.next;
    pages++;
  }
  return { results, cursor, pages };
}

describe('GET /changes/', () => {
  it('answers the envelope with a cursor, every record once, each rendered as its list renders it', async () => {
    const reply = await server.get(`${API}/changes/`, alpine);
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.json)).toEqual(['count', 'next', 'previous', 'cursor', 'results']);
    expect(reply.json).toMatchObject({ count: 7, next: null, previous: null });
    expect(reply.json.results.map((r: any) => `${r.type}:${r.id}`).sort()).toEqual([
      'booking:1',
      'booking:2',
      'customer:1',
      'invoice:1',
      'site:1',
      'site:2',
      'site_type:1',
    ]);
    const entry = reply.json.results.find((r: any) => r.type === 'booking' && r.id === 2);
    expect(Object.keys(entry)).toEqual(['type', 'id', 'deleted', 'changed_at', 'object']);
    expect(entry.object).toEqual((await server.get(`${API}/bookings/2/`, alpine)).json);
    expect(entry.changed_at).toBe(entry.object.updated_at);
    const site = reply.json.results.find((r: any) => r.type === 'site' && r.id === 2);
    expect(site.object).toEqual((await server.get(`${API}/sites/`, alpine)).json.results[1]);
  });

  it('pages by cursor: next carries after=cursor, count is what remains, and resuming sees only later changes', async () => {
    const first = await server.get(`${API}/changes/?page_size=4`, alpine);
    expect(first.json.count).toBe(7);
    expect(first.json.results).toHaveLength(4);
    expect(new URL(first.json.next).searchParams.get('after')).toBe(first.json.cursor);
    expect(new URL(first.json.next).searchParams.get('page_size')).toBe('4');
    const walked = await walk(`${API}/changes/?page_size=2`, alpine);
    expect(walked.pages).toBe(4);
    expect(walked.results).toHaveLength(7);

    const raw = new InMemoryRawWriter(world.store);
    await raw.setBookingStatus(alpineId(), 1, 'confirmed');
    await raw.deleteInvoice(alpineId(), 1);
    const resumed = await server.get(`${API}/changes/?after=${walked.cursor}`, alpine);
    expect(resumed.json.results.map((r: any) => [r.type, r.id, r.deleted])).toEqual([
      ['booking', 1, false],
      ['invoice', 1, true],
    ]);
    expect(resumed.json.results[0].object.status).toBe('confirmed');
    expect(resumed.json.results[1].object).toBeNull();
    // Nothing after the end: an empty page whose cursor stays where it was.
    const end = await server.get(`${API}/changes/?after=${resumed.json.cursor}`, alpine);
    expect(end.json).toMatchObject({ count: 0, next: null, results: [], cursor: resumed.json.cursor });
    expect((await server.get(`${API}/changes/?after=`, alpine)).json.count).toBe(7);
  });

  it('shows a key only the types it can read, and refuses a key with no read scope', async () => {
    const sitesOnly = await issueKey(world, 'alpine', ['sites:read']);
    const reply = await server.get(`${API}/changes/`, sitesOnly);
    expect(reply.json.results.map((r: any) => r.type)).toEqual(['site_type', 'site', 'site']);
    expect(reply.json.count).toBe(3);
    const noCustomers = await issueKey(world, 'alpine', ['bookings:read', 'sites:read', 'invoices:read']);
    expect((await walk(`${API}/changes/`, noCustomers)).results.some((r) => r.type === 'customer')).toBe(false);

    const writeOnly = await issueKey(world, 'alpine', ['bookings:write']);
    const refused = await server.get(`${API}/changes/`, writeOnly);
    expect(refused.status).toBe(403);
    expect(refused.text).toBe('{"detail":"You do not have permission to perform this action."}');
  });

  it('answers 400 invalid_cursor for a malformed cursor and for one of another tenant', async () => {
    for (const after of ['garbage', '0', 'ffff-1', `${'a'.repeat(32)}-x`]) {
      const reply = await server.get(`${API}/changes/?after=${after}`, alpine);
      expect(reply.status, after).toBe(400);
      expect(reply.text).toBe('{"detail":"invalid_cursor"}');
    }
    const fromBirch = (await server.get(`${API}/changes/`, birch)).json.cursor;
    const crossed = await server.get(`${API}/changes/?after=${fromBirch}`, alpine);
    expect(crossed.status).toBe(400);
    expect(crossed.text).toBe('{"detail":"invalid_cursor"}');
  });
});
