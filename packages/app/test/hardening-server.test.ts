import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { type Server as NetServer, type Socket, connect as netConnect, createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ConnectionOptions, type TLSSocket, connect as tlsConnect } from 'node:tls';
import type { SecretHasher } from '@campsite/domain';
import { generate } from 'selfsigned';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BcryptSecretHasher } from '../src/adapters/bcrypt-secret-hasher';
import { loadConfig } from '../src/config';
import { createContainer } from '../src/container';
import { type RunningServer, startServer } from '../src/server';
import { postgresDatabase, postgresUrl } from './support/backends';

// docs/security.md: the failed-authentication limit under a concurrent burst, the transport limits, the TLS profile
// and /readyz, all through real sockets against the server `campsite serve` starts.

const HEADERS_TIMEOUT_MS = 1_000;
const API = '/api/v1/public';

let pems: { cert: string; key: string };
const started: Array<{ running: RunningServer; cleanup?: () => Promise<void> }> = [];

beforeAll(async () => {
  // RSA, so that the RSA key-exchange and ECDHE-RSA suites can be offered at all.
  const generated = await generate([{ name: 'commonName', value: 'localhost' }], { keySize: 2048, algorithm: 'sha256' });
  pems = { cert: generated.cert, key: generated.private };
}, 60_000);

afterEach(async () => {
  for (const { running, cleanup } of started.splice(0)) {
    await running.stop();
    await cleanup?.();
  }
});

/** A hasher that counts its verifications and takes as long as a production bcrypt check, relative to a burst. */
class CountingHasher implements SecretHasher {
  verifications = 0;
  private readonly bcrypt = new BcryptSecretHasher(4);
  hash(secret: string) {
    return this.bcrypt.hash(secret);
  }
  async verify(secret: string, hash: string) {
    this.verifications++;
    await new Promise((resolve) => setTimeout(resolve, 50));
    return this.bcrypt.verify(secret, hash);
  }
  isCheaper(hash: string) {
    return this.bcrypt.isCheaper(hash);
  }
}

interface Started {
  running: RunningServer;
  port: number;
  demoKey: string;
  databaseFile?: string;
}

async function serve(
  env: Record<string, string> = {},
  options: { secretHasher?: SecretHasher; cleanup?: () => Promise<void> } = {},
): Promise<Started> {
  const dir = mkdtempSync(join(tmpdir(), 'campsite-i11-server-'));
  writeFileSync(join(dir, 'cert.pem'), pems.cert);
  writeFileSync(join(dir, 'key.pem'), pems.key);
  const databaseFile = join(dir, 'campsite.db');
  const config = loadConfig({
    DATABASE_URL: `sqlite:${databaseFile}`,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    BCRYPT_COST: '4',
    TLS_CERT_FILE: join(dir, 'cert.pem'),
    TLS_KEY_FILE: join(dir, 'key.pem'),
    HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    ...env,
  });
  const container = await createContainer(config, options.secretHasher ? { secretHasher: options.secretHasher } : {});
  let printed = '';
  const running = await startServer(container, { print: (text) => (printed += text) });
  started.push({ running, ...(options.cleanup ? { cleanup: options.cleanup } : {}) });
  const demoKey = /ck_[A-Za-z0-9]{29}/.exec(printed)?.[0] ?? '';
  return { running, port: Number(new URL(running.url).port), demoKey, ...(env.DATABASE_URL ? {} : { databaseFile }) };
}

interface Answer {
  status: number;
  body: string;
}

function get(port: number, path: string, headers: Record<string, string> = {}, localAddress = '127.0.0.1'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // agent: false, so every request has a connection of its own, as 120 separate attackers' requests would.
    const req = https.request({ host: '127.0.0.1', port, path, headers, agent: false, rejectUnauthorized: false, localAddress }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Resolves with the milliseconds from the call until `socket` closed, and whatever it received. */
function untilClosed(socket: Socket): Promise<{ ms: number; received: string }> {
  const from = Date.now();
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', expectedReset);
  return new Promise((resolve) => socket.on('close', () => resolve({ ms: Date.now() - from, received })));
}

function tls(port: number, options: ConnectionOptions = {}): Promise<TLSSocket> {
  return new Promise((resolve, reject) => {
    const socket = tlsConnect({ host: '127.0.0.1', port, rejectUnauthorized: false, ...options }, () => resolve(socket));
    socket.once('error', reject);
  });
}

function plain(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = netConnect({ host: '127.0.0.1', port }, () => resolve(socket));
    socket.once('error', reject);
  });
}

function wrongKey(i: number): string {
  return `Bearer ck_${String(i).padStart(5, 'w')}${'x'.repeat(24)}`;
}

