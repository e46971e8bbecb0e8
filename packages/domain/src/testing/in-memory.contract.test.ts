import { FixedClock } from './fixed-clock';
import { type AdapterSet, describeAdapterContracts } from './contracts';
import { GuardedMemoryRateLimiter, InMemoryDataVersions, InMemoryRawWriter, InMemoryStore, inMemoryAdapters } from './in-memory-store';

describeAdapterContracts(
  'in-memory',
  async () => {
    const clock = new FixedClock();
    const store = new InMemoryStore();
    const open = (): AdapterSet => ({
      ...inMemoryAdapters(store, clock),
      rateLimiter: new GuardedMemoryRateLimiter(clock, new InMemoryDataVersions(store)),
      clock,
      reopen: async () => open(),
      raw: async () => new InMemoryRawWriter(store),
      close: async () => {},
    });
    return open();
  },
  { rateLimiter: true },
);
