// tsyringe needs the Reflect metadata polyfill loaded before it; this file is the only place either is imported.
import 'reflect-metadata';
import { type DependencyContainer, container as rootContainer, instanceCachingFactory } from 'tsyringe';
import type { DestinationStream, Logger } from 'pino';
import {
  AdmitRequest,
  ApiKeyVerifier,
  type Clock,
  FirstAdmissions,
  type InvoiceRenderer,
  ManageApiKeys,
  MemoryRateLimiter,
  type RandomSource,
  type RateLimiter,
  type SecretHasher,
  Throttle,
  systemClock,
} from '@campsite/domain';
import { type Persistence, type QueryObserver, openPersistence } from '@campsite/adapters-sql';
import { BcryptSecretHasher } from './adapters/bcrypt-secret-hasher';
import { KEY_PEPPER, SECRETS_KEY, loadServerSecret, sealingKeysOf } from './server-secrets';
import { cryptoRandomSource } from './adapters/crypto-random-source';

import type { Config } from './config';
import { type Resolved, TOKENS, type Token } from './tokens';
import { registerUseCases } from './use-cases';

export { type HttpApp, type Resolved, TOKENS, type Token } from './tokens';
import type { ImportDependencies } from './fixtures/import-fixture';
import { createLogger } from './logger';
import { type ServerMetrics, createMetrics } from './observability/metrics';
import { Observer, type Tracing } from './observability/request-observer';
import { startTracing } from './observability/tracing';

/**
 * First admissions at once: fewer than the database pool's ten connections, so that admitted keys always find one
 * (docs/performance.md, "First admissions take turns").
 */
const FIRST_ADMISSION_TURNS = 4;
/** Prefixes remembered as admitted: a platform's keys, a few hundred kB at most. */
const REMEMBERED_ADMISSIONS = 10_000;

export interface ContainerOptions {
  /** Where JSON logs go: stdout for `serve`, stderr for the one-shot commands whose stdout is their result. */
  logDestination?: 1 | 2 | DestinationStream;
  /**
   * `serve`: watch requests and database calls for metrics (METRICS_PORT), traces (OTEL_EXPORTER_OTLP_ENDPOINT) and
   * the slow-request log (docs/observability.md). The one-shot commands leave it off.
   */
  observe?: boolean;
  /** Tests: wraps the observer the database reports to (a slow database, to prove the slow-request log). */
  wrapQueryObserver?: (observer: QueryObserver) => QueryObserver;
  /** Overrides for tests (a fixed clock, a fake hasher). */
  clock?: Clock;
  secretHasher?: SecretHasher;
  /** Booking references and new keys from a seeded source, so that backends can be compared byte for byte. */
  random?: RandomSource;
  /** Renders invoice PDFs; by default a pool of worker threads, started on the first PDF. */
  invoiceRenderer?: InvoiceRenderer;
  /**
   * The limiter shared by the processes of a `serve --workers` deployment, for a database that keeps none of its
   * own (SQLite); without it a lone process counts in memory.
   */
  rateLimiter?: RateLimiter;
  /** Tests: stands a decorated port in for the opened one (the crash test's booking repository). */
  persistence?: (opened: Persistence) => Persistence;
  /**
   * False for the one-shot commands: the serving side (HttpApp, the answer cache, webhook delivery, invoice PDFs) is
   * then neither registered nor loaded, which halves the command's start-up (test/e2e/cli-start-up.test.ts).
   */
  http?: boolean;
}

/** The wired service. `resolve` hands out singletons; `close` releases the database. */
export interface AppContainer {
  resolve<K extends Token<unknown>>(token: K): Resolved<K>;
  readonly config: Config;
  readonly logger: Logger;
  readonly persistence: Persistence;
  /** The metrics to serve on METRICS_PORT, when `observe` was asked for and METRICS_PORT is set. */
  readonly metrics: ServerMetrics | undefined;
  close(): Promise<void>;
}

/**
 * Opens the database (the one asynchronous step, done before registration because tsyringe factories are
 * synchronous) and registers everything else as lazily built singletons.
 */
