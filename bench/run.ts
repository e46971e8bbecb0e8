/**
 * `pnpm bench`: the performance proof of issue 6, in one run.
 *
 *   pnpm bench [--duration 10] [--warmup 1] [--connections 50] [--bookings 100000] [--big]
 *              [--backends sqlite,postgres] [--cpu-prof] [--out bench/results.json]
 *
 * (env: BENCH_DURATION, BENCH_WARMUP, BENCH_CONNECTIONS, BENCH_BOOKINGS, BENCH_BIG=1, BENCH_BACKENDS; Postgres from
 * BENCH_DATABASE_URL or TEST_DATABASE_URL, skipped when neither is set.)
 *
 * For each backend: generate the tenants, import them with the real `campsite import`, start the real `campsite
 * serve`, and load it from this process with bench/keep-alive-load.ts (the server is a separate process). Baselines
 * run in their own child processes. Everything it starts, and every file and database it makes, is removed at the end,
 * also on failure or Ctrl-C.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync, cpSync, readdirSync, existsSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { execFileSync } from 'node:child_process';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { DEFAULT_SPEC, FREE_WINDOW_START, generateTenant, type GeneratedTenant, type TenantSpec } from './generate';
import { nthFreeStay } from './free-stays';
import { combineRounds, hammer, type LoadCase, type LoadRequest, type LoadResult } from './load';
import { adminDatabaseUrl, createThrowawayDatabase, type ThrowawayDatabase } from './postgres-admin';
import { measureSync, type SyncResult } from './sync-cases';
import { availabilityCases } from './availability-cases';
import { detailCases, filteredListCases, pageBesideWriterCases } from './integrator-cases';
import { killAllChildren, peakRssMiB, runToEnd, start, stop, waitForOutput, type Child } from './processes';
import { benchServerEnv, campsiteCommand as campsiteCommandOf, freePort } from './server-env';
import { evaluateTargets, printReport, type BackendResult, type CaseResult, type ColdKeyResult, type Results } from './report';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const API = '/api/v1/public';

// ---------------------------------------------------------------- options

const { values: argv } = parseArgs({
  options: {
    duration: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string' },
    bookings: { type: 'string' },
    big: { type: 'boolean' },
    backends: { type: 'string' },
    'cpu-prof': { type: 'boolean' },
    out: { type: 'string' },
    'time-limit': { type: 'string' },
  },
});
const num = (flag: string | undefined, env: string | undefined, fallback: number, least = Number.MIN_VALUE) => {
  const value = Number(flag ?? env ?? fallback);
  if (!Number.isFinite(value) || value < least) throw new Error(`bad numeric option ${flag ?? env}`);
  return value;
};
const options = {
  duration: num(argv.duration, process.env.BENCH_DURATION, 10),
  // --warmup 0 skips the warm-up rounds (quick runs that only prove the cases work).
  warmup: num(argv.warmup, process.env.BENCH_WARMUP, 1, 0),
  connections: num(argv.connections, process.env.BENCH_CONNECTIONS, 50),
  bookings: num(argv.bookings, process.env.BENCH_BOOKINGS, 100_000),
  big: argv.big ?? process.env.BENCH_BIG === '1',
  backends: (argv.backends ?? process.env.BENCH_BACKENDS ?? 'sqlite,postgres').split(',').map((s) => s.trim()),
  cpuProf: argv['cpu-prof'] ?? false,
  out: resolve(ROOT, argv.out ?? 'bench/results.json'),
  // Hard stop for the whole run, so that it always ends by itself.
  timeLimitSeconds: num(argv['time-limit'], process.env.BENCH_TIME_LIMIT, 3600),
};

const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
const workDir = join(ROOT, 'bench/.work', `run-${stamp}-${process.pid}`);

// ---------------------------------------------------------------- cleanup

const databases: ThrowawayDatabase[] = [];
let cleanedUp = false;
let keepLogs = false;

async function cleanup(): Promise<void> {
  if (cleanedUp) return;
  cleanedUp = true;
  killAllChildren();
  if (keepLogs && existsSync(workDir)) {
    const logs = join(ROOT, 'bench/.work', `logs-${stamp}`);
    mkdirSync(logs, { recursive: true });
    for (const file of readdirSync(workDir).filter((f) => f.endsWith('.log'))) cpSync(join(workDir, file), join(logs, file));
    console.error(`child process logs kept in ${logs}`);
  }
  for (const db of databases) {
    await db.drop().catch((e: unknown) => console.error(`could not drop ${db.name}: ${String(e)}`));
  }
  rmSync(workDir, { recursive: true, force: true });
}

process.on('exit', killAllChildren);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}
const watchdog = setTimeout(() => {
  console.error(`time limit of ${options.timeLimitSeconds} s reached: cleaning up`);
  void cleanup().finally(() => process.exit(124));
}, options.timeLimitSeconds * 1000);
watchdog.unref();

// ---------------------------------------------------------------- helpers

const log = (message: string) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

const campsiteCommand = (nodeFlags: string[] = []) => campsiteCommandOf(ROOT, nodeFlags);

function baseHeaders(token?: string): Record<string, string> {
  return {
    accept: 'application/json',
    // TRUST_PROXY=loopback: plain HTTP, the "proxy" vouches for https (docs/api-behaviour.md §1).
    'x-forwarded-proto': 'https',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
}

interface Target {
  base: string;
  pid: number;
}

async function measure(
  target: Target,
  name: string,
  load: Omit<LoadCase, 'url' | 'duration' | 'connections'> & { path: string },
  duration = options.duration,
): Promise<LoadResult> {
  const url = `${target.base}${load.path}`;
  if (options.warmup > 0) await hammer({ ...load, url, duration: options.warmup, connections: options.connections });
  const result = await hammer({ ...load, url, duration, connections: options.connections });
  logResult(name, result);
  return result;
}

function logResult(name: string, result: LoadResult): void {
  log(`${name}: ${result.rps} rps, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, codes ${JSON.stringify(result.statusCodes)}`);
}

/**
 * The harness's own requests (sanity check, next-walk, overlap check, health) go over node:http on a fresh
 * connection each: a pooled keep-alive socket that the server has just closed as idle would fail a POST, which is
 * never retried.
 */
