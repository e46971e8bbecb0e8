/**
 * `pnpm bench`: the service's performance figures in one run (bench/README.md says what each case means).
 *
 *   pnpm bench [--duration 10] [--warmup 1] [--connections 50] [--bookings 100000] [--big]
 *              [--backends sqlite,postgres] [--cpu-prof] [--out bench/results.json] [--time-limit 10800]
 *              [--accelerators] [--pair-duration 5] [--tenants 3000]
 *
 * For each backend: generate the tenants, import them with the real `campsite import`, start the real `campsite
 * serve`, and load it from this process with bench/keep-alive-load.ts (the server is a separate process). Baselines
 * run in their own child processes. Everything it starts, and every file and database it makes, is removed at the end,
 * also on failure or Ctrl-C.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { runMainBackend, type MainDatabase, type Tenants } from './backend';
import { bulkLoadPair } from './bulk-load';
import { DEFAULT_SPEC, generateTenant, type TenantSpec } from './generate';
import { cleanup, databaseActivity, freshDatabase, installCleanup, keepLogsAtEnd } from './lifecycle';
import { log, options, ROOT, workDir } from './options';
import { mainPairs } from './pair-cases';
import { generatePlatformFixture, runPlatform } from './platform';
import type { PlatformFixture } from './platform-fixture';
import { adminDatabaseUrl } from './postgres-admin';
import { printReport } from './print';
import { runToEnd } from './processes';
import type { Results } from './results';
import { importTenant, runBaseline } from './server';
import { benchServerEnv } from './server-env';
import { evaluateTargets } from './targets';
import { bookingsFromAtDensityOf } from './tenant-model';
import { postBodies } from './write-cases';

const stopWatchdog = installCleanup(options.timeLimitSeconds);
/** The calendar tenant's pitches and types (bench/README.md, "Shapes of load"). */
const CALENDAR_SHAPE = { sites: 200, selling: true } as const;
const BIG_BOOKINGS = 1_000_000;
const { parts } = options;

function generateAll(): Tenants {
  const make = (name: string, spec: Partial<TenantSpec>) => {
    const started = performance.now();
    const tenant = generateTenant(join(workDir, `${name}.json`), spec);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    log(`generated ${name}: ${tenant.totalRows} rows, ${(tenant.bytes / 1e6).toFixed(1)} MB in ${seconds} s`);
    return tenant;
  };
  return {
    main: make('main', { slug: 'bench-main', bookings: options.bookings, seed: 1 }),
    small: make('small', { slug: 'bench-10k', bookings: 10_000, customers: 2_000, invoices: 5_000, seed: 2 }),
    calendar: make('calendar', {
      ...CALENDAR_SHAPE,
      slug: 'bench-calendar',
      bookings: options.bookings,
      customers: 2_000,
      staff: 5,
      invoices: 0,
      seed: 4,
    }),
    // The calendar tenant's shape and its bookings per year at 100k, over a history ten times as long: the same
    // calendar, as a campsite's grows, with as many stays on each night. Page 1 of bookings is the same.
    big:
      options.big && parts.mainCases
        ? make('big', {
            ...CALENDAR_SHAPE,
            slug: 'bench-1m',
            bookings: BIG_BOOKINGS,
            bookingsFrom: bookingsFromAtDensityOf(BIG_BOOKINGS, DEFAULT_SPEC.bookings),
            seed: 3,
          })
        : null,
  };
}

/** Runs one part of a backend; a failure is kept by name, logged with the database's activity, and the run goes on. */
async function attempt(name: string, failures: Record<string, string>, part: () => Promise<void>): Promise<void> {
  try {
    await part();
  } catch (error) {
    const cause = error instanceof Error && error.cause ? ` (cause: ${String(error.cause)})` : '';
    failures[name] = `${error instanceof Error ? error.message : String(error)}${cause}`;
    keepLogsAtEnd();
    if (name.startsWith('postgres')) log(`pg_stat_activity at failure:\n${await databaseActivity()}`);
    log(`${name} FAILED: ${failures[name]}`);
  }
}

async function runBackend(backend: string, tenants: Tenants | null, platform: PlatformFixture | null, results: Results): Promise<void> {
  const failures = results.failures;
  let database: MainDatabase | null = null;
  const bodies = tenants ? postBodies(tenants.main.activeSiteIds) : null;
  if (parts.mainCases && tenants && bodies) {
    await attempt(backend, failures, async () => {
      const main = await runMainBackend(backend, tenants, bodies);
      results.backends.push(main.result);
      database = main.database;
    });
  }
  if (parts.mainPairs && tenants && bodies) {
    await attempt(`${backend} pairs`, failures, async () => {
      if (!database) {
        const fresh = await freshDatabase(backend, 'pairs');
        const env = benchServerEnv();
        await importTenant(fresh.url, tenants.main, env);
        database = { url: fresh.url, env };
      }
      results.pairs!.push(...(await mainPairs(backend, database, tenants.main.token, bodies, failures)));
      results.pairs!.push(await bulkLoadPair(backend, 'one large tenant', tenants.main));
    });
  }
  if (platform) {
    await attempt(`${backend} platform`, failures, async () => {
      const shape = await runPlatform(backend, platform, failures);
      if (shape.result) results.platform!.push(shape.result);
      results.pairs!.push(...shape.pairs);
    });
  }
}

