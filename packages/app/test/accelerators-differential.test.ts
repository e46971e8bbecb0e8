import type { RawWriter } from '@campsite/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PdfkitInvoiceRenderer } from '../src/adapters/pdf/invoice-pdf-renderer';
import { API, aQuote, aRawState, aRawWrite, aRead } from './support/differential-steps';
import { Draw, SITES, differentialTenant, isoDay } from './support/differential-world';
import { describeOnSqlBackends, serveWiredApp, type WiredApp } from './support/sql-backends';

// docs/performance.md: every accelerator is a shortcut to the very same answer. One seeded sequence of filtered lists,
// `next` walks, details, creates, keyed creates and their replays, the tariff's reads (site types, extras, calendar
// windows), quotes and bookings made from them, with writes by plain SQL in between (the tariff's too, as the admin
// console makes them), goes to two servers on ONE database: one with every accelerator on, one with ACCELERATORS=off.
// Every answer must be the same, byte for byte, apart from X-Request-Id and Date (and a quote's own id). A stale or
// different answer from an accelerator fails it.

const SLUG = 'differential';
/** Steps per backend; DIFFERENTIAL_STEPS=2000 in a soak run tries many more. */
const STEPS = Number(process.env.DIFFERENTIAL_STEPS ?? 150);
const SEED = Number(process.env.DIFFERENTIAL_SEED ?? 20261127);
/** Links are built from Host: both servers get the same one, so that their answers may be compared byte for byte. */
const HOST = 'api.campsite.test';

interface Pair {
  on: WiredApp;
  off: WiredApp;
  raw: RawWriter;
  key: string;
  tenantId: number;
  close(): Promise<void>;
}

/** What a reply is made of, minus what legitimately differs per request. */
function essence(reply: { status: number; headers: Record<string, string | string[] | undefined>; text: string }) {
  const { etag, location } = reply.headers;
  return {
    status: reply.status,
    body: reply.text,
    etag,
    location,
    replayed: reply.headers['idempotent-replayed'],
    contentType: reply.headers['content-type'],
  };
}

/** A quote's essence: each server numbers the quotes it makes, so that its id is the one thing that may differ. */
function quoteEssence(reply: Parameters<typeof essence>[0] & { json: unknown }) {
  const shown = essence(reply);
  if (reply.status !== 201) return shown;
  const { id } = reply.json as { id: number };
  const location = String(shown.location).replace(`/quotes/${id}/`, '/quotes/(own id)/');
  return { ...shown, body: shown.body.replace(`{"id":${id},`, '{"id":"(own id)",'), location };
}

async function openPair(databaseUrl: string): Promise<Pair> {
  const renderer = new PdfkitInvoiceRenderer();
  // Both count against one key (on PostgreSQL in one shared limiter): the limit is not what this test compares.
  const unlimited = { RATE_LIMIT_PER_MINUTE: '1000000' };
  const on = await serveWiredApp(databaseUrl, [differentialTenant(SLUG)], { env: unlimited, invoiceRenderer: renderer });
  const off = await serveWiredApp(databaseUrl, [], { env: { ...unlimited, ACCELERATORS: 'off' }, invoiceRenderer: renderer });
  const raw = await on.raw();
  return {
    on,
    off,
    raw,
    key: await on.keyOf(SLUG),
    tenantId: await on.tenantIdOf(SLUG),
    async close() {
      await raw.close();
      await off.close();
      await on.close();
    },
  };
}

describe('accelerators on and off give the same answers', async () => {
  await describeOnSqlBackends<Pair>(
    'differential',
    (name, open) => {
      describe(name, () => {
        let pair: Pair;
        beforeAll(async () => {
          pair = await open();
        });
        afterAll(() => pair?.close());

        it(`answers ${STEPS} seeded steps alike (seed ${SEED})`, async () => {
          const draw = new Draw(SEED);
          const state = aRawState();
          const headers = { Host: HOST };
          const both = async (method: string, path: string, body?: unknown, extra: Record<string, string> = {}) => {
            const options = { token: pair.key, headers: { ...headers, ...extra }, ...(body === undefined ? {} : { body }) };
            const [on, off] = [await pair.on.server.request(method, path, options), await pair.off.server.request(method, path, options)];
            expect(essence(off), `${method} ${path}`).toEqual(essence(on));
            return on;
          };
          let creates = 0;
          for (let step = 0; step < STEPS; step++) {
            const roll = draw.next();
            if (roll < 0.5) {
              await both('GET', aRead(draw));
            } else if (roll < 0.62) {
              // A mirror following `next` from page 1: each link carries its page's keyset hint.
              let path: string | null = `${API}/bookings/?page_size=${draw.pick([5, 9])}${draw.chance(0.5) ? '&status=confirmed' : ''}`;
              for (let page = 0; path !== null && page < 6; page++) {
                const reply = await both('GET', path);
                const next = reply.status === 200 ? (reply.json as { next: string | null }).next : null;
                // The link names the Host both were asked under; it is followed on each server's own socket.
                path = next === null ? null : next.slice(next.indexOf('/', 'https://'.length));
              }
            } else if (roll < 0.74) {
              // A create through one server, then a replay of its key through the other: the first answer again.
              const day = 1000 + 4 * creates++;
              const body = { site_id: 1 + draw.int(SITES), check_in_date: isoDay(day), check_out_date: isoDay(day + 2), num_adults: 2 };
              const [first, second] = draw.chance(0.5) ? [pair.on, pair.off] : [pair.off, pair.on];
              const keyed: Record<string, string> = draw.chance(0.6) ? { 'Idempotency-Key': `diff-${SEED}-${step}` } : {};
              const options = { token: pair.key, headers: { ...headers, ...keyed }, body };
              const created = await first.server.request('POST', `${API}/bookings/`, options);
              expect(created.status, JSON.stringify(created.json)).toBe(201);
              if ('Idempotency-Key' in keyed) {
                const replay = await second.server.request('POST', `${API}/bookings/`, options);
                expect(essence(replay)).toEqual({ ...essence(created), replayed: 'true', etag: replay.headers.etag });
              }
              await both('GET', `${API}/bookings/${(created.json as { id: number }).id}/`);
            } else if (roll < 0.84) {
              // The same quote asked of both: the tariff as each reads it prices it, or refuses it, alike.
              const body = aQuote(draw);
              const options = { token: pair.key, headers, body };
              const quoted = await pair.on.server.request('POST', `${API}/quotes/`, options);
              const again = await pair.off.server.request('POST', `${API}/quotes/`, options);
              expect(quoteEssence(again), JSON.stringify(body)).toEqual(quoteEssence(quoted));
              if (quoted.status === 201 && draw.chance(0.5)) {
                // Booked at once through either server: the pitch it found is still free.
                const { id } = quoted.json as { id: number };
                const order = { token: pair.key, headers, body: { quote_id: id, guest_last_name: 'Quoted' } };
                const booked = await draw.pick([pair.on, pair.off]).server.request('POST', `${API}/bookings/`, order);
                expect(booked.status, JSON.stringify(booked.json)).toBe(201);
                await both('GET', `${API}/quotes/${id}/`);
                await both('GET', `${API}/bookings/${(booked.json as { id: number }).id}/`);
              }
            } else {
              const write = aRawWrite(draw, pair.raw, pair.tenantId, state);
              for (const path of write.reads) await both('GET', path);
              await write.run();
              for (const path of write.reads) await both('GET', path);
            }
          }
        });
      });
    },
    (databaseUrl) => openPair(databaseUrl),
  );
});
