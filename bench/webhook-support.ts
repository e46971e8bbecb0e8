/**
 * What the webhook bench (bench/webhooks.ts) is made of: an HTTPS receiver in the bench's process, the harness's own
 * API calls, another program's plain SQL, and the figures it reports.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadResult } from './load';
import type { Child } from './processes';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const API = '/api/v1/public';
const requireFromSql = createRequire(join(ROOT, 'packages/adapters-sql/package.json'));

export interface Arrival {
  id: number;
  type: string;
  updatedAt: number | null;
  arrivedAt: number;
  endpointId: number;
}

/** An HTTPS receiver with a certificate of its own (the server trusts it through NODE_EXTRA_CA_CERTS); 204 at once. */
export async function startReceiver(workDir: string): Promise<{ url: string; caFile: string; arrivals: Arrival[]; close(): void }> {
  const key = join(workDir, 'receiver-key.pem');
  const cert = join(workDir, 'receiver-cert.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert,
    '-days', '2', '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1',
  ], { stdio: 'ignore' }); // prettier-ignore
  const arrivals: Arrival[] = [];
  const server = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const arrivedAt = Date.now();
      res.writeHead(204).end();
      const message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        type: string;
        data: { endpoint_id: number; results?: Array<{ type: string; id: number; object: { updated_at?: string } | null }> };
      };
      for (const entry of message.data.results ?? []) {
        const updatedAt = entry.object?.updated_at;
        arrivals.push({
          id: entry.id,
          type: entry.type,
          updatedAt: updatedAt ? Date.parse(updatedAt) : null,
          arrivedAt,
          endpointId: message.data.endpoint_id,
        });
      }
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const port = (server.address() as { port: number }).port;
  return {
    url: `https://127.0.0.1:${port}/hooks`,
    caFile: cert,
    arrivals,
    close: () => {
      server.close();
      server.closeAllConnections();
    },
  };
}

export interface Answer {
  status: number;
  body: { id: number } & Record<string, unknown>;
}

export function call(base: string, path: string, token: string, init: { method?: string; body?: unknown } = {}): Promise<Answer> {
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise((resolveCall, reject) => {
    const req = httpRequest(
      `${base}${API}${path}`,
      {
        method: init.method ?? 'GET',
        agent: false,
        timeout: 60_000,
        headers: {
          accept: 'application/json',
          'x-forwarded-proto': 'https',
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolveCall({ status: res.statusCode ?? 0, body: (text === '' ? {} : JSON.parse(text)) as Answer['body'] }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Plain SQL on a connection of its own, as the admin console would write. */
export async function otherProgram(
  databaseUrl: string,
): Promise<{ run(sql: string, params?: unknown[]): Promise<void>; close(): Promise<void> }> {
  if (databaseUrl.startsWith('sqlite:')) {
    const Database = requireFromSql('better-sqlite3') as new (file: string) => {
      pragma(s: string): unknown;
      prepare(s: string): { run(...p: unknown[]): unknown };
      close(): void;
    };
    const db = new Database(databaseUrl.slice('sqlite:'.length));
    db.pragma('busy_timeout = 5000');
    return { run: async (sql, params = []) => void db.prepare(sql).run(...params), close: async () => db.close() };
  }
  const pg = requireFromSql('pg') as {
    Client: new (c: { connectionString: string }) => {
      connect(): Promise<void>;
      query(s: string, p?: unknown[]): Promise<unknown>;
      end(): Promise<void>;
    };
  };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const numbered = (sql: string) => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  };
  return { run: async (sql, params = []) => void (await client.query(numbered(sql), params)), close: () => client.end() };
}

/** /healthz answers once the server listens (the "listening on" line may be filtered at LOG_LEVEL=warn). */
export async function ready(base: string, server: Child): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const up = await new Promise<boolean>((answer) => {
      const req = httpRequest(`${base}/healthz`, { agent: false, headers: { 'x-forwarded-proto': 'https' } }, (res) => {
        res.resume();
        answer(res.statusCode === 200);
      });
      req.on('error', () => answer(false));
      req.end();
    });
    if (up) return;
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${server.tail()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function until(what: string, condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!;
};

export interface WebhookFigures {
  backend: string;
  bulkChanges: number;
  bulkSeconds: number;
  changesPerSecond: number;
  streamApiChanges: number;
  streamSqlChanges: number;
  p95ApiMs: number | null;
  p95SqlMs: number | null;
  page1WithoutBefore: LoadResult;
  page1With10Endpoints: LoadResult & { entriesDeliveredMeanwhile: number };
  /** The rounds with the endpoints paused, alternating with those of page1With10Endpoints. */
  page1WithoutAfter: LoadResult;
  page1Ratio: number;
}
