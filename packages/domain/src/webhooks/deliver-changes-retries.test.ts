import { describe, expect, it } from 'vitest';
import { OK, aDeliveryWorld, answer, runOnce } from '../testing/webhook-delivery-world';
import { FAILING_PAUSE_MS, PAUSED_FAILING, PAUSED_GONE, RETRY_DELAYS_MS, RETRY_JITTER } from './deliver-changes';

// docs/webhooks.md, "Delivery": a failed message is retried as it was, on the schedule, and an endpoint that keeps
// failing or is gone is paused at its position. Time is a fixed clock moved by the test, so no test sleeps.

describe('DeliverChanges', () => {
  it('retries the same message id and body after 5 s (±20 %), and then keeps the order', async () => {
    const w = await aDeliveryWorld();
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
    const w = await aDeliveryWorld();
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
    const w = await aDeliveryWorld();
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
    const w = await aDeliveryWorld();
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

  it('logs every attempt, newest first', async () => {
    const w = await aDeliveryWorld();
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
