import { DeliverChanges } from '@campsite/domain';
import { InMemoryChangeFeed, InMemoryWebhookDeliveries, RecordingWebhookTransport, SeededRandom, aSeason } from '@campsite/domain/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { feedChangeRenderer } from '../src/index';
import { closeServers, issueKey } from './support/http-harness';
import { type SellingWorld, startSelling } from './support/selling-fixture';

// docs/channel-managers.md, "Site types and extras in the change feed": the feed and webhook messages carry them,
// each exactly as its list renders it, to the keys that can read them.

afterEach(closeServers);

type Entry = { type: string; id: number; deleted: boolean; changed_at: string; object: Record<string, unknown> | null };

async function feed(selling: SellingWorld, key = selling.token, after = ''): Promise<{ results: Entry[]; cursor: string }> {
  const reply = await selling.get(`/changes/?page_size=200&after=${after}`, key);
  expect(reply.status, reply.text).toBe(200);
  return reply.json;
}

const brief = (entries: Entry[]) => entries.map((e) => `${e.type}:${e.id}${e.deleted ? ':deleted' : ''}`);

/** What another writer (the admin console) does to the tariff, as the store's triggers record it. */
function consoleWrites(selling: SellingWorld) {
  const { store, clock } = selling.world;
  const tenantId = store.tenants.find((t) => t.slug === 'camp')!.id;
  return {
    addSeason(siteTypeId: number) {
      store.seasons.push({ ...aSeason({ siteTypeId, from: '2028-06-01', to: '2028-06-30' }), tenantId });
      store.siteTypeChanged(tenantId, siteTypeId);
    },
    repriceExtra(id: number, price: number) {
      const extra = store.extras.find((e) => e.tenantId === tenantId && e.id === id)!;
      extra.price = price;
      extra.updatedAt = clock.now();
      store.record(tenantId, 'extra', id, false, extra.updatedAt);
    },
    removeExtra(id: number) {
      store.extras = store.extras.filter((e) => !(e.tenantId === tenantId && e.id === id));
      store.record(tenantId, 'extra', id, true, clock.now());
    },
  };
}

describe('GET /changes/ with site types and extras', () => {
  it('carries each as its list renders it', async () => {
    const selling = await startSelling();
    const { results } = await feed(selling);
    expect(brief(results).filter((b) => /^(site_type|extra):/.test(b))).toEqual(['site_type:1', 'site_type:2', 'extra:1', 'extra:2']);
    const siteTypes = (await selling.get('/site-types/')).json.results;
    const extras = (await selling.get('/extras/')).json.results;
    for (const entry of results.filter((e) => e.type === 'site_type')) {
      expect(entry.object).toEqual(siteTypes.find((t: { id: number }) => t.id === entry.id));
      expect(entry.changed_at).toBe(entry.object!.updated_at);
    }
    for (const entry of results.filter((e) => e.type === 'extra')) {
      expect(entry.object).toEqual(extras.find((x: { id: number }) => x.id === entry.id));
    }
  });

  it('shows site types to sites:read and extras to rates:read, which alone is enough to read the feed', async () => {
    const selling = await startSelling();
    const sites = await issueKey(selling.world, 'camp', ['sites:read']);
    expect(brief((await feed(selling, sites)).results)).toEqual(['site_type:1', 'site_type:2', 'site:1', 'site:2', 'site:3', 'site:4']);
    const rates = await issueKey(selling.world, 'camp', ['rates:read']);
    expect(brief((await feed(selling, rates)).results)).toEqual(['extra:1', 'extra:2']);
  });

  it('moves a site type when its seasons change, and an extra when it changes or goes', async () => {
    const selling = await startSelling();
    const { cursor } = await feed(selling);
    const writes = consoleWrites(selling);
    selling.world.clock.advance(60_000);
    writes.addSeason(2);
    writes.repriceExtra(1, 500);
    writes.removeExtra(2);
    const { results } = await feed(selling, selling.token, cursor);
    expect(brief(results)).toEqual(['site_type:2', 'extra:1', 'extra:2:deleted']);
    expect(results[0]!.object).toEqual({ id: 2, name: 'Camper', active_sites: 1, max_occupants: 5, updated_at: '2026-06-01T12:01:30Z' });
    expect(results[0]!.object).toEqual((await selling.get('/site-types/')).json.results[1]);
    expect(results[1]!.object).toMatchObject({ code: 'dog', price: '5.00', updated_at: '2026-06-01T12:01:30Z' });
    expect(results[1]!.object).toEqual((await selling.get('/extras/')).json.results[0]);
    expect(results[2]).toMatchObject({ deleted: true, object: null, changed_at: '2026-06-01T12:01:30Z' });
  });
});

describe('webhooks with site types and extras', () => {
  const URL_OK = 'https://hooks.example.com/campsite';

  it('takes the types a key can read, and refuses extra to a key without rates:read', async () => {
    const selling = await startSelling();
    const manager = await issueKey(selling.world, 'camp', ['sites:read', 'rates:read', 'webhooks:manage']);
    const made = await selling.post('/webhook-endpoints/', { url: URL_OK }, manager);
    expect(made.status, made.text).toBe(201);
    expect(made.json.types).toEqual(['site', 'site_type', 'extra']);
    const noRates = await issueKey(selling.world, 'camp', ['sites:read', 'webhooks:manage']);
    const refused = await selling.post('/webhook-endpoints/', { url: URL_OK, types: ['site_type', 'extra'] }, noRates);
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({ types: ['Not readable with this key: extra.'] });
  });

  it('sends the feed’s entries: site types and extras exactly as GET /changes/ renders them', async () => {
    const selling = await startSelling();
    const { world } = selling;
    const manager = await issueKey(world, 'camp', ['sites:read', 'rates:read', 'webhooks:manage']);
    const made = await selling.post('/webhook-endpoints/', { url: URL_OK, types: ['site_type', 'extra'] }, manager);
    expect(made.status, made.text).toBe(201);
    const writes = consoleWrites(selling);
    world.clock.advance(60_000);
    writes.addSeason(1);
    writes.repriceExtra(2, 3000);
    writes.removeExtra(1);

    const transport = new RecordingWebhookTransport();
    const sender = new DeliverChanges(
      new InMemoryChangeFeed(world.store),
      new InMemoryWebhookDeliveries(world.store),
      transport,
      feedChangeRenderer,
      world.clock,
      new SeededRandom(3),
      { owner: 'test', leaseMs: 60_000 },
    );
    for (const state of await sender.claim()) await sender.deliver(state);
    expect(transport.sent).toHaveLength(1);
    const message = JSON.parse(transport.sent[0]!.message.body);
    expect(message.type).toBe('changes');
    expect(message.data.previous).toBe(made.json.position);
    const pulled = (await feed(selling, manager, made.json.position)).results;
    expect(message.data.results).toEqual(pulled);
    expect(brief(message.data.results)).toEqual(['site_type:1', 'extra:2', 'extra:1:deleted']);
    expect(message.data.results[1].object).toMatchObject({ code: 'cleaning', price: '30.00', compulsory_for: [2] });
  });
});
