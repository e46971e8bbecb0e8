/**
 * Webhook delivery (docs/webhooks.md) measured through the real `campsite serve` against an HTTPS
 * receiver in this process, on each backend.
 *
 * - Throughput: 20,000 bookings changed by one plain-SQL statement, delivered to one endpoint; changes per second
 *   from the commit to the last entry's arrival (target: at least 2,000/s).
 * - Latency: for a few seconds, a booking created through the API and one changed by plain SQL every 25 ms; the p95
 *   from each change's `updated_at` (its commit) to its arrival (target: at most 2 s for both kinds).
 * - Page 1 while 10 endpoints of the tenant deliver its whole history, in 3 rounds that alternate with rounds while
 *   they are paused, on the same server (target: at least 90% of the paused rounds). Page 1 before any endpoint
 *   existed is shown beside them.
 *
 *   tsx bench/webhooks.ts [--backends sqlite,postgres] [--bookings 20000] [--duration 8]
 *
 * Writes bench/webhook-results.json. Loopback only: the receiver, the server and the databases.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { nthFreeStay } from './free-stays';
import { generateTenant } from './generate';
import { combineRounds, hammer, type LoadResult } from './load';
import { adminDatabaseUrl, createThrowawayDatabase, type ThrowawayDatabase } from './postgres-admin';
import { killAllChildren, runToEnd, start, stop } from './processes';
import { benchServerEnv, freePort } from './server-env';
import { call, otherProgram, p95, ready, startReceiver, until, type Arrival, type WebhookFigures } from './webhook-support';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const API = '/api/v1/public';
const { values: argv } = parseArgs({
  options: { backends: { type: 'string' }, bookings: { type: 'string' }, duration: { type: 'string' }, out: { type: 'string' } },
});
const options = {
  backends: (argv.backends ?? process.env.BENCH_BACKENDS ?? 'sqlite,postgres').split(',').map((s) => s.trim()),
  bookings: Number(argv.bookings ?? 40_000),
  duration: Number(argv.duration ?? process.env.BENCH_DURATION ?? 8),
  out: resolve(ROOT, argv.out ?? 'bench/webhook-results.json'),
};
const BULK_CHANGES = 20_000;
const STREAM_SECONDS = 6;
const STREAM_EVERY_MS = 25;
const ENDPOINTS = 10;
/** Rounds of page 1 with the endpoints delivering, each followed by one with them paused. */
const ROUNDS = 3;

const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
const workDir = join(ROOT, 'bench/.work', `webhooks-${stamp}-${process.pid}`);
const log = (message: string) => console.error(`[bench webhooks ${new Date().toISOString().slice(11, 19)}] ${message}`);