function request(
  base: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; text: string; headers: NodeJS.Dict<string | string[]> }> {
  return new Promise((resolveRequest, reject) => {
    const req = httpRequest(
      `${base}${path}`,
      { method: init.method ?? 'GET', headers: init.headers, agent: false, timeout: 60_000 },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolveRequest({ status: res.statusCode ?? 0, text, headers: res.headers }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${path}: no answer within 60 s`)));
    req.on('error', reject);
    req.end(init.body);
  });
}

async function getJson(base: string, path: string, token: string): Promise<{ status: number; body: unknown }> {
  const { status, text } = await request(base, path, { headers: baseHeaders(token) });
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Keep the raw text for the error message.
  }
  return { status, body };
}

/** Follows `next` from page 1 to `page` like a mirror would, and returns the keyset-bearing URL of that page. */
async function walkNext(base: string, token: string, page: number): Promise<{ path: string; msPerPage: number }> {
  let path = `${API}/bookings/`;
  const started = performance.now();
  for (let current = 1; current < page; current++) {
    const { status, body } = await getJson(base, path, token);
    const next = (body as { next?: string | null }).next;
    if (status !== 200 || !next) throw new Error(`walking next: page ${current} gave ${status} / next=${String(next)}`);
    const url = new URL(next);
    path = `${url.pathname}${url.search}`;
  }
  return { path, msPerPage: (performance.now() - started) / (page - 1) };
}

const COLD_BURST = 50;

/**
 * "The first request of a key pays once" (issue 6): a key made with the real `keys create`, then 50 requests at once
 * before any has been answered. If each of them runs its own cost-12 bcrypt check, the last answer comes after about
 * 50 x 190 ms of CPU spread over the bcrypt thread pool; with the check shared, after about one.
 */
async function coldKeyBurst(base: string, databaseUrl: string, env: NodeJS.ProcessEnv, slug: string): Promise<ColdKeyResult> {
  const { command, args } = campsiteCommand();
  const created = await runToEnd(
    'keys create',
    command,
    [...args, 'keys', 'create', '--tenant', slug, '--name', 'bench cold key', '--scopes', 'bookings:read'],
    {
      cwd: ROOT,
      env: { ...env, DATABASE_URL: databaseUrl },
      timeoutMs: 60_000,
    },
  );
  const key = created.output.match(/^ck_[A-Za-z0-9]{29}$/m)?.[0];
  if (created.code !== 0 || !key) throw new Error(`keys create gave ${created.code}: ${created.output.slice(0, 300)}`);
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: COLD_BURST }, () => getJson(base, `${API}/bookings/?page_size=1`, key).then((r) => r.status)),
  );
  const allAnsweredMs = Math.round(performance.now() - started);
  const statusCodes: Record<string, number> = {};
  for (const status of statuses) statusCodes[status] = (statusCodes[status] ?? 0) + 1;
  return { concurrentRequests: COLD_BURST, allAnsweredMs, statusCodes };
}

/** Fresh (site, night) per request inside the free window, never repeated within a run: POSTs must not collide. */
function postBodies(siteIds: number[]) {
  let sequence = 0;
  const windowStart = Date.parse(`${FREE_WINDOW_START}T00:00:00Z`);
  const body = (n: number) => JSON.stringify(nthFreeStay(siteIds, windowStart, n, { first: 'Bench', last: 'Guest', email: 'bench.guest' }));
  return { next: () => body(sequence++), first: () => body(0), count: () => sequence };
}

// ---------------------------------------------------------------- phases

interface Tenants {
  main: GeneratedTenant;
  small: GeneratedTenant;
  big: GeneratedTenant | null;
}

function generateAll(): Tenants {
  const make = (name: string, spec: Partial<TenantSpec>) => {
    const started = performance.now();
    const tenant = generateTenant(join(workDir, `${name}.json`), spec);
    log(
      `generated ${name}: ${tenant.totalRows} rows, ${(tenant.bytes / 1e6).toFixed(1)} MB in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return tenant;
  };
  return {
    main: make('main', { slug: 'bench-main', bookings: options.bookings, seed: 1 }),
    small: make('small', { slug: 'bench-10k', bookings: 10_000, customers: 2_000, invoices: 5_000, seed: 2 }),
    big: options.big ? make('big', { slug: 'bench-1m', bookings: 1_000_000, seed: 3 }) : null,
  };
}

async function runBaseline(name: string, file: string): Promise<LoadResult> {
  const child = start(name, process.execPath, ['--import', 'tsx', join(ROOT, 'bench/baselines', file)], {
    cwd: ROOT,
    logFile: join(workDir, `${name}.log`),
  });
  try {
    const match = await waitForOutput(child, /listening on (http:\/\/\S+)/, 30_000);
    return await measure({ base: match[1] as string, pid: child.pid }, name, { path: '/' });
  } finally {
    await stop(child);
  }
}

async function importTenant(databaseUrl: string, tenant: GeneratedTenant, env: NodeJS.ProcessEnv) {
  const { command, args } = campsiteCommand();
  const result = await runToEnd('import', command, [...args, 'import', tenant.file], {
    cwd: ROOT,
    env: { ...env, DATABASE_URL: databaseUrl },
    logFile: join(workDir, `import-${tenant.slug}.log`),
    timeoutMs: 30 * 60_000,
  });
  if (result.code !== 0) throw new Error(`import of ${tenant.slug} failed (${result.code}): ${result.output.slice(-2000)}`);
  const rowsPerSecond = Math.round(tenant.totalRows / result.seconds);
  // The CLI's own figure excludes process start-up (module loading), which the wall time above includes.
  const reported = result.output.match(/\((\d+) rows\/s\)/)?.[1];
  const reportedRowsPerSecond = reported ? Number(reported) : null;
  log(
    `imported ${tenant.slug}: ${tenant.totalRows} rows in ${result.seconds.toFixed(1)} s = ${rowsPerSecond} rows/s ` +
      `wall (CLI says ${reportedRowsPerSecond ?? '?'} rows/s)`,
  );
  return {
    tenant: tenant.slug,
    rows: tenant.totalRows,
    seconds: Math.round(result.seconds * 100) / 100,
    rowsPerSecond,
    reportedRowsPerSecond,
  };
}

async function startServer(
  databaseUrl: string,
  env: NodeJS.ProcessEnv,
  backend: string,
  serveOptions: string[] = [],
): Promise<Child & { base: string }> {
  const port = await freePort();
  const profileDir = join(workDir, `cpu-prof-${backend}`);
  const { command, args } = campsiteCommand(options.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
  const label = [backend, ...serveOptions].join(' ');
  const child = start(`serve (${label})`, command, [...args, 'serve', ...serveOptions], {
    cwd: ROOT,
    env: { ...env, DATABASE_URL: databaseUrl, HOST: '127.0.0.1', PORT: String(port) },
    logFile: join(workDir, `serve-${label.replace(/\s+/g, '_')}.log`),
  });
  const base = `http://127.0.0.1:${port}`;
  // The "listening on" line is the contract, but at LOG_LEVEL=warn it may be filtered out like any info log line,
  // so /healthz answering counts as ready too.
  const polling = { stop: false };
  try {
    await Promise.race([waitForOutput(child, /listening on \S+/, 120_000), healthy(base, polling)]);
  } finally {
    polling.stop = true;
  }
  return Object.assign(child, { base });
}

async function healthy(base: string, polling: { stop: boolean }): Promise<void> {
  while (!polling.stop) {
    try {
      if ((await request(base, '/healthz', { headers: baseHeaders() })).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await new Promise(() => {
    // Stopped: never settles, so the other side of the race decides.
  });
}

function keepProfiles(backend: string): string | null {
  const dir = join(workDir, `cpu-prof-${backend}`);
  if (!existsSync(dir)) return null;
  const keep = join(ROOT, 'bench/.work', `cpu-prof-${stamp}-${backend}`);
  cpSync(dir, keep, { recursive: true });
  const files = readdirSync(keep).filter((f) => f.endsWith('.cpuprofile'));
  log(`CPU profile kept in ${keep}: ${files.join(', ')} (summarise with: tsx bench/profile-summary.ts FILE)`);
  return keep;
}

async function runBackend(backend: string, tenants: Tenants): Promise<BackendResult> {
  let databaseUrl: string;
  if (backend === 'sqlite') {
    databaseUrl = `sqlite:${join(workDir, 'bench.db')}`;
  } else {
    const admin = adminDatabaseUrl();
    if (!admin) throw new Error('postgres: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
    const db = await createThrowawayDatabase(admin, `campsite_bench_${stamp}_${process.pid}`);
    databases.push(db);
    databaseUrl = db.url;
  }
  const env = benchServerEnv();

  const imports = [await importTenant(databaseUrl, tenants.main, env), await importTenant(databaseUrl, tenants.small, env)];
  let big = tenants.big;
  let bigImportError: string | null = null;
  if (big) {
    try {
      imports.push(await importTenant(databaseUrl, big, env));
    } catch (error) {
      // One failed 1M import should not cost the rest of the backend's figures.
      bigImportError = error instanceof Error ? error.message.slice(0, 1000) : String(error);
      log(`1M import failed, continuing without the 1M case: ${bigImportError}`);
      big = null;
    }
  }

  // Measured right before this backend's cases, so that both sides of each ratio see the same machine load (the
  // 2-core box is shared with other work).
  const express = await runBaseline(`express baseline (before ${backend})`, 'express-hello.ts');
  const server = await startServer(databaseUrl, env, backend);
  const cases: CaseResult[] = [];
  let coldKey: ColdKeyResult | null = null;
  let overlapRejected: boolean | null = null;
  let freshAfterWrites: boolean | null = null;
  let walk: { path: string; msPerPage: number } | null = null;
  let drainExit: number | null = null;
  let sync: SyncResult | null = null;
  try {
    const target: Target = { base: server.base, pid: server.pid };
    const token = tenants.main.token;
    const headers = baseHeaders(token);
    const check = await getJson(server.base, `${API}/bookings/`, token);
    const count = (check.body as { count?: number }).count;
    if (check.status !== 200 || count !== options.bookings) {
      throw new Error(
        `sanity check: GET bookings page 1 gave ${check.status}, count ${String(count)}: ${JSON.stringify(check.body).slice(0, 300)}`,
      );
    }
    // Pays the first (cost-12) key verification and JIT warm-up before anything is measured.
    await hammer({ url: `${server.base}${API}/bookings/`, headers, duration: 3, connections: options.connections });

    coldKey = await coldKeyBurst(server.base, databaseUrl, env, tenants.main.slug);
    log(
      `fresh key, ${COLD_BURST} concurrent first requests: all answered after ${coldKey.allAnsweredMs} ms ` +
        `(${JSON.stringify(coldKey.statusCodes)})`,
    );

    walk = await walkNext(server.base, token, 500);
    log(`walked next to page 500: ${walk.msPerPage.toFixed(2)} ms per page sequentially`);

    const record = (id: string, label: string, result: LoadResult) => {
      cases.push({
        id,
        label,
        ...result,
        ratioToExpress: Math.round((result.rps / express.rps) * 1000) / 1000,
        peakRssMiB: peakRssMiB(server.pid),
      });
    };
    const add = async (id: string, label: string, load: Parameters<typeof measure>[2]) => {
      record(id, label, await measure(target, `${backend} ${label}`, load));
    };
    const bookingsCount = options.bookings;
    await add('bookings_page1', 'GET /bookings/ page 1', { path: `${API}/bookings/`, headers });
    await add('bookings_page500_number', 'GET /bookings/?page=500', { path: `${API}/bookings/?page=500`, headers });
    await add('bookings_page500_next', 'GET /bookings/ page 500 via next', { path: walk.path, headers });
    await add('bookings_status', 'GET /bookings/?status=confirmed', { path: `${API}/bookings/?status=confirmed`, headers });
    await add('bookings_checkin_range', 'GET /bookings/?check_in_from..to (summer 2025)', {
      path: `${API}/bookings/?check_in_from=2025-06-01&check_in_to=2025-08-31`,
      headers,
    });
    await detailCases(add, headers, bookingsCount);
    await add('sites', 'GET /sites/', { path: `${API}/sites/`, headers });
    await add('customers', 'GET /customers/', { path: `${API}/customers/`, headers });
    await add('invoices', 'GET /invoices/', { path: `${API}/invoices/`, headers });
    // About as many distinct pages as a case asks for in its warm-up and its run (up to 15 per filter).
    await filteredListCases(add, headers, (path) => getJson(server.base, path, token), 2_000);
    await pdfCases(server.base, headers, add, record, backend);

    const bodies = postBodies(tenants.main.activeSiteIds);
    // Issue 12: the same creates with an Idempotency-Key each (one claim, one completion per booking), in rounds that
    // alternate with the plain ones, so that the tenant's growth by each round's bookings falls on both alike.
    let idempotencyKeys = 0;
    const creates = {
      plain: {
        path: `${API}/bookings/`,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        setupRequest: (request: LoadRequest) => ({ ...request, body: bodies.next() }),
      },
      keyed: {
        path: `${API}/bookings/`,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        setupRequest: (request: LoadRequest) => ({
          ...request,
          headers: { ...request.headers, 'idempotency-key': `bench-${process.pid}-${idempotencyKeys++}` },
          body: bodies.next(),
        }),
      },
    } as const;
    const createRounds = { plain: [] as LoadResult[], keyed: [] as LoadResult[] };
    for (let round = 1; round <= 2; round++)
      for (const variant of ['plain', 'keyed'] as const) {
        const label = `POST /bookings/${variant === 'keyed' ? ' with an Idempotency-Key' : ''}, round ${round}`;
        createRounds[variant].push(await measure(target, `${backend} ${label}`, creates[variant], Math.max(2, options.duration / 2)));
      }
    record('bookings_create', 'POST /bookings/ (free dates; 2 rounds)', combineRounds(createRounds.plain));
    record('bookings_create_idempotent', 'POST /bookings/ with an Idempotency-Key (2 rounds)', combineRounds(createRounds.keyed));
    const replayBody = bodies.next();
    const replayHeaders = { ...headers, 'content-type': 'application/json', 'idempotency-key': `bench-replay-${process.pid}` };
    const firstReplay = await request(server.base, `${API}/bookings/`, { method: 'POST', headers: replayHeaders, body: replayBody });
    if (firstReplay.status !== 201)
      throw new Error(`idempotent POST for the replay case gave ${firstReplay.status}: ${firstReplay.text.slice(0, 200)}`);
    await add('bookings_replay', 'POST /bookings/ replayed (same key, same body)', {
      path: `${API}/bookings/`,
      method: 'POST',
      headers: replayHeaders,
      setupRequest: (request) => ({ ...request, body: replayBody }),
    });

    // The overlap rule must be live: the very first POST body again must now be refused.
    const again = await request(server.base, `${API}/bookings/`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: bodies.first(),
    });
    overlapRejected = again.status === 400 && again.text.includes('site_unavailable');
    log(`repeat of the first POST body: ${again.status} ${again.text.slice(0, 120)}`);

    // Reads while bookings are being created: every POST moves the tenant's data stamp, so page 1 is read afresh
    // again and again (the price of never answering from before a write). Afterwards page 1 must count every booking.
    const readers = Math.max(1, Math.round(options.connections * 0.8));
    const writers = Math.max(1, options.connections - readers);
    const readUrl = `${server.base}${API}/bookings/`;
    const [mixedRead, mixedWrite] = await Promise.all([
      hammer({ url: readUrl, headers, duration: options.duration, connections: readers }),
      hammer({
        url: readUrl,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        duration: options.duration,
        connections: writers,
        setupRequest: (request) => ({ ...request, body: bodies.next() }),
      }),
    ]);
    for (const [id, label, result] of [
      ['bookings_page1_during_posts', `GET /bookings/ page 1 during POSTs (${readers} conns)`, mixedRead],
      ['bookings_create_during_reads', `POST /bookings/ during page-1 reads (${writers} conns)`, mixedWrite],
    ] as const) {
      logResult(`${backend} ${label}`, result);
      record(id, label, result);
    }
    await pageBesideWriterCases(
      readUrl,
      headers,
      options.connections,
      options.duration,
      () => bodies.next(),
      (id, label, result) => {
        logResult(`${backend} ${label}`, result);
        record(id, label, result);
      },
    );
    // Page 1 (read thousands of times, so held in memory) must count what a read never made before counts: a
    // page size no case uses is a key the server has not seen, so it goes to the database. Writes still in flight
    // when the load stopped are given a moment to land first.
    await new Promise((resolveWait) => setTimeout(resolveWait, 1_000));
    const countOf = async (path: string) => ((await getJson(server.base, path, token)).body as { count?: number }).count;
    const held = await countOf(`${API}/bookings/`);
    const fromDatabase = await countOf(`${API}/bookings/?page_size=37`);
    freshAfterWrites = held !== undefined && held === fromDatabase && held > options.bookings;
    log(
      `after the POST cases: page 1 counts ${String(held)}, a first read counts ${String(fromDatabase)} ` +
        `(${freshAfterWrites ? 'fresh' : 'STALE'})`,
    );

    await availabilityCases(add, headers);
    // Issue 12: page 1 polled with a matching If-None-Match (304s, the same work as a cached page 1 minus the body).
    const tagged = await request(server.base, `${API}/bookings/`, { headers });
    const etag = tagged.headers.etag;
    if (tagged.status !== 200 || typeof etag !== 'string') throw new Error(`page 1 for the 304 case gave ${tagged.status} without an ETag`);
    // Its twin in the same phase: by now the tenant holds the POST cases' bookings and the heap is larger than at
    // the start, so the first page-1 case alone is no fair measure for this one.
    await add('bookings_page1_beside_304', 'GET /bookings/ page 1 again, beside the 304 case', { path: `${API}/bookings/`, headers });
    await add('bookings_page1_304', 'GET /bookings/ page 1 with a matching If-None-Match (304)', {
      path: `${API}/bookings/`,
      headers: { ...headers, 'if-none-match': etag },
    });

    // A key's first request pays the cost-12 bcrypt check; pay it once here, not 50 times in parallel inside the case.
    for (const tenant of [tenants.small, big]) if (tenant) await getJson(server.base, `${API}/bookings/`, tenant.token);
    await add('bookings_page1_10k', 'GET /bookings/ page 1, 10k tenant', {
      path: `${API}/bookings/`,
      headers: baseHeaders(tenants.small.token),
    });
    if (big) {
      await add('bookings_page1_1m', 'GET /bookings/ page 1, 1M tenant', {
        path: `${API}/bookings/`,
        headers: baseHeaders(big.token),
      });
    }

    try {
      const getAs = (tenantToken: string) => (path: string) => getJson(server.base, path, tenantToken);
      sync = await measureSync(
        ROOT,
        databaseUrl,
        API,
        { slug: tenants.small.slug, get: getAs(tenants.small.token) },
        { slug: tenants.main.slug, bookings: options.bookings, get: getAs(token) },
      );
      log(`change feed: caught up on ${sync.feedChanges} changes in ${sync.feedPages} pages, ${sync.feedChangesPerSecond} changes/s`);
      log(
        `updated_since re-sync after ${sync.resyncChanged} of ${options.bookings} bookings changed: ` +
          `${sync.resyncPages} pages in ${sync.resyncMs} ms`,
      );
    } catch (error) {
      log(`mirror cases failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  } finally {
    drainExit = await stop(server, 15_000);
    if (drainExit !== 0) log(`server exited with ${drainExit} on SIGTERM\n${server.tail().slice(-1500)}`);
  }
  cases.push(...(await workersCases(databaseUrl, env, backend, tenants.main.token, express.rps)));
  cases.push(...(await observabilityCases(databaseUrl, env, backend, tenants.main.token, express.rps)));
  return {
    backend,
    expressRps: express.rps,
    imports,
    cases,
    // One server process's peak: the --workers rows sum several processes and have their own figure.
    peakRssMiB: cases.filter((c) => !c.id.endsWith('_workers2')).reduce((max, c) => Math.max(max, c.peakRssMiB ?? 0), 0),
    coldKey,
    bigImportError,
    walkNextMsPerPage: walk ? Math.round(walk.msPerPage * 100) / 100 : null,
    overlapRejected,
    freshAfterWrites,
    sigtermExit: drainExit,
    sync,
    cpuProfileDir: options.cpuProf ? keepProfiles(backend) : null,
  };
}

/**
 * Issue 21's invoice PDFs: distinct documents rendered on the server's worker threads, repeated fetches of one (kept,
 * and answered 304 for its ETag), and page 1's latency while 4 clients fetch distinct PDFs, in the same run.
 */
const PDF_CLIENTS = 4;
let nextInvoice = 0;
async function pdfCases(
  base: string,
  headers: Record<string, string>,
  add: (id: string, label: string, load: Parameters<typeof measure>[2]) => Promise<void>,
  record: (id: string, label: string, result: LoadResult) => void,
  backend: string,
): Promise<void> {
  const invoices = DEFAULT_SPEC.invoices; // the main tenant's
  // Every request a document not rendered before: the cache keeps each one, so a repeated id would not measure rendering.
  const distinct = (request: LoadRequest): LoadRequest => ({
    ...request,
    path: `${API}/invoices/${(nextInvoice++ % invoices) + 1}/pdf/`,
  });
  // The pool starts its threads on the first PDFs (each loads pdfkit once): paid here, not inside the case.
  await Promise.all(Array.from({ length: 8 }, () => request(base, distinct({ method: 'GET', path: '', headers }).path, { headers })));
  await add('invoice_pdf_distinct', 'GET /invoices/{id}/pdf/, each a new invoice', {
    path: `${API}/invoices/1/pdf/`,
    headers,
    setupRequest: distinct,
  });
  const one = await request(base, `${API}/invoices/2/pdf/`, { method: 'GET', headers });
  const etag = one.headers.etag;
  if (one.status !== 200 || typeof etag !== 'string') throw new Error(`PDF sanity check: ${one.status}`);
  await add('invoice_pdf_repeated', 'GET /invoices/2/pdf/ again (kept)', { path: `${API}/invoices/2/pdf/`, headers });
  await add('invoice_pdf_304', 'GET /invoices/2/pdf/ with If-None-Match (304)', {
    path: `${API}/invoices/2/pdf/`,
    headers: { ...headers, 'if-none-match': etag },
  });
  const readers = Math.max(1, options.connections - PDF_CLIENTS);
  const [page1, pdfs] = await Promise.all([
    hammer({ url: `${base}${API}/bookings/`, headers, duration: options.duration, connections: readers }),
    hammer({ url: `${base}${API}/invoices/1/pdf/`, headers, duration: options.duration, connections: PDF_CLIENTS, setupRequest: distinct }),
  ]);
  for (const [id, label, result] of [
    ['bookings_page1_during_pdfs', `GET /bookings/ page 1 while ${PDF_CLIENTS} clients fetch new PDFs (${readers} conns)`, page1],
    ['invoice_pdf_during_reads', `GET /invoices/{id}/pdf/ during page-1 reads (${PDF_CLIENTS} conns)`, pdfs],
  ] as const) {
    logResult(`${backend} ${label}`, result);
    record(id, label, result);
  }
}

/** The supervisor's and its workers' peak resident memory together (their VmHWM summed). */
function clusterPeakRssMiB(pid: number): number | null {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return peakRssMiB(pid);
  }
  const all = [pid, ...children].map(peakRssMiB);
  return all.every((v) => v !== null) ? Math.round(all.reduce((sum, v) => sum + (v ?? 0), 0) * 10) / 10 : null;
}

/**
 * The same database served by one process and by `serve --workers 2` (docs/operations.md, Workers), each started
 * afresh after the single-process cases have stopped, in mirrored order (one, two, two, one): the ratio compares
 * servers of the same age on the same data at nearly the same moment. Against the run's first page-1 case it also
 * measured the drift of the run: on PostgreSQL the earlier cases' 20,000 creates leave the database busy (autovacuum)
 * and page 1 slower by a fifth, which the workers case, coming later, bore alone.
 */
async function workersCases(
  databaseUrl: string,
  env: NodeJS.ProcessEnv,
  backend: string,
  token: string,
  expressRps: number,
): Promise<CaseResult[]> {
  const variants = [
    { id: 'bookings_page1_one_process', label: 'GET /bookings/ page 1, one process (twin of --workers 2)', args: [] as string[] },
    { id: 'bookings_page1_workers2', label: 'GET /bookings/ page 1, --workers 2', args: ['--workers', '2'] },
  ];
  return mirroredRounds(variants, expressRps, async (variant) => {
    const server = await startServer(databaseUrl, env, backend, variant.args);
    try {
      const target: Target = { base: server.base, pid: server.pid };
      const headers = baseHeaders(token);
      // Each process pays the key's first (cost-12) check and its own JIT warm-up before anything is measured.
      await hammer({ url: `${server.base}${API}/bookings/`, headers, duration: 3, connections: options.connections });
      const result = await measure(target, `${backend} ${variant.label}`, { path: `${API}/bookings/`, headers });
      return {
        id: variant.id,
        label: variant.label,
        ...result,
        ratioToExpress: Math.round((result.rps / expressRps) * 1000) / 1000,
        peakRssMiB: clusterPeakRssMiB(server.pid),
      };
    } finally {
      const exit = await stop(server, 20_000);
      if (exit !== 0) log(`${variant.label}: the server exited with ${exit} on SIGTERM\n${server.tail().slice(-1500)}`);
    }
  });
}

/**
 * Issue 20: what metrics and tracing cost. Page 1 on servers started one after the other on the same database:
 * observability off, METRICS_PORT set (scraped as Prometheus would while loaded), and tracing every request to an
 * OTLP/HTTP receiver in this process that takes the spans and drops them. The machine drifts during a run (a single
 * page-1 figure moved by 14% between two cases of one run), so each variant runs twice in mirrored order (off, metrics,
 * tracing, tracing, metrics, off): a drift that is steady over the six cases weighs on every variant alike.
 */
async function observabilityCases(
  databaseUrl: string,
  env: NodeJS.ProcessEnv,
  backend: string,
  token: string,
  expressRps: number,
): Promise<CaseResult[]> {
  let spanBatches = 0;
  let spanBytes = 0;
  const receiver = createHttpServer((req, res) => {
    req.on('data', (chunk: Buffer) => (spanBytes += chunk.length));
    req.on('end', () => {
      spanBatches++;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolveListen) => receiver.listen(0, '127.0.0.1', resolveListen));
  const receiverPort = (receiver.address() as { port: number }).port;
  const metricsPort = await freePort();
  const variants = [
    { id: 'bookings_page1_observability_off', label: 'GET /bookings/ page 1, observability off (same run)', extra: {} },
    { id: 'bookings_page1_metrics', label: 'GET /bookings/ page 1, METRICS_PORT set', extra: { METRICS_PORT: String(metricsPort) } },
    {
      id: 'bookings_page1_tracing',
      label: 'GET /bookings/ page 1, every request traced to a local receiver',
      extra: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${receiverPort}` },
    },
  ];
  try {
    const results = await mirroredRounds(variants, expressRps, async (variant) => {
      const server = await startServer(databaseUrl, { ...env, ...variant.extra }, `${backend}-${variant.id}`);
      let scraper: NodeJS.Timeout | undefined;
      try {
        const target: Target = { base: server.base, pid: server.pid };
        // The key's first request pays its cost-12 bcrypt check; the JIT warms up.
        await hammer({ url: `${server.base}${API}/bookings/`, headers: baseHeaders(token), duration: 2, connections: options.connections });
        if ('METRICS_PORT' in variant.extra) {
          // Prometheus scrapes every 15 s or so; once a second is harsher and still shows in a 10 s case.
          scraper = setInterval(() => void request(`http://127.0.0.1:${metricsPort}`, '/metrics').catch(missedScrape), 1_000);
        }
        const result = await measure(target, `${backend} ${variant.label}`, { path: `${API}/bookings/`, headers: baseHeaders(token) });
        const round: CaseResult = {
          id: variant.id,
          label: variant.label,
          ...result,
          ratioToExpress: Math.round((result.rps / expressRps) * 1000) / 1000,
          peakRssMiB: peakRssMiB(server.pid),
        };
        if ('METRICS_PORT' in variant.extra) {
          const scrape = await request(`http://127.0.0.1:${metricsPort}`, '/metrics');
          if (scrape.status !== 200 || !scrape.text.includes(`route="${API}/bookings/"`))
            throw new Error(`metrics scrape gave ${scrape.status}: ${scrape.text.slice(0, 200)}`);
        }
        return round;
      } finally {
        clearInterval(scraper);
        await stop(server, 15_000);
      }
    });
    // The server sends its last spans when it stops.
    if (spanBatches === 0) throw new Error('tracing case: no span reached the receiver');
    log(`${backend} tracing: the receiver took ${spanBatches} span batches, ${(spanBytes / 1e6).toFixed(1)} MB`);
    return results;
  } finally {
    receiver.close();
    receiver.closeAllConnections();
  }
}

/**
 * Each variant twice, in mirrored order (a, b, …, b, a), one after the other, and one figure from each one's two
 * rounds: a drift that is steady over the run weighs on every variant alike.
 */
async function mirroredRounds<V extends { id: string }>(
  variants: readonly V[],
  expressRps: number,
  round: (variant: V) => Promise<CaseResult>,
): Promise<CaseResult[]> {
  const rounds = new Map<string, CaseResult[]>();
  for (const variant of [...variants, ...[...variants].reverse()])
    rounds.set(variant.id, [...(rounds.get(variant.id) ?? []), await round(variant)]);
  return variants.map((variant) => bothRounds(rounds.get(variant.id) ?? [], expressRps));
}

/** One figure from a variant's two rounds: every request over all the time, the worse tail, the higher RSS. */
function bothRounds(results: CaseResult[], expressRps: number): CaseResult {
  const [first] = results;
  if (!first) throw new Error('a variant of two rounds did not run');
  const requests = results.reduce((sum, r) => sum + r.requests, 0);
  const seconds = results.reduce((sum, r) => sum + r.seconds, 0);
  const mean = (pick: (r: CaseResult) => number) =>
    Math.round((results.reduce((sum, r) => sum + pick(r), 0) / results.length) * 1000) / 1000;
  const statusCodes: Record<string, number> = {};
  for (const r of results) for (const [code, n] of Object.entries(r.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + n;
  const rps = Math.round(requests / seconds);
  log(`${first.label}: rounds ${results.map((r) => r.rps).join(' and ')} rps, together ${rps} rps`);
  return {
    ...first,
    label: `${first.label} (two rounds)`,
    requests,
    seconds,
    rps,
    meanMs: mean((r) => r.meanMs),
    p50Ms: mean((r) => r.p50Ms),
    p90Ms: Math.max(...results.map((r) => r.p90Ms)),
    p99Ms: Math.max(...results.map((r) => r.p99Ms)),
    maxMs: Math.max(...results.map((r) => r.maxMs)),
    statusCodes,
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    timeouts: results.reduce((sum, r) => sum + r.timeouts, 0),
    ratioToExpress: Math.round((rps / expressRps) * 1000) / 1000,
    peakRssMiB: results.every((r) => r.peakRssMiB === null) ? null : Math.max(...results.map((r) => r.peakRssMiB ?? 0)),
  };
}

// ---------------------------------------------------------------- main

async function main(): Promise<void> {
  const loadAtStart = loadavg();
  mkdirSync(workDir, { recursive: true });
  log(`work dir ${workDir}; ${options.duration} s per case, ${options.connections} connections`);
  const tenants = generateAll();
  const nodeHttp = await runBaseline('node:http baseline', 'node-http.ts');
  const express = await runBaseline('express baseline', 'express-hello.ts');

  const backends: BackendResult[] = [];
  const failures: Record<string, string> = {};
  for (const backend of options.backends) {
    if (backend === 'postgres' && !adminDatabaseUrl()) {
      failures[backend] = 'skipped: neither BENCH_DATABASE_URL nor TEST_DATABASE_URL is set';
      log(`postgres ${failures[backend]}`);
      continue;
    }
    try {
      log(`--- ${backend}`);
      backends.push(await runBackend(backend, tenants));
    } catch (error) {
      const cause = error instanceof Error && error.cause ? ` (cause: ${String(error.cause)})` : '';
      failures[backend] = `${error instanceof Error ? error.message : String(error)}${cause}`;
      keepLogs = true;
      const db = databases.find((d) => d.name.startsWith('campsite_bench_'));
      if (backend === 'postgres' && db) log(`pg_stat_activity of ${db.name} at failure:\n${await db.activity()}`);
      log(`${backend} FAILED: ${failures[backend]}`);
    }
  }

  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    // Not a git checkout.
  }
  const results: Results = {
    meta: {
      date: new Date().toISOString(),
      commit,
      node: process.version,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      // The box is shared: a high load average means other work competed with both server and client.
      loadAverage1mAtStart: Math.round((loadAtStart[0] ?? 0) * 100) / 100,
      loadAverage1mAtEnd: Math.round((loadavg()[0] ?? 0) * 100) / 100,
      durationSeconds: options.duration,
      warmupSeconds: options.warmup,
      connections: options.connections,
      tenants: {
        main: tenants.main.rows,
        small: tenants.small.rows,
        big: tenants.big?.rows ?? null,
      },
      server: 'campsite serve, TRUST_PROXY=loopback (HTTP + X-Forwarded-Proto: https), BCRYPT_COST=12, LOG_LEVEL=warn',
    },
    baselines: { nodeHttp, express },
    backends,
    failures,
    targets: [],
  };
  results.targets = evaluateTargets(results, options.big);
  const tmp = join(ROOT, 'bench/results.json.tmp');
  writeFileSync(tmp, `${JSON.stringify(results, null, 2)}\n`);
  renameSync(tmp, options.out);
  printReport(results);
  console.log(`\nwritten to ${options.out}`);
  if (Object.keys(failures).some((b) => !failures[b]?.startsWith('skipped'))) process.exitCode = 1;
  await webhookCases(backends.map((b) => b.backend));
}

/** Issue 19's delivery figures (bench/webhooks.ts), on a tenant and server of their own, printed and written beside. */
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
    // Beside this run's results, so that a run with --out elsewhere leaves the committed figures alone.
    '--out',
    join(dirname(options.out), 'webhook-results.json'),
  ];
  const result = await runToEnd('webhooks', process.execPath, args, { cwd: ROOT, timeoutMs: 20 * 60_000 });
  console.log(`\n${result.output.trim()}`);
  if (result.code !== 0) {
    log(`webhook cases failed (${result.code}); see the lines above`);
    process.exitCode = 1;
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  keepLogs = true;
  process.exitCode = 1;
} finally {
  await cleanup();
  clearTimeout(watchdog);
}

/** A missed scrape only lowers the scraping load; the case measures the API, not the scraper. */
function missedScrape(_error: unknown): void {
  // Nothing to keep: the next scrape follows within a second.
}
