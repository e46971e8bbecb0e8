import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TenantImporter, TenantRepository } from '@campsite/domain';
import {
  FakeSecretHasher,
  FixedClock,
  InMemoryApiKeyRepository,
  InMemoryStore,
  InMemoryTenantImporter,
  InMemoryTenantRepository,
} from '@campsite/domain/testing';
import { FixtureError } from '../src/fixtures/fixture-row';
import { type ImportProgress, formatImportSummary, importFixture } from '../src/fixtures/import-fixture';
import { parseFixture } from '../src/fixtures/parse-fixture';

const SAMPLE = readFileSync(new URL('./fixtures/sample.json', import.meta.url), 'utf8');

function world() {
  const store = new InMemoryStore();
  const clock = new FixedClock();
  const hasher = new FakeSecretHasher();
  const importer: TenantImporter = new InMemoryTenantImporter(store, clock);
  return {
    store,
    hasher,
    deps: { tenants: new InMemoryTenantRepository(store), apiKeys: new InMemoryApiKeyRepository(store, clock), importer, hasher },
  };
}

async function fixtureErrorOf(promise: Promise<unknown>): Promise<FixtureError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof FixtureError)) throw new Error(`expected a FixtureError, got ${String(error)}`);
  return error;
}

describe('importFixture', () => {
  it('hashes raw tokens (the 24-character secret only) and stores every row', async () => {
    const { store, hasher, deps } = world();
    const summary = await importFixture(parseFixture(SAMPLE), deps);
    expect(summary).toMatchObject({ tenants: 1, rows: 15 });
    expect(hasher.hashCalls).toBe(3);
    const key = store.apiKeys.find((k) => k.prefix === 'ck_d7T4a');
    expect(key?.secretHash).toBe(await new FakeSecretHasher().hash('ogrKwV6h2sDvQvUFcLB604ep'));
    expect(store.apiKeys.find((k) => k.prefix === 'ck_6yeeE')?.revokedAt).not.toBeNull();
    expect(store.bookings).toHaveLength(2);
    expect(store.invoices).toHaveLength(2);
  });

  it('reports progress through hashing and storing, ending at the total', async () => {
    const { deps } = world();
    const seen: ImportProgress[] = [];
    await importFixture(parseFixture(SAMPLE), deps, (p) => seen.push(p));
    expect(seen.filter((p) => p.phase === 'hashing').at(-1)).toEqual({ phase: 'hashing', done: 3, total: 3 });
    expect(seen.at(-1)).toEqual({ phase: 'storing', done: 15, total: 15 });
  });

  it('names a slug that already exists in the database with its path and stores nothing', async () => {
    const { store, deps } = world();
    await importFixture(parseFixture(SAMPLE), deps);
    const rowsBefore = store.bookings.length;
    const second = JSON.parse(SAMPLE);
    second.tenants.unshift({ slug: 'seeblick', name: 'Seeblick' });
    second.tenants[1].api_keys = [];
    const error = await fixtureErrorOf(importFixture(parseFixture(JSON.stringify(second)), deps));
    expect(error.message).toBe('tenants[1].slug: tenant "alpenblick" already exists in the database');
    expect(store.tenants.map((t) => t.slug)).toEqual(['alpenblick']);
    expect(store.bookings).toHaveLength(rowsBefore);
  });

  it('names a key prefix that already exists in the database', async () => {
    const { deps } = world();
    await importFixture(parseFixture(SAMPLE), deps);
    const second = JSON.parse(SAMPLE);
    second.tenants[0].slug = 'other';
    const error = await fixtureErrorOf(importFixture(parseFixture(JSON.stringify(second)), deps));
    expect(error.message).toBe('tenants[0].api_keys[0].token: key prefix "ck_d7T4a" already exists in the database');
  });

  it('maps a tenant_exists raised inside the transaction (a concurrent import) to the slug path', async () => {
    const { deps } = world();
    // The pre-check sees nothing, as when another process imports the same slug at the same moment.
    const blind: TenantRepository = {
      findBySlug: async () => null,
      create: (t) => deps.tenants.create(t),
      listWithCounts: () => deps.tenants.listWithCounts(),
      isEmpty: () => deps.tenants.isEmpty(),
    };
    const racing = { ...deps, tenants: blind };
    await importFixture(parseFixture(SAMPLE), deps);
    const second = JSON.parse(SAMPLE);
    second.tenants[0].api_keys = [];
    const error = await fixtureErrorOf(importFixture(parseFixture(JSON.stringify(second)), racing));
    expect(error.path).toBe('tenants[0].slug');
  });
});

describe('formatImportSummary', () => {
  it('prints rows, seconds and rows per second on one line', () => {
    expect(formatImportSummary({ tenants: 2, rows: 100_000, seconds: 4 })).toBe('imported 2 tenants, 100000 rows in 4.0 s (25000 rows/s)');
    expect(formatImportSummary({ tenants: 1, rows: 15, seconds: 0.25 })).toBe('imported 1 tenant, 15 rows in 0.3 s (60 rows/s)');
  });
});
