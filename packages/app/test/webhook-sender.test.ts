import { DeliverChanges, type DeliveryAttempt, type WebhookMessage, type WebhookTransport } from '@campsite/domain';
import { InMemoryRawWriter, InMemoryStore, SeededRandom, aSite, aTenant, inMemoryAdapters } from '@campsite/domain/testing';
import { describe, expect, it } from 'vitest';
import { startWebhookSender } from '../src/webhook-sender';

const silent = { info() {}, warn() {}, error() {}, debug() {} };

/** A receiver that answers after `delayMs`, so that a stop can find an attempt under way. */
class SlowReceiver implements WebhookTransport {
  readonly received: WebhookMessage[] = [];
  /** The most attempts that were under way at once. */
  mostAtOnce = 0;
  private underWay = 0;
  constructor(private readonly delayMs: number) {}
  async deliver(_url: string, message: WebhookMessage): Promise<DeliveryAttempt> {
    this.mostAtOnce = Math.max(this.mostAtOnce, ++this.underWay);
    await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    this.underWay--;
    this.received.push(message);
    return { statusCode: 200, error: null, durationMs: this.delayMs, retryAfterSeconds: null };
  }
}

async function aWorld(delayMs: number) {
  const store = new InMemoryStore();
  const adapters = inMemoryAdapters(store, { now: () => new Date() });
  await adapters.importer.importTenants([aTenant('alpine', { sites: [aSite({ id: 1 })] })]);
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
    const loop = startWebhookSender(w.sender, logger, undefined, 2);
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
    const loop = startWebhookSender(w.sender, silent, (outcome) => outcomes.push(outcome.kind), 5);
    await new InMemoryRawWriter(w.store).renameSite(w.tenantId, 1, 'Lakeside');
    await expect.poll(() => w.receiver.received.length, { timeout: 2_000 }).toBe(1);
    await loop.stop();
    expect(outcomes).toEqual(['delivered']);
  });

  it('runs at most the allowed number of attempts at once', async () => {
    const w = await aWorld(20);
    for (let i = 0; i < 3; i++) {
      const [endpoint] = await w.adapters.webhooks.list(w.tenantId);
      await w.adapters.webhooks.create(w.tenantId, { ...endpoint!, createdAt: new Date() }, 10);
    }
    const loop = startWebhookSender(w.sender, silent, undefined, 2, 2);
    await expect.poll(() => w.receiver.received.length, { timeout: 2_000 }).toBe(4);
    await loop.stop();
    expect(w.receiver.mostAtOnce).toBe(2);
  });

  it('stops only once the attempt under way has finished and been recorded', async () => {
    const w = await aWorld(150);
    const loop = startWebhookSender(w.sender, silent, undefined, 5);
    // The import's change is due at once: after a few polls its attempt is under way, and takes 150 ms.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(w.receiver.received).toHaveLength(0);
    await loop.stop();
    expect(w.receiver.received).toHaveLength(1);
    expect(await w.adapters.deliveries.deliveries(w.tenantId, w.endpointId)).toHaveLength(1);
    expect((await w.adapters.webhooks.find(w.tenantId, w.endpointId))!.position).toBeGreaterThan(0);
  });
});
