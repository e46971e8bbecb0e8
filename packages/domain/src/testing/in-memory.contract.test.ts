import { FixedClock } from './fixed-clock';
import { type AdapterSet, describeAdapterContracts } from './contracts';
import { InMemoryStore, inMemoryAdapters } from './in-memory-store';
import { MemoryRateLimiter } from '../rate-limiting/memory-rate-limiter';

describeAdapterContracts(
  'in-memory',
  async () => {
    const clock = new FixedClock();
    const store = new InMemoryStore();
    const open = (): AdapterSet => ({
      ...inMemoryAdapters(store, clock),
      rateLimiter: new MemoryRateLimiter(clock),
      clock,
      reopen: async () => open(),
      close: async () => {},
    });
    return open();
  },
  { rateLimiter: true },
);
