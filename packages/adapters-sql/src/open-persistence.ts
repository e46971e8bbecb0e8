import { access, constants } from 'node:fs/promises';
import {
  type ApiKeyRepository,
  type BookingRepository,
  type ChangeFeedRepository,
  type Clock,
  type CustomerRepository,
  type DataVersions,
  type ExtraRepository,
  type InvoiceIssuerRepository,
  type IdempotencyStore,
  type InvoiceRepository,
  type QuoteRepository,
  type RateLimiter,
  type ReadSnapshots,
  type SiteRepository,
  type SiteTypeRepository,
  type TariffRepository,
  type TenantImporter,
  type TenantRepository,
  type WebhookDeliveryStore,
  type WebhookEndpointRepository,
  systemClock,
} from '@campsite/domain';
import { ALL_SQL_ACCELERATORS, type SqlAccelerators } from './accelerators';
import { migrate } from './migrate';
import { SqlApiKeyRepository, SqlTenantRepository } from './repositories/sql-access-repositories';
import { type BookingInserter, ProcedureInserter, TransactionInserter } from './repositories/booking-inserts';
import { SqlBookingRepository } from './repositories/sql-booking-repository';
import { SqlChangeFeed } from './repositories/sql-change-feed';
import {
  SqlCustomerRepository,
  SqlInvoiceIssuerRepository,
  SqlInvoiceRepository,
  SqlSiteRepository,
} from './repositories/sql-list-repositories';
import { SqlDataVersions } from './repositories/sql-data-versions';
import { SqlIdempotencyStore } from './repositories/sql-idempotency-store';
import { SqlRateLimiter } from './repositories/sql-rate-limiter';
import { SqlQuoteRepository } from './repositories/sql-quote-repository';
import { SqlSiteTypeRepository } from './repositories/sql-site-type-repository';
import { SqlTariffRepository } from './repositories/sql-tariff-repository';
import { SqlTenantImporter } from './repositories/sql-tenant-importer';
import { SqlWebhookDeliveries } from './repositories/sql-webhook-deliveries';
import { SqlWebhookEndpoints } from './repositories/sql-webhook-endpoints';
import { type QueryObserver, observedDatabase } from './observed-database';
import type { ConnectionUse } from './sql-executor';
import type { SqlDatabase } from './sql-database';
import { SecretSealer } from './secret-sealing';
import { SqliteDatabase } from './sqlite/sqlite-database';

export interface Persistence {
  tenants: TenantRepository;
  apiKeys: ApiKeyRepository;
  sites: SiteRepository;
  siteTypes: SiteTypeRepository;
  /** The tariff (migration 019): what prices quotes, the calendar and confirmations. */
  tariffs: TariffRepository;
  extras: ExtraRepository;
  quotes: QuoteRepository;
  customers: CustomerRepository;
  invoices: InvoiceRepository;
  issuers: InvoiceIssuerRepository;
  bookings: BookingRepository;
  idempotency: IdempotencyStore;
  importer: TenantImporter;
  changes: ChangeFeedRepository;
  webhooks: WebhookEndpointRepository;
  /** The webhook sender's state and log (migration 011). */
  deliveries: WebhookDeliveryStore;
  /**
   * Seals the signing secrets again under the first sealing key, or only those stored before sealing began
   * (docs/operations.md, "Server secrets"); answers how many endpoints were rewritten and how many secrets were unreadable.
   */
  reseal(onlyUnsealed: boolean): Promise<{ resealed: number; unreadable: number }>;
  versions: DataVersions;
  /** One snapshot for a use case's reads (a page's count and rows). */
  snapshots: ReadSnapshots;
  /**
   * The limiter every process on the database shares, when the database keeps one (PostgreSQL); undefined for
   * SQLite, where one process serves a file and counts in memory, or the supervisor of `serve --workers` counts for
   * its workers: a count written to the file would be a commit per request.
   */
  rateLimiter?: RateLimiter;
  dialect: 'sqlite' | 'postgres';
  /**
   * Resolves once the database answered a query on the service's own schema; rejects when it cannot (the readiness
   * probe, docs/security.md). For a SQLite file, the file must also still be readable and writable at its path.
   */
  ping(): Promise<void>;
  /** How the database's connections are used right now (docs/observability.md). */
  connections(): ConnectionUse;
  /**
   * Versioned, recorded in `schema_migrations`, idempotent, safe when two processes start at once. Resolves to the
   * file names of the migrations this call applied (empty when the schema was up to date). With sealing keys, it then
   * seals the signing secrets stored in clear.
   */
  migrate(): Promise<string[]>;
  close(): Promise<void>;
}

export interface PersistenceOptions {
  clock?: Clock;
  /** Postgres pool size (default 10). */
  poolSize?: number;
  /** Told about every statement and transaction (metrics, traces, the slow-request log); unset: nothing is wrapped. */
  queryObserver?: QueryObserver;
  /**
   * Told about failures no request sees: an idle pooled connection that broke, a background clean-up that failed.
   * Neither loses data (the pool replaces the connection; the clean-up runs again next window), but an operator should
   * hear of them. Unset: they are dropped.
   */
  onBackgroundError?: (error: unknown, what: string) => void;
  /** Which accelerators to use (docs/performance.md); unset: all of them. */
  accelerators?: SqlAccelerators;
  /**
   * The keys that seal secrets at rest, the first sealing and all of them opening (docs/security.md, "Secrets at
   * rest"). The service always gives them; without them (tests of other things) signing secrets are stored as given.
   */
  sealingKeys?: readonly Buffer[];
}

