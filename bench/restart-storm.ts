/**
 * A restart under many keys (docs/security.md, "Fast verification"; docs/operations.md, "Stopping"), on each backend:
 * 2,000 keys made at cost 12, production's, and one warm key. A server serves the warm key, stops, and starts again on
 * the same database with the same pepper; while the warm key keeps asking, every other key makes its first request at
 * once, each on a connection of its own. Targets (bench/target-restart.ts): the last of those first requests answered
 * within 5 s, and the warm key's p99 meanwhile at most twice its p99 before the restart.
 *
 *   tsx bench/restart-storm.ts [--backends sqlite,postgres] [--keys 2000] [--duration 3] [--out FILE]
 *
 * The keys' hashes are made once per run, all at once on the libuv pool, for every backend (about 190 ms of CPU each:
 * 2,000 keys are about six minutes of CPU, three on two idle cores). Writes bench/restart-storm-results.json.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type HashedKey, hashKeys, importKeys, newTokens, spreadOver } from '../test-support/cost-12-keys';
import { cpuSecondsOfTree } from '../test-support/process-cpu';
import { adminDatabaseUrl, createThrowawayDatabase } from './postgres-admin';
import { killAllChildren, start, stop, waitForOutput, type Child } from './processes';
import { benchServerEnv, campsiteCommand, freePort } from './server-env';
import { type RestartFigures, restartTargets } from './target-restart';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const PATH = '/api/v1/public/sites/?page_size=1';
const { values: argv } = parseArgs({
  options: { backends: { type: 'string' }, keys: { type: 'string' }, duration: { type: 'string' }, out: { type: 'string' } },
});
const options = {
  backends: (argv.backends ?? process.env.BENCH_BACKENDS ?? 'sqlite,postgres').split(',').map((s) => s.trim()),
  keys: Number(argv.keys ?? 2000),
  duration: Number(argv.duration ?? 3),
  out: resolve(ROOT, argv.out ?? 'bench/restart-storm-results.json'),
};
const TENANTS = 20;
/** The control's name among the backends' figures. */
const CONTROL = 'control';
/** The warm key's connections, each asking again as soon as its answer is in. */
const WARM_CONNECTIONS = 4;
/** Of the warm key on each fresh server before anything is measured: its JIT warms up. */
const WARM_UP_MS = 2_000;
const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
const workDir = join(ROOT, 'bench/.work', `restart-storm-${stamp}-${process.pid}`);
const log = (message: string) => console.error(`[bench restart ${new Date().toISOString().slice(11, 19)}] ${message}`);
const headers = (token: string) => ({ accept: 'application/json', 'x-forwarded-proto': 'https', authorization: `Bearer ${token}` });

/** One GET; its status, or 0 for a connection that failed. */
function get(base: string, token: string, agent: Agent | false): Promise<number> {
  return new Promise((resolveStatus) => {
    const req = httpRequest(`${base}${PATH}`, { headers: headers(token), agent, timeout: 60_000 }, (res) => {
      res.resume();
      res.on('end', () => resolveStatus(res.statusCode ?? 0));
      res.on('error', () => resolveStatus(0));
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 60 s')));
    req.on('error', () => resolveStatus(0));
    req.end();
  });
}

/** The warm key asking on its keep-alive connections until stopped; each answer's end time and latency. */
function warmLoad(base: string, token: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: WARM_CONNECTIONS });
  const answers: Array<{ at: number; ms: number; status: number }> = [];
  let running = true;
  const loops = Array.from({ length: WARM_CONNECTIONS }, async () => {
    while (running) {
      const sent = performance.now();
      const status = await get(base, token, agent);
      answers.push({ at: performance.now(), ms: performance.now() - sent, status });
    }
  });
  return {
    answers,
    async stop() {
      running = false;
      await Promise.all(loops);
      agent.destroy();
    },
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number);
}