function commitOf(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

async function main(): Promise<void> {
  const loadAtStart = loadavg();
  mkdirSync(workDir, { recursive: true });
  log(`work dir ${workDir}; ${options.duration} s per case, ${options.pairDuration} s per pair round, ${options.connections} connections`);
  const tenants = parts.mainCases || parts.mainPairs ? generateAll() : null;
  const platform = parts.platformFigures || parts.platformPairs ? generatePlatformFixture() : null;
  const baselines = parts.mainCases
    ? {
        nodeHttp: await runBaseline('node:http baseline', 'node-http.ts'),
        express: await runBaseline('express baseline', 'express-hello.ts'),
      }
    : null;
  const results: Results = { meta: {}, baselines, backends: [], pairs: [], platform: [], failures: {}, targets: [] };
  for (const backend of options.backends) {
    if (backend === 'postgres' && !adminDatabaseUrl()) {
      results.failures[backend] = 'skipped: neither BENCH_DATABASE_URL nor TEST_DATABASE_URL is set';
      log(`postgres ${results.failures[backend]}`);
      continue;
    }
    log(`--- ${backend}`);
    await runBackend(backend, tenants, platform, results);
  }
  results.meta = {
    date: new Date().toISOString(),
    commit: commitOf(),
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    // The box is shared: a high load average means other work competed with both server and client.
    loadAverage1mAtStart: Math.round((loadAtStart[0] ?? 0) * 100) / 100,
    loadAverage1mAtEnd: Math.round((loadavg()[0] ?? 0) * 100) / 100,
    parts: Object.entries(parts).flatMap(([part, on]) => (on ? [part] : [])),
    durationSeconds: options.duration,
    warmupSeconds: options.warmup,
    pairDurationSeconds: options.pairDuration,
    connections: options.connections,
    tenants: tenants
      ? { main: tenants.main.rows, small: tenants.small.rows, calendar: tenants.calendar.rows, big: tenants.big?.rows ?? null }
      : null,
    platformTenants: platform ? platform.tenants.length : null,
    // The main cases run with the accelerators the environment gives (all on unless it says otherwise).
    acceleratorEnv: Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('ACCELERATOR'))),
    server:
      'campsite serve, TRUST_PROXY=loopback (HTTP + X-Forwarded-Proto: https), BCRYPT_COST=12 (4 for the platform shape), LOG_LEVEL=warn',
  };
  results.targets = evaluateTargets(results, options.big);
  const tmp = join(ROOT, 'bench/results.json.tmp');
  writeFileSync(tmp, `${JSON.stringify(results, null, 2)}\n`);
  renameSync(tmp, options.out);
  printReport(results);
  console.log(`\nwritten to ${options.out}`);
  if (Object.values(results.failures).some((reason) => !reason.startsWith('skipped'))) process.exitCode = 1;
  if (parts.webhooks) await webhookCases(results.backends.map((b) => b.backend));
  if (parts.restartStorm) await restartStorm(results.backends.map((b) => b.backend));
}

/** Webhook delivery (bench/webhooks.ts), on a tenant and server of its own, printed and written beside the results. */
async function webhookCases(backends: string[]): Promise<void> {
  if (backends.length === 0) return;
  const args = [
    '--import',
    'tsx',
    join(ROOT, 'bench/webhooks.ts'),
    '--backends',
    backends.join(','),
    '--duration',
    String(options.duration),
  ];
  // Beside this run's results, so that a run with --out elsewhere leaves the committed figures alone.
  args.push('--out', join(dirname(options.out), 'webhook-results.json'));
  const result = await runToEnd('webhooks', process.execPath, args, { cwd: ROOT, timeoutMs: 20 * 60_000 });
  console.log(`\n${result.output.trim()}`);
  if (result.code !== 0) {
    log(`webhook cases failed (${result.code}); see the lines above`);
    process.exitCode = 1;
  }
}

/** The restart storm (bench/restart-storm.ts), on databases and servers of its own, written beside the results. */
async function restartStorm(backends: string[]): Promise<void> {
  if (backends.length === 0) return;
  const out = join(dirname(options.out), 'restart-storm-results.json');
  const args = ['--import', 'tsx', join(ROOT, 'bench/restart-storm.ts'), '--backends', backends.join(','), '--out', out];
  // Its 2,001 cost-12 hashes alone are about six minutes of CPU.
  const result = await runToEnd('restart storm', process.execPath, args, { cwd: ROOT, timeoutMs: 30 * 60_000 });
  console.log(`\n${result.output.trim()}`);
  if (result.code !== 0) {
    log(`restart storm failed (${result.code}); see the lines above`);
    process.exitCode = 1;
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  keepLogsAtEnd();
  process.exitCode = 1;
} finally {
  await cleanup();
  stopWatchdog();
}
