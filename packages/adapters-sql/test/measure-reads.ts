/**
 * Times the list and detail reads of a 100k-booking tenant, per call, on SQLite and Postgres. Not a test:
 * it prints milliseconds per call, one line per read, for before/after comparisons of read-path changes.
 *   npx tsx packages/adapters-sql/test/measure-reads.ts [--bookings 100000] [--only sqlite|postgres] [--keep]
 * Postgres runs when TEST_DATABASE_URL is set. With --keep the database (a file under the temp directory, a named
 * Postgres schema) survives the run and the next run with --keep skips the import: then only the new migrations run.
 * With --baseline DIR (the adapters-sql/src of another checkout, e.g. `git archive HEAD` unpacked next to this repo's
 * node_modules) each read alternates batches between that code and this one on the same database, and prints both:
 * on a shared machine only an interleaved comparison is worth anything.
 * Dates follow bench/generate.ts: creation from 2019 to mid-2026, check-in up to 240 days after creation.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { type BookingFilter, type PageWindow, dateCursor } from '@campsite/domain';
import { aBooking, aSite, aTenant, aUser, anInvoice } from '@campsite/domain/testing';
import { type Persistence, openPersistence } from '../src';
import { adminQuery, withSchema } from './support/databases';

const { values: args } = parseArgs({
  options: {
    bookings: { type: 'string', default: '100000' },
    only: { type: 'string' },
    baseline: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
  strict: false,
});
const bookings = Number(args.bookings ?? 100_000);
const SLUG = `measure-reads-${bookings}`;
const DAY = 86_400_000;
const FROM = Date.UTC(2019, 0, 1);
const AS_OF = Date.UTC(2026, 5, 30);

/** A small deterministic PRNG, so that every run measures the same rows. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function snapshot() {
  const next = random(1);
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const step = (AS_OF - FROM) / bookings;
  return aTenant(SLUG, {
    sites: Array.from({ length: 500 }, (_, i) => aSite({ id: i + 1, siteNumber: `S${String(i + 1).padStart(3, '0')}` })),
    users: Array.from({ length: 20_000 }, (_, i) => aUser({ id: i + 1, role: i < 30 ? 'staff' : 'customer' })),
    bookings: Array.from({ length: bookings }, (_, i) => {
      const createdAt = Math.floor((FROM + i * step + next() * step) / 1000) * 1000;
      const checkIn = createdAt - (createdAt % DAY) + Math.floor(next() * 241) * DAY;
      const checkOut = checkIn + (1 + Math.floor(next() * 10)) * DAY;
      const status = checkOut <= AS_OF ? (next() < 0.8 ? 'completed' : 'cancelled') : next() < 0.8 ? 'confirmed' : 'pending';
      return aBooking({
        id: i + 1,
        siteId: 1 + Math.floor(next() * 500),
        status,
        checkInDate: day(checkIn),
        checkOutDate: day(checkOut),
        createdAt: new Date(createdAt),
      });
    }),
    invoices: Array.from({ length: 50_000 }, (_, i) =>
      anInvoice({
        id: i + 1,
        issuedAt: new Date(FROM + i * 4_000_000),
        status: i % 10 === 0 ? 'STORNIERT' : i % 3 === 0 ? 'OFFEN' : 'BEZAHLT',
      }),
    ),
  });
}

/**
 * Ms per call of each of `works`, wall clock and this process's CPU (for Postgres, the client's share): the best
 * mean of five batches of `repeat` calls, after a few warm-up calls, the works' batches taking turns. The best
 * batch, because this machine is shared and other work only ever adds time.
 */
async function perCall(works: Array<() => Promise<unknown>>, repeat: number): Promise<Array<{ wall: number; cpu: number }>> {
  for (const work of works) for (let i = 0; i < Math.min(5, repeat); i++) await work();
  const best = works.map(() => ({ wall: Infinity, cpu: Infinity }));
  for (let batch = 0; batch < 5; batch++) {
    for (const [w, work] of works.entries()) {
      const start = performance.now();
      const cpuStart = process.cpuUsage();
      for (let i = 0; i < repeat; i++) await work();
      const cpu = process.cpuUsage(cpuStart);
      best[w]!.wall = Math.min(best[w]!.wall, (performance.now() - start) / repeat);
      best[w]!.cpu = Math.min(best[w]!.cpu, (cpu.user + cpu.system) / 1000 / repeat);
    }
  }
  return best;
}

