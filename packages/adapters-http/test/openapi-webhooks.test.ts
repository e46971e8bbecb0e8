import { aBooking, aSite, aTenant } from '@campsite/domain/testing';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterEach, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../src/index';
import { ALL_SCOPES, API, closeServers, seed, start, startWith } from './support/http-harness';

// docs/webhooks.md, "Messages": the document's top-level `webhooks` describes what the service posts to an endpoint.
// The Redocly lint of the whole document (openapi.test.ts) covers this section too; here: its content, and that what
// the service really sends fits it.

afterEach(closeServers);

type Json = Record<string, any>;
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const document = buildOpenApiDocument() as Json;
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
ajv.addSchema(document, 'openapi.json');

/** The validator of a message's body, reached the way a reader of the document does: through `webhooks`. */
const bodyOf = (name: string) => {
  const validate = ajv.getSchema(`openapi.json#/webhooks/${name}/post/requestBody/content/application~1json/schema`);
  if (!validate) throw new Error(`no body schema for the ${name} webhook`);
  return (body: unknown) => (validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));
};

describe('the webhooks section of the OpenAPI document', () => {
  it('describes the changes and ping messages, each with the three Standard Webhooks headers and no API key', () => {
    const webhooks = document.webhooks as Json;
    expect(Object.keys(webhooks).sort()).toEqual(['changes', 'ping']);
    for (const [name, component] of [
      ['changes', 'ChangesWebhookMessage'],
      ['ping', 'PingWebhookMessage'],
    ] as const) {
      const post = webhooks[name].post;
      expect(post.parameters.map((p: Json) => [p.in, p.name, p.required])).toEqual([
        ['header', 'webhook-id', true],
        ['header', 'webhook-timestamp', true],
        ['header', 'webhook-signature', true],
      ]);
      expect(post.requestBody.content['application/json'].schema).toEqual({ $ref: `#/components/schemas/${component}` });
      expect(post.security).toEqual([]);
      expect(Object.keys(post.responses)).toContain('2XX');
      expect(document.components.schemas[component]).toBeDefined();
    }
  });

  it('takes the signature header with one signature and with two (during a rotation), nothing else', () => {
    const pattern = new RegExp(document.webhooks.changes.post.parameters[2].schema.pattern);
    const sig = `v1,${Buffer.alloc(32, 7).toString('base64')}`;
    expect(pattern.test(sig)).toBe(true);
    expect(pattern.test(`${sig} ${sig}`)).toBe(true);
    expect(pattern.test(`v2,${sig.slice(3)}`)).toBe(false);
    expect(pattern.test('')).toBe(false);
  });

  it('fits the ping the service sends', async () => {
    const { server, world } = await start();
    const [key] = (await seed(world, [aTenant('alpine', { sites: [aSite({ id: 1 })] })], [...ALL_SCOPES, 'webhooks:manage'])) as [string];
    const made = await server.request('POST', `${API}/webhook-endpoints/`, { token: key, body: { url: 'https://hooks.example.com/in' } });
    expect(made.status, made.text).toBe(201);
    expect((await server.request('POST', `${API}/webhook-endpoints/${made.json.id}/ping/`, { token: key })).status).toBe(202);
    const [sent] = world.webhooks.sent;
    expect(ajv.compile(document.webhooks.ping.post.parameters[0].schema)(sent!.message.id)).toBe(true);
    expect(bodyOf('ping')(JSON.parse(sent!.message.body))).toEqual([]);
    expect(bodyOf('changes')(JSON.parse(sent!.message.body))).not.toEqual([]);
  });

  it("fits a changes message built from the feed's own entries, and refuses one without its chain or with too many", async () => {
    const { server, token } = await startWith(aTenant('alpine', { sites: [aSite({ id: 1 })], bookings: [aBooking({ id: 1, siteId: 1 })] }));
    const page = (await server.get(`${API}/changes/`, token)).json;
    expect(page.results.length).toBeGreaterThan(0);
    const message = {
      type: 'changes',
      timestamp: '2026-06-01T12:00:31Z',
      data: { endpoint_id: 1, previous: '', cursor: page.cursor, results: page.results },
    };
    const changes = bodyOf('changes');
    expect(changes(message)).toEqual([]);
    expect(changes({ ...message, data: { ...message.data, previous: undefined } })).not.toEqual([]);
    const many = Array.from({ length: 51 }, () => page.results[0]);
    expect(changes({ ...message, data: { ...message.data, results: many } })).not.toEqual([]);
    expect(changes({ ...message, type: 'ping' })).not.toEqual([]);
  });
});
