import { describe, expect, it } from 'vitest';
import { CHANGE_TYPES } from '../../changes/change-feed';
import type { DeliveryRecord } from '../../webhooks/webhook-delivery';
import type { NewWebhookEndpoint } from '../../webhooks/webhook-endpoint';
import { aBooking, aSite, aTenant } from '../mothers';
import { type AdapterSet, type AdapterSetup, seedTenant, uniqueSlug, useAdapterSet, useRawWriter } from './adapter-set';

const NOW = new Date('2026-06-01T12:00:00Z');
const at = (ms: number) => new Date(NOW.getTime() + ms);

function anEndpoint(overrides: Partial<NewWebhookEndpoint> = {}): NewWebhookEndpoint {
  return {
    url: 'https://hooks.example.com/campsite',
    types: ['booking'],
    description: '',
    status: 'active',
    pausedReason: null,
    position: 0,
    createdAt: NOW,
    secrets: [{ secret: 'whsec_bmV3', expiresAt: null }],
    ...overrides,
  };
}

function aRecord(n: number): DeliveryRecord {
  return {
    messageId: `msg_${n}`,
    attempt: n,
    statusCode: n % 2 ? 500 : null,
    error: n % 2 ? 'http_status' : 'timeout',
    durationMs: n,
    at: at(n),
  };
}

/**
 * The contract of `WebhookDeliveryStore` (docs/webhooks.md, "Delivery"): which endpoints are due, one lease per
 * endpoint across connections, the message in flight kept until acknowledged, failures and pauses, and the log.
 */
