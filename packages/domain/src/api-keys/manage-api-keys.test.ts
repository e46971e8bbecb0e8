import { beforeEach, describe, expect, it } from 'vitest';
import { FakeSecretHasher, SeededRandom, aTenant } from '../testing';
import { type World, aThrottle, aWorld, rejectionOf } from '../testing/test-world';
import { API_KEY_PATTERN } from './api-key';
import { ManageApiKeys, generateRawKey } from './manage-api-keys';
import { ApiKeyVerifier } from './api-key-verifier';

/** A fake hasher that also remembers what it was asked to hash. */
class RecordingHasher extends FakeSecretHasher {
  readonly hashed: string[] = [];

  override hash(secret: string) {
    this.hashed.push(secret);
    return super.hash(secret);
  }
}

let world: World;
let hasher: RecordingHasher;

beforeEach(async () => {
  world = await aWorld([aTenant('alpine'), aTenant('lakeside')]);
  hasher = new RecordingHasher();
});

const manageWith = (random = new SeededRandom(11)) => new ManageApiKeys(world.tenants, world.apiKeys, hasher, random, world.clock);

describe('generateRawKey', () => {
  it('draws ck_ and 29 characters of [A-Za-z0-9], different every time', () => {
    const random = new SeededRandom(3);
    const keys = Array.from({ length: 200 }, () => generateRawKey(random));
    for (const raw of keys) expect(raw).toMatch(/^ck_[A-Za-z0-9]{29}$/);
    expect(new Set(keys).size).toBe(keys.length);
    expect(API_KEY_PATTERN.source).toBe('^ck_[A-Za-z0-9]{29}$');
  });
});

describe('ManageApiKeys', () => {
  it('creates a key of the tenant with its name, scopes and expiry, and hands back the raw key once', async () => {
    const expiresAt = new Date('2027-01-01T00:00:00Z');
    const { raw, key } = await manageWith().create('lakeside', 'erp', ['invoices:read'], expiresAt);
    expect(raw).toMatch(/^ck_[A-Za-z0-9]{29}$/);
    expect(key).toMatchObject({
      tenantId: world.principal('lakeside').tenantId,
      name: 'erp',
      prefix: raw.slice(0, 8),
      scopes: ['invoices:read'],
      expiresAt,
      revokedAt: null,
      lastUsedAt: null,
      createdAt: world.clock.now(),
    });
  });

  it('stores the secret only as a hash of its last 24 characters', async () => {
    const { raw, key } = await manageWith().create('alpine', 'erp', ['sites:read'], null);
    const secret = raw.slice(8);
    expect(secret).toHaveLength(24);
    expect(hasher.hashed).toEqual([secret]);
    expect(key.secretHash).toBe(await new FakeSecretHasher().hash(secret));
    expect(JSON.stringify(world.store.apiKeys)).not.toContain(secret);
  });

  it('lists the tenant keys oldest first without ever exposing a raw key or secret', async () => {
    const manage = manageWith();
    const first = await manage.create('alpine', 'first', ['sites:read'], null);
    world.clock.advance(1000);
    const second = await manage.create('alpine', 'second', ['bookings:read'], null);
    await manage.create('lakeside', 'not mine', ['sites:read'], null);

    const listed = await manage.list('alpine');
    expect(listed.map((k) => k.name)).toEqual(['first', 'second']);
    const text = JSON.stringify(listed);
    for (const { raw } of [first, second]) {
      expect(text).not.toContain(raw);
      expect(text).not.toContain(raw.slice(8));
    }
  });

  it('draws again when a new prefix is already taken', async () => {
    const forced = Uint8Array.from({ length: 29 }, (_, i) => i);
    const manage = manageWith(new SeededRandom(5, [forced, forced]));
    const first = await manage.create('alpine', 'one', ['sites:read'], null);
    const second = await manage.create('lakeside', 'two', ['sites:read'], null);
    expect(second.raw.slice(0, 8)).not.toBe(first.raw.slice(0, 8));
    expect(second.raw).toMatch(/^ck_[A-Za-z0-9]{29}$/);
  });

  it('revokes a key so that the very next verification says key_inactive', async () => {
    const manage = manageWith();
    const throttle = aThrottle(world, { perKeyPerMinute: 600, authFailuresPerMinute: 60 });
    const verifier = new ApiKeyVerifier(world.apiKeys, hasher, world.clock, throttle);
    const { raw } = await manage.create('alpine', 'erp', ['sites:read'], null);
    await verifier.verify(`Bearer ${raw}`, '127.0.0.1');

    await manage.revoke('alpine', raw.slice(0, 8));
    expect((await rejectionOf(verifier.verify(`Bearer ${raw}`, '127.0.0.1'))).code).toBe('key_inactive');
    expect((await manage.list('alpine'))[0]?.revokedAt).toEqual(world.clock.now());
  });

  it('revoking twice keeps the first revocation time and says the key was already revoked', async () => {
    const manage = manageWith();
    const { raw } = await manage.create('alpine', 'erp', ['sites:read'], null);
    const revokedAt = world.clock.now();
    expect(await manage.revoke('alpine', raw.slice(0, 8))).toEqual({ prefix: raw.slice(0, 8), alreadyRevokedAt: null });
    world.clock.advance(5000);
    expect(await manage.revoke('alpine', raw.slice(0, 8))).toEqual({ prefix: raw.slice(0, 8), alreadyRevokedAt: revokedAt });
    expect((await manage.list('alpine'))[0]?.revokedAt).toEqual(revokedAt);
  });

  it('revokes a key given whole, by its prefix', async () => {
    const manage = manageWith();
    const { raw } = await manage.create('alpine', 'erp', ['sites:read'], null);
    expect(await manage.revoke('alpine', raw)).toEqual({ prefix: raw.slice(0, 8), alreadyRevokedAt: null });
    expect((await manage.list('alpine'))[0]?.revokedAt).toEqual(world.clock.now());
  });

  it('refuses to revoke an unknown prefix, or another tenant key, with api_key_not_found', async () => {
    const manage = manageWith();
    const { raw } = await manage.create('lakeside', 'erp', ['sites:read'], null);
    expect((await rejectionOf(manage.revoke('alpine', 'ck_nope0'))).code).toBe('api_key_not_found');
    expect((await rejectionOf(manage.revoke('alpine', raw.slice(0, 8)))).code).toBe('api_key_not_found');
    expect(world.store.apiKeys[0]?.revokedAt).toBeNull();
  });

  it('refuses an unknown tenant with tenant_not_found on every operation', async () => {
    const manage = manageWith();
    expect((await rejectionOf(manage.create('nowhere', 'erp', ['sites:read'], null))).code).toBe('tenant_not_found');
    expect((await rejectionOf(manage.list('nowhere'))).code).toBe('tenant_not_found');
    expect((await rejectionOf(manage.revoke('nowhere', 'ck_abcde'))).code).toBe('tenant_not_found');
    expect(world.store.apiKeys).toEqual([]);
  });
});
