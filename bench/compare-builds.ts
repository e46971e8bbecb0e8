/**
 * Two builds of the service in one run, on the same machine and data: page 1's throughput and the server's peak RSS
 * under a mixed load, in alternating rounds (A B A B …), so that a refactoring can show it costs neither: within the
 * noise of the figures before the change, measured in the same run. Each checkout must be installed and built.
 *
 *   tsx bench/compare-builds.ts --before ../old-checkout --after . [--rounds 3] [--backends sqlite,postgres]
 *     [--bookings 100000] [--out FILE]
 *
 * A round: 3 s of warm-up, page 1 for 10 s, random booking details for 8 s, random filtered booking lists for 8 s,
 * then sites, customers and invoices for 4 s each, all at 50 connections; the peak RSS is the kernel's high-water mark
 * of the server process (VmHWM) after all of it. Each build imports the tenant with its own CLI into its own database.
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { generateTenant } from './generate';
import { randomFilter } from './integrator-cases';
import { hammer } from './load';
import { adminDatabaseUrl, createThrowawayDatabase, type ThrowawayDatabase } from './postgres-admin';
import { killAllChildren, runToEnd, start, stop } from './processes';
import { Rng } from './seeded';
import { benchServerEnv, campsiteCommand, freePort } from './server-env';

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    after: { type: 'string' },
    rounds: { type: 'string' },
    backends: { type: 'string' },
    bookings: { type: 'string' },
    out: { type: 'string' },
  },
});
if (!values.before || !values.after) {
  console.error('usage: tsx bench/compare-builds.ts --before DIR --after DIR [--rounds N] [--backends sqlite,postgres] [--out FILE]');
  process.exit(2);
}
const builds = { before: resolve(values.before), after: resolve(values.after) };
const rounds = Number(values.rounds ?? 3);
const backends = (values.backends ?? 'sqlite,postgres').split(',');
const bookings = Number(values.bookings ?? 100_000);
const workDir = resolve('bench/.work', `compare-${process.pid}`);
const API = '/api/v1/public';

/** The checkout's own `start` command: node, its flags and its bin, to which `serve` or `import` is added. */
function serveCommand(root: string): string[] {
  const { args } = campsiteCommand(root);
  return args;
}

const highWaterMiB = (pid: number) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

interface Round {
  build: keyof typeof builds;
  round: number;
  page1Rps: number;
  page1P99Ms: number;
  peakRssMiB: number;
}

async function measureRound(root: string, databaseUrl: string, token: string): Promise<Omit<Round, 'build' | 'round'>> {
  const port = await freePort();
  const server = start('serve', process.execPath, [...serveCommand(root), 'serve'], {
    cwd: root,
    env: benchServerEnv({ DATABASE_URL: databaseUrl, HOST: '127.0.0.1', PORT: String(port) }),
  });
  try {
    const base = `http://127.0.0.1:${port}${API}`;
    for (let tries = 0; ; tries++) {
      const ready = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      if (tries > 300) throw new Error(`${root}: the server did not start`);
      await new Promise((wait) => setTimeout(wait, 200));
    }
    const headers = { authorization: `Bearer ${token}`, 'x-forwarded-proto': 'https', accept: 'application/json' };
    const load = (path: string, duration: number, next?: () => string) =>
      hammer({ url: `${base}${path}`, headers, duration, connections: 50, setupRequest: next && ((q) => ({ ...q, path: next() })) });
    await load('/bookings/', 3);
    const page1 = await load('/bookings/', 10);
    let seed = 12345;
    await load('/bookings/1/', 8, () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return `${API}/bookings/${(seed % bookings) + 1}/`;
    });
    const rng = new Rng(7);
    const next = () => rng.next();
    await load('/bookings/', 8, () => {
      const params = randomFilter(next, ['confirmed', 'pending', 'completed', 'cancelled', 'no_show'], 'check_in_from', 'check_in_to');
      params.set('page_size', String([20, 50, 100][Math.floor(next() * 3)]));
      return `${API}/bookings/?${params.toString()}`;
    });
    for (const path of ['/sites/', '/customers/', '/invoices/']) await load(path, 4);
    return {
      page1Rps: Math.round(page1.rps),
      page1P99Ms: Math.round(page1.p99Ms * 10) / 10,
      peakRssMiB: Math.round(highWaterMiB(server.pid) * 10) / 10,
    };
  } finally {
    await stop(server);
  }
}

async function main(): Promise<void> {
  mkdirSync(workDir, { recursive: true });
  const databases: ThrowawayDatabase[] = [];
  const results: Record<string, Round[]> = {};
  try {
    const tenant = generateTenant(join(workDir, 'main.json'), { slug: 'compare-main', bookings, seed: 1 });
    for (const backend of backends) {
      // Each build imports with its own CLI into its own database; every round starts from a copy of it (SQLite).
      const imported: Record<string, string> = {};
      for (const build of ['before', 'after'] as const) {
        let url: string;
        if (backend === 'sqlite') url = `sqlite:${join(workDir, `${build}.db`)}`;
        else {
          const admin = adminDatabaseUrl();
          if (!admin) throw new Error('postgres: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
          const db = await createThrowawayDatabase(admin, `campsite_compare_${process.pid}_${build}`);
          databases.push(db);
          url = db.url;
        }
        const done = await runToEnd('import', process.execPath, [...serveCommand(builds[build]), 'import', tenant.file], {
          cwd: builds[build],
          env: benchServerEnv({ DATABASE_URL: url }),
          timeoutMs: 10 * 60_000,
        });
        if (done.code !== 0) throw new Error(`${build}: import failed: ${done.output.slice(-1000)}`);
        imported[build] = url;
      }
      const rows: Round[] = [];
      for (let round = 1; round <= rounds; round++) {
        for (const build of ['before', 'after'] as const) {
          let url = imported[build]!;
          if (backend === 'sqlite') {
            const copy = join(workDir, `${build}-round.db`);
            rmSync(`${copy}-wal`, { force: true });
            rmSync(`${copy}-shm`, { force: true });
            copyFileSync(url.slice('sqlite:'.length), copy);
            url = `sqlite:${copy}`;
          }
          const figures = await measureRound(builds[build], url, tenant.token);
          rows.push({ build, round, ...figures });
          console.log(
            `${backend} ${build} round ${round}: page 1 ${figures.page1Rps} rps, p99 ${figures.page1P99Ms} ms; ` +
              `peak RSS ${figures.peakRssMiB} MiB`,
          );
        }
      }
      for (const build of ['before', 'after'] as const) {
        const mine = rows.filter((r) => r.build === build);
        const mean = (pick: (r: Round) => number) => Math.round((mine.reduce((sum, r) => sum + pick(r), 0) / mine.length) * 10) / 10;
        console.log(
          `${backend} ${build}: page 1 mean ${mean((r) => r.page1Rps)} rps (${mine.map((r) => r.page1Rps).join(', ')}); ` +
            `peak RSS mean ${mean((r) => r.peakRssMiB)} MiB (${mine.map((r) => r.peakRssMiB).join(', ')})`,
        );
      }
      results[backend] = rows;
    }
  } finally {
    for (const db of databases) await db.drop();
    rmSync(workDir, { recursive: true, force: true });
  }
  if (values.out) writeFileSync(values.out, `${JSON.stringify({ builds, rounds, bookings, results }, null, 2)}\n`);
}

process.on('exit', killAllChildren);
void main();