/** `campsite serve` on a free port, ready once /healthz answers (at LOG_LEVEL=warn it prints no listening line). */
async function startServe(databaseUrl: string, env: NodeJS.ProcessEnv, name: string): Promise<Child & { base: string }> {
  const port = await freePort();
  const { command, args } = campsiteCommand(ROOT);
  const child = start(name, command, [...args, 'serve'], {
    cwd: ROOT,
    env: { ...env, DATABASE_URL: databaseUrl, HOST: '127.0.0.1', PORT: String(port) },
    logFile: join(workDir, `${name.replace(/\W+/g, '-')}.log`),
  });
  const base = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 200) {
    if (child.proc.exitCode !== null) throw new Error(`${name} exited (${child.proc.exitCode})\n${child.tail()}`);
    if (waited > 120_000) throw new Error(`${name}: /healthz did not answer within 120 s\n${child.tail()}`);
    if ((await healthz(base)) === 200) return Object.assign(child, { base });
    await new Promise((r) => setTimeout(r, 200));
  }
}

function healthz(base: string): Promise<number> {
  return new Promise((resolveStatus) => {
    const req = httpRequest(`${base}/healthz`, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolveStatus(res.statusCode ?? 0));
    });
    req.on('error', () => resolveStatus(0));
    req.end();
  });
}

