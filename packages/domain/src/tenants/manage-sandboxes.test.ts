import { beforeEach, describe, expect, it } from 'vitest';
import { ApiKeyVerifier } from '../api-keys/api-key-verifier';
import { SCOPES } from '../api-keys/scopes';
import { FakeSecretHasher, SeededRandom, aBooking, aNewBooking, aSite, aTenant } from '../testing';
import { type World, aThrottle, aWorld, rejectionOf } from '../testing/test-world';
import { ManageSandboxes, type SandboxContent } from './manage-sandboxes';

let world: World;
let manage: ManageSandboxes;
let verifier: ApiKeyVerifier;

/** The content every sandbox of these tests is seeded with: two sites, three bookings. */
function content(): SandboxContent {
  const {
    slug: _slug,
    name: _name,
    apiKeys: _keys,
    ...rest
  } = aTenant('content', {
    sites: [aSite({ id: 1 }), aSite({ id: 2, siteNumber: 'B2' })],
    bookings: [aBooking({ id: 1 }), aBooking({ id: 2, siteId: 2, status: 'confirmed' }), aBooking({ id: 3, status: 'cancelled' })],
  });
  return rest;
}

beforeEach(async () => {
  world = await aWorld([aTenant('seeblick', { sites: [aSite({ id: 1 })], bookings: [aBooking({ id: 1 })] })]);
  const hasher = new FakeSecretHasher();
  manage = new ManageSandboxes({ ...world, hasher, random: new SeededRandom(5), content });
  verifier = new ApiKeyVerifier(
    world.apiKeys,
    hasher,
    world.clock,
    aThrottle(world, { perKeyPerMinute: 1000, authFailuresPerMinute: 1000 }),
  );
});

const summaryOf = async (slug: string) => (await world.tenants.listWithCounts()).find((t) => t.slug === slug);

describe('ManageSandboxes', () => {
  it('creates a sandbox with the content and one full-scope key, which works', async () => {
    const { tenant, raw } = await manage.create('acme', '  Acme sandbox ');
    expect(tenant).toEqual({ id: expect.any(Number), slug: 'acme', name: 'Acme sandbox' });
    expect(await summaryOf('acme')).toEqual({ ...tenant, sites: 2, bookings: 3, billing: false, sandbox: true });
    expect(await verifier.verify(`Bearer ${raw}`, '127.0.0.1')).toMatchObject({ tenantId: tenant.id, scopes: [...SCOPES] });
    expect(await world.apiKeys.listByTenant(tenant.id)).toHaveLength(1);
  });

  it('refuses a bad slug or name and a taken slug, creating nothing', async () => {
    expect((await rejectionOf(manage.create('Acme', 'x'))).code).toBe('validation_failed');
    expect((await rejectionOf(manage.create('acme', ' '))).code).toBe('validation_failed');
    expect((await rejectionOf(manage.create('seeblick', 'x'))).code).toBe('tenant_exists');
    expect((await world.tenants.listWithCounts()).map((t) => t.slug)).toEqual(['seeblick']);
  });

  it('resets a sandbox: its old key is refused, the new one works, what was written there is gone, its name stays', async () => {
    const first = await manage.create('acme', 'Acme sandbox');
    const placed = await world.bookings.insertIfAvailable(
      aNewBooking(first.tenant.id, { checkInDate: '2027-08-01', checkOutDate: '2027-08-03' }),
    );
    expect(placed.id).toBe(4);

    const { tenant, raw } = await manage.reset('acme');

    expect(tenant).toMatchObject({ slug: 'acme', name: 'Acme sandbox' });
    expect(raw).not.toBe(first.raw);
    expect((await rejectionOf(verifier.verify(`Bearer ${first.raw}`, '127.0.0.1'))).code).toBe('invalid_key');
    expect(await verifier.verify(`Bearer ${raw}`, '127.0.0.1')).toMatchObject({ tenantId: tenant.id });
    expect(await world.bookings.findById(tenant.id, placed.id)).toBeNull();
    expect(await summaryOf('acme')).toMatchObject({ bookings: 3, sandbox: true });
    expect(await summaryOf('seeblick')).toMatchObject({ bookings: 1, sandbox: false });
  });

  it('refuses to reset a tenant that is not a sandbox, or none, changing nothing', async () => {
    const before = await world.tenants.listWithCounts();
    const refused = await rejectionOf(manage.reset('seeblick'));
    expect(refused.code).toBe('not_a_sandbox');
    expect(refused.message).toBe('tenant "seeblick" is not a sandbox; only a sandbox can be reset');
    expect((await rejectionOf(manage.reset('nowhere'))).code).toBe('tenant_not_found');
    expect(await world.tenants.listWithCounts()).toEqual(before);
    expect(world.store.apiKeys).toEqual([]);
  });
});
