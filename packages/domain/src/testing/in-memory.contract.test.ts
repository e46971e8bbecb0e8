import { FixedClock } from './fixed-clock';
import { describeAdapterContracts } from './contracts';
import {
  InMemoryApiKeyRepository,
  InMemoryBookingRepository,
  InMemoryCustomerRepository,
  InMemoryInvoiceRepository,
  InMemorySiteRepository,
  InMemoryStore,
  InMemoryTenantImporter,
  InMemoryTenantRepository,
} from './in-memory-store';
import { MemoryRateLimiter } from '../rate-limiting/memory-rate-limiter';

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
      rateLimiter: new MemoryRateLimiter(clock),
      clock,
      close: async () => {},
    };
  },
  { rateLimiter: true },
);
