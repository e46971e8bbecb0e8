import { InMemoryRawWriter, InMemoryWebhookDeliveries, aBooking, aSite, aTenant, aUser } from '@campsite/domain/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES, API, type Server, type World, issueKey, seed, start } from './support/http-harness';

// docs/webhooks.md: the /webhook-endpoints/ resource — scope, creation (secret once), list, detail, update, pause and
// resume, delete, rotate-secret, replay, types against the key's scopes, the per-tenant limit, cursors, tenants apart.

const HOOKS = `${API}/webhook-endpoints/`;
const URL_OK = 'https://hooks.example.com/campsite';
const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;

let server: Server;
let world: World;
let alpine: string;
let birch: string;

beforeAll(async () => {
  ({ server, world } = await start());
  [alpine, birch] = (await seed(
    world,
    [
      aTenant('alpine', { sites: [aSite({ id: 1 })], users: [aUser({ id: 1 })], bookings: [aBooking({ id: 1, siteId: 1 })] }),
      aTenant('birch', { sites: [aSite({ id: 1 })] }),
    ],
    [...ALL_SCOPES, 'webhooks:manage'],
  )) as [string, string];
});

const tenantId = (slug: string) => world.store.tenants.find((t) => t.slug === slug)!.id;
const feed = (key: string, after = '') => server.get(`${API}/changes/?page_size=200&after=${after}`, key);
const create = (key: string, body: unknown) => server.request('POST', HOOKS, { token: key, body });
const removeAll = async (key: string) => {
  for (const e of (await server.get(HOOKS, key)).json.results) await server.request('DELETE', `${HOOKS}${e.id}/`, { token: key });
};

