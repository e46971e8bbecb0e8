import { InMemoryWebhookDeliveries } from '@campsite/domain/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES, issueKey } from './support/http-harness';
import { HOOKS, URL_OK, type WebhookServer, startWebhookServer } from './support/webhook-endpoints-server';

// docs/webhooks.md: the ping, the delivery log, the webhooks:manage scope, and the methods and paths of the resource.

let server: WebhookServer['server'];
let world: WebhookServer['world'];
let alpine: WebhookServer['alpine'];
let birch: WebhookServer['birch'];
let tenantId: WebhookServer['tenantId'];
let create: WebhookServer['create'];
let removeAll: WebhookServer['removeAll'];

beforeAll(async () => {
  ({ server, world, alpine, birch, tenantId, create, removeAll } = await startWebhookServer());
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

  it("adds the ping's attempt to the deliveries log, under its webhook-id, whether the receiver took it or not", async () => {
    const { id } = (await create(alpine, { url: URL_OK })).json;
    world.webhooks.sent.length = 0;
    const log = async () => (await server.get(`${HOOKS}${id}/deliveries/`, alpine)).json;
    expect((await server.request('POST', `${HOOKS}${id}/ping/`, { token: alpine })).status).toBe(202);
    world.webhooks.answer = { statusCode: null, error: 'timeout', durationMs: 10_000, retryAfterSeconds: null };
    try {
      expect((await server.request('POST', `${HOOKS}${id}/ping/`, { token: alpine })).status).toBe(202);
    } finally {
      world.webhooks.answer = { statusCode: 204, error: null, durationMs: 1, retryAfterSeconds: null };
    }
    const [taken, missed] = world.webhooks.sent.map((sent) => sent.message.id);
    // The 202 does not wait for the attempt, nor for its line in the log.
    await expect.poll(async () => (await log()).count).toBe(2);
    expect((await log()).results).toEqual([
      { message_id: missed, attempt: 1, status_code: null, error: 'timeout', duration_ms: 10_000, at: '2026-06-01T12:00:30Z' },
      { message_id: taken, attempt: 1, status_code: 204, error: null, duration_ms: 1, at: '2026-06-01T12:00:30Z' },
    ]);
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
