import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHANGE_TYPES, type ChangedRecord } from '@campsite/domain';
import { aBooking, aSite, aTenant, aUser } from '@campsite/domain/testing';
import { describe, expect, it } from 'vitest';
import { type Persistence, openPersistence } from '../src';
import { postgresForTests, tempDir } from './support/databases';

// The change feed's guarantee (docs/change-feed.md, "The guarantee"): writer processes change one tenant with plain
// SQL while a reader follows the change feed in a loop; at the end the reader's mirror equals a fresh full read. The
// test command runs a short version; `pnpm test:soak` runs FEED_RACE_ROUNDS=20 rounds of FEED_RACE_MS=10000.

const ROUNDS = Number(process.env.FEED_RACE_ROUNDS ?? 3);
const DURATION_MS = Number(process.env.FEED_RACE_MS ?? 2_000);
const WRITER = fileURLToPath(new URL('./support/feed-writer-child.ts', import.meta.url));

function startWriter(url: string, tenantId: number, seed: number): { child: ChildProcess; done: Promise<{ committed: number }> } {
  const child = spawn(process.execPath, ['--import', 'tsx', WRITER, url, String(tenantId), String(DURATION_MS), String(seed)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const done = new Promise<{ committed: number }>((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error(`writer exited ${code}: ${err}`)),
    ),
  );
  return { child, done };
}

/** The reader: applies the feed to a mirror from its last position, following pages to the end. */
async function catchUp(
  persistence: Persistence,
  tenantId: number,
  state: { after: number; mirror: Map<string, ChangedRecord> },
): Promise<void> {
  for (;;) {
    const batch = await persistence.changes.read(tenantId, state.after, CHANGE_TYPES, 200);
    for (const change of batch.changes) {
      const key = `${change.type}:${change.id}`;
      if (change.deleted) state.mirror.delete(key);
      else state.mirror.set(key, change.record!);
    }
    if (batch.changes.length > 0) state.after = batch.changes.at(-1)!.position;
    if (batch.count <= batch.changes.length) return;
  }
}

async function freshRead(persistence: Persistence, tenantId: number): Promise<Map<string, ChangedRecord>> {
  const all = { offset: 0, limit: 100_000 };
  const fresh = new Map<string, ChangedRecord>();
  for (const b of await persistence.bookings.list(tenantId, {}, all)) fresh.set(`booking:${b.id}`, b);
  for (const s of await persistence.sites.list(tenantId, all)) fresh.set(`site:${s.id}`, s);
  for (const c of await persistence.customers.list(tenantId, all)) fresh.set(`customer:${c.id}`, c);
  for (const i of await persistence.invoices.list(tenantId, all)) fresh.set(`invoice:${i.id}`, i);
  for (const t of await persistence.siteTypes.list(tenantId, all)) fresh.set(`site_type:${t.id}`, t);
  for (const e of await persistence.extras.list(tenantId, all)) fresh.set(`extra:${e.id}`, e);
  return fresh;
}

const sorted = (map: Map<string, ChangedRecord>) => [...map.entries()].sort(([a], [b]) => (a < b ? -1 : 1));

function describeFeedRace(
  name: string,
  writers: number,
  open: () => Promise<{ url: string; persistence: Persistence; done(): Promise<void> }>,
): void {
  describe(`change feed under concurrent writers: ${name}`, () => {
    it(
      `a reader following the feed ends with a mirror equal to a fresh read (${writers} writer processes, ${ROUNDS} x ${DURATION_MS} ms)`,
      async () => {
        const { url, persistence, done } = await open();
        try {
          for (let round = 0; round < ROUNDS; round++) {
            const slug = `race-${round}-${Math.random().toString(36).slice(2, 8)}`;
            await persistence.importer.importTenants([
              aTenant(slug, {
                sites: Array.from({ length: 5 }, (_, i) => aSite({ id: i + 1, siteNumber: `S${i + 1}` })),
                users: Array.from({ length: 10 }, (_, i) => aUser({ id: i + 1 })),
                bookings: Array.from({ length: 20 }, (_, i) => aBooking({ id: i + 1, siteId: (i % 5) + 1 })),
              }),
            ]);
            const tenantId = (await persistence.tenants.findBySlug(slug))!.id;
            const state = { after: 0, mirror: new Map<string, ChangedRecord>() };
            const running = Array.from({ length: writers }, (_, i) => startWriter(url, tenantId, round * 100 + i + 1));
            let finished = false;
            const all = Promise.all(running.map((w) => w.done)).finally(() => (finished = true));
            let reads = 0;
            while (!finished) {
              await catchUp(persistence, tenantId, state);
              reads++;
              // SQLite answers synchronously: let the writers' exits be noticed between two reads.
              await new Promise((resolve) => setImmediate(resolve));
            }
            const results = await all;
            await catchUp(persistence, tenantId, state);
            expect(
              results.reduce((sum, r) => sum + r.committed, 0),
              'writers committed nothing',
            ).toBeGreaterThan(0);
            expect(reads).toBeGreaterThan(1);
            expect(sorted(state.mirror)).toEqual(sorted(await freshRead(persistence, tenantId)));
          }
        } finally {
          await done();
        }
      },
      ROUNDS * (DURATION_MS + 15_000) + 30_000,
    );
  });
}

describeFeedRace('sqlite', 2, async () => {
  const dir = tempDir('feed-race');
  const file = join(dir.path, 'campsite.db');
  const persistence = await openPersistence(`sqlite:${file}`);
  await persistence.migrate();
  return {
    url: `sqlite:${file}`,
    persistence,
    done: async () => {
      await persistence.close();
      dir.remove();
    },
  };
});

const postgres = await postgresForTests();
if (postgres) {
  describeFeedRace('postgres', 4, async () => {
    const persistence = await openPersistence(postgres.url, { poolSize: 4 });
    await persistence.migrate();
    return { url: postgres.url, persistence, done: () => persistence.close() };
  });
} else {
  describe('change feed under concurrent writers: postgres', () => it.skip('Postgres unavailable (named at the end of the run)'));
}