describe('POST /webhook-endpoints/', () => {
  it("creates an endpoint: 201 with Location, the secret once, every readable type, and the feed's latest position", async () => {
    const head = (await feed(alpine)).json.cursor;
    const reply = await create(alpine, { url: URL_OK, description: 'accounting' });
    expect(reply.status, reply.text).toBe(201);
    const { secret, ...rest } = reply.json;
    expect(secret).toMatch(SECRET);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(rest).toEqual({
      id: rest.id,
      url: URL_OK,
      types: ['booking', 'site', 'customer', 'invoice', 'site_type', 'extra'],
      description: 'accounting',
      status: 'active',
      paused_reason: null,
      position: head,
      created_at: '2026-06-01T12:00:30Z',
    });
    expect(reply.headers.location).toBe(`${server.origin}${HOOKS}${rest.id}/`);
    const detail = await server.get(`${HOOKS}${rest.id}/`, alpine);
    expect(detail.status).toBe(200);
    expect(detail.json).toEqual(rest);
    expect(detail.text).not.toContain('whsec_');
    await removeAll(alpine);
  });

  it("starts after a given cursor, and the position follows the feed's writes as a cursor of the same feed", async () => {
    const start = (await feed(alpine)).json.cursor;
    await new InMemoryRawWriter(world.store).setBookingStatus(tenantId('alpine'), 1, 'cancelled');
    const created = await create(alpine, { url: URL_OK, after: start, types: ['booking'] });
    expect(created.json.position).toBe(start);
    const fresh = await create(alpine, { url: URL_OK });
    expect(fresh.json.position).toBe((await feed(alpine)).json.cursor);
    expect(fresh.json.position).not.toBe(start);
    expect(created.json.types).toEqual(['booking']);
    const fromStart = await create(alpine, { url: URL_OK, after: '' });
    expect(fromStart.json.position).toBe(`${start.split('-')[0]}-0`);
    await removeAll(alpine);
  });

  it('defaults the types to what the key can read, and refuses a type it cannot read', async () => {
    const key = await issueKey(world, 'alpine', ['bookings:read', 'webhooks:manage']);
    const made = await create(key, { url: URL_OK });
    expect(made.json.types).toEqual(['booking']);
    const refused = await create(key, { url: URL_OK, types: ['booking', 'customer'] });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({ types: ['Not readable with this key: customer.'] });
    await removeAll(alpine);
  });

  it.each([
    [{}, { url: ['This field is required.'] }],
    [{ url: URL_OK, types: 'booking' }, { types: ['Expected a list of items but got type "str".'] }],
    [{ url: URL_OK, types: ['room'] }, { types: ['"room" is not a valid choice.'] }],
    [{ url: URL_OK, types: [] }, { types: ['This selection may not be empty.'] }],
    [{ url: URL_OK, description: 'x'.repeat(201) }, { description: ['Ensure this field has no more than 200 characters.'] }],
    [{ url: null }, { url: ['This field may not be null.'] }],
    [[URL_OK], { non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] }],
  ])('refuses the body %j with 400 %j and stores nothing', async (body, errors) => {
    const reply = await create(alpine, body);
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual(errors);
    expect((await server.get(HOOKS, alpine)).json.count).toBe(0);
  });

  it.each([
    'http://hooks.example.com/',
    'https://user:pass@hooks.example.com/',
    'https://127.0.0.1/',
    'https://localhost:8443/',
    'https://10.1.2.3/',
    'https://172.16.0.1/',
    'https://192.168.1.1/',
    'https://169.254.169.254/latest/meta-data/',
    'https://100.64.0.1/',
    'https://[::1]/',
    'https://[fd00::1]/',
    'https://[::ffff:10.0.0.1]/',
    `https://hooks.example.com/${'a'.repeat(2049 - 'https://hooks.example.com/'.length)}`,
    'not a url',
  ])('refuses the URL %s with 400 {"url":["Enter a public https URL."]}', async (url) => {
    const reply = await create(alpine, { url });
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({ url: ['Enter a public https URL.'] });
  });

  it('accepts a URL of exactly 2,048 characters', async () => {
    const url = `https://hooks.example.com/${'a'.repeat(2048 - 'https://hooks.example.com/'.length)}`;
    expect((await create(alpine, { url })).status).toBe(201);
    await removeAll(alpine);
  });

  it("refuses a malformed cursor, or another tenant's, with 400 invalid_cursor", async () => {
    const birchCursor = (await feed(birch)).json.cursor;
    for (const after of ['nonsense', birchCursor]) {
      const reply = await create(alpine, { url: URL_OK, after });
      expect(reply.status).toBe(400);
      expect(reply.json).toEqual({ detail: 'invalid_cursor' });
    }
    expect((await server.get(HOOKS, alpine)).json.count).toBe(0);
  });

  it('allows ten endpoints per tenant, then 400 webhook_endpoint_limit; another tenant is not counted', async () => {
    for (let i = 0; i < 10; i++) expect((await create(alpine, { url: `${URL_OK}/${i}` })).status).toBe(201);
    const eleventh = await create(alpine, { url: URL_OK });
    expect(eleventh.status).toBe(400);
    expect(eleventh.json).toEqual({ detail: 'webhook_endpoint_limit' });
    expect((await create(birch, { url: URL_OK })).status).toBe(201);
    await removeAll(alpine);
    await removeAll(birch);
  });
});

