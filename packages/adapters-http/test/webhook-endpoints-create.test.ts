import { InMemoryRawWriter } from '@campsite/domain/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueKey } from './support/http-harness';
import { HOOKS, SECRET, URL_OK, type WebhookServer, startWebhookServer } from './support/webhook-endpoints-server';

// docs/webhooks.md, "Setting up" and "Which URLs are accepted": POST /webhook-endpoints/ — the secret once, types
// against the key's scopes, the starting position, the URL rules and the per-tenant limit.

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
