import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { randomUUID } from 'node:crypto';
import type { AddressInfo, Server as NetServer, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { SCOPES, isDomainError } from '@campsite/domain';
import { type AppContainer, TOKENS, importDependencies } from './container';
import { DEMO_TENANT_SLUG, demoFixture } from './demo/demo-fixture';
import { importFixture } from './fixtures/import-fixture';
import { readFixture } from './fixtures/parse-fixture';
import { SECURITY_HEADERS } from '@campsite/adapters-http';
import { loadTls } from './tls';
import { tlsOrPlainListener } from './tls-or-plain-listener';
import { migrateWhenReachable } from './wait-for-database';
import { sweepIdempotencyKeys } from './idempotency-sweep';
import { startWebhookSender } from './webhook-sender';
import { type MetricsListener, listenForScrapes } from './observability/metrics-listener';

const DRAIN_TIMEOUT_MS = 10_000;
const IDLE_SWEEP_MS = 50;
/** docs/security.md, "Transport": an idle keep-alive connection is closed after this. */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/** A whole request, body included, must have arrived within this (or the head timeout, when that is longer). */
const REQUEST_TIMEOUT_MS = 30_000;
/** How often Node checks its connections against the timeouts (its default, 30 s, would let a head overstay by as much). */
const MAX_CHECKING_INTERVAL_MS = 1_000;

/**
 * Mozilla's "intermediate" TLS profile (docs/security.md, "TLS"): TLS 1.3 with its own suites, and TLS 1.2 with
 * ECDHE key exchange and AEAD ciphers only: no RSA key exchange, no CBC, no SHA-1. The client's order decides, as the
 * profile recommends, since every suite offered is strong.
 */
export const TLS_PROFILE = {
  minVersion: 'TLSv1.2',
  ciphers: [
    'TLS_AES_128_GCM_SHA256',
    'TLS_AES_256_GCM_SHA384',
    'TLS_CHACHA20_POLY1305_SHA256',
    'ECDHE-ECDSA-AES128-GCM-SHA256',
    'ECDHE-RSA-AES128-GCM-SHA256',
    'ECDHE-ECDSA-AES256-GCM-SHA384',
    'ECDHE-RSA-AES256-GCM-SHA384',
    'ECDHE-ECDSA-CHACHA20-POLY1305',
    'ECDHE-RSA-CHACHA20-POLY1305',
  ].join(':'),
  ecdhCurve: 'X25519:prime256v1:secp384r1',
  honorCipherOrder: false,
} as const;

export interface RunningServer {
  url: string;
  /** The socket that listens. */
  server: NetServer;
  /** Stops accepting, lets requests in flight finish, then closes the database. Resolves false on the hard timeout. */
  stop(): Promise<boolean>;
}

export interface ServeOptions {
  /** Human-facing output (the demo key banner); JSON logs go through the container's logger. */
  print: (text: string) => void;
  /**
   * Called with the server's `stop` before the listening line is printed: whoever sees that line may send SIGTERM at
   * once, so the signal handlers must already be in place.
   */
  serving?: (stop: () => Promise<boolean>) => void;
  /**
   * A worker of `serve --workers` (docs/operations.md, Workers): its supervisor seeds the demo tenant and prints the
   * one listening line, so the worker only reports its URL here.
   */
  worker?: { listening(url: string): void };
}

/** `campsite serve` (docs/operations.md, Lifecycle): migrate, seed an empty database, listen, and say where. */
export async function startServer(container: AppContainer, options: ServeOptions): Promise<RunningServer> {
  const { config, logger, persistence } = container;
  // A worker's supervisor has migrated already.
  if (!options.worker) await migrateWhenReachable(persistence, logger);

  const tls = await loadTls(config, logger);
  const app = container.resolve(TOKENS.HttpApp);
  // docs/api-behaviour.md §1: TLS when the service terminates TLS itself; plain HTTP only behind a trusted proxy.
  const transport = transportOptions(config.headersTimeoutMs);
  const plain = createHttpServer(transport, app);
  const servers: Server[] = tls
    ? [createHttpsServer({ ...tls, ...TLS_PROFILE, ...transport, handshakeTimeout: config.headersTimeoutMs }, app), plain]
    : [plain];
  for (const inner of servers) inner.on('clientError', answerUnparsableRequest);
  // Node's head timeout only runs once a request has begun: a connection that never sends a byte (on TLS, after the
  // handshake) is closed by this instead.
  plain.on('connection', (socket: Socket) => closeIfSilent(socket, config.headersTimeoutMs));
  if (tls) servers[0]?.on('secureConnection', (socket: Socket) => closeIfSilent(socket, config.headersTimeoutMs));
  const server: NetServer = tls ? tlsOrPlainListener(servers[0] as Server, plain, config.headersTimeoutMs) : plain;
  // Counted where connections are accepted: the sniffing listener hands its sockets on without the inner servers
  // counting them. One past the limit is closed as it arrives.
  server.maxConnections = config.maxConnections;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const scheme: 'http' | 'https' = tls ? 'https' : 'http';
  const url = `${scheme}://${hostForUrl(config.host)}:${port}`;

  // Seeded only once the port is ours: a demo key created by a start that then failed to listen would never be shown.
  let metrics: MetricsListener | undefined;
  try {
    // docs/observability.md: its own plain-HTTP listener, never the API port. A worker of `serve --workers` opens
    // none: the supervisor's listener asks every worker and serves the sum.
    if (container.metrics && config.metrics && !options.worker) {
      const { render } = container.metrics;
      metrics = await listenForScrapes(config.metrics, () => render(), logger);
    }
    if (!options.worker) await seedAndPrintDemoKey(container, { scheme, port }, options.print);
  } catch (error) {
    server.close();
    await metrics?.close();
    throw error;
  }
  const sweep = sweepIdempotencyKeys(persistence.idempotency, container.resolve(TOKENS.Clock), logger);
  const requests = container.resolve(TOKENS.RequestActivity);
  const sender = startWebhookSender(container.resolve(TOKENS.DeliverChanges), logger, {
    onAttempt: (outcome) => container.metrics?.webhookAttempt(outcome.kind, outcome.attempt.durationMs / 1000),
    apiBusy: () => requests.busy(),
  });
  let stopping: Promise<boolean> | undefined;
  const stop = () => (stopping ??= drain(server, servers, container, metrics, [sweep, sender]));
  options.serving?.(stop);

  if (options.worker) {
    options.worker.listening(url);
    logger.info({ url, pid: process.pid }, 'worker ready');
  } else {
    if (metrics) options.print(`metrics on ${metrics.url}`);
    announceListening(url, options.print);
    logger.info({ url }, 'ready');
  }
  return { url, server, stop };
}

/**
 * docs/operations.md: one plain line with the URL, whatever LOG_LEVEL says (scripts wait for it); the JSON log records the
 * same moment under its own message, so "listening on" appears exactly once.
 */
export function announceListening(url: string, print: (text: string) => void): void {
  print(`listening on ${url}`);
}

/** Seeds an empty database (seedDemoTenant) and, when it did, prints the demo key with a curl line for this server. */
export async function seedAndPrintDemoKey(
  container: AppContainer,
  address: { scheme: 'http' | 'https'; port: number },
  print: (text: string) => void,
): Promise<void> {
  const demoKey = await seedDemoTenant(container);
  if (demoKey === null) return;
  const base = `${address.scheme}://${hostForUrl(reachableHost(container.config.host))}:${address.port}`;
  print(demoBanner(demoKey, base, address.scheme === 'http'));
}

/**
 * Node's own limits (docs/security.md, "Transport"): a request head must be complete within `headersTimeoutMs`, and
 * the connections are checked often enough for that to hold to the second. Node answers a head that began but did not
 * finish with 408 (through 'clientError'); a connection that sent nothing is just closed. The Host header is checked
 * by the app, so that a missing one gets the same JSON 400 as a malformed one.
 */
function transportOptions(headersTimeoutMs: number) {
  return {
    headersTimeout: headersTimeoutMs,
    requestTimeout: Math.max(REQUEST_TIMEOUT_MS, headersTimeoutMs),
    connectionsCheckingInterval: Math.min(MAX_CHECKING_INTERVAL_MS, Math.ceil(headersTimeoutMs / 4)),
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    requireHostHeader: false,
  };
}

/** Closes `socket` when it has not delivered a single byte of a request within `timeoutMs`. */
function closeIfSilent(socket: Socket, timeoutMs: number): void {
  // bytesRead counts what reached the HTTP layer (decrypted bytes on TLS), also when Node's parser reads natively.
  const timer = setTimeout(() => {
    if (socket.bytesRead === 0) socket.destroy();
  }, timeoutMs);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}

/** What Node's HTTP parser and timers report through 'clientError', as the JSON answers of docs/api-behaviour.md §2. */
const CLIENT_ERRORS: Record<string, { status: string; detail: string }> = {
  HPE_HEADER_OVERFLOW: { status: '431 Request Header Fields Too Large', detail: 'Request header fields too large.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: '408 Request Timeout', detail: 'Request timeout.' },
};
const MALFORMED = { status: '400 Bad Request', detail: 'Malformed request.' };

/**
 * docs/api-behaviour.md §2: every response is JSON and carries an X-Request-Id and the security headers, including the ones
 * Node's HTTP layer gives to a request it cannot read or that did not arrive in time (by default a bare status with no
 * body). Sockets that cannot be written are just closed.
 */
function answerUnparsableRequest(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || (error as { code?: string }).code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const { status, detail } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED;
  const body = JSON.stringify({ detail });
  const security = Object.entries(SECURITY_HEADERS)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: ${randomUUID()}\r\n${security}Connection: close\r\n\r\n${body}`,
  );
}

/**
 * On a database without any tenant, loads the demo tenant through the importer and creates a fresh full-scope key
 * for it. Returns the raw key, or null when the database already had data. No fixed demo key exists anywhere.
 */
export async function seedDemoTenant(container: AppContainer): Promise<string | null> {
  const { persistence, logger } = container;
  if (!(await persistence.tenants.isEmpty())) return null;
  try {
    await importFixture(readFixture(demoFixture()), importDependencies(container));
  } catch (error) {
    // A second process starting on the same empty database seeded it first: nothing to do.
    if (isDomainError(error, 'tenant_exists') || (await persistence.tenants.findBySlug(DEMO_TENANT_SLUG))) return null;
    throw error;
  }
  const keys = container.resolve(TOKENS.ManageApiKeys);
  const { key, raw } = await keys.create(DEMO_TENANT_SLUG, 'demo key (created on first start)', [...SCOPES], null);
  logger.warn({ tenant: DEMO_TENANT_SLUG, prefix: key.prefix }, 'empty database: seeded the demo tenant and created a full-scope demo key');
  return raw;
}

function demoBanner(rawKey: string, baseUrl: string, behindProxy: boolean): string {
  const insecure = behindProxy ? '' : '-k ';
  // Behind a proxy the service insists on https as forwarded by a trusted hop (docs/api-behaviour.md §1).
  const forwarded = behindProxy ? '-H "X-Forwarded-Proto: https" ' : '';
  return [
    '',
    `Demo tenant "${DEMO_TENANT_SLUG}" seeded. Its full-scope API key is shown only this once:`,
    '',
    `    ${rawKey}`,
    '',
    'Try it:',
    '',
    `    curl ${insecure}${forwarded}-H "Authorization: Bearer ${rawKey}" ${baseUrl}/api/v1/public/bookings/`,
    '',
  ].join('\n');
}

async function drain(
  listener: NetServer,
  servers: Server[],
  container: AppContainer,
  metrics: MetricsListener | undefined,
  background: ReadonlyArray<{ stop(): Promise<void> }>,
): Promise<boolean> {
  const { logger } = container;
  logger.info('shutting down: no new connections, finishing requests in flight');
  // The listener's callback fires once every connection it accepted has ended, whichever server it was handed to.
  const closed = new Promise<boolean>((resolve) => listener.close(() => resolve(true)));
  // Keep-alive connections become idle as their last response goes out; close each one then, not before.
  const closeIdle = () => servers.forEach((s) => s.closeIdleConnections());
  closeIdle();
  const sweeper = setInterval(closeIdle, IDLE_SWEEP_MS);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), DRAIN_TIMEOUT_MS);
  });
  // Handlers of clients that hung up are still at work after their connections closed; the database stays open
  // until they are done (within the same time limit).
  const activity = container.resolve(TOKENS.RequestActivity);
  const clean = await Promise.race([closed.then(() => activity.settled()).then(() => true), timedOut]);
  for (const inner of servers) if (inner !== listener) inner.close();
  clearInterval(sweeper);
  clearTimeout(timer);
  if (!clean) {
    logger.error({ timeoutMs: DRAIN_TIMEOUT_MS }, 'requests still in flight after the drain timeout: closing their connections');
    servers.forEach((s) => s.closeAllConnections());
  }
  // The webhook attempts under way finish (within WEBHOOK_TIMEOUT_MS) and record their outcome before the database
  // closes; one cut short would only be sent again by the next process, but its log line would be lost.
  await Promise.all(background.map((task) => task.stop()));
  // Scraped until the API is done, so the last scrape sees the drain.
  await metrics?.close();
  await container.close();
  logger.info('stopped');
  return clean;
}

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** A wildcard address is where the server listens, not where a client connects: the curl line uses loopback. */
function reachableHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '::1';
  return host;
}
