import { FixedClock } from './fixed-clock';
import { describeAdapterContracts } from './contracts';
import {
  InMemoryApiKeyRepository,
  InMemoryBookingRepository,
  InMemoryCustomerRepository,
  InMemoryInvoiceRepository,
  InMemoryRateLimiter,
  InMemorySiteRepository,
  InMemoryStore,
  InMemoryTenantImporter,
  InMemoryTenantRepository,
} from './in-memory-store';

describeAdapterContracts(
  'in-memory',
  async () => {
    const store = new InMemoryStore();
    const clock = new FixedClock();
    return {
      tenants: new InMemoryTenantRepository(store),
      apiKeys: new InMemoryApiKeyRepository(store, clock),
      sites: new InMemorySiteRepository(store),
      customers: new InMemoryCustomerRepository(store),
      invoices: new InMemoryInvoiceRepository(store),
      bookings: new InMemoryBookingRepository(store),
      importer: new InMemoryTenantImporter(store, clock),
      rateLimiter: new InMemoryRateLimiter(clock),
      clock,
      close: async () => {},
    };
  },
  { rateLimiter: true },
);
