import { describe, expect, it } from 'vitest';
import { CampsiteClient, RateLimitError, ServerError, TimeoutError } from '../src/index';
import { BOOKING, INPUT, client, fakeServer, json, silent } from './support/fake-server';

// The options every method takes last: signal, timeoutMs, retry and (for a booking) idempotencyKey.

const ENDPOINT = { id: 4, url: 'https://hooks.example.com/c', types: ['booking'], description: '', status: 'active', secret: 'whsec_x' };

describe('signal', () => {
  it('aborts a call in flight with the signal’s reason, and does not retry it', async () => {
    const { origin, seen } = await fakeServer(silent);
    const controller = new AbortController();
    const call = client(origin).bookings.get(1, { signal: controller.signal });
    // Aborted once the server holds the request, so that it is in flight rather than not yet sent.
    while (seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort(new Error('user left'));
    await expect(call).rejects.toThrow('user left');
    expect(seen).toHaveLength(1);
  });

  it('ends the wait between attempts at once, and sends nothing more', async () => {
    const { origin, seen } = await fakeServer(json(500, { detail: 'A server error occurred.' }));
    const controller = new AbortController();
    // The real timer: a backoff of 10 s that the abort cuts short.
    const api = new CampsiteClient({ baseUrl: origin, apiKey: 'ck_x', retry: { baseDelayMs: 20_000 }, random: () => 0.5 });
    const started = Date.now();
    const call = api.bookings.get(1, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(seen).toHaveLength(1);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const { origin, seen } = await fakeServer(json(200, BOOKING));
    await expect(client(origin).bookings.get(1, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toHaveLength(0);
  });

  it('stops an iterator between pages', async () => {
    const { origin, seen } = await fakeServer(
      json(200, { count: 9, next: `${'http://x'}/api/v1/public/sites/?page=2`, previous: null, results: [] }),
    );
    const controller = new AbortController();
    const pages = client(origin).sites.pages({}, { signal: controller.signal });
    await pages.next();
    controller.abort();
    await expect(pages.next()).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toHaveLength(1);
  });
});

describe('timeoutMs and retry per call', () => {
  it('a call’s timeoutMs overrides the client’s', async () => {
    const { origin, seen } = await fakeServer(silent);
    const api = client(origin, [], { timeoutMs: 60_000, retry: { maxAttempts: 1 } });
    const started = Date.now();
    expect(await api.sites.list(undefined, { timeoutMs: 100 }).catch((e: unknown) => e)).toBeInstanceOf(TimeoutError);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(seen).toHaveLength(1);
  });

  it('a call’s retry overrides parts of the client’s policy', async () => {
    const { origin, seen } = await fakeServer(json(500, { detail: 'A server error occurred.' }));
    const waits: number[] = [];
    const api = client(origin, waits, { retry: { maxAttempts: 5, baseDelayMs: 100 } });
    expect(await api.bookings.get(1, { retry: { maxAttempts: 1 } }).catch((e: unknown) => e)).toBeInstanceOf(ServerError);
    expect(seen).toHaveLength(1);
    await api.bookings.get(1, { retry: { maxAttempts: 3 } }).catch((e: unknown) => e);
    expect(seen).toHaveLength(4);
    // The client's baseDelayMs still applies: half of 100, then of 200.
    expect(waits).toEqual([50, 100]);
  });

  it('keeps the idempotencyKey of a create on all its attempts, also with per-call retry options', async () => {
    const { origin, seen } = await fakeServer(json(503, { detail: 'x' }, { 'Retry-After': '1' }), json(201, BOOKING));
    await client(origin).bookings.create(INPUT, { idempotencyKey: 'order-4711', retry: { maxRetryAfterMs: 5_000 }, timeoutMs: 1_000 });
    expect(seen.map((s) => s.headers['idempotency-key'])).toEqual(['order-4711', 'order-4711']);
  });
});

describe('a create the API takes no Idempotency-Key for', () => {
  it('is sent again after 429 and 503, which say it did not take effect', async () => {
    const { origin, seen } = await fakeServer(
      json(429, { detail: 'Request was throttled. Expected available in 1 second.' }, { 'Retry-After': '1' }),
      json(503, { detail: 'Service temporarily unavailable, try again later.' }, { 'Retry-After': '1' }),
      json(201, ENDPOINT),
    );
    const created = await client(origin).webhookEndpoints.create({ url: ENDPOINT.url });
    expect(created.secret).toBe('whsec_x');
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(Array(3).fill('POST /api/v1/public/webhook-endpoints/'));
    expect(seen.every((s) => s.headers['idempotency-key'] === undefined)).toBe(true);
  });

  it('is not sent again after a 500 or a timeout, which leave open whether it did', async () => {
    const failed = await fakeServer(json(500, { detail: 'A server error occurred.' }));
    expect(
      await client(failed.origin)
        .webhookEndpoints.create({ url: ENDPOINT.url })
        .catch((e: unknown) => e),
    ).toBeInstanceOf(ServerError);
    expect(failed.seen).toHaveLength(1);

    const mute = await fakeServer(silent);
    const error = await client(mute.origin, [], { timeoutMs: 100 })
      .webhookEndpoints.rotateSecret(4)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(mute.seen).toHaveLength(1);
    expect(JSON.parse(mute.seen[0]?.body ?? '')).toEqual({});
  });

  it('gives up on a 429 whose Retry-After is beyond the policy, like any call', async () => {
    const { origin, seen } = await fakeServer(json(429, { detail: 'x' }, { 'Retry-After': '90' }));
    expect(
      await client(origin)
        .webhookEndpoints.create({ url: ENDPOINT.url })
        .catch((e: unknown) => e),
    ).toBeInstanceOf(RateLimitError);
    expect(seen).toHaveLength(1);
  });
});