describe('the endpoints of a tenant', () => {
  it('lists them in the envelope by id, without secrets; another tenant sees none of them', async () => {
    const a = (await create(alpine, { url: `${URL_OK}/a` })).json;
    const b = (await create(alpine, { url: `${URL_OK}/b`, types: ['site'] })).json;
    const list = await server.get(HOOKS, alpine);
    expect(list.status).toBe(200);
    expect(list.json.count).toBe(2);
    expect(list.json.next).toBeNull();
    expect(list.json.previous).toBeNull();
    expect(list.json.results.map((e: { id: number; types: string[] }) => [e.id, e.types])).toEqual([
      [a.id, a.types],
      [b.id, ['site']],
    ]);
    expect(list.text).not.toContain('whsec_');
    expect((await server.get(HOOKS, birch)).json).toEqual({ count: 0, next: null, previous: null, results: [] });
    for (const [method, path] of [
      ['GET', `${HOOKS}${a.id}/`],
      ['PATCH', `${HOOKS}${a.id}/`],
      ['DELETE', `${HOOKS}${a.id}/`],
      ['POST', `${HOOKS}${a.id}/rotate-secret/`],
      ['POST', `${HOOKS}${a.id}/replay/`],
    ] as const) {
      for (const body of [{ after: '' }, { types: 'bad', expire_previous: 'bad' }]) {
        const reply = await server.request(method, path, { token: birch, body });
        expect(reply.status, `${method} ${path}`).toBe(404);
        expect(reply.json).toEqual({ detail: 'not_found' });
      }
    }
    expect((await server.get(`${HOOKS}${a.id}/`, alpine)).status).toBe(200);
    for (const id of ['999', 'abc']) expect((await server.get(`${HOOKS}${id}/`, alpine)).json).toEqual({ detail: 'not_found' });
    await removeAll(alpine);
  });

  it('updates url, types and description; pauses with paused_reason "manual" and resumes at the kept position', async () => {
    const made = (await create(alpine, { url: URL_OK })).json;
    const path = `${HOOKS}${made.id}/`;
    const patched = await server.request('PATCH', path, {
      token: alpine,
      body: { url: `${URL_OK}/v2`, types: ['invoice', 'booking'], description: 'new' },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json).toMatchObject({ url: `${URL_OK}/v2`, types: ['booking', 'invoice'], description: 'new', position: made.position });
    const paused = await server.request('PATCH', path, { token: alpine, body: { status: 'paused' } });
    expect(paused.json).toMatchObject({ status: 'paused', paused_reason: 'manual', url: `${URL_OK}/v2` });
    await new InMemoryRawWriter(world.store).setBookingStatus(tenantId('alpine'), 1, 'confirmed');
    const resumed = await server.request('PATCH', path, { token: alpine, body: { status: 'active' } });
    expect(resumed.json).toMatchObject({ status: 'active', paused_reason: null, position: made.position });
    expect((await server.get(path, alpine)).json).toEqual(resumed.json);
    await removeAll(alpine);
  });

  it('refuses a bad update with 400 and changes nothing', async () => {
    const made = (await create(alpine, { url: URL_OK })).json;
    const path = `${HOOKS}${made.id}/`;
    for (const [body, errors] of [
      [{ status: 'deleted' }, { status: ['"deleted" is not a valid choice.'] }],
      [{ url: 'https://10.0.0.1/', description: 'x' }, { url: ['Enter a public https URL.'] }],
      [{ types: ['booking'], url: 'http://x.example.com/' }, { url: ['Enter a public https URL.'] }],
    ] as const) {
      const reply = await server.request('PATCH', path, { token: alpine, body });
      expect(reply.status).toBe(400);
      expect(reply.json).toEqual(errors);
    }
    const key = await issueKey(world, 'alpine', ['sites:read', 'webhooks:manage']);
    const unreadable = await server.request('PATCH', path, { token: key, body: { types: ['site', 'invoice'] } });
    expect(unreadable.json).toEqual({ types: ['Not readable with this key: invoice.'] });
    expect((await server.get(path, alpine)).json).toEqual((({ secret: _s, ...rest }) => rest)(made));
    await removeAll(alpine);
  });

  it('deletes with 204 and no body; the id is gone and never handed out again', async () => {
    const made = (await create(alpine, { url: URL_OK })).json;
    const deleted = await server.request('DELETE', `${HOOKS}${made.id}/`, { token: alpine });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await server.request('DELETE', `${HOOKS}${made.id}/`, { token: alpine })).status).toBe(404);
    expect((await server.get(`${HOOKS}${made.id}/`, alpine)).status).toBe(404);
    const next = (await create(alpine, { url: URL_OK })).json;
    expect(next.id).toBeGreaterThan(made.id);
    await removeAll(alpine);
  });

  it('rotates the secret: the earlier one signs for 24 hours more, or stops at once with expire_previous', async () => {
    const made = (await create(alpine, { url: URL_OK })).json;
    const path = `${HOOKS}${made.id}/rotate-secret/`;
    const rotated = await server.request('POST', path, { token: alpine });
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.json).toEqual({ secret: expect.stringMatching(SECRET), previous_expires_at: '2026-06-02T12:00:30Z' });
    expect(rotated.json.secret).not.toBe(made.secret);
    const stored = () => world.store.webhookEndpoints.find((e) => e.tenantId === tenantId('alpine') && e.id === made.id)!.secrets;
    expect(stored()).toEqual([
      { secret: rotated.json.secret, expiresAt: null },
      { secret: made.secret, expiresAt: new Date('2026-06-02T12:00:30Z') },
    ]);
    const cut = await server.request('POST', path, { token: alpine, body: { expire_previous: true } });
    expect(cut.json.previous_expires_at).toBe('2026-06-01T12:00:30Z');
    expect(stored()).toEqual([{ secret: cut.json.secret, expiresAt: null }]);
    const bad = await server.request('POST', path, { token: alpine, body: { expire_previous: 'soon' } });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ expire_previous: ['Must be a valid boolean.'] });
    expect(stored()).toEqual([{ secret: cut.json.secret, expiresAt: null }]);
    await removeAll(alpine);
  });

  it('replays from a cursor: the position is set there; a bad cursor is 400 invalid_cursor and moves nothing', async () => {
    const made = (await create(alpine, { url: URL_OK })).json;
    const path = `${HOOKS}${made.id}/replay/`;
    const first = (await feed(alpine)).json.results.length;
    expect(first).toBeGreaterThan(1);
    const old = (await server.get(`${API}/changes/?page_size=1`, alpine)).json.cursor;
    const replayed = await server.request('POST', path, { token: alpine, body: { after: old } });
    expect(replayed.status, replayed.text).toBe(200);
    expect(replayed.json).toMatchObject({ id: made.id, position: old });
    expect((await server.get(`${HOOKS}${made.id}/`, alpine)).json.position).toBe(old);
    for (const body of [{ after: 'x-1' }, { after: (await feed(birch)).json.cursor }]) {
      const bad = await server.request('POST', path, { token: alpine, body });
      expect(bad.json).toEqual({ detail: 'invalid_cursor' });
    }
    expect((await server.request('POST', path, { token: alpine, body: {} })).json).toEqual({ after: ['This field is required.'] });
    expect((await server.get(`${HOOKS}${made.id}/`, alpine)).json.position).toBe(old);
    await removeAll(alpine);
  });
});

