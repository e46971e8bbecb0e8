import { DeliverChanges, type DeliveryAttempt, type WebhookMessage, type WebhookTransport } from '@campsite/domain';
import { InMemoryRawWriter, InMemoryStore, SeededRandom, aSite, aTenant, inMemoryAdapters } from '@campsite/domain/testing';
import { describe, expect, it } from 'vitest';
import { startWebhookSender } from '../src/webhook-sender';

const silent = { info() {}, warn() {}, error() {}, debug() {} };

/** A receiver that answers after `delayMs`, so that a stop can find an attempt under way. */
class SlowReceiver implements WebhookTransport {
  readonly received: WebhookMessage[] = [];
  /** When each attempt started (performance.now()), and for which endpoint. */
  readonly starts: Array<{ at: number; endpointId: number }> = [];
  /** The most attempts that were under way at once. */
  mostAtOnce = 0;
  private underWay = 0;
  constructor(private readonly delayMs: number) {}
  async deliver(_url: string, message: WebhookMessage): Promise<DeliveryAttempt> {
    this.starts.push({
      at: performance.now(),
      endpointId: (JSON.parse(message.body) as { data: { endpoint_id: number } }).data.endpoint_id,
    });
    this.mostAtOnce = Math.max(this.mostAtOnce, ++this.underWay);
    await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    this.underWay--;
    this.received.push(message);
    return { statusCode: 200, error: null, durationMs: this.delayMs, retryAfterSeconds: null };
  }
}

async function aWorld(delayMs: number, sites = 1) {
  const store = new InMemoryStore();
  const adapters = inMemoryAdapters(store, { now: () => new Date() });
  await adapters.importer.importTenants([aTenant('alpine', { sites: Array.from({ length: sites }, (_, i) => aSite({ id: i + 1 })) })]);
  const tenantId = store.tenants[0]!.id;
  const endpoint = await adapters.webhooks.create(
    tenantId,
    {
      url: 'https://hooks.example.com/',
      types: ['site'],
      description: '',
      status: 'active',
      pausedReason: null,
      position: 0,
      createdAt: new Date(),
      secrets: [{ secret: 'whsec_bmV3', expiresAt: null }],
    },
    10,
  );
  const receiver = new SlowReceiver(delayMs);
  const sender = new DeliverChanges(
    adapters.changes,
    adapters.deliveries,
    receiver,
    { render: (change) => change.id },
    { now: () => new Date() },
    new SeededRandom(),
    { owner: 'me', leaseMs: 60_000 },
  );
  return { store, tenantId, adapters, receiver, sender, endpointId: endpoint!.id };
}

/** `n` more endpoints like the world's first one. */
async function addEndpoints(w: Awaited<ReturnType<typeof aWorld>>, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const [endpoint] = await w.adapters.webhooks.list(w.tenantId);
    await w.adapters.webhooks.create(w.tenantId, { ...endpoint!, createdAt: new Date() }, 10);
  }
}

