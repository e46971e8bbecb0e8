import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Server as NetServer, Socket } from 'node:net';
import { type AppContainer, TOKENS } from './container';
import { seedAndPrintDemoKey } from './demo/seed-demo';
import { hostForUrl } from './host-address';
import { TLS_PROFILE, answerUnparsableRequest, closeIfSilent, transportOptions } from './http-transport';
import { loadTls } from './tls';
import { tlsOrPlainListener } from './tls-or-plain-listener';
import { migrateWhenReachable } from './wait-for-database';
import { sweepExpired } from './expiry-sweep';
import { startWebhookSender } from './webhook-sender';
import { type MetricsListener, listenForScrapes } from './observability/metrics-listener';

const DRAIN_TIMEOUT_MS = 10_000;
const IDLE_SWEEP_MS = 50;
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
  const clock = container.resolve(TOKENS.Clock);
  const sweeps = [
    sweepExpired('idempotency keys', (now) => persistence.idempotency.purgeExpired(now), clock, logger),
    sweepExpired('quotes', (now) => persistence.quotes.purgeExpired(now), clock, logger),
  ];
  const requests = container.resolve(TOKENS.RequestActivity);
  const sender = startWebhookSender(container.resolve(TOKENS.DeliverChanges), logger, {
    onAttempt: (outcome) => container.metrics?.webhookAttempt(outcome.kind, outcome.attempt.durationMs / 1000),
    apiBusy: () => requests.busy(),
  });
  let stopping: Promise<boolean> | undefined;
  const stop = () => (stopping ??= drain(server, servers, container, metrics, [...sweeps, sender]));
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
