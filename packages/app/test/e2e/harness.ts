import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { answerValidator } from '@campsite/adapters-http/testing';
import pg from 'pg';
import { afterAll, describe, it } from 'vitest';
import { testDatabaseUrl } from '../../../../test-support/skips';
import { type PgBouncer, pgbouncerBinary, startPgBouncer } from '../../../adapters-sql/test/support/pgbouncer';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
/** The small example tenant of docs/import-format.md, kept with the tests. */
export const SAMPLE_FIXTURE = join(REPO_ROOT, 'packages/app/test/fixtures/sample.json');
/** The `campsite` command as the workspace installs it (packages/app's bin), run with plain node. */
export const CAMPSITE_BIN = join(REPO_ROOT, 'packages/app/bin/campsite.js');

export const FULL_KEY = 'ck_d7T4aogrKwV6h2sDvQvUFcLB604ep';
export const SITES_ONLY_KEY = 'ck_CDJjnT0qo2Ad5X1iUJjY9pjJ7EOPJ';
export const REVOKED_KEY = 'ck_6yeeEkMdSdt1rHvqNoCIbpfRGlnjn';

/** One backend's fresh database for one test file, dropped afterwards. */
export interface Backend {
  /** The URL of the run's PostgreSQL server, for administrative statements; null for SQLite. */
  adminUrl: string | null;
  name: 'sqlite' | 'postgres' | 'pgbouncer';
  /** A new, empty database; its URL. */
  freshDatabase(): Promise<string>;
  dispose(): Promise<void>;
}

function sqliteBackend(): Backend {
  return {
    name: 'sqlite',
    adminUrl: null,
    async freshDatabase() {
      return `sqlite:${join(mkdtempSync(join(tmpdir(), 'campsite-e2e-db-')), 'campsite.db')}`;
    },
    async dispose() {},
  };
}

/**
 * A throwaway database per test file on the run's PostgreSQL server, dropped when the file ends; the service
 * reaches it directly, or through a PgBouncer in transaction mode that this backend starts (docs/operations.md).
 */
function postgresBackend(adminUrl: string, pgbouncer: string | null = null): Backend {
  let bouncer: Promise<PgBouncer> | undefined;
  const created: string[] = [];
  const admin = async <T>(run: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  };
  return {
    name: pgbouncer === null ? 'postgres' : 'pgbouncer',
    adminUrl,
    async freshDatabase() {
      const name = `campsite_e2e_${randomBytes(6).toString('hex')}`;
      await admin((c) => c.query(`CREATE DATABASE ${name}`));
      created.push(name);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      if (pgbouncer === null) return url.toString();
      return (await (bouncer ??= startPgBouncer(pgbouncer, adminUrl))).url(url.toString());
    },
    async dispose() {
      await (await bouncer)?.stop();
      for (const name of created.splice(0)) {
        await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      }
    },
  };
}

/**
 * Runs `body` once per backend: SQLite always, Postgres when the run has a server (docs/testing.md). Without one the
 * Postgres run is a visibly skipped test, named in the run's closing line, or a failure under REQUIRE_POSTGRES=1.
 */
export function describeOnBackends(title: string, body: (backend: () => Backend) => void): void {
  describe(`${title} [sqlite]`, () => {
    const backend = sqliteBackend();
    afterAll(() => backend.dispose());
    body(() => backend);
  });
  describeOnPostgres(title, body);
}

/** The PostgreSQL half of describeOnBackends: directly, and through PgBouncer, with the same skip rules. */
export function describeOnPostgres(title: string, body: (backend: () => Backend) => void): void {
  if (process.env.ACCELERATORS === 'off') {
    describe(`${title} [postgres]`, () => it.skip('the plain pass runs on SQLite; the main pass runs PostgreSQL (docs/testing.md)'));
    return;
  }
  const url = testDatabaseUrl();
  if (url === null) {
    describe(`${title} [postgres]`, () => it.skip('no PostgreSQL (named at the end of the run)'));
    return;
  }
  describe(`${title} [postgres]`, () => {
    const backend = postgresBackend(url);
    afterAll(() => backend.dispose());
    body(() => backend);
  });
  const pgbouncer = pgbouncerBinary();
  describe(`${title} [postgres through pgbouncer]`, () => {
    if (pgbouncer === null) {
      it.skip('no pgbouncer (named at the end of the run)');
      return;
    }
    const backend = postgresBackend(url, pgbouncer);
    afterAll(() => backend.dispose());
    body(() => backend);
  });
}