describe('startWebhookSender', () => {
  it('says once that looking for work fails, and once that it works again', async () => {
    const w = await aWorld(1);
    const said: string[] = [];
    const logger = {
      ...silent,
      info: (...args: unknown[]) => void said.push(`info ${String(args.at(-1))}`),
      error: (...args: unknown[]) => void said.push(`error ${String(args.at(-1))}`),
    };
    let down = true;
    const claim = w.sender.claim.bind(w.sender);
    w.sender.claim = () => (down ? Promise.reject(new Error('connection refused')) : claim());
    const loop = startWebhookSender(w.sender, logger, { pollMs: 2 });
    await new Promise((resolve) => setTimeout(resolve, 40));
    down = false;
    await expect.poll(() => w.receiver.received.length, { timeout: 2_000 }).toBe(1);
    await loop.stop();
    expect(said).toEqual([
      'error looking for webhooks to send failed; trying again every poll',
      'info looking for webhooks to send works again',
    ]);
  });

  it('sends what a plain write changed, without being asked, and reports each attempt', async () => {
    const w = await aWorld(1);
    const outcomes: string[] = [];
    const loop = startWebhookSender(w.sender, silent, { onAttempt: (outcome) => outcomes.push(outcome.kind), pollMs: 5 });
    await new InMemoryRawWriter(w.store).renameSite(w.tenantId, 1, 'Lakeside');
    await expect.poll(() => w.receiver.received.length, { timeout: 2_000 }).toBe(1);
    await loop.stop();
    expect(outcomes).toEqual(['delivered']);
  });

  it('runs at most the allowed number of attempts at once', async () => {
    const w = await aWorld(20);
    await addEndpoints(w, 3);
    const loop = startWebhookSender(w.sender, silent, { pollMs: 2, maxConcurrent: 2 });
    await expect.poll(() => w.receiver.received.length, { timeout: 2_000 }).toBe(4);
    await loop.stop();
    expect(w.receiver.mostAtOnce).toBe(2);
  });

  it('stops only once the attempt under way has finished and been recorded', async () => {
    const w = await aWorld(150);
    const loop = startWebhookSender(w.sender, silent, { pollMs: 5 });
    // The import's change is due at once: after a few polls its attempt is under way, and takes 150 ms.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(w.receiver.received).toHaveLength(0);
    await loop.stop();
    expect(w.receiver.received).toHaveLength(1);
    expect(await w.adapters.deliveries.deliveries(w.tenantId, w.endpointId)).toHaveLength(1);
    expect((await w.adapters.webhooks.find(w.tenantId, w.endpointId))!.position).toBeGreaterThan(0);
  });

  it('while the API is busy, spaces out catching up, one attempt per gap, every endpoint getting its turns', async () => {
    const w = await aWorld(1, 120); // 3 messages of at most 50 changes per endpoint
    await addEndpoints(w, 2);
    // The gap is kept between the starts of attempts, so that is where it is measured: the receiver sees each
    // attempt after the sender has read its changes, which takes longer for some messages than for others.
    const attempts: Array<{ at: number; kind?: string }> = [];
    const deliver = w.sender.deliver.bind(w.sender);
    w.sender.deliver = async (state) => {
      const started: (typeof attempts)[number] = { at: performance.now() };
      attempts.push(started);
      const outcome = await deliver(state);
      started.kind = outcome.kind;
      return outcome;
    };
    const loop = startWebhookSender(w.sender, silent, { pollMs: 2, apiBusy: () => true, busyGapMs: 30 });
    await expect.poll(() => w.receiver.received.length, { timeout: 5_000 }).toBe(9);
    await loop.stop();
    // The first messages go at once (nothing says these endpoints are catching up); once a full message showed a
    // backlog, their attempts are spaced out.
    const sent = attempts.filter((a) => a.kind !== 'idle');
    expect(sent).toHaveLength(9);
    const gaps = sent.slice(4).map((s, i) => s.at - sent[i + 3]!.at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(29.9);
    // No endpoint's backlog holds up the others: at any point of the sequence, no endpoint is more than two
    // messages ahead of another, and the first three went to three different endpoints.
    expect(new Set(w.receiver.starts.slice(0, 3).map((s) => s.endpointId))).toHaveProperty('size', 3);
    const counts = new Map<number, number>();
    for (const { endpointId } of w.receiver.starts) {
      counts.set(endpointId, (counts.get(endpointId) ?? 0) + 1);
      const each = [...counts.values()];
      expect(Math.max(...each) - (counts.size < 3 ? 0 : Math.min(...each))).toBeLessThanOrEqual(2);
    }
    expect([...counts.values()]).toEqual([3, 3, 3]);
  });

  it('sends a backlog without gaps while the API is idle', async () => {
    const w = await aWorld(1, 500); // 10 messages
    const loop = startWebhookSender(w.sender, silent, { pollMs: 2, apiBusy: () => false, busyGapMs: 1_000 });
    await expect.poll(() => w.receiver.received.length, { timeout: 2_000 }).toBe(10);
    await loop.stop();
  });

  it('on stop, sends what it claimed at once instead of leaving it leased', async () => {
    const w = await aWorld(1, 120);
    await addEndpoints(w, 2);
    const loop = startWebhookSender(w.sender, silent, { pollMs: 2, apiBusy: () => true, busyGapMs: 10_000 });
    // Three first messages at once, then the first paced one (no gap before it); the rest wait 10 s each.
    await expect.poll(() => w.receiver.received.length, { timeout: 2_000 }).toBe(4);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = w.receiver.received.length;
    await loop.stop();
    // The endpoints still queued behind the 10 s gap went out during stop: each one has moved.
    expect(w.receiver.received.length).toBeGreaterThan(before);
    const endpoints = await w.adapters.webhooks.list(w.tenantId);
    expect(endpoints.every((e) => e.position > 0)).toBe(true);
  });

  it('while the API is busy, sends live changes at once: only catching up is paced', async () => {
    const w = await aWorld(1, 1);
    await addEndpoints(w, 2);
    const loop = startWebhookSender(w.sender, silent, { pollMs: 2, apiBusy: () => true, busyGapMs: 10_000 });
    await expect.poll(() => w.receiver.received.length, { timeout: 2_000 }).toBe(3);
    await new InMemoryRawWriter(w.store).renameSite(w.tenantId, 1, 'Lakeside');
    await expect.poll(() => w.receiver.received.length, { timeout: 2_000 }).toBe(6);
    await loop.stop();
  });
});
