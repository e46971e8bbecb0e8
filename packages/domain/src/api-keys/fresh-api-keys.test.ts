import { beforeEach, describe, expect, it } from 'vitest';
import { SeededRandom, aTenant } from '../testing';
import { type World, aWorld } from '../testing/test-world';
import type { ApiKeyRepository } from './api-key-repository';
import { FreshApiKeys } from './fresh-api-keys';
import { ManageApiKeys } from './manage-api-keys';

let world: World;
let lookups: number;
let keys: FreshApiKeys;
let manage: ManageApiKeys;

beforeEach(async () => {
  world = await aWorld([aTenant('alpine')]);
  lookups = 0;
  const counted: ApiKeyRepository = Object.assign(Object.create(world.apiKeys) as ApiKeyRepository, {
    findByPrefix: (prefix: string) => {
      lookups++;
      return world.apiKeys.findByPrefix(prefix);
    },
  });
  keys = new FreshApiKeys(counted, world.versions, 2);
  // Writes go around the cache, as another process's would.
  manage = new ManageApiKeys(world.tenants, world.apiKeys, world.hasher, new SeededRandom(3), world.clock);
});

describe('FreshApiKeys', () => {
  it('reads a key row once while nothing in the data changes', async () => {
    const { key } = await manage.create('alpine', 'mirror', ['bookings:read'], null);
    const first = await keys.findByPrefix(key.prefix);
    const afterFirst = lookups;
    expect(await keys.findByPrefix(key.prefix)).toEqual(first);
    expect(await keys.findByPrefix(key.prefix)).toEqual(first);
    expect(lookups).toBe(afterFirst);
  });

  it('hands out the stamp it checked the key against, for the reads of the same request', async () => {
    const { key } = await manage.create('alpine', 'mirror', ['bookings:read'], null);
    const stamp = await world.versions.stampOf(key.tenantId);
    expect((await keys.findByPrefix(key.prefix))?.stamp).toEqual(stamp);
    expect((await keys.findByPrefix(key.prefix))?.stamp).toEqual(stamp);
    await manage.revoke('alpine', key.prefix);
    expect((await keys.findByPrefix(key.prefix))?.stamp).toEqual(await world.versions.stampOf(key.tenantId));
    expect((await keys.findByPrefix(key.prefix))?.stamp).not.toEqual(stamp);
  });

  it('sees a revocation made elsewhere on the very next lookup', async () => {
    const { key } = await manage.create('alpine', 'mirror', ['bookings:read'], null);
    expect((await keys.findByPrefix(key.prefix))?.revokedAt).toBeNull();
    await manage.revoke('alpine', key.prefix);
    expect((await keys.findByPrefix(key.prefix))?.revokedAt).toEqual(world.clock.now());
  });

  it('keeps no unknown prefix: a key created later is found', async () => {
    expect(await keys.findByPrefix('ck_AAAAA')).toBeNull();
    expect(await keys.findByPrefix('ck_AAAAA')).toBeNull();
    expect(lookups).toBe(2);
  });

  it('holds at most its limit of keys, dropping the oldest', async () => {
    const made = [];
    for (const name of ['a', 'b', 'c']) made.push((await manage.create('alpine', name, ['bookings:read'], null)).key);
    for (const key of made) await keys.findByPrefix(key.prefix);
    const before = lookups;
    await keys.findByPrefix(made[2]!.prefix);
    await keys.findByPrefix(made[1]!.prefix);
    expect(lookups).toBe(before);
    await keys.findByPrefix(made[0]!.prefix);
    expect(lookups).toBeGreaterThan(before);
  });
});