describe.each([
  ['sqlite (memory limiter)', false],
  ['postgres (database limiter)', true],
])('a concurrent burst of wrong keys from one address [%s]', (_name, onPostgres) => {
  const adminUrl = postgresUrl();
  it.runIf(!onPostgres || adminUrl)(
    'lets at most AUTH_FAILURES_PER_MINUTE of 120 simultaneous requests reach the hasher',
    async () => {
      const hasher = new CountingHasher();
      let env: Record<string, string> = {};
      let cleanup: (() => Promise<void>) | undefined;
      if (onPostgres) {
        const database = await postgresDatabase(adminUrl!);
        env = { DATABASE_URL: database.url };
        cleanup = database.drop;
      }
      const { port, demoKey } = await serve(
        { ...env, AUTH_FAILURES_PER_MINUTE: '60' },
        { secretHasher: hasher, ...(cleanup ? { cleanup } : {}) },
      );
      // The limit counts per fixed minute of the clock (docs/api-behaviour.md §4): a burst across a minute's end meets
      // two windows, and may pass twice the limit. Start it well inside one.
      const intoMinute = Date.now() % 60_000;
      if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
      const before = hasher.verifications;
      const answers = await Promise.all(Array.from({ length: 120 }, (_, i) => get(port, `${API}/sites/`, { Authorization: wrongKey(i) })));
      expect(hasher.verifications - before).toBeLessThanOrEqual(60);
      expect(answers.filter((a) => a.status === 401)).toHaveLength(hasher.verifications - before);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(120 - (hasher.verifications - before));
      // Another client's first request is not held up by the burst, nor refused for it.
      expect((await get(port, `${API}/sites/`, { Authorization: `Bearer ${demoKey}` }, '127.0.0.2')).status).toBe(200);
    },
    60_000,
  );
});

describe('transport limits (HEADERS_TIMEOUT_MS, keep-alive, MAX_CONNECTIONS)', () => {
  it('closes a TLS connection that finished its handshake and sent nothing within HEADERS_TIMEOUT_MS + 1 s', async () => {
    const { port } = await serve();
    const closed = await untilClosed(await tls(port));
    expect(closed.ms).toBeLessThanOrEqual(HEADERS_TIMEOUT_MS + 1_000);
    expect(closed.ms).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 200);
  });

  it('closes a plain connection that sends nothing, on the shared port and behind a proxy alike', async () => {
    for (const env of [{}, { TRUST_PROXY: 'loopback' }] as Array<Record<string, string>>) {
      const { port } = await serve(env);
      const closed = await untilClosed(await plain(port));
      expect(closed.ms).toBeLessThanOrEqual(HEADERS_TIMEOUT_MS + 1_000);
    }
  });

  it('answers a trickled request head with 408 in JSON, over TLS and plain HTTP', async () => {
    const paths: Array<[Record<string, string>, (port: number) => Promise<Socket>]> = [
      [{}, tls],
      [{ TRUST_PROXY: 'loopback' }, plain],
    ];
    for (const [env, open] of paths) {
      const { port } = await serve(env);
      const socket = await open(port);
      const closed = untilClosed(socket);
      socket.write(`GET ${API}/sites/ HTTP/1.1\r\nHost: localhost\r\n`);
      const trickle = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 200);
      const { ms, received } = await closed;
      clearInterval(trickle);
      expect(ms).toBeLessThanOrEqual(HEADERS_TIMEOUT_MS + 1_000);
      expect(received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect(received).toContain('X-Content-Type-Options: nosniff');
      expect(received.endsWith('\r\n\r\n{"detail":"Request timeout."}')).toBe(true);
    }
  });

  it('closes an idle keep-alive connection about 5 s after its last answer', async () => {
    const { port } = await serve();
    const socket = await tls(port);
    const answered = new Promise<number>((resolve) => socket.once('data', () => resolve(Date.now())));
    const closed = untilClosed(socket);
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const at = await answered;
    await closed;
    const idleMs = Date.now() - at;
    expect(idleMs).toBeGreaterThanOrEqual(4_500);
    expect(idleMs).toBeLessThanOrEqual(6_500);
  }, 15_000);

  it('keeps at most MAX_CONNECTIONS open: one more is closed at once, and room is made when one goes', async () => {
    const { port } = await serve({ MAX_CONNECTIONS: '3', HEADERS_TIMEOUT_MS: '30000' });
    const open = await Promise.all([tls(port), tls(port), tls(port)]);
    const refused = await untilClosed(await plain(port));
    expect(refused.received).toBe('');
    expect(refused.ms).toBeLessThan(1_000);
    await expect(tls(port)).rejects.toThrow();
    const gone = open.pop()!;
    const goneClosed = untilClosed(gone);
    gone.destroy();
    await goneClosed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const next = await tls(port);
    expect(next.getProtocol()).toBe('TLSv1.3');
    for (const socket of [...open, next]) socket.destroy();
  });
});

