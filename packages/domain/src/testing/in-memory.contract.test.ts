import { FixedClock } from './fixed-clock';
import { type AdapterSet, describeAdapterContracts } from './contracts';
import { MemoryRateLimiter } from '../rate-limiting/memory-rate-limiter';
import { InMemoryRawWriter } from './in-memory-raw-writer';
import { InMemoryStore } from './in-memory-store';
import { inMemoryAdapters } from './in-memory-adapters';

describeAdapterContracts('in-memory', async () => {
  const clock = new FixedClock();
  const store = new InMemoryStore();
  const open = (): AdapterSet => ({
    ...inMemoryAdapters(store, clock),
    rateLimiter: new MemoryRateLimiter(clock),
    clock,
    reopen: async () => open(),
    raw: async () => new InMemoryRawWriter(store),
    close: async () => {},
  });
  return open();
});
