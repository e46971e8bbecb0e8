import { mkdtempSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { type Socket, connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ConnectionOptions, type TLSSocket, connect as tlsConnect } from 'node:tls';
import type { SecretHasher } from '@campsite/domain';
import { generate } from 'selfsigned';
import { afterEach, beforeAll } from 'vitest';
import { loadConfig } from '../../src/config';
import { createContainer } from '../../src/container';
import { type RunningServer, startServer } from '../../src/server';

// The servers of the hardening tests (docs/security.md): `campsite serve` on SQLite or a given DATABASE_URL, with a
// short HEADERS_TIMEOUT_MS, and the raw sockets and requests the tests send them.

export const HEADERS_TIMEOUT_MS = 1_000;
export const API = '/api/v1/public';

export interface Started {
  running: RunningServer;
  port: number;
  demoKey: string;
  databaseFile?: string;
}

/**
 * Makes the certificate once for the file and stops every server after its test; answers `serve`, which starts one.
 */
export function useServers() {
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

  async function serve(
    env: Record<string, string> = {},
    options: { secretHasher?: SecretHasher; cleanup?: () => Promise<void> } = {},
  ): Promise<Started> {
    const dir = mkdtempSync(join(tmpdir(), 'campsite-hardening-server-'));
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

  return serve;
}

export interface Answer {
  status: number;
  body: string;
}

export function get(port: number, path: string, headers: Record<string, string> = {}, localAddress = '127.0.0.1'): Promise<Answer> {
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
export function untilClosed(socket: Socket): Promise<{ ms: number; received: string }> {
  const from = Date.now();
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', expectedReset);
  return new Promise((resolve) => socket.on('close', () => resolve({ ms: Date.now() - from, received })));
}

export function tls(port: number, options: ConnectionOptions = {}): Promise<TLSSocket> {
  return new Promise((resolve, reject) => {
    const socket = tlsConnect({ host: '127.0.0.1', port, rejectUnauthorized: false, ...options }, () => resolve(socket));
    socket.once('error', reject);
  });
}

export function plain(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = netConnect({ host: '127.0.0.1', port }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** The server closes these sockets on purpose; a reset is what the test provokes, and it asserts on the close. */
function expectedReset(_error: Error): void {
  // Nothing to do: the test reads what arrived before the close.
}
