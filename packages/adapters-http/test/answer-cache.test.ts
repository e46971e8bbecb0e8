import { randomBytes } from 'node:crypto';
import type { DataVersion } from '@campsite/domain';
import { describe, expect, it } from 'vitest';
import { AnswerCache } from '../src/answer-cache';
import type { RenderedAnswer } from '../src/rendered-answer';
import { jsonAnswer, strongEtag } from '../src/send-json';

// docs/performance.md, "Answer cache" and "Compressed answers": kept answers come back byte for byte, the budget
// counts what is kept (deflated bytes when compressed), and the least recently used go first once it is spent.

const MiB = 1024 * 1024;

/** A page of bookings as JSON: about 22 kB, and it deflates about fivefold, like page 1 of a small campsite. */
function bookingsPage(seed: number, rows = 50): RenderedAnswer {
  const results = Array.from({ length: rows }, (_, i) => ({
    id: seed * 1000 + i,
    booking_reference: `R${String(seed * 7919 + i * 104729).padStart(9, '0')}`,
    guest_first_name: ['Anna', 'Léa', 'Jürg', 'Chloé', '日向'][i % 5],
    guest_last_name: `Muster-${(seed + i) % 97}`,
    guest_email: `guest${seed}-${i}@example.ch`,
    check_in_date: `2026-0${(i % 9) + 1}-1${i % 10}`,
    status: i % 3 === 0 ? 'cancelled' : 'confirmed',
    total_price: `${(seed * 31 + i * 17) % 900}.50`,
    note: 'Line\u2028separator and "quotes" and \\ backslash',
  }));
  return jsonAnswer({ count: rows, next: null, previous: null, results });
}

function cacheWith(budgetBytes: number, compressed = true) {
  const versions = new Map<number, DataVersion>();
  const cache = new AnswerCache({ versionOf: async (tenantId: number) => versions.get(tenantId) ?? 0 }, budgetBytes, { compressed });
  let renders = 0;
  /** The cache's answer for `key`, rendering `answer` when it has none; counts the renderings. */
  const ask = (tenantId: number, key: string, answer: () => RenderedAnswer) =>
    cache.answer(tenantId, key, async () => {
      renders++;
      return answer();
    });
  return { cache, versions, ask, renders: () => renders, used: () => cache.stats().usedBytes };
}

const bytesOf = (answer: RenderedAnswer) => Buffer.from(answer.bytes as Buffer | string);

function expectSameAnswer(got: RenderedAnswer, rendered: RenderedAnswer): void {
  expect(bytesOf(got).equals(bytesOf(rendered))).toBe(true);
  expect(got.length).toBe(rendered.length);
  expect(got.etag).toBe(rendered.etag);
  expect(got.contentType).toBe(rendered.contentType);
  expect(got.headers).toEqual(rendered.headers);
}

describe.each([true, false])('kept answers (compressed %s)', (compressed) => {
  it('come back byte for byte as rendered, with their length, tag and headers, cold and hot', async () => {
    const { ask, renders } = cacheWith(32 * MiB, compressed);
    const ascii = 'x'.repeat(1500);
    const rendered: RenderedAnswer[] = [
      bookingsPage(1),
      // Kept as a string below 4 KiB (send-json.ts), and multi-byte: its length counts bytes, not characters.
      {
        bytes: `{"name":"${'Zürich 日向 '.repeat(60)}"}`,
        length: Buffer.byteLength(`{"name":"${'Zürich 日向 '.repeat(60)}"}`),
        etag: '"s"',
      },
      { bytes: new Uint8Array(Buffer.from(ascii)), length: ascii.length, etag: strongEtag(ascii) },
      { bytes: '{"id":1}', length: 8, etag: '"tiny"' },
      {
        bytes: randomBytes(20_000),
        length: 20_000,
        etag: '"pdf"',
        contentType: 'application/pdf',
        headers: { 'Content-Disposition': 'inline' },
      },
    ];
    for (const [i, answer] of rendered.entries()) {
      const first = await ask(1, `/page/${i}`, () => answer);
      expect(first).toBe(answer);
      // The second is a hit right after the first (hot from then on); the rest come after many others' hits (cold).
      for (let round = 0; round < 3; round++) {
        const kept = await ask(1, `/page/${i}`, () => answer);
        expectSameAnswer(kept, answer);
        expect(kept.renderMs).toBeUndefined();
        for (let other = 0; other < 100; other++) await ask(2, `/filler/${other % 3}`, () => bookingsPage(other % 3));
      }
    }
    expect(renders()).toBe(rendered.length + 3);
  });

  it("are rendered afresh once the tenant's data version moves", async () => {
    const { ask, versions, renders } = cacheWith(32 * MiB, compressed);
    expectSameAnswer(await ask(1, '/bookings/', () => bookingsPage(1)), bookingsPage(1));
    await ask(1, '/bookings/', () => bookingsPage(1));
    versions.set(1, 2);
    expectSameAnswer(await ask(1, '/bookings/', () => bookingsPage(2)), bookingsPage(2));
    expectSameAnswer(await ask(1, '/bookings/', () => bookingsPage(3)), bookingsPage(2));
    expect(renders()).toBe(2);
  });
});

