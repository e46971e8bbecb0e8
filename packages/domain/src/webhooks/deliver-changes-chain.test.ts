import { describe, expect, it } from 'vitest';
import { aDeliveryWorld, runOnce } from '../testing/webhook-delivery-world';
import { MESSAGE_SIZE } from './deliver-changes';

// docs/webhooks.md, "Delivery": the feed goes out as a chain of messages of the endpoint's types, each starting where
// the one before ended, and the oldest change still to send is known. Time is a fixed clock moved by the test.

describe('DeliverChanges', () => {
  it('sends the feed after the position as a chain, one message at a time, and advances on a 2xx', async () => {
    const w = await aDeliveryWorld();
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
    const w = await aDeliveryWorld(MESSAGE_SIZE + 5);
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
    const w = await aDeliveryWorld();
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

  it('tells when the oldest change still to deliver was made: none once delivered, and paused endpoints do not count', async () => {
    const w = await aDeliveryWorld();
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
});
