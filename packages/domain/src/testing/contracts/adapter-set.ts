import { afterAll, beforeAll } from 'vitest';
import type { ApiKeyRepository } from '../../api-keys/api-key-repository';
import type { BookingRepository } from '../../bookings/booking-repository';
import type { ChangeFeedRepository } from '../../changes/change-feed';
import type { IdempotencyStore } from '../../bookings/idempotency';
import type { CustomerRepository } from '../../customers/customer';
import type { InvoiceIssuerRepository } from '../../invoices/billing-details';
import type { InvoiceRepository } from '../../invoices/invoice';
import type { RateLimiter } from '../../rate-limiting/rate-limiter';
import type { DataVersions } from '../../shared/data-versions';
import type { SiteRepository } from '../../sites/site';
import type { SiteTypeRepository } from '../../sites/site-type';
import type { ExtraRepository, TariffRepository } from '../../pricing/tariff-repository';
import type { QuoteRepository } from '../../quotes/quote';
import type { TenantRepository } from '../../tenants/tenant';
import type { TenantImporter, TenantSnapshot } from '../../tenants/tenant-import';
import type { WebhookDeliveryStore } from '../../webhooks/webhook-delivery';
import type { WebhookEndpointRepository } from '../../webhooks/webhook-endpoint';
import type { FixedClock } from '../fixed-clock';
import type { RawWriter } from './raw-writer';

/**
 * Every port of one backend, sharing one store. The contract suites seed their data through `importer`, so a backend
 * only has to provide its own adapters; `clock` is the clock those adapters read (tests move it).
 */
export interface AdapterSet {
  tenants: TenantRepository;
  apiKeys: ApiKeyRepository;
  sites: SiteRepository;
  siteTypes: SiteTypeRepository;
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
  deliveries: WebhookDeliveryStore;
  versions: DataVersions;
  /**
   * The backend's own limiter, shared by every process on its database; absent when it keeps none (SQLite: the app
   * counts in memory, or in the supervisor of `serve --workers`). The one declaration the rate-limiter suites skip by.
   */
  rateLimiter?: RateLimiter;
  clock: FixedClock;
  /** A second, independent set of adapters on the same data: another connection (pool), as another process has. */
  reopen(): Promise<AdapterSet>;
  /** Another program writing the same data with plain SQL, on a connection of its own (RawWriter). */
  raw(): Promise<RawWriter>;
  close(): Promise<void>;
}

/** Builds a fresh adapter set; called once per suite, closed after it. */
export type AdapterSetup = () => Promise<AdapterSet>;

/**
 * Opens the backend for the suite this is called in and returns a getter for it. Tests never share rows: each seeds
 * its own tenant with a unique slug, so they may run in any order and against a database other suites also use.
 */
export function useAdapterSet<S extends Pick<AdapterSet, 'close'> = AdapterSet>(setup: () => Promise<S>): () => S {
  let set: S | undefined;
  beforeAll(async () => {
    set = await setup();
  });
  afterAll(async () => {
    await set?.close();
  });
  return () => {
    if (!set) throw new Error('adapter set not ready: setup() failed or has not run');
    return set;
  };
}

/** A raw writer on the suite's adapter set, opened before its tests and closed after them. */
export function useRawWriter(adapters: () => AdapterSet): () => RawWriter {
  let raw: RawWriter | undefined;
  beforeAll(async () => {
    raw = await adapters().raw();
  });
  afterAll(async () => {
    await raw?.close();
  });
  return () => {
    if (!raw) throw new Error('raw writer not ready');
    return raw;
  };
}

let counter = 0;
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomAlnum(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALNUM[Math.floor(Math.random() * ALNUM.length)];
  return out;
}

/** A slug no other test (in this or a parallel run on the same database) uses. */
export function uniqueSlug(label: string): string {
  counter += 1;
  return `${label}-${counter}-${randomAlnum(8).toLowerCase()}`;
}

/** A fresh key prefix (`ck_` + 5 characters); prefixes are unique across all tenants. */
export function uniquePrefix(): string {
  return `ck_${randomAlnum(5)}`;
}

/** Imports one tenant and returns its id. */
export async function seedTenant(set: AdapterSet, snapshot: TenantSnapshot): Promise<number> {
  await set.importer.importTenants([snapshot]);
  const tenant = await set.tenants.findBySlug(snapshot.slug);
  if (!tenant) throw new Error(`seeded tenant ${snapshot.slug} not found`);
  return tenant.id;
}