describe('POST /webhook-endpoints/{id}/ping/', () => {
  it('answers 202 and sends a ping message, outside the chain, signed with every secret still valid', async () => {
    const made = (await create(alpine, { url: URL_OK })).json;
    const rotated = (await server.request('POST', `${HOOKS}${made.id}/rotate-secret/`, { token: alpine })).json;
    world.webhooks.sent.length = 0;
    const reply = await server.request('POST', `${HOOKS}${made.id}/ping/`, { token: alpine });
    expect(reply.status).toBe(202);
    expect(reply.text).toBe('');
    expect(world.webhooks.sent).toHaveLength(1);
    const [sent] = world.webhooks.sent;
    expect(sent!.url).toBe(URL_OK);
    expect(sent!.secrets).toEqual([rotated.secret, made.secret]);
    expect(sent!.message.id).toMatch(/^msg_[A-Za-z0-9]{24}$/);
    expect(JSON.parse(sent!.message.body)).toEqual({ type: 'ping', timestamp: '2026-06-01T12:00:30Z', data: { endpoint_id: made.id } });
    expect((await server.get(`${HOOKS}${made.id}/`, alpine)).json.position).toBe(made.position);
    expect(world.logs.some((line) => line.msg === 'webhook ping sent')).toBe(true);
    expect((await server.request('POST', `${HOOKS}${made.id}/ping/`, { token: birch })).status).toBe(404);
    expect(world.webhooks.sent).toHaveLength(1);
    await removeAll(alpine);
  });
});

