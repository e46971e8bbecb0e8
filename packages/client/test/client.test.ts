import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  NetworkError,
  PermissionError,
  RateLimitError,
  ServerError,
  TimeoutError,
  ValidationError,
} from '../src/index';
import { BOOKING, INPUT, client, fakeServer, hangUp, json, silent } from './support/fake-server';

// The client's rules against a scripted local server: which answers are retried, how long it waits, what it throws.

describe('bookings.create', () => {
  it('sends JSON with the key and a generated Idempotency-Key, and returns the booking', async () => {
    const { origin, seen } = await fakeServer(json(201, BOOKING));
    const booking = await client(origin).bookings.create(INPUT);
    expect(booking).toEqual(BOOKING);
    const [request] = seen;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/v1/public/bookings/');
    expect(request?.headers.authorization).toBe('Bearer ck_d7T4aogrKwV6h2sDvQvUFcLB604ep');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(request?.body ?? '')).toEqual(INPUT);
  });

  it('makes a new key per call, and uses a given one', async () => {
    const { origin, seen } = await fakeServer(json(201, BOOKING));
    const c = client(origin);
    await c.bookings.create(INPUT);
    await c.bookings.create(INPUT);
    await c.bookings.create(INPUT, { idempotencyKey: 'order-4711' });
    expect(seen[0]?.headers['idempotency-key']).not.toBe(seen[1]?.headers['idempotency-key']);
    expect(seen[2]?.headers['idempotency-key']).toBe('order-4711');
  });

  it('retries a 500, a 503 and a dropped connection with the same Idempotency-Key and growing, capped waits', async () => {
    const { origin, seen } = await fakeServer(
      json(500, { detail: 'A server error occurred.' }),
      json(503, { detail: 'x' }),
      hangUp,
      json(201, BOOKING),
    );
    const waits: number[] = [];
    const booking = await client(origin, waits, { retry: { baseDelayMs: 100, maxDelayMs: 300 } }).bookings.create(INPUT);
    expect(booking.id).toBe(1);
    expect(seen).toHaveLength(4);
    expect(new Set(seen.map((s) => s.headers['idempotency-key'])).size).toBe(1);
    // random() is 0.5: half of 100, 200, then the 300 cap.
    expect(waits).toEqual([50, 100, 150]);
  });

  it('retries after a timeout with the same key', async () => {
    const { origin, seen } = await fakeServer(silent, json(201, BOOKING));
    const booking = await client(origin, [], { timeoutMs: 200 }).bookings.create(INPUT);
    expect(booking.id).toBe(1);
    expect(seen).toHaveLength(2);
    expect(seen[0]?.headers['idempotency-key']).toBe(seen[1]?.headers['idempotency-key']);
  });

  it('waits at least Retry-After on a 429, then succeeds', async () => {
    const { origin, seen } = await fakeServer(
      json(429, { detail: 'Request was throttled. Expected available in 3 seconds.' }, { 'Retry-After': '3' }),
      json(201, BOOKING),
    );
    const waits: number[] = [];
    await client(origin, waits).bookings.create(INPUT);
    expect(seen).toHaveLength(2);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(3000);
    expect(waits[0]).toBeLessThan(3000 + 250);
  });

  it('throws the 429 at once when Retry-After is beyond what it will wait', async () => {
    const { origin, seen } = await fakeServer(
      json(429, { detail: 'Request was throttled. Expected available in 120 seconds.' }, { 'Retry-After': '120' }),
    );
    const error = await client(origin)
      .bookings.create(INPUT)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterSeconds).toBe(120);
    expect(seen).toHaveLength(1);
  });

  for (const [status, body, type, code] of [
    [400, { detail: 'site_not_found' }, ValidationError, 'site_not_found'],
    [401, { detail: 'invalid_key' }, AuthenticationError, 'invalid_key'],
    [401, { detail: 'key_inactive' }, AuthenticationError, 'key_inactive'],
    [403, { detail: 'You do not have permission to perform this action.' }, PermissionError, null],
  ] as const) {
    it(`never retries a ${status} ${JSON.stringify(body)}, and throws it typed`, async () => {
      const { origin, seen } = await fakeServer(json(status, body));
      const error = await client(origin)
        .bookings.create(INPUT)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(type);
      expect(error).toMatchObject({ status, code, detail: body.detail, requestId: 'req-1' });
      expect(seen).toHaveLength(1);
    });
  }

  it('carries field errors with the code validation_failed', async () => {
    const fields = { check_out_date: ['Check-out date must be after check-in date.'], num_adults: ['This field is required.'] };
    const { origin } = await fakeServer(json(400, fields));
    const error = (await client(origin)
      .bookings.create(INPUT)
      .catch((e: unknown) => e)) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.code).toBe('validation_failed');
    expect(error.fieldErrors).toEqual(fields);
    expect(error.detail).toBeNull();
  });

  it('gives up after maxAttempts and throws the last failure', async () => {
    const { origin, seen } = await fakeServer(json(502, { detail: 'bad gateway' }));
    const error = await client(origin, [], { retry: { maxAttempts: 3 } })
      .bookings.create(INPUT)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(seen).toHaveLength(3);
  });

  it('throws NetworkError and TimeoutError when no answer ever comes', async () => {
    const dropped = await fakeServer(hangUp);
    expect(
      await client(dropped.origin, [], { retry: { maxAttempts: 2 } })
        .bookings.create(INPUT)
        .catch((e: unknown) => e),
    ).toBeInstanceOf(NetworkError);
    expect(dropped.seen).toHaveLength(2);
    const mute = await fakeServer(silent);
    expect(
      await client(mute.origin, [], { retry: { maxAttempts: 2 }, timeoutMs: 100 })
        .bookings.create(INPUT)
        .catch((e: unknown) => e),
    ).toBeInstanceOf(TimeoutError);
  });
});

describe('bookings.create and a key still in use', () => {
  it('retries 409 idempotency_key_in_use with the same key, but throws 422 idempotency_key_reused at once', async () => {
    const { origin, seen } = await fakeServer(
      json(409, { detail: 'idempotency_key_in_use' }),
      json(201, BOOKING, { 'Idempotent-Replayed': 'true' }),
    );
    expect(await client(origin, []).bookings.create(INPUT)).toEqual(BOOKING);
    expect(seen).toHaveLength(2);
    expect(seen[1]?.headers['idempotency-key']).toBe(seen[0]?.headers['idempotency-key']);

    const reused = await fakeServer(json(422, { detail: 'idempotency_key_reused' }));
    const error = await client(reused.origin)
      .bookings.create(INPUT)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422, code: 'idempotency_key_reused' });
    expect(reused.seen).toHaveLength(1);
  });
});
