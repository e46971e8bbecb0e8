import { FixedClock } from './fixed-clock';
import { describeAdapterContracts } from './contracts';
import { InMemoryStore, inMemoryAdapters } from './in-memory-store';
import { MemoryRateLimiter } from '../rate-limiting/memory-rate-limiter';

describeAdapterContracts(
  'in-memory',
  async () => {
    const clock = new FixedClock();
    return {
      ...inMemoryAdapters(new InMemoryStore(), clock),
      rateLimiter: new MemoryRateLimiter(clock),
      clock,
      close: async () => {},
    };
  },
  { rateLimiter: true },
);