/** A scratch directory to start the process in, its `./data` holding the run's development certificate. */
export { workDirectory } from '../support/dev-certificate';

export function cliEnv(databaseUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    BCRYPT_COST: '4',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    ...extra,
  };
  for (const name of [
    'TLS_CERT_FILE',
    'TLS_KEY_FILE',
    'TRUST_PROXY',
    'RATE_LIMIT_PER_MINUTE',
    'AUTH_FAILURES_PER_MINUTE',
    'METRICS_PORT',
    'METRICS_HOST',
    'OTEL_EXPORTER_OTLP_ENDPOINT',
    'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
    'SLOW_REQUEST_MS',
  ]) {
    if (!(name in extra)) delete env[name];
  }
  return env;
}

function spawnCli(args: string[], env: NodeJS.ProcessEnv, cwd: string): ChildProcess {
  return spawn(process.execPath, [CAMPSITE_BIN, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs one `campsite` command to completion, as an operator would. */
export function runCli(args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<CliResult> {
  return completion(spawnCli(args, env, cwd));
}

/** What a child process printed, once it has ended. */
export function completion(child: ChildProcess): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolveResult, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolveResult({ code, stdout, stderr }));
  });
}

export interface ServeProcess {
  /** From the `listening on …` line. */
  url: string;
  stdout(): string;
  stderr(): string;
  child: ChildProcess;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `campsite serve` and waits for its one `listening on` line. */
export async function startServe(env: NodeJS.ProcessEnv, cwd: string, timeoutMs = 60_000, options: string[] = []): Promise<ServeProcess> {
  return listening(spawnCli(['serve', ...options], env, cwd), timeoutMs);
}

/** A test's own entry point that serves as `campsite serve` does (a decorated port, say), run by plain node. */
export function startServeScript(script: string, env: NodeJS.ProcessEnv, cwd: string, timeoutMs = 60_000): Promise<ServeProcess> {
  return listening(spawn(process.execPath, [script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] }), timeoutMs);
}

/** The server process once it has printed its listening line. */
async function listening(child: ChildProcess, timeoutMs: number): Promise<ServeProcess> {
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolveExit) => child.on('close', (code) => resolveExit(code)));
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`serve did not listen within ${timeoutMs} ms\nstdout: ${stdout}\nstderr: ${stderr}`)),
      timeoutMs,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /listening on (https?:\/\/[^\s"]+)/.exec(stdout);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code} before listening\nstdout: ${stdout}\nstderr: ${stderr}`));
    });
  });
  return {
    url,
    child,
    exited,
    stdout: () => stdout,
    stderr: () => stderr,
    stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export interface HttpsResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

export interface HttpsOptions {
  method?: string;
  key?: string;
  body?: unknown;
  /** Trust this PEM instead of skipping verification (checks the dev certificate's names). */
  ca?: string;
  headers?: Record<string, string>;
}

/**
 * A real request on a fresh connection: HTTPS, or plain HTTP for an `http:` URL (proxy mode). Verification is skipped
 * unless `ca` is given: the dev cert is self-signed.
 */
export function https(url: string, options: HttpsOptions = {}): Promise<HttpsResponse> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.key) headers.Authorization = `Bearer ${options.key}`;
  if (payload !== undefined) headers['Content-Type'] = 'application/json';
  return new Promise((resolveResponse, reject) => {
    const request = url.startsWith('http:') ? httpRequest : httpsRequest;
    const req = request(
      url,
      { method: options.method ?? 'GET', headers, agent: false, ...(options.ca ? { ca: options.ca } : { rejectUnauthorized: false }) },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString(res.headers['content-type'] === 'application/pdf' ? 'latin1' : 'utf8')));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          try {
            // Every answer the end-to-end suites receive must be one the published OpenAPI document describes.
            answerValidator().check({ method: options.method ?? 'GET', url, status, headers: res.headers, body: text });
          } catch (error) {
            reject(error);
            return;
          }
          // Every answer is JSON except a PDF, which comes back as its text (latin1 keeps every byte).
          const json = String(res.headers['content-type'] ?? '').startsWith('application/json');
          resolveResponse({ status, headers: res.headers, body: text && json ? JSON.parse(text) : text || undefined });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Lines of a process's stdout that are not JSON log lines (the demo banner). */
export function plainLines(stdout: string): string[] {
  return stdout.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('{'));
}