async function runBackend(backend: string, warm: HashedKey, storm: HashedKey[]): Promise<RestartFigures> {
  let databaseUrl = `sqlite:${join(workDir, `restart-${backend}.db`)}`;
  let drop: () => Promise<void> = () => Promise.resolve();
  if (backend === 'postgres') {
    const admin = adminDatabaseUrl();
    if (!admin) throw new Error('postgres: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
    const database = await createThrowawayDatabase(admin, `campsite_bench_restart_${stamp}_${process.pid}`);
    databaseUrl = database.url;
    drop = () => database.drop();
  } else if (backend !== 'sqlite') throw new Error(`unknown backend ${backend}`);
  // Production's settings (bench/server-env.ts), one pepper for both lives of the server.
  const env = benchServerEnv({
    DATABASE_URL: databaseUrl,
    KEY_PEPPER: randomBytes(24).toString('hex'),
    SECRETS_KEY: randomBytes(32).toString('hex'),
  });
  try {
    const imported = performance.now();
    const tenants = spreadOver(storm, TENANTS, 'restart', ['sites:read']);
    tenants[0]!.keys.push(warm);
    await importKeys(env, tenants);
    log(`${backend}: imported ${storm.length + 1} keys in ${TENANTS} tenants in ${((performance.now() - imported) / 1000).toFixed(1)} s`);

    return await stormFigures(
      backend,
      () => startServe(databaseUrl, env, `serve ${backend} before`),
      () => startServe(databaseUrl, env, `serve ${backend} after`),
      warm.token,
      storm.map((k) => k.token),
    );
  } finally {
    await drop();
  }
}

/**
 * The warm key's p99 on `startBefore`'s server, then on `startAfter`'s while every token of `storm` makes one request
 * at once, each on a connection of its own.
 */
async function stormFigures(
  backend: string,
  startBefore: () => Promise<Child & { base: string }>,
  startAfter: () => Promise<Child & { base: string }>,
  warmToken: string,
  storm: string[],
): Promise<RestartFigures> {
  const before = await startBefore();
  let warmP99BeforeMs: number;
  try {
    const load = warmLoad(before.base, warmToken);
    await new Promise((r) => setTimeout(r, WARM_UP_MS));
    const from = performance.now();
    await new Promise((r) => setTimeout(r, options.duration * 1000));
    await load.stop();
    warmP99BeforeMs = percentile(
      load.answers.filter((a) => a.at >= from).map((a) => a.ms),
      99,
    );
  } finally {
    await stop(before, 15_000);
  }

  const after = await startAfter();
  try {
    const load = warmLoad(after.base, warmToken);
    await new Promise((r) => setTimeout(r, WARM_UP_MS));
    const cpuBefore = cpuSecondsOfTree(after.pid);
    const started = performance.now();
    const answers = await Promise.all(storm.map(async (token) => ({ status: await get(after.base, token, false), at: performance.now() })));
    const ended = performance.now();
    const serverCpuSeconds = cpuSecondsOfTree(after.pid) - cpuBefore;
    await load.stop();
    const during = load.answers.filter((a) => a.at >= started && a.at <= ended);
    const statusCodes: Record<string, number> = {};
    for (const { status } of answers) if (status !== 0) statusCodes[status] = (statusCodes[status] ?? 0) + 1;
    return {
      backend,
      keys: storm.length,
      lastAnswerMs: Math.round(ended - started),
      medianAnswerMs: Math.round(
        percentile(
          answers.map((a) => a.at - started),
          50,
        ),
      ),
      statusCodes,
      errors: answers.filter((a) => a.status === 0).length,
      serverCpuSeconds: Math.round(serverCpuSeconds * 100) / 100,
      warmP99BeforeMs: Math.round(warmP99BeforeMs * 100) / 100,
      warmP99DuringMs:
        Math.round(
          percentile(
            during.map((a) => a.ms),
            99,
          ) * 100,
        ) / 100,
      warmAnswersDuring: during.length,
    };
  } finally {
    await stop(after, 15_000);
  }
}

/**
 * The control: the same storm, from the same client, against bench/baselines/node-http.ts, a server that does no work
 * at all. What the warm p99 grows by here is the client's and the two shared cores' share of the storm, which no
 * server can take away (docs/performance.md, "Restart storm").
 */
async function controlFigures(storm: string[]): Promise<RestartFigures> {
  const startHello = async (name: string) => {
    const child = start(name, process.execPath, ['--import', 'tsx', join(ROOT, 'bench/baselines/node-http.ts')], {
      cwd: ROOT,
      logFile: join(workDir, `${name}.log`),
    });
    const match = await waitForOutput(child, /listening on (http:\/\/\S+)/, 30_000);
    return Object.assign(child, { base: match[1] as string });
  };
  return stormFigures(
    CONTROL,
    () => startHello('control-before'),
    () => startHello('control-after'),
    'control',
    storm,
  );
}

async function main(): Promise<void> {
  mkdirSync(workDir, { recursive: true });
  const results: RestartFigures[] = [];
  const failures: Record<string, string> = {};
  try {
    const cpu = process.cpuUsage();
    const hashing = performance.now();
    const [warm, ...storm] = await hashKeys(newTokens(options.keys + 1), 12);
    const { user, system } = process.cpuUsage(cpu);
    log(
      `hashed ${options.keys + 1} keys at cost 12 in ${((performance.now() - hashing) / 1000).toFixed(1)} s ` +
        `(${((user + system) / 1e6).toFixed(0)} s of CPU), once for every backend`,
    );
    try {
      const control = await controlFigures(storm.map((k) => k.token));
      log(`control (node:http hello): ${JSON.stringify(control)}`);
      results.push(control);
    } catch (error) {
      failures[CONTROL] = error instanceof Error ? error.message : String(error);
    }
    for (const backend of options.backends) {
      if (backend === 'postgres' && !adminDatabaseUrl()) {
        failures[backend] = 'skipped: neither BENCH_DATABASE_URL nor TEST_DATABASE_URL is set';
        continue;
      }
      try {
        const figures = await runBackend(backend, warm!, storm);
        log(`${backend}: ${JSON.stringify(figures)}`);
        results.push(figures);
      } catch (error) {
        failures[backend] = error instanceof Error ? error.message : String(error);
        log(`${backend} FAILED: ${failures[backend]}`);
      }
    }
  } finally {
    killAllChildren();
    rmSync(workDir, { recursive: true, force: true });
  }
  const targets = restartTargets(results.filter((f) => f.backend !== CONTROL));
  console.log('\nRestart storm');
  for (const f of results) {
    console.log(
      `${f.backend.padEnd(8)} ${f.keys} first requests: last answered after ${f.lastAnswerMs} ms, median ${f.medianAnswerMs} ms; ` +
        `server CPU ${f.serverCpuSeconds} s; warm key p99 ${f.warmP99BeforeMs} ms before, ${f.warmP99DuringMs} ms during`,
    );
  }
  for (const [backend, reason] of Object.entries(failures)) console.log(`${backend}: ${reason}`);
  for (const t of targets) console.log(`${t.verdict}  ${t.backend.padEnd(8)} ${t.target}: ${t.measured}`);
  const meta = { date: new Date().toISOString(), keys: options.keys, tenants: TENANTS, warmConnections: WARM_CONNECTIONS };
  writeFileSync(options.out, `${JSON.stringify({ meta, results, failures, targets }, null, 2)}\n`);
  if (Object.values(failures).some((reason) => !reason.startsWith('skipped'))) process.exitCode = 1;
}

process.on('SIGINT', () => {
  killAllChildren();
  process.exit(130);
});
await main();