describe('the budget', () => {
  it('counts the deflated bytes of a compressed answer, the raw bytes otherwise', async () => {
    const page = bookingsPage(1);
    const packed = cacheWith(32 * MiB, true);
    const raw = cacheWith(32 * MiB, false);
    await packed.ask(1, '/bookings/', () => page);
    await raw.ask(1, '/bookings/', () => page);
    expect(raw.used()).toBeGreaterThan(page.length);
    expect(packed.used()).toBeLessThan(page.length / 3);
  });

  it('keeps small and incompressible answers as they are, and counts them so', async () => {
    const { ask, used } = cacheWith(32 * MiB, true);
    const tiny: RenderedAnswer = { bytes: '{"id":1}', length: 8, etag: '"t"' };
    await ask(1, '/tiny/', () => tiny);
    expect(used()).toBeGreaterThan(8);
    const before = used();
    const pdf: RenderedAnswer = { bytes: randomBytes(20_000), length: 20_000, etag: '"p"', contentType: 'application/pdf' };
    await ask(1, '/invoice.pdf', () => pdf);
    expect(used() - before).toBeGreaterThan(20_000);
    // Not inflated on a hit: the very bytes that were rendered.
    for (let i = 0; i < 100; i++) await ask(2, `/filler/${i % 3}`, () => bookingsPage(i % 3));
    expect((await ask(1, '/tiny/', () => tiny)).bytes).toBe(tiny.bytes);
    expect((await ask(1, '/invoice.pdf', () => pdf)).bytes).toBe(pdf.bytes);
  });

  it('keeps an answer over 64 KiB as it is, however well it would deflate', async () => {
    const { ask, used } = cacheWith(32 * MiB, true);
    const large = bookingsPage(1, 300);
    const packable = bookingsPage(2, 100);
    expect(large.length).toBeGreaterThan(64 * 1024);
    expect(packable.length).toBeLessThan(64 * 1024);
    await ask(1, '/large/', () => large);
    expect(used()).toBeGreaterThan(large.length);
    const before = used();
    await ask(1, '/packable/', () => packable);
    expect(used() - before).toBeLessThan(packable.length / 3);
    // Never inflated: the very bytes that were rendered.
    expect((await ask(1, '/large/', () => large)).bytes).toBe(large.bytes);
  });

  it('answers, and does not keep, an answer larger than a sixty-fourth of the budget', async () => {
    const large = bookingsPage(1, 300);
    const { ask, renders, used } = cacheWith(60 * large.length, true);
    const small = bookingsPage(2, 100);
    await ask(1, '/small/', () => small);
    const withSmall = used();
    for (let i = 1; i <= 3; i++) {
      expectSameAnswer(await ask(1, '/large/', () => large), large);
      expect(renders()).toBe(1 + i);
    }
    expect(used()).toBe(withSmall);
    await ask(1, '/small/', () => small);
    expect(renders()).toBe(4);

    // The same answer fits a budget 64 times its size, and is kept.
    const roomy = cacheWith(64 * (large.length + 2000), true);
    await roomy.ask(1, '/large/', () => large);
    await roomy.ask(1, '/large/', () => large);
    expect(roomy.renders()).toBe(1);
  });

  it('inflates a cold answer on each hit, and a hot one no more', async () => {
    const { ask } = cacheWith(32 * MiB, true);
    const page = bookingsPage(1);
    const spread = async () => {
      for (let i = 0; i < 100; i++) await ask(2 + i, '/bookings/', () => bookingsPage(2 + i));
    };
    await ask(1, '/bookings/', () => page);
    await spread();
    const first = await ask(1, '/bookings/', () => page);
    await spread();
    const second = await ask(1, '/bookings/', () => page);
    expect(first.bytes).not.toBe(second.bytes);
    const hot = await ask(1, '/bookings/', () => page);
    expect(await ask(1, '/bookings/', () => page)).toBe(hot);
    expectSameAnswer(hot, page);
  });

  it('holds compressed what would not fit raw, and evicts the least recently used once even that is spent', async () => {
    const page = bookingsPage(1);
    // Room for about 64 pages as rendered, each with its entry's overhead (so that one is at most a sixty-fourth of
    // the budget and may be kept at all): 200 of them fit deflated.
    const budget = 65 * (page.length + 2000);
    const packed = cacheWith(budget, true);
    const raw = cacheWith(budget, false);
    for (let tenant = 1; tenant <= 200; tenant++) {
      await packed.ask(tenant, '/bookings/', () => bookingsPage(tenant));
      await raw.ask(tenant, '/bookings/', () => bookingsPage(tenant));
    }
    expect(packed.cache.stats()).toMatchObject({ entries: 200, evictions: 0 });
    expect(raw.cache.stats().entries).toBeLessThan(70);
    expect(raw.cache.stats().entries).toBeGreaterThan(60);
    expect(raw.cache.stats().evictions).toBeGreaterThan(130);

    // Tenant 1's page is used again, so it is the most recently used when the next pages push the oldest out.
    await packed.ask(1, '/bookings/', () => bookingsPage(1));
    for (let tenant = 201; packed.cache.stats().evictions === 0; tenant++) {
      await packed.ask(tenant, '/bookings/', () => bookingsPage(tenant));
    }
    const before = packed.renders();
    await packed.ask(1, '/bookings/', () => bookingsPage(1));
    expect(packed.renders()).toBe(before);
    await packed.ask(2, '/bookings/', () => bookingsPage(2));
    expect(packed.renders()).toBe(before + 1);
    expect(packed.used()).toBeLessThanOrEqual(budget);
  });

  it("counts a hot answer's inflated bytes too, within a sixteenth of the budget", async () => {
    const budget = 8 * MiB;
    const hot = cacheWith(budget, true);
    const cold = cacheWith(budget, true);
    const page = bookingsPage(1);
    await hot.ask(1, '/bookings/', () => page);
    const alone = hot.used();
    await hot.ask(1, '/bookings/', () => page);
    expect(hot.used()).toBe(alone + page.length);

    // Pages asked twice in a row are each hot for a while; asked once, none is. Their inflated bytes fill the hot
    // share and no more.
    for (let tenant = 2; tenant <= 100; tenant++) {
      await hot.ask(tenant, '/bookings/', () => bookingsPage(tenant));
      await hot.ask(tenant, '/bookings/', () => bookingsPage(tenant));
    }
    for (let tenant = 1; tenant <= 100; tenant++) await cold.ask(tenant, '/bookings/', () => bookingsPage(tenant));
    const inflated = hot.used() - cold.used();
    expect(inflated).toBeLessThanOrEqual(budget / 16);
    expect(inflated).toBeGreaterThan(budget / 16 - 2 * page.length);
  });

  it('gives back to the byte what a hot answer took, when it is replaced and when it is evicted', async () => {
    /** What tenant's page costs the budget alone and cold. */
    const coldSize = async (tenant: number) => {
      const fresh = cacheWith(MiB, true);
      await fresh.ask(tenant, '/bookings/', () => bookingsPage(tenant));
      return fresh.used();
    };
    const page = bookingsPage(1);
    // The hot share (a sixteenth) holds one inflated page.
    const { ask, used, versions, cache } = cacheWith(20 * page.length, true);
    await ask(1, '/bookings/', () => page);
    await ask(1, '/bookings/', () => page);
    versions.set(1, 1);
    await ask(1, '/bookings/', () => page);
    expect(used()).toBe(await coldSize(1));

    await ask(1, '/bookings/', () => page);
    expect(used()).toBe((await coldSize(1)) + page.length);
    let tenant = 1;
    while (cache.stats().evictions === 0) {
      tenant++;
      await ask(tenant, '/bookings/', () => bookingsPage(tenant));
    }
    // Tenant 1's was the least recently used: it went, with its inflated bytes, and the rest are counted cold.
    let rest = 0;
    for (let other = 2; other <= tenant; other++) rest += await coldSize(other);
    expect(cache.stats().entries).toBe(tenant - 1);
    expect(used()).toBe(rest);
  });
});
