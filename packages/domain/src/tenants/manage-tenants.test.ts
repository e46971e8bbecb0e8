import { beforeEach, describe, expect, it } from 'vitest';
import { aBooking, aSite, aTenant } from '../testing';
import { type World, aWorld, rejectionOf } from '../testing/test-world';
import { ManageTenants } from './manage-tenants';

let world: World;
let manage: ManageTenants;

beforeEach(async () => {
  world = await aWorld([
    aTenant('seeblick', {
      sites: [aSite({ id: 1 })],
      bookings: [aBooking({ id: 1 }), aBooking({ id: 2, checkInDate: '2026-08-01', checkOutDate: '2026-08-02' })],
    }),
  ]);
  manage = new ManageTenants(world.tenants);
});

describe('ManageTenants', () => {
  it('creates an empty tenant, which the list then shows by slug with its counts', async () => {
    const created = await manage.create('alpenblick', '  Camping Alpenblick ');
    expect(created).toEqual({ id: expect.any(Number), slug: 'alpenblick', name: 'Camping Alpenblick' });
    expect(await manage.list()).toEqual([
      { ...created, sites: 0, bookings: 0, billing: false, sandbox: false },
      { id: expect.any(Number), slug: 'seeblick', name: 'Camping seeblick', sites: 1, bookings: 2, billing: false, sandbox: false },
    ]);
  });

  it.each(['', 'Alpenblick', 'alpen blick', '-alpen', 'alpen--blick', 'alpen/blick', 'ä', 'x'.repeat(51)])(
    'refuses the slug %j with validation_failed and creates nothing',
    async (slug) => {
      const error = await rejectionOf(manage.create(slug, 'Camping'));
      expect(error.code).toBe('validation_failed');
      expect(error.message).toContain('invalid slug');
      expect(world.store.tenants).toHaveLength(1);
    },
  );

  it.each(['camp-2', 'a', 'lago_maggiore', 'x'.repeat(50)])('accepts the slug %j', async (slug) => {
    await expect(manage.create(slug, 'Camping')).resolves.toMatchObject({ slug });
  });

  it('refuses an empty name, and a taken slug with tenant_exists', async () => {
    expect((await rejectionOf(manage.create('neu', '   '))).code).toBe('validation_failed');
    const taken = await rejectionOf(manage.create('seeblick', 'Zweiter'));
    expect(taken.code).toBe('tenant_exists');
    expect(taken.message).toContain('"seeblick"');
    expect(world.store.tenants).toHaveLength(1);
  });
});
