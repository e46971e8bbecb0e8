import { InMemoryRawWriter } from '@campsite/domain/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { API, issueKey } from './support/http-harness';
import { HOOKS, SECRET, URL_OK, type WebhookServer, startWebhookServer } from './support/webhook-endpoints-server';

// docs/webhooks.md, "Managing endpoints": list, update, pause and resume, delete, rotate-secret and replay, with
// tenants kept apart.

let server: WebhookServer['server'];
let world: WebhookServer['world'];
let alpine: WebhookServer['alpine'];
let birch: WebhookServer['birch'];
let tenantId: WebhookServer['tenantId'];
let feed: WebhookServer['feed'];
let create: WebhookServer['create'];
let removeAll: WebhookServer['removeAll'];

beforeAll(async () => {
  ({ server, world, alpine, birch, tenantId, feed, create, removeAll } = await startWebhookServer());
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
