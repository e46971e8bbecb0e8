import type { Clock } from '../shared/clock';
import { InMemoryApiKeyRepository, InMemoryTenantRepository } from './in-memory-access-repositories';
import { InMemoryBookingRepository } from './in-memory-booking-repository';
import { InMemoryChangeFeed } from './in-memory-change-feed';
import { InMemoryDataVersions } from './in-memory-data-versions';
import { InMemoryIdempotencyStore } from './in-memory-idempotency-store';
import {
  InMemoryCustomerRepository,
  InMemoryInvoiceIssuerRepository,
  InMemoryInvoiceRepository,
  InMemorySiteRepository,
} from './in-memory-list-repositories';
import { InMemoryQuoteRepository, InMemorySiteTypeRepository, InMemoryTariffRepository } from './in-memory-selling';
import type { InMemoryStore } from './in-memory-store';
import { InMemoryTenantImporter } from './in-memory-tenant-importer';
import { InMemoryWebhookDeliveries, InMemoryWebhookEndpoints } from './in-memory-webhooks';

/** Every port of the in-memory backend over one store, as the SQL adapters are over one database. */
export function inMemoryAdapters(store: InMemoryStore, clock: Clock) {
  store.clock = clock;
  const tariffs = new InMemoryTariffRepository(store);
  return {
    versions: new InMemoryDataVersions(store),
    tenants: new InMemoryTenantRepository(store),
    apiKeys: new InMemoryApiKeyRepository(store, clock),
    sites: new InMemorySiteRepository(store),
    customers: new InMemoryCustomerRepository(store),
    invoices: new InMemoryInvoiceRepository(store),
    issuers: new InMemoryInvoiceIssuerRepository(store),
    bookings: new InMemoryBookingRepository(store),
    idempotency: new InMemoryIdempotencyStore(store),
    importer: new InMemoryTenantImporter(store, clock),
    changes: new InMemoryChangeFeed(store),
    webhooks: new InMemoryWebhookEndpoints(store),
    deliveries: new InMemoryWebhookDeliveries(store),
    siteTypes: new InMemorySiteTypeRepository(store),
    tariffs,
    extras: tariffs,
    quotes: new InMemoryQuoteRepository(store),
  };
}
