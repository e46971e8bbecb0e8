/**
 * The processes a run measures: the real `campsite serve` and `campsite import` of this checkout, and the baselines,
 * each a process of its own beside the bench (which is the client).
 */
import { cpSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { baseHeaders, measure, request } from './harness';
import type { LoadResult } from './load';
import { log, options, ROOT, stamp, workDir } from './options';
import { runToEnd, start, stop, waitForOutput, type Child } from './processes';
import type { ImportResult } from './results';
import { campsiteCommand as campsiteCommandOf, campsiteToolCommand, freePort } from './server-env';

const campsiteCommand = (nodeFlags: string[] = []) => campsiteCommandOf(ROOT, nodeFlags);

export type Server = Child & { base: string };

/** A fixture file to import, and what it holds. */
export interface Fixture {
  file: string;
  /** Names the import's log file and its line in the results. */
  slug: string;
  totalRows: number;
}

export async function importTenant(databaseUrl: string, fixture: Fixture, env: NodeJS.ProcessEnv): Promise<ImportResult> {
  const { command, args } = campsiteToolCommand(ROOT);
  const result = await runToEnd('import', command, [...args, 'import', fixture.file], {
    cwd: ROOT,
    env: { ...env, DATABASE_URL: databaseUrl },
    logFile: join(workDir, `import-${fixture.slug}.log`),
    timeoutMs: 30 * 60_000,
  });
  if (result.code !== 0) throw new Error(`import of ${fixture.slug} failed (${result.code}): ${result.output.slice(-2000)}`);
  const rowsPerSecond = Math.round(fixture.totalRows / result.seconds);
  // The CLI's own figure excludes process start-up (module loading), which the wall time above includes.
  const reported = result.output.match(/\((\d+) rows\/s\)/)?.[1];
  const reportedRowsPerSecond = reported ? Number(reported) : null;
  log(
    `imported ${fixture.slug}: ${fixture.totalRows} rows in ${result.seconds.toFixed(1)} s = ${rowsPerSecond} rows/s ` +
      `wall (CLI says ${reportedRowsPerSecond ?? '?'} rows/s)`,
  );
  return {
    tenant: fixture.slug,
    rows: fixture.totalRows,
    seconds: Math.round(result.seconds * 100) / 100,
    rowsPerSecond,
    reportedRowsPerSecond,
  };
}

/** `campsite serve` on a free loopback port, ready once it says it listens or /healthz answers. */
export async function startServer(
  databaseUrl: string,
  env: NodeJS.ProcessEnv,
  label: string,
  serveOptions: string[] = [],
): Promise<Server> {
  const port = await freePort();
  const profileDir = join(workDir, `cpu-prof-${label}`);
  const { command, args } = campsiteCommand(options.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
  const name = [label, ...serveOptions].join(' ');
  const child = start(`serve (${name})`, command, [...args, 'serve', ...serveOptions], {
    cwd: ROOT,
    env: { ...env, DATABASE_URL: databaseUrl, HOST: '127.0.0.1', PORT: String(port) },
    logFile: join(workDir, `serve-${name.replace(/\s+/g, '_')}.log`),
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

/** Runs `use` on a server started for it, and stops the server (SIGTERM, then SIGKILL) whatever happens. */
export async function withServer<T>(
  databaseUrl: string,
  env: NodeJS.ProcessEnv,
  label: string,
  use: (server: Server) => Promise<T>,
): Promise<T> {
  const server = await startServer(databaseUrl, env, label);
  try {
    return await use(server);
  } finally {
    const exit = await stop(server, 15_000);
    if (exit !== 0) log(`${label}: the server exited with ${exit} on SIGTERM\n${server.tail().slice(-1500)}`);
  }
}

export async function runBaseline(name: string, file: string): Promise<LoadResult> {
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

export function keepProfiles(label: string): string | null {
  const dir = join(workDir, `cpu-prof-${label}`);
  if (!existsSync(dir)) return null;
  const keep = join(ROOT, 'bench/.work', `cpu-prof-${stamp}-${label}`);
  cpSync(dir, keep, { recursive: true });
  const files = readdirSync(keep).filter((f) => f.endsWith('.cpuprofile'));
  log(`CPU profile kept in ${keep}: ${files.join(', ')} (summarise with: tsx bench/profile-summary.ts FILE)`);
  return keep;
}