/** The file of a `sqlite:PATH` URL; null for `sqlite::memory:` and for other databases. */
function sqliteFile(databaseUrl: string): string | null {
  if (databaseUrl === 'sqlite::memory:' || !databaseUrl.startsWith('sqlite:')) return null;
  return databaseUrl.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
}

/** The opened engine, and what only it decides: how a booking is created, and whether it keeps the rate limits. */
interface Engine {
  db: SqlDatabase;
  inserter(db: SqlDatabase): BookingInserter;
  rateLimiter(db: SqlDatabase): RateLimiter | undefined;
}

/**
 * PostgreSQL's driver is loaded only when a PostgreSQL database is opened: a one-shot command on SQLite (`tenants list`,
 * say) would otherwise pay for loading it on every run.
 */
async function openDatabase(databaseUrl: string, options: PersistenceOptions, accelerators: SqlAccelerators): Promise<Engine> {
  const sqlite = (path: string): Engine => ({
    db: new SqliteDatabase(path, { groupCommit: accelerators.groupCommit }),
    inserter: (db) => new TransactionInserter(db),
    rateLimiter: () => undefined,
  });
  if (databaseUrl === 'sqlite::memory:') return sqlite(':memory:');
  const path = sqliteFile(databaseUrl);
  if (path !== null) {
    if (path === '') throw new Error('DATABASE_URL "sqlite:" names no file; use sqlite:PATH or sqlite::memory:');
    return sqlite(path);
  }
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    const clock = options.clock ?? systemClock;
    const { PgDatabase } = await import('./postgres/pg-database');
    return {
      db: new PgDatabase(databaseUrl, {
        ...(options.poolSize === undefined ? {} : { max: options.poolSize }),
        ...(options.onBackgroundError ? { onBackgroundError: options.onBackgroundError } : {}),
      }),
      inserter: (db) => (accelerators.createProcedure ? new ProcedureInserter(db) : new TransactionInserter(db)),
      // Several processes serve one database, so the count lives in it.
      rateLimiter: (db) => new SqlRateLimiter(db, clock, options.onBackgroundError),
    };
  }
  // Never echo the URL itself: it may carry a password.
  throw new Error('DATABASE_URL must start with sqlite: or postgres:// (or postgresql://)');
}

/**
 * `sqlite:PATH`, `sqlite::memory:`, `postgres://…` / `postgresql://…`; throws a clear Error for anything else.
 * Creates the parent directory of a SQLite file. Does NOT migrate by itself.
 */
export async function openPersistence(databaseUrl: string, options: PersistenceOptions = {}): Promise<Persistence> {
  const accelerators = options.accelerators ?? ALL_SQL_ACCELERATORS;
  const engine = await openDatabase(databaseUrl, options, accelerators);
  const db = options.queryObserver ? observedDatabase(engine.db, options.queryObserver) : engine.db;
  const clock = options.clock ?? systemClock;
  const rateLimiter = engine.rateLimiter(db);
  const tariffs = new SqlTariffRepository(db);
  const webhooks = new SqlWebhookEndpoints(db, options.sealingKeys ? new SecretSealer(options.sealingKeys) : null, (message) =>
    options.onBackgroundError?.(new Error(message), 'webhook signing secret unreadable'),
  );
  return {
    tenants: new SqlTenantRepository(db),
    apiKeys: new SqlApiKeyRepository(db, clock),
    sites: new SqlSiteRepository(db, accelerators),
    siteTypes: new SqlSiteTypeRepository(db),
    tariffs,
    extras: tariffs,
    quotes: new SqlQuoteRepository(db),
    customers: new SqlCustomerRepository(db, accelerators),
    invoices: new SqlInvoiceRepository(db, accelerators),
    issuers: new SqlInvoiceIssuerRepository(db),
    bookings: new SqlBookingRepository(db, engine.inserter(db), accelerators),
    idempotency: new SqlIdempotencyStore(db),
    importer: new SqlTenantImporter(db, clock, accelerators.bulkLoad),
    changes: new SqlChangeFeed(db),
    webhooks,
    deliveries: new SqlWebhookDeliveries(db, webhooks),
    reseal: (onlyUnsealed) => webhooks.reseal(onlyUnsealed),
    versions: new SqlDataVersions(db),
    snapshots: { consistent: (work) => db.consistent(work) },
    ...(rateLimiter ? { rateLimiter } : {}),
    dialect: db.dialect.name,
    ping: async () => {
      const file = sqliteFile(databaseUrl);
      // An open SQLite handle keeps working on a file that was removed or locked away; the next start would not.
      if (file !== null) await access(file, constants.R_OK | constants.W_OK);
      await db.get('SELECT 1 FROM schema_migrations LIMIT 1');
    },
    // Secrets stored in clear (before sealing began, or by a writer that does not seal) are sealed on every start.
    migrate: async () => {
      const applied = (await migrate(db)).map((migration) => migration.name);
      await webhooks.reseal(true);
      return applied;
    },
    connections: () => db.connections(),
    close: () => db.close(),
  };
}
