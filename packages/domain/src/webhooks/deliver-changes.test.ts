import { describe, expect, it } from 'vitest';
import type { Principal } from '../api-keys/api-key';
import { FixedClock } from '../testing/fixed-clock';
import { SeededRandom } from '../testing/seeded-random';
import { inMemoryAdapters } from '../testing/in-memory-adapters';
import { InMemoryRawWriter } from '../testing/in-memory-raw-writer';
import { InMemoryStore } from '../testing/in-memory-store';
import { RecordingWebhookTransport } from '../testing/in-memory-webhooks';
import { aBooking, aSite, aTenant } from '../testing/mothers';
import {
  DeliverChanges,
  type DeliveryOutcome,
  FAILING_PAUSE_MS,
  MESSAGE_SIZE,
  PAUSED_FAILING,
  PAUSED_GONE,
  RETRY_DELAYS_MS,
  RETRY_JITTER,
} from './deliver-changes';
import { ManageWebhookEndpoints } from './manage-webhook-endpoints';
import type { DeliveryAttempt } from './webhook-endpoint';

/** Claims and delivers everything due, one attempt per endpoint, as one round of the app's sender does. */
async function runOnce(sender: DeliverChanges): Promise<DeliveryOutcome[]> {
  return Promise.all((await sender.claim()).map((state) => sender.deliver(state)));
}

// docs/webhooks.md, "Delivery": the chain, retries on the schedule, pausing, and nothing dropped; time is a fixed
// clock moved by the test, so no test sleeps.

const OK: DeliveryAttempt = { statusCode: 204, error: null, durationMs: 3, retryAfterSeconds: null };
const answer = (statusCode: number | null, retryAfterSeconds: number | null = null): DeliveryAttempt => ({
  statusCode,
  error: statusCode === null ? 'connection' : 'http_status',
  durationMs: 5,
  retryAfterSeconds,
});

interface Body {
  type: string;
  data: { endpoint_id: number; previous: string; cursor: string; results: Array<{ type: string; id: number }> };
}

/** 2026-07-01 plus `n` days: bookings one after the other on one site. */
const day = (n: number) => new Date(Date.UTC(2026, 6, 1) + n * 86_400_000).toISOString().slice(0, 10);

async function aWorld(bookings = 3) {
  const store = new InMemoryStore();
  const clock = new FixedClock('2026-06-01T12:00:00Z');
  const adapters = inMemoryAdapters(store, clock);
  await adapters.importer.importTenants([
    aTenant('alpine', {
      sites: [aSite({ id: 1 })],
      bookings: Array.from({ length: bookings }, (_, i) =>
        aBooking({ id: i + 1, siteId: 1, checkInDate: day(i), checkOutDate: day(i + 1) }),
      ),
    }),
  ]);
  const principal: Principal = {
    tenantId: store.tenants[0]!.id,
    keyId: 1,
    prefix: 'ck_abcde',
    scopes: ['bookings:read', 'sites:read', 'webhooks:manage'],
  };
  const transport = new RecordingWebhookTransport();
  const random = new SeededRandom(7);
  const manage = new ManageWebhookEndpoints(adapters.webhooks, { accepts: () => true }, clock, random, transport, adapters.deliveries);
  const sender = new DeliverChanges(
    adapters.changes,
    adapters.deliveries,
    transport,
    { render: (change) => ({ type: change.type, id: change.id }) },
    clock,
    random,
    { owner: 'test', leaseMs: 60_000 },
  );
  const raw = new InMemoryRawWriter(store);
  const bodies = () => transport.sent.map((s) => JSON.parse(s.message.body) as Body);
  const endpoint = async (id: number) => (await manage.get(principal, id)).endpoint;
  return { store, clock, adapters, principal, transport, manage, sender, raw, bodies, endpoint };
}