async function runBackend(backend: string): Promise<WebhookFigures> {
  let databaseUrl: string;
  let database: ThrowawayDatabase | undefined;
  if (backend === 'sqlite') databaseUrl = `sqlite:${join(workDir, 'webhooks.db')}`;
  else {
    const admin = adminDatabaseUrl();
    if (!admin) throw new Error('postgres: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
    database = await createThrowawayDatabase(admin, `campsite_bench_webhooks_${stamp}_${process.pid}`);
    databaseUrl = database.url;
  }
  const receiver = await startReceiver(workDir);
  const tenant = generateTenant(join(workDir, `tenant-${backend}.json`), { slug: 'bench-hooks', bookings: options.bookings, seed: 4 });
  const bin = join(ROOT, 'packages/app/bin/campsite.js');
  const env = benchServerEnv({
    DATABASE_URL: databaseUrl,
    // The receiver is on loopback with a certificate of its own: for benchmarks and tests only (docs/webhooks.md).
    WEBHOOK_ALLOW_LOOPBACK: '1',
    NODE_EXTRA_CA_CERTS: receiver.caFile,
  });
  const imported = await runToEnd('import', process.execPath, [bin, 'import', tenant.file], { cwd: ROOT, env, timeoutMs: 10 * 60_000 });
  if (imported.code !== 0) throw new Error(`import failed: ${imported.output.slice(-1000)}`);
  const port = await freePort();
  const server = start(`serve (${backend})`, process.execPath, [bin, 'serve'], {
    cwd: ROOT,
    env: { ...env, HOST: '127.0.0.1', PORT: String(port) },
    logFile: join(workDir, `serve-${backend}.log`),
  });
  const base = `http://127.0.0.1:${port}`;
  const other = await otherProgram(databaseUrl);
  try {
    await ready(base, server);
    const token = tenant.token;
    const ofTenant = `(SELECT id FROM tenants WHERE slug = '${tenant.slug}')`;
    const page1 = async (label: string, roundSeconds = Math.max(2, Math.round(options.duration / 2))) => {
      const result = await hammer({
        url: `${base}${API}/bookings/`,
        headers: { accept: 'application/json', 'x-forwarded-proto': 'https', authorization: `Bearer ${token}` },
        duration: roundSeconds,
        connections: 50,
      });
      log(`${backend} ${label}: ${result.rps} rps, p99 ${result.p99Ms} ms`);
      return result;
    };
    // Warm up: the key's first request pays its bcrypt check.
    await hammer({
      url: `${base}${API}/bookings/`,
      headers: { 'x-forwarded-proto': 'https', authorization: `Bearer ${token}` },
      duration: 2,
      connections: 50,
    });
    const page1WithoutBefore = await page1('page 1, no endpoint', options.duration);

    // Throughput: one endpoint, from now on; then one statement changes BULK_CHANGES bookings.
    const created = await call(base, '/webhook-endpoints/', token, { method: 'POST', body: { url: receiver.url, types: ['booking'] } });
    if (created.status !== 201) throw new Error(`creating an endpoint gave ${created.status}: ${JSON.stringify(created.body)}`);
    const endpointId = created.body.id;
    // The first half changes at once; the second half is left for the stream below.
    const bulk = Math.min(BULK_CHANGES, Math.floor(options.bookings / 2));
    const committed = Date.now();
    await other.run(`UPDATE bookings SET guest_email = 'bulk.' || id || '@example.ch' WHERE tenant_id = ${ofTenant} AND id <= ?`, [bulk]);
    const bulkArrived = () => receiver.arrivals.filter((a) => a.endpointId === endpointId).length >= bulk;
    await until(`${bulk} changes at the receiver`, bulkArrived, 120_000);
    const lastArrival = Math.max(...receiver.arrivals.map((a) => a.arrivedAt));
    const bulkSeconds = (lastArrival - committed) / 1000;
    const changesPerSecond = Math.round(bulk / bulkSeconds);
    log(`${backend} bulk: ${bulk} changes delivered in ${bulkSeconds.toFixed(2)} s = ${changesPerSecond} changes/s`);

    // Latency: API creates and plain-SQL changes, interleaved, each timed from its updated_at to its arrival.
    const apiIds = new Set<number>();
    const sqlIds = new Set<number>();
    const siteIds = tenant.activeSiteIds;
    const streamUntil = Date.now() + STREAM_SECONDS * 1000;
    let n = 0;
    while (Date.now() < streamUntil) {
      const i = n++;
      if (i % 2 === 0) {
        const answer = await call(base, '/bookings/', token, {
          method: 'POST',
          body: nthFreeStay(siteIds, Date.UTC(2031, 0, 1), i / 2, { first: 'Hook', last: 'API', email: 'hook.api' }),
        });
        if (answer.status === 201) apiIds.add(answer.body.id);
      } else {
        const id = bulk + 1 + (i % (options.bookings - bulk));
        sqlIds.add(id);
        await other.run(`UPDATE bookings SET guest_email = 'stream.' || ? || '@example.ch' WHERE tenant_id = ${ofTenant} AND id = ?`, [
          String(i),
          id,
        ]);
      }
      await new Promise((r) => setTimeout(r, STREAM_EVERY_MS));
    }
    const arrivedFor = (ids: Set<number>) => () =>
      new Set(receiver.arrivals.filter((a) => ids.has(a.id)).map((a) => a.id)).size >= ids.size;
    await until('the streamed changes', () => arrivedFor(apiIds)() && arrivedFor(sqlIds)(), 60_000);
    const latencies = (ids: Set<number>) => {
      // The last arrival of each id is the one for its latest change.
      const last = new Map<number, Arrival>();
      for (const a of receiver.arrivals) if (ids.has(a.id) && a.updatedAt !== null) last.set(a.id, a);
      return [...last.values()].map((a) => a.arrivedAt - (a.updatedAt as number));
    };
    const p95ApiMs = p95(latencies(apiIds));
    const p95SqlMs = p95(latencies(sqlIds));
    log(`${backend} commit to arrival p95: ${p95ApiMs} ms (${apiIds.size} API creates), ${p95SqlMs} ms (${sqlIds.size} SQL changes)`);

    // Page 1 while 10 endpoints deliver the tenant's whole history ("after": the feed's beginning).
    await call(base, `/webhook-endpoints/${endpointId}/`, token, { method: 'DELETE' });
    // The bulk change left 20,000 dead booking rows: their cleanup runs now, not inside the first round (on
    // PostgreSQL autovacuum would pick it up there).
    await other.run(backend === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE');
    const ids: number[] = [];
    for (let e = 0; e < ENDPOINTS; e++) {
      const answer = await call(base, '/webhook-endpoints/', token, { method: 'POST', body: { url: receiver.url, after: '' } });
      if (answer.status !== 201) throw new Error(`creating endpoint ${e} gave ${answer.status}: ${JSON.stringify(answer.body)}`);
      ids.push(answer.body.id);
    }
    // One uncounted round while the endpoints start delivering.
    await page1('warm-up, endpoints delivering (not counted)', 2);
    // Alternating rounds with the endpoints delivering and paused, so that drift over the run (warm-up, the
    // database's caches, the other core's load) falls on both sides alike.
    const setStatus = async (status: 'active' | 'paused') => {
      for (const id of ids) await call(base, `/webhook-endpoints/${id}/`, token, { method: 'PATCH', body: { status } });
      await new Promise((r) => setTimeout(r, 500));
    };
    const withRounds: LoadResult[] = [];
    const withoutRounds: LoadResult[] = [];
    let entriesDeliveredMeanwhile = 0;
    for (let round = 0; round < ROUNDS; round++) {
      if (round > 0) await setStatus('active');
      const before = receiver.arrivals.length;
      withRounds.push(await page1(`page 1, ${ENDPOINTS} endpoints delivering (round ${round + 1})`));
      entriesDeliveredMeanwhile += receiver.arrivals.length - before;
      await setStatus('paused');
      withoutRounds.push(await page1(`page 1, endpoints paused (round ${round + 1})`));
    }
    const withEndpoints = combineRounds(withRounds);
    const page1WithoutAfter = combineRounds(withoutRounds);
    log(`${backend} meanwhile the endpoints received ${entriesDeliveredMeanwhile} entries`);
    const page1Ratio = Math.round((withEndpoints.rps / page1WithoutAfter.rps) * 1000) / 1000;
    log(`${backend} page 1 with ${ENDPOINTS} endpoints delivering: ${(page1Ratio * 100).toFixed(1)}% of without`);
    return {
      backend,
      bulkChanges: bulk,
      bulkSeconds: Math.round(bulkSeconds * 100) / 100,
      changesPerSecond,
      streamApiChanges: apiIds.size,
      streamSqlChanges: sqlIds.size,
      p95ApiMs,
      p95SqlMs,
      page1WithoutBefore,
      page1With10Endpoints: { ...withEndpoints, entriesDeliveredMeanwhile },
      page1WithoutAfter,
      page1Ratio,
    };
  } finally {
    await other.close();
    await stop(server, 15_000);
    receiver.close();
    await database?.drop();
  }
}

async function main(): Promise<void> {
  mkdirSync(workDir, { recursive: true });
  const results: WebhookFigures[] = [];
  try {
    for (const backend of options.backends) results.push(await runBackend(backend));
  } finally {
    killAllChildren();
    rmSync(workDir, { recursive: true, force: true });
  }
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  const targets = results.flatMap((r) => [
    {
      backend: r.backend,
      target: 'webhook delivery >= 2,000 changes/s to one endpoint',
      measured: `${r.changesPerSecond} changes/s`,
      verdict: verdict(r.changesPerSecond >= 2000),
    },
    {
      backend: r.backend,
      target: 'commit to arrival p95 <= 2 s, API and SQL writes',
      measured: `API ${r.p95ApiMs} ms, SQL ${r.p95SqlMs} ms`,
      verdict: verdict(r.p95ApiMs !== null && r.p95SqlMs !== null && r.p95ApiMs <= 2000 && r.p95SqlMs <= 2000),
    },
    {
      backend: r.backend,
      target: `page 1 with ${ENDPOINTS} endpoints delivering >= 90% of without (same run)`,
      measured:
        `${r.page1With10Endpoints.rps} vs ${r.page1WithoutAfter.rps} rps paused, ${ROUNDS} rounds each = ` +
        `${(r.page1Ratio * 100).toFixed(1)}% (before any endpoint: ${r.page1WithoutBefore.rps} rps)`,
      verdict: verdict(r.page1Ratio >= 0.9),
    },
  ]);
  for (const t of targets) console.log(`${t.verdict}  ${t.backend.padEnd(8)} ${t.target}: ${t.measured}`);
  const meta = { date: new Date().toISOString(), cpus: 2, duration: options.duration, bookings: options.bookings };
  writeFileSync(options.out, `${JSON.stringify({ meta, results, targets }, null, 2)}\n`);
}

process.on('SIGINT', () => {
  killAllChildren();
  process.exit(130);
});
await main();
