import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../testing/seeded-random';
import { OK, aDeliveryWorld, answer, runOnce } from '../testing/webhook-delivery-world';
import { DeliverChanges } from './deliver-changes';

// docs/webhooks.md, "Delivery": a new URL, a replay and a lease that ran out each start from the endpoint's position,
// and only the sender holding the lease moves it. Time is a fixed clock moved by the test.

describe('DeliverChanges', () => {
  it("tries a new URL at once, from the position, instead of waiting out the old one's retry", async () => {
    const w = await aDeliveryWorld();
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
    const w = await aDeliveryWorld();
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
    const w = await aDeliveryWorld();
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
    const w = await aDeliveryWorld();
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
});