describe('DeliverChanges', () => {
  it('sends the feed after the position as a chain, one message at a time, and advances on a 2xx', async () => {
    const w = await aWorld();
    const { view } = await w.manage.create(w.principal, { url: 'https://hooks.example.com/', after: '', types: ['booking'] });
    const id = view.endpoint.id;
    const imported = await w.adapters.changes.read(w.principal.tenantId, 0, ['booking'], 200);
    expect(await runOnce(w.sender)).toMatchObject([{ kind: 'delivered' }]);
    await w.raw.setBookingStatus(w.principal.tenantId, 2, 'cancelled');
    await runOnce(w.sender);
    expect(await runOnce(w.sender)).toEqual([]);

    const [first, second] = w.bodies();
    expect(first!.type).toBe('changes');
    expect(first!.data.previous).toBe(view.position.replace(/-\d+$/, '-0'));
    expect(first!.data.results).toEqual(imported.changes.map((c) => ({ type: c.type, id: c.id })));
    expect(first!.data.cursor).toBe(`${imported.token}-${imported.changes.at(-1)!.position}`);
    expect(second!.data.previous).toBe(first!.data.cursor);
    expect(second!.data.results).toEqual([{ type: 'booking', id: 2 }]);
    expect((await w.manage.get(w.principal, id)).position).toBe(second!.data.cursor);
    // The union of the messages is what the feed holds after the starting position.
    const feed = await w.adapters.changes.read(w.principal.tenantId, 0, ['booking'], 200);
    expect(second!.data.cursor).toBe(`${feed.token}-${feed.changes.at(-1)!.position}`);
    expect(w.transport.sent.every((s) => s.secrets.length === 1 && s.url === 'https://hooks.example.com/')).toBe(true);
  });

  it('cuts the feed into messages of at most 50 entries of the endpoint types', async () => {
    const w = await aWorld(MESSAGE_SIZE + 5);
    await w.manage.create(w.principal, { url: 'https://hooks.example.com/', after: '', types: ['booking'] });
    await runOnce(w.sender);
    await runOnce(w.sender);
    const [first, second] = w.bodies();
    expect(first!.data.results).toHaveLength(MESSAGE_SIZE);
    expect(second!.data.results).toHaveLength(5);
    expect(
      w
        .bodies()
        .flatMap((b) => b.data.results)
        .every((r) => r.type === 'booking'),
    ).toBe(true);
  });

  it('does not send, nor claim again, for changes of types the endpoint does not take; the next message covers them', async () => {
    const w = await aWorld();
    const { view } = await w.manage.create(w.principal, { url: 'https://hooks.example.com/', types: ['booking'] });
    await w.raw.renameSite(w.principal.tenantId, 1, 'Lakeside');
    expect(await runOnce(w.sender)).toEqual([{ kind: 'idle' }]);
    expect(await runOnce(w.sender)).toEqual([]);
    await w.raw.setBookingStatus(w.principal.tenantId, 1, 'cancelled');
    await runOnce(w.sender);
    const [message] = w.bodies();
    expect(message!.data.previous).toBe(view.position);
    expect(message!.data.results).toEqual([{ type: 'booking', id: 1 }]);
  });

  it('retries the same message id and body after 5 s (±20 %), and then keeps the order', async () => {
    const w = await aWorld();
    await w.manage.create(w.principal, { url: 'https://hooks.example.com/', after: '' });
    w.transport.answer = answer(500);
    expect(await runOnce(w.sender)).toMatchObject([{ kind: 'failed' }]);
    await w.raw.setBookingStatus(w.principal.tenantId, 1, 'cancelled');
    w.clock.advance(RETRY_DELAYS_MS[0] * (1 - RETRY_JITTER) - 1);
    expect(await runOnce(w.sender)).toEqual([]);
    w.clock.advance(RETRY_DELAYS_MS[0] * 2 * RETRY_JITTER + 2);
    w.transport.answer = OK;
    expect(await runOnce(w.sender)).toMatchObject([{ kind: 'delivered' }]);
    await runOnce(w.sender);
    const [first, retry, next] = w.transport.sent;
    expect(retry!.message).toEqual(first!.message);
    expect(retry!.sentAt.getTime()).toBeGreaterThan(first!.sentAt.getTime());
    expect(JSON.parse(next!.message.body).data.previous).toBe(JSON.parse(first!.message.body).data.cursor);
    expect(next!.message.id).not.toBe(first!.message.id);
  });

  it('waits along the schedule, then every 2 hours, and pauses after three days of failure', async () => {
    const w = await aWorld();
    const { view } = await w.manage.create(w.principal, { url: 'https://hooks.example.com/', after: '' });
    w.transport.answer = answer(null);
    const waits: number[] = [];
    let outcome = await runOnce(w.sender);
    for (let i = 0; outcome[0]?.kind === 'failed' && i < 100; i++) {
      const start = w.clock.now().getTime();
      while ((outcome = await runOnce(w.sender)).length === 0) w.clock.advance(1000);
      waits.push(w.clock.now().getTime() - start);
    }
    expect(outcome).toMatchObject([{ kind: 'paused' }]);
    RETRY_DELAYS_MS.forEach((delay, i) => {
      expect(waits[i]).toBeGreaterThanOrEqual(delay * (1 - RETRY_JITTER));
      expect(waits[i]).toBeLessThanOrEqual(delay * (1 + RETRY_JITTER) + 1000);
    });
    const total = waits.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(FAILING_PAUSE_MS);
    expect(total).toBeLessThan(FAILING_PAUSE_MS + RETRY_DELAYS_MS.at(-1)! * (1 + RETRY_JITTER) + 1000);
    const paused = await w.endpoint(view.endpoint.id);
    expect(paused).toMatchObject({ status: 'paused', pausedReason: PAUSED_FAILING, position: 0 });
    expect(new Set(w.transport.sent.map((s) => s.message.id)).size).toBe(1);
  });

  it('honours Retry-After on 429 and 503 up to an hour, and not on other answers', async () => {
    const w = await aWorld();
    await w.manage.create(w.principal, { url: 'https://hooks.example.com/', after: '' });
    w.transport.answer = answer(429, 120);
    await runOnce(w.sender);
    w.clock.advance(119_000);
    expect(await runOnce(w.sender)).toEqual([]);
    w.clock.advance(1_000);
    w.transport.answer = answer(503, 86_400);
    expect(await runOnce(w.sender)).toHaveLength(1);
    w.clock.advance(3_600_000);
    w.transport.answer = answer(500, 86_400);
    expect(await runOnce(w.sender)).toHaveLength(1);
    w.clock.advance(RETRY_DELAYS_MS[2] * (1 + RETRY_JITTER));
    expect(await runOnce(w.sender)).toHaveLength(1);
  });

  it('pauses at once on 410, keeps the position, and on resume delivers what changed meanwhile', async () => {
    const w = await aWorld();
    const { view } = await w.manage.create(w.principal, { url: 'https://hooks.example.com/', after: '' });
    const id = view.endpoint.id;
    w.transport.answer = answer(410);
    expect(await runOnce(w.sender)).toMatchObject([{ kind: 'paused' }]);
    expect(await w.endpoint(id)).toMatchObject({ status: 'paused', pausedReason: PAUSED_GONE, position: 0 });
    await w.raw.setBookingStatus(w.principal.tenantId, 2, 'cancelled');
    w.clock.advance(24 * 3600_000);
    expect(await runOnce(w.sender)).toEqual([]);

    w.transport.answer = OK;
    await w.manage.update(w.principal, id, { status: 'active' });
    expect(await runOnce(w.sender)).toMatchObject([{ kind: 'delivered' }]);
    const resumed = w.bodies().at(-1)!;
    expect(resumed.data.previous).toBe(w.bodies()[0]!.data.previous);
    const feed = await w.adapters.changes.read(w.principal.tenantId, 0, ['booking', 'site', 'site_type'], 200);
    expect(resumed.data.results).toEqual(feed.changes.map((c) => ({ type: c.type, id: c.id })));
    expect(feed.changes.map((c) => `${c.type}:${c.id}`).at(-1)).toBe('booking:2');
  });

  it("tries a new URL at once, from the position, instead of waiting out the old one's retry", async () => {
    const w = await aWorld();
    const { view } = await w.manage.create(w.principal, { url: 'https://old.example.com/', after: '' });
    w.transport.answer = answer(null);
    await runOnce(w.sender);
    w.clock.advance(1_000);
    w.transport.answer = OK;
    expect(await runOnce(w.sender)).toEqual([]);
    await w.manage.update(w.principal, view.endpoint.id, { url: 'https://new.example.com/' });
    expect(await runOnce(w.sender)).toMatchObject([{ kind: 'delivered' }]);
    const [failed, sent] = w.transport.sent;
    expect(sent!.url).toBe('https://new.example.com/');
    expect(JSON.parse(sent!.message.body).data.previous).toBe(JSON.parse(failed!.message.body).data.previous);
  });

  it('starts again at the replayed position, and an attempt that was in flight does not move it', async () => {
    const w = await aWorld();
    const { view } = await w.manage.create(w.principal, { url: 'https://hooks.example.com/', after: '' });
    const id = view.endpoint.id;
    const [claimed] = await w.sender.claim();
    const feed = await w.adapters.changes.read(w.principal.tenantId, 0, ['booking', 'site', 'site_type'], 200);
    const replayed = await w.manage.replay(w.principal, id, `${feed.token}-${feed.changes[1]!.position}`);
    await w.sender.deliver(claimed!);
    expect((await w.endpoint(id)).position).toBe(feed.changes[1]!.position);
    expect(await runOnce(w.sender)).toMatchObject([{ kind: 'delivered' }]);
    expect(w.bodies().map((b) => b.data.previous)).toEqual([replayed.position]);
  });

  it('drops a kept message whose start is no longer the position, and sends one from the position instead', async () => {
    const w = await aWorld();
    const { view } = await w.manage.create(w.principal, { url: 'https://hooks.example.com/', after: '' });
    w.transport.answer = answer(500);
    await runOnce(w.sender);
    // As if a replay had moved the position and not yet dropped the message.
    const feed = await w.adapters.changes.read(w.principal.tenantId, 0, ['booking', 'site', 'site_type'], 200);
    await w.adapters.webhooks.update(w.principal.tenantId, view.endpoint.id, { position: feed.changes[0]!.position });
    w.clock.advance(3_600_000);
    w.transport.answer = OK;
    expect(await runOnce(w.sender)).toMatchObject([{ kind: 'delivered' }]);
    const [stale, fresh] = w.transport.sent;
    expect(fresh!.message.id).not.toBe(stale!.message.id);
    expect(JSON.parse(fresh!.message.body).data.previous).toBe(`${feed.token}-${feed.changes[0]!.position}`);
    expect((await w.manage.deliveries(w.principal, view.endpoint.id, { page: 1, pageSize: 50 })).results[0]!.attempt).toBe(1);
    expect((await w.endpoint(view.endpoint.id)).position).toBe(feed.changes.at(-1)!.position);
  });

  it('leases an endpoint to one sender: another gets it only once the lease ran out', async () => {
    const w = await aWorld();
    await w.manage.create(w.principal, { url: 'https://hooks.example.com/', after: '' });
    const other = new DeliverChanges(
      w.adapters.changes,
      w.adapters.deliveries,
      w.transport,
      { render: (change) => change.id },
      w.clock,
      new SeededRandom(9),
      { owner: 'other', leaseMs: 60_000 },
    );
    const [mine] = await w.sender.claim();
    expect(await other.claim()).toEqual([]);
    w.clock.advance(60_001);
    const [theirs] = await other.claim();
    expect(theirs).toBeDefined();
    // The first sender's late outcome changes nothing: the lease is no longer its own.
    await w.sender.deliver(mine!);
    expect((await w.endpoint(1)).position).toBe(0);
    await other.deliver(theirs!);
    expect((await w.endpoint(1)).position).toBeGreaterThan(0);
  });

  it('tells when the oldest change still to deliver was made: none once delivered, and paused endpoints do not count', async () => {
    const w = await aWorld();
    const { view } = await w.manage.create(w.principal, { url: 'https://hooks.example.com/', types: ['booking'] });
    expect(await w.adapters.deliveries.oldestPending()).toBeNull();
    w.clock.advance(60_000);
    await w.raw.renameSite(w.principal.tenantId, 1, 'Lakeside');
    expect(await w.adapters.deliveries.oldestPending()).toBeNull();
    await w.raw.setBookingStatus(w.principal.tenantId, 2, 'cancelled');
    const changedAt = w.clock.now();
    w.clock.advance(60_000);
    await w.raw.setBookingStatus(w.principal.tenantId, 3, 'cancelled');
    expect(await w.adapters.deliveries.oldestPending()).toEqual(changedAt);
    await w.manage.update(w.principal, view.endpoint.id, { status: 'paused' });
    expect(await w.adapters.deliveries.oldestPending()).toBeNull();
    await w.manage.update(w.principal, view.endpoint.id, { status: 'active' });
    await runOnce(w.sender);
    expect(await w.adapters.deliveries.oldestPending()).toBeNull();
  });

  it('logs every attempt, newest first', async () => {
    const w = await aWorld();
    const { view } = await w.manage.create(w.principal, { url: 'https://hooks.example.com/', after: '' });
    w.transport.answer = answer(500);
    await runOnce(w.sender);
    w.clock.advance(RETRY_DELAYS_MS[0] * (1 + RETRY_JITTER));
    w.transport.answer = OK;
    await runOnce(w.sender);
    const log = await w.manage.deliveries(w.principal, view.endpoint.id, { page: 1, pageSize: 50 });
    const id = w.transport.sent[0]!.message.id;
    expect(log.count).toBe(2);
    expect((await w.manage.deliveries(w.principal, view.endpoint.id, { page: 2, pageSize: 1 })).results).toEqual(log.results.slice(1));
    expect(log.results).toEqual([
      { messageId: id, attempt: 2, statusCode: 204, error: null, durationMs: 3, at: w.transport.sent[1]!.sentAt },
      { messageId: id, attempt: 1, statusCode: 500, error: 'http_status', durationMs: 5, at: w.transport.sent[0]!.sentAt },
    ]);
  });
});
