import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdmitRequest,
  ApiKeyVerifier,
  CancelBooking,
  CreateBooking,
  CreateQuote,
  GetAvailability,
  GetBooking,
  GetCalendar,
  GetQuote,
  GetInvoice,
  GetInvoiceDocument,
  ListInvoiceLines,
  ListBookings,
  ListCustomers,
  ListInvoices,
  ListExtras,
  ListSiteTypes,
  ListSites,
  ManageApiKeys,
  ManageWebhookEndpoints,
  ReadChanges,
  SCOPES,
  Throttle,
  type TenantSnapshot,
} from '@campsite/domain';
import {
  FakeSecretHasher,
  FixedClock,
  InMemoryChangeFeed,
  InMemoryStore,
  MemoryRateLimiter,
  RecordingWebhookTransport,
  SeededRandom,
  inMemoryAdapters,
} from '@campsite/domain/testing';
import { AnswerCache, createApp, type HttpLogger, webhookUrlPolicy } from '@campsite/adapters-http';
import pg from 'pg';
import { testDatabaseUrl } from '../../../../test-support/skips';
import { PdfkitInvoiceRenderer } from '../../src/adapters/pdf/invoice-pdf-renderer';
import { loadConfig } from '../../src/config';
import { type HttpApp, TOKENS, createContainer } from '../../src/container';

/** The same app over one backend, seeded alike, so that answers can be compared byte for byte. */
export interface BackendApp {
  name: 'memory' | 'sqlite' | 'postgres';
  app: HttpApp;
  /** One full-scope key per tenant, in the order of the snapshots (the same keys on every backend). */
  keys: string[];
  /** Bookings stored for the tenant with this slug: what a refused request must leave unchanged. */
  bookingCount(slug: string): Promise<number>;
  close(): Promise<void>;
}

/** Limits high enough that a property run never meets them: throttling is not what these tests compare. */
const UNLIMITED = { perKeyPerMinute: 1_000_000, authFailuresPerMinute: 1_000_000 };
const NOW = '2026-06-01T12:00:30Z';
const SEED = 7;
const silent: HttpLogger = { info() {}, warn() {}, error() {}, isLevelEnabled: () => false };

async function issueKeys(keys: ManageApiKeys, tenants: TenantSnapshot[]): Promise<string[]> {
  const raw: string[] = [];
  for (const tenant of tenants) raw.push((await keys.create(tenant.slug, 'property tests', [...SCOPES], null)).raw);
  return raw;
}

/** The app over the in-memory adapters, wired as the container wires the SQL ones. */
export async function memoryBackend(tenants: TenantSnapshot[], publicUrl?: string): Promise<BackendApp> {
  const store = new InMemoryStore();
  const clock = new FixedClock(NOW);
  const hasher = new FakeSecretHasher();
  const random = new SeededRandom(SEED);
  const ports = inMemoryAdapters(store, clock);
  await ports.importer.importTenants(tenants);
  const throttle = new Throttle(new MemoryRateLimiter(clock), UNLIMITED);
  // As the container wires it, answer cache included.
  const app = createApp({
    admission: new AdmitRequest(new ApiKeyVerifier(ports.apiKeys, hasher, clock, throttle), throttle),
    answers: new AnswerCache(ports.versions, 32 * 1024 * 1024),
    listBookings: new ListBookings(ports.bookings),
    getBooking: new GetBooking(ports.bookings),
    createBooking: new CreateBooking({ ...ports, clock, random }),
    cancelBooking: new CancelBooking(ports.bookings),
    listSiteTypes: new ListSiteTypes(ports.siteTypes),
    listExtras: new ListExtras(ports.extras),
    getCalendar: new GetCalendar(ports.siteTypes, ports.tariffs),
    createQuote: new CreateQuote(ports.quotes, ports.sites, ports.siteTypes, ports.bookings, ports.tariffs, clock),
    getQuote: new GetQuote(ports.quotes),
    listSites: new ListSites(ports.sites),
    getAvailability: new GetAvailability(ports.sites, ports.bookings),
    listCustomers: new ListCustomers(ports.customers),
    listInvoices: new ListInvoices(ports.invoices),
    getInvoice: new GetInvoice(ports.invoices),
    listInvoiceLines: new ListInvoiceLines(ports.invoices),
    // The container renders on worker threads; the bytes are the same in-process (invoice-pdf.test.ts).
    getInvoiceDocument: new GetInvoiceDocument(ports.invoices, ports.bookings, ports.issuers, new PdfkitInvoiceRenderer()),
    readChanges: new ReadChanges(new InMemoryChangeFeed(store)),
    // As the container wires it, except that nothing leaves the machine: messages are recorded, not sent.
    manageWebhookEndpoints: new ManageWebhookEndpoints(
      ports.webhooks,
      webhookUrlPolicy({ allowLoopback: false }),
      clock,
      random,
      new RecordingWebhookTransport(),
      ports.deliveries,
    ),
    logger: silent,
    database: { ping: async () => {} },
    ...(publicUrl === undefined ? {} : { publicUrl }),
  });
  const keys = await issueKeys(new ManageApiKeys(ports.tenants, ports.apiKeys, hasher, random, clock), tenants);
  return {
    name: 'memory',
    app,
    keys,
    bookingCount: async (slug) => {
      const tenant = await ports.tenants.findBySlug(slug);
      return tenant ? ports.bookings.count(tenant.id, {}) : 0;
    },
    close: async () => {},
  };
}

/** The real container over `databaseUrl` (migrated, seeded), with a fixed clock and seeded randomness. */
export async function sqlBackend(
  name: 'sqlite' | 'postgres',
  databaseUrl: string,
  tenants: TenantSnapshot[],
  publicUrl?: string,
): Promise<BackendApp> {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: String(UNLIMITED.perKeyPerMinute),
    AUTH_FAILURES_PER_MINUTE: String(UNLIMITED.authFailuresPerMinute),
    ...(publicUrl === undefined ? {} : { PUBLIC_URL: publicUrl }),
  });
  const container = await createContainer(config, {
    clock: new FixedClock(NOW),
    secretHasher: new FakeSecretHasher(),
    random: new SeededRandom(SEED),
  });
  await container.persistence.migrate();
  await container.persistence.importer.importTenants(tenants);
  const keys = await issueKeys(container.resolve(TOKENS.ManageApiKeys), tenants);
  const { persistence } = container;
  return {
    name,
    app: container.resolve(TOKENS.HttpApp),
    keys,
    bookingCount: async (slug) => {
      const tenant = await persistence.tenants.findBySlug(slug);
      return tenant ? persistence.bookings.count(tenant.id, {}) : 0;
    },
    close: () => container.close(),
  };
}

export function sqliteUrl(): string {
  return `sqlite:${join(mkdtempSync(join(tmpdir(), 'campsite-i11-')), 'campsite.db')}`;
}

/** A throwaway database on the server of `adminUrl`; `drop` removes it. */
export async function postgresDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `campsite_i11_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * The run's PostgreSQL server (docs/testing.md), or undefined: the caller skips its Postgres case, which the run's
 * closing line names, or fails under REQUIRE_POSTGRES=1, as every other Postgres suite does.
 */
export function postgresUrl(): string | undefined {
  return testDatabaseUrl() ?? undefined;
}
