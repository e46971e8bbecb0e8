import type { Principal } from '../api-keys/api-key';
import { type Scope, SCOPES } from '../api-keys/scopes';
import { MemoryRateLimiter } from '../rate-limiting/memory-rate-limiter';
import { Throttle, type ThrottleLimits } from '../rate-limiting/throttle';
import type { TenantSnapshot } from '../tenants/tenant-import';
import { FixedClock } from './fixed-clock';
import { FakeSecretHasher } from './fake-secret-hasher';
import { InMemoryStore } from './in-memory-store';
import { InMemoryTenantImporter } from './in-memory-tenant-importer';
import { inMemoryAdapters } from './in-memory-adapters';

/**
 * One in-memory world for the domain's unit tests: a store seeded with whole tenants, every repository over it, a
 * fixed clock and a counting hasher. Not exported from `./testing`: it serves this package's own `*.test.ts` files.
 */
export async function aWorld(tenants: TenantSnapshot[] = [], clock = new FixedClock()) {
  const store = new InMemoryStore();
  await new InMemoryTenantImporter(store, clock).importTenants(tenants);
  return {
    clock,
    store,
    hasher: new FakeSecretHasher(),
    ...inMemoryAdapters(store, clock),
    /** A caller of the tenant with this slug, holding `scopes` (all five by default). */
    principal(slug: string, scopes: readonly Scope[] = SCOPES): Principal {
      const tenant = store.tenants.find((t) => t.slug === slug);
      if (!tenant) throw new Error(`no tenant ${slug} in this world`);
      return { tenantId: tenant.id, keyId: 1, prefix: 'ck_test0', scopes };
    },
  };
}

export type World = Awaited<ReturnType<typeof aWorld>>;

/** A Throttle over a memory limiter on the world's clock. */
export function aThrottle(world: Pick<World, 'clock'>, limits: ThrottleLimits): Throttle {
  return new Throttle(new MemoryRateLimiter(world.clock), limits);
}

export { rejectionOf } from './rejection-of';
export { expectCursorWalkMatchesOffsets, walkByCursor, walkByOffset } from './page-walks';
