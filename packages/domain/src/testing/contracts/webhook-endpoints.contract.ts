import { describe, expect, it } from 'vitest';
import { CHANGE_TYPES } from '../../changes/change-feed';
import type { NewWebhookEndpoint } from '../../webhooks/webhook-endpoint';
import { aBooking, aSite, aTenant } from '../mothers';
import { type AdapterSet, type AdapterSetup, seedTenant, uniqueSlug, useAdapterSet, useRawWriter } from './adapter-set';

function anEndpoint(overrides: Partial<NewWebhookEndpoint> = {}): NewWebhookEndpoint {
  return {
    url: 'https://hooks.example.com/campsite',
    types: ['booking', 'invoice'],
    description: 'accounting',
    status: 'active',
    pausedReason: null,
    position: 3,
    createdAt: new Date('2026-06-01T12:00:00.123Z'),
    secrets: [
      { secret: 'whsec_bmV3', expiresAt: null },
      { secret: 'whsec_b2xk', expiresAt: new Date('2026-06-02T12:00:00Z') },
    ],
    ...overrides,
  };
}

/**
 * The contract of `WebhookEndpointRepository` (docs/webhooks.md): endpoints and their delivery state round-trip
 * exactly, ids are per tenant and never reused, the limit holds under concurrent creation, tenants stay apart, and the
 * feed head agrees with the change feed whoever wrote.
 */
export function describeWebhookEndpointsContract(name: string, setup: AdapterSetup): void {
  describe(`WebhookEndpointRepository contract: ${name}`, () => {
    const adapters = useAdapterSet(setup);
    const rawWriter = useRawWriter(adapters);

    const aWorld = (set: AdapterSet) =>
      seedTenant(set, aTenant(uniqueSlug('hooks'), { sites: [aSite({ id: 1 })], bookings: [aBooking({ id: 1, siteId: 1 })] }));

    it("gives the feed head: the token and last position of the change feed, moved by another program's write", async () => {
      const set = adapters();
      const tenantId = await aWorld(set);
      const feed = await set.changes.read(tenantId, 0, CHANGE_TYPES, 100);
      const head = await set.webhooks.feedHead(tenantId);
      expect(head).toEqual({ token: feed.token, position: feed.changes.at(-1)!.position });

      await rawWriter().setBookingStatus(tenantId, 1, 'cancelled');
      const moved = await set.webhooks.feedHead(tenantId);
      const after = await set.changes.read(tenantId, head.position, CHANGE_TYPES, 100);
      expect(after.changes.map((c) => `${c.type}:${c.id}`)).toEqual(['booking:1']);
      expect(moved).toEqual({ token: head.token, position: after.changes[0]!.position });
    });

    it('stores an endpoint and reads it back exactly, by id and in the list', async () => {
      const set = adapters();
      const tenantId = await aWorld(set);
      const created = await set.webhooks.create(tenantId, anEndpoint(), 10);
      expect(created).toEqual({ ...anEndpoint(), tenantId, id: 1 });
      expect(await set.webhooks.find(tenantId, 1)).toEqual(created);
      const other = await (await set.reopen()).webhooks.find(tenantId, 1);
      expect(other).toEqual(created);
      await set.webhooks.create(tenantId, anEndpoint({ url: 'https://two.example.com/', types: ['site'], description: '' }), 10);
      expect((await set.webhooks.list(tenantId)).map((e) => [e.id, e.url, e.types])).toEqual([
        [1, 'https://hooks.example.com/campsite', ['booking', 'invoice']],
        [2, 'https://two.example.com/', ['site']],
      ]);
    });

    it('updates only the given fields and returns the stored endpoint', async () => {
      const set = adapters();
      const tenantId = await aWorld(set);
      const created = (await set.webhooks.create(tenantId, anEndpoint(), 10))!;
      const secrets = [{ secret: 'whsec_dGhpcmQ=', expiresAt: null }];
      const updated = await set.webhooks.update(tenantId, created.id, { status: 'paused', pausedReason: 'gone', position: 42, secrets });
      expect(updated).toEqual({ ...created, status: 'paused', pausedReason: 'gone', position: 42, secrets });
      expect(await set.webhooks.find(tenantId, created.id)).toEqual(updated);
      const renamed = await set.webhooks.update(tenantId, created.id, {
        url: 'https://new.example.com/',
        types: ['customer'],
        description: 'x',
        pausedReason: null,
        status: 'active',
      });
      expect(renamed).toEqual({
        ...updated,
        url: 'https://new.example.com/',
        types: ['customer'],
        description: 'x',
        pausedReason: null,
        status: 'active',
      });
      expect(await set.webhooks.update(tenantId, 99, { description: 'y' })).toBeNull();
    });

    it('deletes an endpoint once, and never hands its id out again', async () => {
      const set = adapters();
      const tenantId = await aWorld(set);
      await set.webhooks.create(tenantId, anEndpoint(), 10);
      const second = (await set.webhooks.create(tenantId, anEndpoint(), 10))!;
      expect(await set.webhooks.delete(tenantId, second.id)).toBe(true);
      expect(await set.webhooks.delete(tenantId, second.id)).toBe(false);
      expect(await set.webhooks.find(tenantId, second.id)).toBeNull();
      expect((await set.webhooks.create(tenantId, anEndpoint(), 10))!.id).toBe(3);
    });

    it("keeps tenants apart: ids start at 1 in each, and another tenant's endpoint is never seen or changed", async () => {
      const set = adapters();
      const alpine = await aWorld(set);
      const birch = await aWorld(set);
      await set.webhooks.create(alpine, anEndpoint(), 10);
      expect((await set.webhooks.create(birch, anEndpoint({ url: 'https://birch.example.com/' }), 10))!.id).toBe(1);
      expect((await set.webhooks.find(alpine, 1))!.url).toBe('https://hooks.example.com/campsite');
      expect(await set.webhooks.list(birch)).toHaveLength(1);
      await set.webhooks.delete(birch, 1);
      expect(await set.webhooks.find(alpine, 1)).not.toBeNull();
      expect(await set.webhooks.update(birch, 1, { description: 'z' })).toBeNull();
    });

    it('never passes the limit, not even with creations racing (on a pool, over several connections)', async () => {
      const set = adapters();
      const tenantId = await aWorld(set);
      const results = await Promise.all(Array.from({ length: 8 }, () => set.webhooks.create(tenantId, anEndpoint(), 5)));
      expect(
        results
          .filter((r) => r !== null)
          .map((r) => r!.id)
          .sort((a, b) => a - b),
      ).toEqual([1, 2, 3, 4, 5]);
      expect(await set.webhooks.list(tenantId)).toHaveLength(5);
      expect(await set.webhooks.create(tenantId, anEndpoint(), 5)).toBeNull();
    });
  });
}