describe('scope and methods', () => {
  it('refuses every webhook path with 403 to a key without webhooks:manage', async () => {
    const reader = await issueKey(world, 'alpine', ALL_SCOPES);
    for (const [method, path] of [
      ['GET', HOOKS],
      ['POST', HOOKS],
      ['GET', `${HOOKS}1/`],
      ['PATCH', `${HOOKS}1/`],
      ['DELETE', `${HOOKS}1/`],
      ['POST', `${HOOKS}1/rotate-secret/`],
      ['POST', `${HOOKS}1/replay/`],
      ['POST', `${HOOKS}1/ping/`],
      ['GET', `${HOOKS}1/deliveries/`],
    ] as const) {
      const reply = await server.request(method, path, { token: reader, body: { url: URL_OK } });
      expect(reply.status, `${method} ${path}`).toBe(403);
    }
    expect((await server.get(HOOKS, alpine)).json.count).toBe(0);
  });

  it('answers 405 with Allow for a wrong method, and 404 for an unknown sub-path', async () => {
    const put = await server.request('PUT', HOOKS, { token: alpine });
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe('GET, POST, HEAD');
    const detail = await server.request('POST', `${HOOKS}1/`, { token: alpine });
    expect(detail.headers.allow).toBe('GET, PATCH, DELETE, HEAD');
    expect((await server.get(`${HOOKS}1/rotate-secret/`, alpine)).headers.allow).toBe('POST');
    expect((await server.get(`${HOOKS}1/nothing/`, alpine)).status).toBe(404);
    expect((await server.get(`${HOOKS}1/replay/more/`, alpine)).status).toBe(404);
  });

  it("lists the delivery attempts newest first, paged like every list; another tenant's endpoint is 404", async () => {
    const { id } = (await create(alpine, { url: URL_OK })).json;
    const log = new InMemoryWebhookDeliveries(world.store);
    for (const attempt of [1, 2, 3]) {
      await log.record(tenantId('alpine'), id, {
        messageId: 'msg_one',
        attempt,
        statusCode: attempt === 3 ? 200 : null,
        error: attempt === 3 ? null : 'timeout',
        durationMs: 10_000,
        at: new Date(Date.UTC(2026, 5, 1, 12, 0, attempt)),
      });
    }
    const first = await server.get(`${HOOKS}${id}/deliveries/?page_size=2`, alpine);
    expect(first.status, first.text).toBe(200);
    expect(first.json).toEqual({
      count: 3,
      next: `${server.origin}${HOOKS}${id}/deliveries/?page=2&page_size=2`,
      previous: null,
      results: [
        { message_id: 'msg_one', attempt: 3, status_code: 200, error: null, duration_ms: 10_000, at: '2026-06-01T12:00:03Z' },
        { message_id: 'msg_one', attempt: 2, status_code: null, error: 'timeout', duration_ms: 10_000, at: '2026-06-01T12:00:02Z' },
      ],
    });
    expect((await server.get(first.json.next, alpine)).json.results.map((r: { attempt: number }) => r.attempt)).toEqual([1]);
    expect((await server.get(`${HOOKS}${id}/deliveries/?page=3&page_size=2`, alpine)).json).toEqual({ detail: 'Invalid page.' });
    expect((await server.get(`${HOOKS}${id}/deliveries/`, birch)).json).toEqual({ detail: 'not_found' });
    expect((await server.get(`${HOOKS}999/deliveries/`, alpine)).status).toBe(404);
    await removeAll(alpine);
  });
});