export async function createContainer(config: Config, options: ContainerOptions = {}): Promise<AppContainer> {
  // Loaded before anything is opened, so that nothing is left to close should it fail.
  const httpWiring = options.http === false ? undefined : await import('./http-wiring');
  const clock = options.clock ?? systemClock;
  let observer: Observer | undefined;
  const logger = createLogger(
    config.logLevel,
    options.logDestination ?? 1,
    options.observe ? () => observer?.currentRequestId() : undefined,
  );
  let metrics: ServerMetrics | undefined;
  let tracing: Tracing | undefined;
  if (options.observe) {
    const dbSystem = config.databaseUrl.startsWith('sqlite:') ? 'sqlite' : 'postgresql';
    [metrics, tracing] = await Promise.all([
      config.metrics ? createMetrics() : undefined,
      config.otlpEndpoint ? startTracing(dbSystem, logger) : undefined,
    ]);
    observer = new Observer({ slowRequestMs: config.slowRequestMs, log: logger, metrics, tracing });
  }
  const queryObserver = observer && options.wrapQueryObserver ? options.wrapQueryObserver(observer) : observer;
  let persistence: Persistence;
  try {
    const sealing = await loadServerSecret(SECRETS_KEY, config.secretsKey, logger);
    const opened = await openPersistence(config.databaseUrl, {
      sealingKeys: sealingKeysOf(sealing, config.secretsKey !== null && 'file' in config.secretsKey),
      clock,
      ...(queryObserver ? { queryObserver } : {}),
      onBackgroundError: (error, what) => logger.warn({ err: error }, what),
      accelerators: config.accelerators,
    });
    persistence = options.persistence ? options.persistence(opened) : opened;
  } catch (error) {
    await tracing?.shutdown();
    throw error;
  }
  metrics?.watchConnections(() => persistence.connections());
  metrics?.watchWebhookBacklog(() => persistence.deliveries.oldestPending());

  const c = rootContainer.createChildContainer();
  const single = <T>(token: Token<T>, build: (c: DependencyContainer) => T) =>
    c.register<T>(token, { useFactory: instanceCachingFactory<T>(build) });
  const value = <T>(token: Token<T>, useValue: T) => c.register<T>(token, { useValue });
  const get = <T>(token: Token<T>): T => c.resolve<T>(token);

  value(TOKENS.Config, config);
  value(TOKENS.Logger, logger);
  value(TOKENS.Clock, clock);
  value(TOKENS.Random, options.random ?? cryptoRandomSource);
  value(TOKENS.Persistence, persistence);
  const pepper = options.secretHasher ? '' : await loadServerSecret(KEY_PEPPER, config.keyPepper, logger);
  single(TOKENS.SecretHasher, () => options.secretHasher ?? new BcryptSecretHasher(config.bcryptCost, pepper));
  // docs/api-behaviour.md §4: Postgres shares one budget between processes in the database; SQLite's workers share the
  // supervisor's counters (docs/operations.md, Workers), and a lone process counts in memory.
  single(TOKENS.RateLimiter, () => persistence.rateLimiter ?? options.rateLimiter ?? new MemoryRateLimiter(clock));
  single(
    TOKENS.Throttle,
    () =>
      new Throttle(get(TOKENS.RateLimiter), {
        perKeyPerMinute: config.rateLimitPerMinute,
        authFailuresPerMinute: config.authFailuresPerMinute,
      }),
  );
  single(TOKENS.ApiKeyVerifier, () => {
    const turns = config.accelerators.firstAdmissionTurns ? new FirstAdmissions(FIRST_ADMISSION_TURNS, REMEMBERED_ADMISSIONS) : undefined;
    return new ApiKeyVerifier(persistence.apiKeys, get(TOKENS.SecretHasher), clock, get(TOKENS.Throttle), turns);
  });
  single(TOKENS.AdmitRequest, () => new AdmitRequest(get(TOKENS.ApiKeyVerifier), get(TOKENS.Throttle)));
  single(
    TOKENS.ManageApiKeys,
    () => new ManageApiKeys(persistence.tenants, persistence.apiKeys, get(TOKENS.SecretHasher), get(TOKENS.Random), clock),
  );
  const registrar = { single: <T>(token: Token<T>, build: () => T) => single(token, build), get };
  registerUseCases(registrar, persistence, config, clock);
  const http = httpWiring?.registerHttp(registrar, {
    config,
    persistence,
    clock,
    logger,
    observer,
    metrics,
    invoiceRenderer: options.invoiceRenderer,
  });

  let closed = false;
  return {
    resolve: <K extends Token<unknown>>(token: K) => c.resolve<Resolved<K>>(token),
    config,
    logger,
    persistence,
    metrics,
    async close() {
      if (closed) return;
      closed = true;
      await http?.close();
      try {
        await persistence.close();
      } finally {
        // Sends the spans still buffered, the drain's last requests included.
        await tracing?.shutdown();
      }
    },
  };
}

/** The ports an import needs (the `import` command and the demo seed). */
export function importDependencies(container: AppContainer): ImportDependencies {
  const { tenants, apiKeys, importer } = container.persistence;
  return { tenants, apiKeys, importer, hasher: container.resolve(TOKENS.SecretHasher) };
}