describe('TLS: Mozilla intermediate profile', () => {
  const handshake = async (port: number, options: ConnectionOptions) => {
    try {
      const socket = await tls(port, options);
      const agreed = { protocol: socket.getProtocol(), cipher: socket.getCipher().standardName };
      socket.destroy();
      return agreed;
    } catch {
      return 'refused';
    }
  };

  it('speaks TLS 1.3, and TLS 1.2 only with ECDHE and AEAD suites', async () => {
    const { port } = await serve();
    expect(await handshake(port, {})).toMatchObject({ protocol: 'TLSv1.3' });
    const tls12 = (ciphers: string) => handshake(port, { ciphers, maxVersion: 'TLSv1.2' });
    for (const accepted of ['ECDHE-RSA-AES128-GCM-SHA256', 'ECDHE-RSA-AES256-GCM-SHA384', 'ECDHE-RSA-CHACHA20-POLY1305']) {
      expect(await tls12(accepted), accepted).toMatchObject({ protocol: 'TLSv1.2' });
    }
    const refusedSuites = [
      'AES128-GCM-SHA256', // RSA key exchange
      'AES256-SHA256', // RSA key exchange, CBC
      'DHE-RSA-AES128-GCM-SHA256', // finite-field DH
      'ECDHE-RSA-AES128-SHA', // CBC with SHA-1
      'ECDHE-RSA-AES128-SHA256', // CBC
      'ECDHE-RSA-AES256-SHA384', // CBC
    ];
    for (const refused of refusedSuites) expect(await tls12(`${refused}:@SECLEVEL=0`), refused).toBe('refused');
    expect(await handshake(port, { minVersion: 'TLSv1', maxVersion: 'TLSv1.1', ciphers: 'DEFAULT:@SECLEVEL=0' })).toBe('refused');
  });
});

describe('GET /readyz with the database stopped', () => {
  it('answers 503 once the SQLite file is gone or unreadable, while /healthz stays 200', async () => {
    const { port, databaseFile } = await serve();
    expect(await get(port, '/readyz')).toEqual({ status: 200, body: '{"status":"ready"}' });
    rmSync(databaseFile!);
    expect(await get(port, '/readyz')).toEqual({ status: 503, body: '{"status":"unavailable"}' });
    expect((await get(port, '/healthz')).status).toBe(200);
  });

  it.runIf(process.getuid?.() !== 0)('answers 503 when the SQLite file is made unreadable (not as root, who reads anything)', async () => {
    const { chmodSync } = await import('node:fs');
    const { port, databaseFile } = await serve();
    chmodSync(databaseFile!, 0o000);
    expect(await get(port, '/readyz')).toEqual({ status: 503, body: '{"status":"unavailable"}' });
  });

  const adminUrl = postgresUrl();
  it.runIf(adminUrl)(
    'answers 503 while Postgres refuses connections, and 200 again when it is back',
    async () => {
      const database = await postgresDatabase(adminUrl!);
      const target = new URL(database.url);
      // The database behind a relay that can be switched off: then every new connection is refused.
      const links = new Set<Socket>();
      const relay: NetServer = createNetServer((client) => {
        const upstream = netConnect({ host: target.hostname, port: Number(target.port || 5432) });
        links.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        for (const s of [client, upstream]) s.on('error', () => [client, upstream].forEach((x) => x.destroy()));
      });
      const listen = (port: number) => new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', resolve));
      await listen(0);
      const relayPort = (relay.address() as { port: number }).port;
      const viaRelay = new URL(database.url);
      viaRelay.hostname = '127.0.0.1';
      viaRelay.port = String(relayPort);
      const { port } = await serve({ DATABASE_URL: viaRelay.toString() }, { cleanup: database.drop });
      expect(await get(port, '/readyz')).toEqual({ status: 200, body: '{"status":"ready"}' });

      await new Promise<void>((resolve) => {
        relay.close(() => resolve());
        links.forEach((s) => s.destroy());
      });
      expect(await get(port, '/readyz')).toEqual({ status: 503, body: '{"status":"unavailable"}' });
      expect((await get(port, '/healthz')).status).toBe(200);

      await listen(relayPort);
      expect(await get(port, '/readyz')).toEqual({ status: 200, body: '{"status":"ready"}' });
      await new Promise<void>((resolve) => {
        relay.close(() => resolve());
        links.forEach((s) => s.destroy());
      });
    },
    30_000,
  );
});

/** The server closes these sockets on purpose; a reset is what the test provokes, and it asserts on the close. */
function expectedReset(_error: Error): void {
  // Nothing to do: the test reads what arrived before the close.
}