/** The reads this script times, on one persistence: [name, call, calls per batch]. */
export async function readCases(persistence: Persistence, tenantId: number): Promise<Array<[string, () => Promise<unknown>, number]>> {
  const page = (n: number): PageWindow => ({ offset: (n - 1) * 50, limit: 50 });
  const list = (filter: BookingFilter, window: PageWindow) => () => persistence.bookings.list(tenantId, filter, window);
  const before500 = (await persistence.bookings.list(tenantId, {}, page(499))).at(-1)!;
  const summer = { checkInFrom: '2025-06-01', checkInTo: '2025-08-31' };
  return [
    ['bookings page 1', list({}, page(1)), 200],
    ['bookings page 500 by offset', list({}, page(500)), 20],
    ['bookings page 500 by cursor', list({}, { ...page(500), after: dateCursor(before500.createdAt, before500.id) }), 200],
    ['bookings status=confirmed', list({ status: 'confirmed' }, page(1)), 200],
    ['bookings check-in one summer', list(summer, page(1)), 50],
    ['bookings check-in one summer, page 20', list(summer, page(20)), 50],
    ['bookings check-in one week', list({ checkInFrom: '2025-07-01', checkInTo: '2025-07-07' }, page(1)), 200],
    ['bookings check-in 2019..2030', list({ checkInFrom: '2019-01-01', checkInTo: '2030-12-31' }, page(1)), 10],
    ['bookings check-in from 2026-01-01', list({ checkInFrom: '2026-01-01' }, page(1)), 200],
    ['bookings check-in 2020 (old)', list({ checkInFrom: '2020-01-01', checkInTo: '2020-12-31' }, page(1)), 10],
    ['count check-in one summer', () => persistence.bookings.count(tenantId, summer), 50],
    // Filtered counts and pages of every shape (docs/database-rules.md §4), early and late ranges, narrow and wide.
    ['count completed from 2020-01-01', () => persistence.bookings.count(tenantId, { status: 'completed', checkInFrom: '2020-01-01' }), 10],
    ['count pending from 2020-01-01', () => persistence.bookings.count(tenantId, { status: 'pending', checkInFrom: '2020-01-01' }), 10],
    ['count check-in to 2025-12-31', () => persistence.bookings.count(tenantId, { checkInTo: '2025-12-31' }), 10],
    ['bookings pending from 2020-01-01', list({ status: 'pending', checkInFrom: '2020-01-01' }, page(1)), 20],
    [
      'bookings completed 2020 (old), page 5',
      list({ status: 'completed', checkInFrom: '2020-01-01', checkInTo: '2020-12-31' }, page(5)),
      10,
    ],
    ['bookings check-in from 2026-12-01 (late)', list({ checkInFrom: '2026-12-01' }, page(1)), 50],
    ['bookings cancelled to 2019-03-31 (early)', list({ status: 'cancelled', checkInTo: '2019-03-31' }, page(1)), 20],
    [
      'count invoices STORNIERT 2020',
      () => persistence.invoices.count(tenantId, { status: 'STORNIERT', issuedFrom: '2020-01-01', issuedTo: '2020-12-31' }),
      20,
    ],
    ['count invoices from 2020-01-01', () => persistence.invoices.count(tenantId, { issuedFrom: '2020-01-01' }), 20],
    [
      'invoices STORNIERT 2020, page 3',
      () => persistence.invoices.list(tenantId, page(3), { status: 'STORNIERT', issuedFrom: '2020-01-01', issuedTo: '2020-12-31' }),
      50,
    ],
    ['booking detail', () => persistence.bookings.findById(tenantId, 4242), 500],
    ['sites page 1', () => persistence.sites.list(tenantId, page(1)), 200],
    ['customers page 1', () => persistence.customers.list(tenantId, page(1)), 200],
    ['invoices page 1', () => persistence.invoices.list(tenantId, page(1)), 200],
  ];
}

/** The measured tenant's id, imported first unless a kept database already has it. */
export async function measuredTenant(persistence: Persistence, label: string): Promise<number> {
  await persistence.migrate();
  let tenant = await persistence.tenants.findBySlug(SLUG);
  if (!tenant) {
    const start = performance.now();
    await persistence.importer.importTenants([snapshot()]);
    console.log(`${label}: imported in ${(performance.now() - start).toFixed(0)} ms`);
    tenant = (await persistence.tenants.findBySlug(SLUG))!;
  }
  return tenant.id;
}

async function measure(label: string, url: string): Promise<void> {
  const persistence = await openPersistence(url);
  const tenantId = await measuredTenant(persistence, label);
  const current = await readCases(persistence, tenantId);
  let baseline: Persistence | undefined;
  if (args.baseline) {
    const module = (await import(resolve(String(args.baseline), 'index.ts'))) as { openPersistence: typeof openPersistence };
    baseline = await module.openPersistence(url);
  }
  const before = baseline ? await readCases(baseline, tenantId) : [];
  for (const [c, [name, work, repeat]] of current.entries()) {
    const ms = await perCall(baseline ? [before[c]![1], work] : [work], repeat);
    const figures = ms.map((m) => `${m.wall.toFixed(3).padStart(8)} ms (cpu ${m.cpu.toFixed(3).padStart(7)})`).join(' -> ');
    console.log(`${label.padEnd(8)} ${name.padEnd(40)} ${figures}`);
  }
  await baseline?.close();
  await persistence.close();
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  if (args.only !== 'postgres') {
    const dir = join(tmpdir(), args.keep ? 'campsite-measure-reads' : `campsite-measure-reads-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    await measure('sqlite', `sqlite:${join(dir, `reads-${bookings}.db`)}`);
    if (!args.keep && existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  }
  const pg = process.env.TEST_DATABASE_URL;
  if (pg && args.only !== 'sqlite') {
    const schema = args.keep ? `campsite_measure_reads_${bookings}` : `campsite_measure_reads_${process.pid}`;
    await adminQuery(pg, `CREATE SCHEMA IF NOT EXISTS ${schema}`);
    try {
      await measure('postgres', withSchema(pg, schema));
    } finally {
      if (!args.keep) await adminQuery(pg, `DROP SCHEMA ${schema} CASCADE`);
    }
  }
}