export function describeWebhookDeliveryContract(name: string, setup: AdapterSetup): void {
  describe(`WebhookDeliveryStore contract: ${name}`, () => {
    const adapters = useAdapterSet(setup);
    const rawWriter = useRawWriter(adapters);

    /** A tenant with two bookings and a site, and an endpoint at `position` (0: before all of them). */
    async function aWorld(set: AdapterSet, endpoint: Partial<NewWebhookEndpoint> = {}) {
      const tenantId = await seedTenant(
        set,
        aTenant(uniqueSlug('deliver'), {
          sites: [aSite({ id: 1 })],
          bookings: [aBooking({ id: 1, siteId: 1 }), aBooking({ id: 2, siteId: 1, checkInDate: '2026-08-01', checkOutDate: '2026-08-03' })],
        }),
      );
      const created = (await set.webhooks.create(tenantId, anEndpoint(endpoint), 10))!;
      const head = (await set.webhooks.feedHead(tenantId)).position;
      /** This world's endpoint among a claim's (other tests' endpoints may be due too). */
      const mine = <T extends { endpoint: { tenantId: number } }>(claimed: T[]) => claimed.filter((c) => c.endpoint.tenantId === tenantId);
      return { tenantId, id: created.id, head, mine };
    }

    /** The message `msg_1` of `w`'s endpoint, held by sender `a` and failed `attempts` times; due again 5 s after NOW. */
    async function failedMessage(set: AdapterSet, w: Awaited<ReturnType<typeof aWorld>>, attempts: number) {
      const message = { id: 'msg_1', body: '{}', previous: 0, cursor: w.head };
      await set.deliveries.claimDue('a', NOW, at(60_000), 1000);
      await set.deliveries.hold(w.tenantId, w.id, 'a', message);
      await set.deliveries.fail(w.tenantId, w.id, 'a', 'msg_1', { attempts, failingSince: NOW, nextAttemptAt: at(5_000), pause: null });
      return message;
    }

    it('claims an active endpoint with changes after its position, with the head, and leases it until it expires', async () => {
      const set = adapters();
      const w = await aWorld(set);
      const [claimed, ...rest] = w.mine(await set.deliveries.claimDue('a', NOW, at(60_000), 1000));
      expect(rest).toEqual([]);
      expect(claimed).toEqual({
        endpoint: await set.webhooks.find(w.tenantId, w.id),
        head: w.head,
        message: null,
        attempts: 0,
        failingSince: null,
      });
      const other = await set.reopen();
      try {
        expect(w.mine(await other.deliveries.claimDue('b', at(59_999), at(120_000), 1000))).toEqual([]);
        expect(w.mine(await other.deliveries.claimDue('b', at(60_000), at(120_000), 1000))).toHaveLength(1);
      } finally {
        await other.close();
      }
    });

    it('claims no endpoint that is paused or has nothing after its position', async () => {
      const set = adapters();
      const paused = await aWorld(set, { status: 'paused', pausedReason: 'manual' });
      expect(paused.mine(await set.deliveries.claimDue('a', NOW, at(1), 1000))).toEqual([]);
      const tenantId = await seedTenant(set, aTenant(uniqueSlug('deliver'), { sites: [aSite({ id: 1 })] }));
      const head = (await set.webhooks.feedHead(tenantId)).position;
      await set.webhooks.create(tenantId, anEndpoint({ position: head }), 10);
      expect((await set.deliveries.claimDue('a', NOW, at(1), 1000)).filter((c) => c.endpoint.tenantId === tenantId)).toEqual([]);
    });

    it('hands each due endpoint to exactly one of two senders claiming at once', async () => {
      const set = adapters();
      const worlds = await Promise.all([aWorld(set), aWorld(set), aWorld(set)]);
      const other = await set.reopen();
      try {
        const [a, b] = await Promise.all([
          set.deliveries.claimDue('a', NOW, at(60_000), 1000),
          other.deliveries.claimDue('b', NOW, at(60_000), 1000),
        ]);
        const ours = (claimed: typeof a) => claimed.filter((c) => worlds.some((w) => w.tenantId === c.endpoint.tenantId));
        const tenants = [...ours(a), ...ours(b)].map((c) => c.endpoint.tenantId).sort();
        expect(tenants).toEqual(worlds.map((w) => w.tenantId).sort());
      } finally {
        await other.close();
      }
    });

    it('keeps the held message for the next claim, and moves the position to its cursor on acknowledgement', async () => {
      const set = adapters();
      const w = await aWorld(set);
      await set.deliveries.claimDue('a', NOW, at(60_000), 1000);
      const message = { id: 'msg_1', body: '{"a":1}', previous: 0, cursor: w.head };
      expect(await set.deliveries.hold(w.tenantId, w.id, 'b', message)).toBe(false);
      expect(await set.deliveries.hold(w.tenantId, w.id, 'a', { ...message, previous: 1 })).toBe(false);
      expect(await set.deliveries.hold(w.tenantId, w.id, 'a', message)).toBe(true);
      await set.deliveries.release(w.tenantId, w.id, 'a', null);
      const [again] = w.mine(await set.deliveries.claimDue('a', NOW, at(60_000), 1000));
      expect(again?.message).toEqual(message);
      await set.deliveries.acknowledge(w.tenantId, w.id, 'a', 'msg_other');
      expect((await set.webhooks.find(w.tenantId, w.id))?.position).toBe(0);
      await set.deliveries.claimDue('a', NOW, at(60_000), 1000);
      await set.deliveries.acknowledge(w.tenantId, w.id, 'a', 'msg_1');
      expect((await set.webhooks.find(w.tenantId, w.id))?.position).toBe(w.head);
      expect(w.mine(await set.deliveries.claimDue('a', NOW, at(60_000), 1000))).toEqual([]);
    });

    it("leaves the tenant's data version alone: the sender's bookkeeping throws away no kept answer", async () => {
      const set = adapters();
      const w = await aWorld(set);
      const before = await set.versions.versionOf(w.tenantId);
      await set.deliveries.claimDue('a', NOW, at(60_000), 1000);
      const message = { id: 'msg_1', body: '{"a":1}', previous: 0, cursor: w.head };
      expect(await set.deliveries.hold(w.tenantId, w.id, 'a', message)).toBe(true);
      await set.deliveries.record(w.tenantId, w.id, aRecord(1));
      await set.deliveries.fail(w.tenantId, w.id, 'a', 'msg_1', { attempts: 1, failingSince: NOW, nextAttemptAt: NOW, pause: null });
      await set.deliveries.claimDue('a', NOW, at(60_000), 1000);
      await set.deliveries.acknowledge(w.tenantId, w.id, 'a', 'msg_1');
      expect(await set.versions.versionOf(w.tenantId)).toEqual(before);
    });

    it('does not move a position that was moved while the message was in flight', async () => {
      const set = adapters();
      const w = await aWorld(set);
      await set.deliveries.claimDue('a', NOW, at(60_000), 1000);
      await set.deliveries.hold(w.tenantId, w.id, 'a', { id: 'msg_1', body: '{}', previous: 0, cursor: w.head });
      await set.webhooks.update(w.tenantId, w.id, { position: 1 });
      await set.deliveries.acknowledge(w.tenantId, w.id, 'a', 'msg_1');
      expect((await set.webhooks.find(w.tenantId, w.id))?.position).toBe(1);
      expect(w.mine(await set.deliveries.claimDue('b', NOW, at(60_000), 1000))).toHaveLength(1);
    });

    it('keeps a failure until the next attempt is due, and pauses when told to', async () => {
      const set = adapters();
      const w = await aWorld(set);
      const message = await failedMessage(set, w, 1);
      expect(w.mine(await set.deliveries.claimDue('a', at(4_999), at(60_000), 1000))).toEqual([]);
      const [due] = w.mine(await set.deliveries.claimDue('a', at(5_000), at(60_000), 1000));
      expect(due).toMatchObject({ message, attempts: 1, failingSince: NOW });
      await set.deliveries.fail(w.tenantId, w.id, 'a', 'msg_1', {
        attempts: 2,
        failingSince: NOW,
        nextAttemptAt: at(10_000),
        pause: 'gone',
      });
      expect(await set.webhooks.find(w.tenantId, w.id)).toMatchObject({ status: 'paused', pausedReason: 'gone', position: 0 });
      expect(w.mine(await set.deliveries.claimDue('a', at(99_000), at(160_000), 1000))).toEqual([]);
    });

    it('keeps the reason of a pause made through the API while an attempt ran, when that attempt gets a 410', async () => {
      const set = adapters();
      const w = await aWorld(set);
      await set.deliveries.claimDue('a', NOW, at(60_000), 1000);
      await set.deliveries.hold(w.tenantId, w.id, 'a', { id: 'msg_1', body: '{}', previous: 0, cursor: w.head });
      await set.webhooks.update(w.tenantId, w.id, { status: 'paused', pausedReason: 'manual' });
      await set.deliveries.fail(w.tenantId, w.id, 'a', 'msg_1', {
        attempts: 1,
        failingSince: NOW,
        nextAttemptAt: at(5_000),
        pause: 'gone',
      });
      expect(await set.webhooks.find(w.tenantId, w.id)).toMatchObject({ status: 'paused', pausedReason: 'manual' });
    });

    it('forgets the message and its failures on restart', async () => {
      const set = adapters();
      const w = await aWorld(set);
      await set.deliveries.claimDue('a', NOW, at(60_000), 1000);
      await set.deliveries.hold(w.tenantId, w.id, 'a', { id: 'msg_1', body: '{}', previous: 0, cursor: w.head });
      await set.deliveries.fail(w.tenantId, w.id, 'a', 'msg_1', {
        attempts: 1,
        failingSince: NOW,
        nextAttemptAt: at(3_600_000),
        pause: null,
      });
      await set.deliveries.restart(w.tenantId, w.id);
      const [claimed] = w.mine(await set.deliveries.claimDue('a', NOW, at(60_000), 1000));
      expect(claimed).toMatchObject({ message: null, attempts: 0, failingSince: null });
    });

    it('does not claim an endpoint idle through the head again until a later change, by any writer', async () => {
      const set = adapters();
      const w = await aWorld(set);
      await set.deliveries.claimDue('a', NOW, at(60_000), 1000);
      await set.deliveries.release(w.tenantId, w.id, 'a', w.head);
      expect(w.mine(await set.deliveries.claimDue('a', NOW, at(60_000), 1000))).toEqual([]);
      await rawWriter().setBookingStatus(w.tenantId, 1, 'cancelled');
      const [claimed] = w.mine(await set.deliveries.claimDue('a', NOW, at(60_000), 1000));
      const feed = await set.changes.read(w.tenantId, 0, CHANGE_TYPES, 100);
      expect(claimed?.head).toBe(feed.changes.at(-1)!.position);
    });

    it("names the time of the oldest change an active endpoint still has to deliver, of the endpoint's types", async () => {
      const set = adapters();
      const w = await aWorld(set, { types: ['site'] });
      const feed = await set.changes.read(w.tenantId, 0, ['site'], 100);
      const pending = await set.deliveries.oldestPending();
      // Other tests' endpoints may be further behind; none is behind a change that does not exist yet.
      expect(pending).not.toBeNull();
      expect(pending!.getTime()).toBeLessThanOrEqual(feed.changes[0]!.changedAt.getTime());
      await set.webhooks.update(w.tenantId, w.id, { position: w.head });
      const tenantId = await seedTenant(set, aTenant(uniqueSlug('pending'), { sites: [aSite({ id: 1 })] }));
      const head = (await set.webhooks.feedHead(tenantId)).position;
      await set.webhooks.create(tenantId, anEndpoint({ position: head - 1, types: ['site'] }), 10);
      const [site] = (await set.changes.read(tenantId, head - 1, ['site'], 1)).changes;
      expect((await set.deliveries.oldestPending())!.getTime()).toBeLessThanOrEqual(site!.changedAt.getTime());
    });

    it('logs an attempt made outside the chain (a ping) with no lease, paused or not, and leaves the chain alone', async () => {
      const set = adapters();
      const w = await aWorld(set);
      const message = await failedMessage(set, w, 2);
      const ping = { ...aRecord(1), messageId: 'msg_ping' };
      await set.deliveries.record(w.tenantId, w.id, ping);
      await set.webhooks.update(w.tenantId, w.id, { status: 'paused', pausedReason: 'manual' });
      await set.deliveries.record(w.tenantId, w.id, { ...ping, messageId: 'msg_paused' });
      expect((await set.deliveries.deliveries(w.tenantId, w.id)).map((r) => r.messageId)).toEqual(['msg_paused', 'msg_ping']);
      await set.webhooks.update(w.tenantId, w.id, { status: 'active', pausedReason: null });
      const [due] = w.mine(await set.deliveries.claimDue('b', at(5_000), at(60_000), 1000));
      expect(due).toMatchObject({ message, attempts: 2, failingSince: NOW });
    });

    it('drops an attempt that ends after its endpoint was deleted', async () => {
      const set = adapters();
      const w = await aWorld(set);
      await set.webhooks.delete(w.tenantId, w.id);
      await set.deliveries.record(w.tenantId, w.id, aRecord(1));
      expect(await set.deliveries.deliveries(w.tenantId, w.id)).toEqual([]);
    });

    it('logs attempts newest first, keeps the newest 100, and drops them with the endpoint', async () => {
      const set = adapters();
      const w = await aWorld(set);
      for (let n = 1; n <= 103; n++) await set.deliveries.record(w.tenantId, w.id, aRecord(n));
      const log = await set.deliveries.deliveries(w.tenantId, w.id);
      expect(log).toHaveLength(100);
      expect(log[0]).toEqual(aRecord(103));
      expect(log.at(-1)).toEqual(aRecord(4));
      await set.webhooks.delete(w.tenantId, w.id);
      expect(await set.deliveries.deliveries(w.tenantId, w.id)).toEqual([]);
    });
  });
}
