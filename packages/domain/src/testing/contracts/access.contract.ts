import { describe, expect, it } from 'vitest';
import { rejectionOf } from '../rejection-of';
import type { NewApiKey } from '../../api-keys/api-key-repository';
import { aBooking, aSite, aTenant } from '../mothers';
import { type AdapterSet, type AdapterSetup, seedTenant, uniquePrefix, uniqueSlug, useAdapterSet } from './adapter-set';

function aNewKey(tenantId: number, overrides: Partial<NewApiKey> = {}): NewApiKey {
  return {
    tenantId,
    name: 'channel manager',
    prefix: uniquePrefix(),
    secretHash: '$2b$04$abcdefghijklmnopqrstuu5Q0t7u0c0fP0fS2bq3y9oPp0Xo1Qm6K',
    fastVerifier: 'v1$0a1b2c3d$first-verifier',
    scopes: ['bookings:read', 'sites:read'],
    expiresAt: null,
    ...overrides,
  };
}

/** The contract of `ApiKeyRepository`. */
export function describeApiKeyRepositoryContract(name: string, setup: AdapterSetup): void {
  describe(`ApiKeyRepository contract: ${name}`, () => {
    const adapters = useAdapterSet(setup);
    const newTenant = (set: AdapterSet) => seedTenant(set, aTenant(uniqueSlug('keys')));

    it('creates a key and finds it by prefix, whatever its tenant; null for an unknown prefix', async () => {
      const set = adapters();
      const tenantId = await newTenant(set);
      const draft = aNewKey(tenantId, { scopes: ['invoices:read', 'bookings:write'], expiresAt: new Date('2027-01-01T00:00:00.250Z') });
      const created = await set.apiKeys.create(draft);
      expect(created).toEqual({
        ...draft,
        id: expect.any(Number),
        revokedAt: null,
        lastUsedAt: null,
        createdAt: set.clock.now(),
      });
      expect(await set.apiKeys.findByPrefix(draft.prefix)).toEqual(created);
      expect(await set.apiKeys.findByPrefix(uniquePrefix())).toBeNull();
    });

    it('refuses a prefix that is taken, in any tenant', async () => {
      const set = adapters();
      const a = await newTenant(set);
      const b = await newTenant(set);
      const first = await set.apiKeys.create(aNewKey(a));
      expect((await rejectionOf(set.apiKeys.create(aNewKey(a, { prefix: first.prefix })))).code).toBe('validation_failed');
      expect((await rejectionOf(set.apiKeys.create(aNewKey(b, { prefix: first.prefix, name: 'other' })))).code).toBe('validation_failed');
      expect(await set.apiKeys.listByTenant(b)).toEqual([]);
      expect(await set.apiKeys.findByPrefix(first.prefix)).toEqual(first);
    });

    it('stores a key created already revoked', async () => {
      const set = adapters();
      const tenantId = await newTenant(set);
      const revokedAt = new Date('2026-02-02T02:02:02.202Z');
      const created = await set.apiKeys.create(aNewKey(tenantId, { revokedAt }));
      expect((await set.apiKeys.findByPrefix(created.prefix))?.revokedAt).toEqual(revokedAt);
    });

    it('revokes idempotently, keeping the first revocation time, and only within the tenant', async () => {
      const set = adapters();
      const a = await newTenant(set);
      const b = await newTenant(set);
      const key = await set.apiKeys.create(aNewKey(a));
      expect(await set.apiKeys.revoke(b, key.prefix, new Date('2026-06-01T00:00:00Z'))).toBe(false);
      expect((await set.apiKeys.findByPrefix(key.prefix))?.revokedAt).toBeNull();

      const first = new Date('2026-06-02T10:00:00.123Z');
      expect(await set.apiKeys.revoke(a, key.prefix, first)).toBe(true);
      expect(await set.apiKeys.revoke(a, key.prefix, new Date('2026-06-03T10:00:00Z'))).toBe(true);
      expect((await set.apiKeys.findByPrefix(key.prefix))?.revokedAt).toEqual(first);
      expect(await set.apiKeys.revoke(a, uniquePrefix(), first)).toBe(false);
    });

    it('records the last use with millisecond precision', async () => {
      const set = adapters();
      const key = await set.apiKeys.create(aNewKey(await newTenant(set)));
      const used = new Date('2026-06-05T06:07:08.009Z');
      await set.apiKeys.touchLastUsed(key.id, used);
      expect(await set.apiKeys.findByPrefix(key.prefix)).toEqual({ ...key, lastUsedAt: used });
      await set.apiKeys.touchLastUsed(key.id + 1_000_000, used);
    });

    it('replaces the stored hash only while it is still the one the caller read (compare and set)', async () => {
      const set = adapters();
      const key = await set.apiKeys.create(aNewKey(await newTenant(set)));
      expect(await set.apiKeys.replaceSecretHash(key.id, 'not-the-stored-hash', '$2b$12$new')).toBe(false);
      expect((await set.apiKeys.findByPrefix(key.prefix))?.secretHash).toBe(key.secretHash);
      expect(await set.apiKeys.replaceSecretHash(key.id, key.secretHash, '$2b$12$new')).toBe(true);
      expect(await set.apiKeys.findByPrefix(key.prefix)).toEqual({ ...key, secretHash: '$2b$12$new' });
      expect(await set.apiKeys.replaceSecretHash(key.id, key.secretHash, '$2b$12$other')).toBe(false);
      expect(await set.apiKeys.replaceSecretHash(key.id + 1_000_000, '$2b$12$new', '$2b$12$other')).toBe(false);
    });

    it('stores a fast verifier only beside the hash it was made for, and without moving the data version', async () => {
      const set = adapters();
      const tenantId = await newTenant(set);
      const key = await set.apiKeys.create(aNewKey(tenantId, { fastVerifier: null }));
      expect(key.fastVerifier).toBeNull();
      const version = await set.versions.versionOf(tenantId);
      expect(await set.apiKeys.storeFastVerifier(key.id, 'not-the-stored-hash', 'v1$0a1b2c3d$stale')).toBe(false);
      expect((await set.apiKeys.findByPrefix(key.prefix))?.fastVerifier).toBeNull();
      expect(await set.apiKeys.storeFastVerifier(key.id, key.secretHash, 'v1$0a1b2c3d$proven')).toBe(true);
      expect(await set.apiKeys.findByPrefix(key.prefix)).toEqual({ ...key, fastVerifier: 'v1$0a1b2c3d$proven' });
      expect(await set.versions.versionOf(tenantId)).toEqual(version);
    });

    it("lists a tenant's keys oldest first, then by id, and never another tenant's", async () => {
      const set = adapters();
      const a = await newTenant(set);
      const b = await newTenant(set);
      set.clock.set('2026-06-10T00:00:02Z');
      const k1 = await set.apiKeys.create(aNewKey(a, { name: 'one' }));
      await set.apiKeys.create(aNewKey(b, { name: 'foreign' }));
      set.clock.set('2026-06-10T00:00:01Z');
      const k0 = await set.apiKeys.create(aNewKey(a, { name: 'zero' }));
      set.clock.set('2026-06-10T00:00:02Z');
      const k2 = await set.apiKeys.create(aNewKey(a, { name: 'two' }));
      const listed = await set.apiKeys.listByTenant(a);
      expect(listed.map((k) => k.name)).toEqual(['zero', 'one', 'two']);
      expect(listed).toEqual([k0, k1, k2]);
      expect((await set.apiKeys.listByTenant(b)).map((k) => k.name)).toEqual(['foreign']);
    });
  });
}

