import { expect } from 'vitest';
import type { Principal } from '../api-keys/api-key';
import { type Scope, SCOPES } from '../api-keys/scopes';
import { DomainError } from '../shared/domain-error';
import { MemoryRateLimiter } from '../rate-limiting/memory-rate-limiter';
import { StampCheckingLimiter } from '../rate-limiting/stamp-guarded-limiter';
import { Throttle, type ThrottleLimits } from '../rate-limiting/throttle';
import type { Page, PageHint, PageRequest } from '../shared/pagination';
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

/** A Throttle over a memory limiter on the world's clock; a kept key is confirmed by reading the world's stamp. */
export function aThrottle(world: Pick<World, 'clock' | 'versions'>, limits: ThrottleLimits): Throttle {
  const limiter = new MemoryRateLimiter(world.clock);
  return new Throttle(limiter, limits, new StampCheckingLimiter(limiter, world.versions));
}

/** Awaits `promise` and returns the DomainError it rejects with; anything else (or resolving) fails the test. */
export async function rejectionOf(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError, but the promise resolved');
}

type ReadPage<T> = (request: PageRequest, hint?: PageHint) => Promise<Page<T>>;

/**
 * Reads a list from page 1 to the end the way a client following `next` links does: each request carries the keyset
 * hint of the page before. `between` runs after each page, e.g. to change the data mid-walk.
 */
export async function walkByCursor<T>(read: ReadPage<T>, pageSize: number, between?: (page: Page<T>) => void): Promise<Page<T>[]> {
  const pages = [await read({ page: 1, pageSize })];
  for (let last = pages[0]!; last.hasNext; last = pages[pages.length - 1]!) {
    between?.(last);
    if (!last.nextCursor) throw new Error(`page ${last.page} has a next page but no cursor`);
    const hint: PageHint = { page: last.page + 1, pageSize, after: last.nextCursor };
    pages.push(await read({ page: last.page + 1, pageSize }, hint));
  }
  return pages;
}

/** Reads every page by number alone (no hint), as a client building `?page=N` itself does. */
export async function walkByOffset<T>(read: ReadPage<T>, pageSize: number): Promise<Page<T>[]> {
  const pages = [await read({ page: 1, pageSize })];
  while (pages[pages.length - 1]!.hasNext) pages.push(await read({ page: pages.length + 1, pageSize }));
  return pages;
}

/**
 * docs/api-behaviour.md §2: following `next` never skips or repeats a record. Walks the list both ways and checks that the cursor
 * walk visits each of `total` rows exactly once, page for page as offset reads see them.
 */
export async function expectCursorWalkMatchesOffsets<T extends { id: number }>(read: ReadPage<T>, pageSize: number, total: number) {
  const byCursor = (await walkByCursor(read, pageSize)).map((page) => page.results.map((row) => row.id));
  const byOffset = (await walkByOffset(read, pageSize)).map((page) => page.results.map((row) => row.id));
  expect(byCursor.map((ids) => ids.length)).toEqual(byOffset.map((ids) => ids.length));
  expect(new Set(byCursor.flat()).size).toBe(total);
  expect(byCursor.flat()).toHaveLength(total);
  expect(byCursor).toEqual(byOffset);
}
