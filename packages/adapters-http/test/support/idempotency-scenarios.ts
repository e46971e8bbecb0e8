import type { FixedClock } from '@campsite/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type Reply, type RequestOptions } from './http-harness';

/** A running API with two tenants ("alpha", "beta"), each with active sites 1 and 2 and a key of every scope. */
export interface IdempotencyWorld {
  request(method: string, path: string, options?: RequestOptions): Promise<Reply>;
  tokens: readonly [string, string];
  clock: FixedClock;
  close(): Promise<void>;
}

const stay = (day: number, siteId = 1) => ({
  site_id: siteId,
  check_in_date: `2027-03-${String(day).padStart(2, '0')}`,
  check_out_date: `2027-03-${String(day + 1).padStart(2, '0')}`,
  num_adults: 2,
  guest_first_name: 'Ida',
  guest_last_name: 'Empotent',
  guest_email: 'ida@example.ch',
});

/**
 * docs/channel-managers.md, "Retrying safely", over HTTP: the same scenarios for every backend. Each test uses its own
 * nights and keys, so they share one world and may run in any order.
 */
export function describeIdempotencyOverHttp(name: string, open: () => Promise<IdempotencyWorld>): void {
  describe(`Idempotency-Key on POST /bookings/: ${name}`, () => {
    let world: IdempotencyWorld;
    const post = (token: string, body: unknown, key?: string, headers: Record<string, string> = {}) =>
      world.request('POST', `${API}/bookings/`, {
        token,
        body,
        headers: key === undefined ? headers : { ...headers, 'Idempotency-Key': key },
      });
    beforeAll(async () => {
      world = await open();
    });
    afterAll(() => world?.close());
    const count = async (token: string) => (await world.request('GET', `${API}/bookings/?page_size=1`, { token })).json.count as number;

    it('replays the first answer for an equal body, whatever its key order and spacing, and creates nothing', async () => {
      const [token] = world.tokens;
      const first = await post(token, stay(1), 'replay-1');
      expect(first.status).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const before = await count(token);
      const reordered = `{ "guest_email":"ida@example.ch", "num_adults": 2.0,"site_id":1,\n "check_out_date":"2027-03-02",
        "check_in_date":"2027-03-01","guest_last_name":"Empotent","guest_first_name":"Ida"}`;
      const again = await post(token, reordered, 'replay-1', { 'Content-Type': 'application/json' });
      expect(again.status).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.text).toBe(first.text);
      expect(again.headers.location).toBe(first.headers.location);
      expect(again.headers['content-type']).toBe('application/json');
      expect(await count(token)).toBe(before);
    });

    it('refuses the same key with another body (422) and stores nothing for it', async () => {
      const [token] = world.tokens;
      expect((await post(token, stay(3), 'reuse-1')).status).toBe(201);
      const before = await count(token);
      const other = await post(token, stay(5), 'reuse-1');
      expect(other.status).toBe(422);
      expect(other.json).toEqual({ detail: 'idempotency_key_reused' });
      expect(await count(token)).toBe(before);
    });

    it('answers a malformed key with 400 before reading the body', async () => {
      const [token] = world.tokens;
      for (const key of ['', 'with space', 'x'.repeat(256), 'grüezi', 'tab\there']) {
        const reply = await post(token, 'not json at all', key, { 'Content-Type': 'application/json' });
        expect(reply.status, JSON.stringify(key)).toBe(400);
        expect(reply.json).toEqual({ detail: 'invalid_idempotency_key' });
      }
      expect((await post(token, stay(7), 'k'.repeat(255))).status).toBe(201);
      expect((await post(token, stay(8), '!~"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}')).status).toBe(201);
    });

    it('stores only a created booking: a refused create can be retried under the same key', async () => {
      const [token] = world.tokens;
      const refused = await post(token, { ...stay(9), num_adults: 99 }, 'retry-after-400');
      expect(refused.status).toBe(400);
      const created = await post(token, stay(9), 'retry-after-400');
      expect(created.status).toBe(201);
      expect(created.headers['idempotent-replayed']).toBeUndefined();
    });

    it('forgets a key after 24 hours', async () => {
      const [token] = world.tokens;
      expect((await post(token, stay(11), 'expiring')).status).toBe(201);
      world.clock.advance(24 * 60 * 60 * 1000 - 1);
      expect((await post(token, stay(13), 'expiring')).status).toBe(422);
      world.clock.advance(1);
      const fresh = await post(token, stay(13), 'expiring');
      expect(fresh.status).toBe(201);
      expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    });

    it('keeps keys per tenant: the same key in two tenants creates two bookings', async () => {
      const [alpha, beta] = world.tokens;
      const a = await post(alpha, stay(15), 'shared');
      const b = await post(beta, stay(15), 'shared');
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(b.headers['idempotent-replayed']).toBeUndefined();
    });

    it('lets 20 concurrent requests with one key create exactly one booking; the rest replay it or hear 409', async () => {
      const [token] = world.tokens;
      const before = await count(token);
      const replies = await Promise.all(Array.from({ length: 20 }, () => post(token, stay(17, 2), 'burst')));
      const created = replies.filter((r) => r.status === 201 && r.headers['idempotent-replayed'] === undefined);
      const replayed = replies.filter((r) => r.status === 201 && r.headers['idempotent-replayed'] === 'true');
      const busy = replies.filter((r) => r.status === 409);
      expect(created).toHaveLength(1);
      expect(replayed.length + busy.length).toBe(19);
      for (const r of busy) expect(r.json).toEqual({ detail: 'idempotency_key_in_use' });
      for (const r of replayed) expect(r.text).toBe(created[0]!.text);
      expect(await count(token)).toBe(before + 1);
    });
  });
}
