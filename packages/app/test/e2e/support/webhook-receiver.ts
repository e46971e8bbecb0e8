import type { IncomingHttpHeaders } from 'node:http';
import { type Server, createServer } from 'node:https';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { generate } from 'selfsigned';
import { REPO_ROOT } from '../harness';

// What webhooks.test.ts runs beside `campsite serve`: the receiver the messages go to, and another program writing
// the database with plain SQL.

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

export interface ChangesMessage {
  type: 'changes';
  data: { endpoint_id: number; previous: string; cursor: string; results: Array<{ type: string; id: number; object: unknown }> };
}

/**
 * An HTTPS receiver answering each message with the next queued status (204 once the queue is empty); a queued 0
 * never answers, which keeps the attempt in flight.
 */
export async function startReceiver(): Promise<{ server: Server; url: string; ca: string; received: Received[]; answers: number[] }> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  } as Parameters<typeof generate>[1]);
  const received: Received[] = [];
  const answers: number[] = [];
  const server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const status = answers.shift() ?? 204;
      received.push({ headers: req.headers, body, status });
      if (status !== 0) res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `https://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, ca: pems.cert, received, answers };
}

/** Plain SQL on a connection of its own, as the admin console or psql would write. */
export async function otherProgram(databaseUrl: string): Promise<{ run(sql: string): Promise<void>; close(): Promise<void> }> {
  if (databaseUrl.startsWith('sqlite:')) {
    const Database = createRequire(join(REPO_ROOT, 'packages/adapters-sql/package.json'))('better-sqlite3');
    const db = new Database(databaseUrl.slice('sqlite:'.length));
    db.pragma('busy_timeout = 5000');
    return { run: async (sql) => void db.prepare(sql).run(), close: async () => db.close() };
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return { run: async (sql) => void (await client.query(sql)), close: () => client.end() };
}

export async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