/** The contract of `TenantRepository`. */
export function describeTenantRepositoryContract(name: string, setup: AdapterSetup): void {
  describe(`TenantRepository contract: ${name}`, () => {
    const adapters = useAdapterSet(setup);

    it('creates a tenant and finds it by slug; null for an unknown slug', async () => {
      const set = adapters();
      const slug = uniqueSlug('tenant');
      const created = await set.tenants.create({ slug, name: 'Camping Ämmital' });
      expect(created).toEqual({ id: expect.any(Number), slug, name: 'Camping Ämmital' });
      expect(await set.tenants.findBySlug(slug)).toEqual(created);
      expect(await set.tenants.findBySlug(uniqueSlug('absent'))).toBeNull();
      expect(await set.tenants.isEmpty()).toBe(false);
    });

    it('gives each tenant its own id', async () => {
      const set = adapters();
      const a = await set.tenants.create({ slug: uniqueSlug('tenant'), name: 'A' });
      const b = await set.tenants.create({ slug: uniqueSlug('tenant'), name: 'B' });
      expect(a.id).not.toBe(b.id);
    });

    it('lists every tenant by slug with its counts of sites and bookings and whether it has billing details', async () => {
      const set = adapters();
      const [full, empty] = [uniqueSlug('b-full'), uniqueSlug('a-empty')];
      const billing = {
        name: 'Camping Voll AG',
        street: 'Seestrasse',
        buildingNumber: '1',
        postalCode: '3855',
        town: 'Brienz',
        country: 'CH',
        iban: 'CH9300762011623852957',
        vatNumber: 'CHE-123.456.789 MWST',
        language: 'de' as const,
      };
      await seedTenant(
        set,
        aTenant(full, { sites: [aSite({ id: 1 }), aSite({ id: 2 })], bookings: [aBooking({ id: 1, siteId: 2 })], billing }),
      );
      const created = await set.tenants.create({ slug: empty, name: 'Camping Leer' });
      const listed = (await set.tenants.listWithCounts()).filter((t) => t.slug === full || t.slug === empty);
      expect(listed).toEqual(
        [
          { ...created, sites: 0, bookings: 0, billing: false, sandbox: false },
          { id: expect.any(Number), slug: full, name: `Camping ${full}`, sites: 2, bookings: 1, billing: true, sandbox: false },
        ].sort((a, b) => (a.slug < b.slug ? -1 : 1)),
      );
    });

    it('refuses a taken slug with tenant_exists, naming it', async () => {
      const set = adapters();
      const slug = uniqueSlug('tenant');
      await set.tenants.create({ slug, name: 'first' });
      const error = await rejectionOf(set.tenants.create({ slug, name: 'second' }));
      expect(error.code).toBe('tenant_exists');
      expect(error.message).toContain(slug);
      expect(await set.tenants.findBySlug(slug)).toMatchObject({ name: 'first' });
    });
  });
}
