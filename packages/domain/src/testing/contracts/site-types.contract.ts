import { describe, expect, it } from 'vitest';
import { aSite, aTenant } from '../mothers';
import { type AdapterSetup, seedTenant, uniqueSlug, useAdapterSet } from './adapter-set';
import { STAYS_AROUND_JULY, sortStays } from './booking-stays.contract';
import { aSellingTenant } from './tariff.contract';

/**
 * Site types as the calendar and `GET /site-types/` read them (docs/channel-managers.md): what their active sites make
 * of them, a page of them with their count, and their active sites with the stays that occupy them, all as any writer
 * left the sites and bookings.
 */
export function describeSiteTypeRepositoryContract(name: string, setup: AdapterSetup): void {
  describe(`SiteTypeRepository contract: ${name}`, () => {
    const adapters = useAdapterSet(setup);
    const rawWriter = () => adapters().raw();

    it('counts each site type’s active sites and the most guests one holds (0 without any), in id order', async () => {
      const set = adapters();
      const tenantId = await aSellingTenant(set);
      expect(await set.siteTypes.count(tenantId)).toBe(2);
      const types = await set.siteTypes.list(tenantId, { offset: 0, limit: 10 });
      expect(types.map(({ id, name, activeSites, maxOccupants }) => ({ id, name, activeSites, maxOccupants }))).toEqual([
        { id: 1, name: 'Tent pitch', activeSites: 2, maxOccupants: 5 },
        { id: 2, name: 'Chalet', activeSites: 0, maxOccupants: 0 },
      ]);
      expect(await set.siteTypes.findById(tenantId, 2)).toEqual(types[1]);
      expect(await set.siteTypes.findById(tenantId, 3)).toBeNull();
      const raw = await rawWriter();
      try {
        await raw.setSiteStatus(tenantId, 2, 'active');
      } finally {
        await raw.close();
      }
      expect(await set.siteTypes.findById(tenantId, 1)).toMatchObject({ activeSites: 3, maxOccupants: 6 });
    });

    it('reads a window of types with the count of all of them, and counts alone past the end', async () => {
      const set = adapters();
      const tenantId = await aSellingTenant(set);
      await aSellingTenant(set);
      const all = await set.siteTypes.list(tenantId, { offset: 0, limit: 10 });
      expect(await set.siteTypes.listWithCount(tenantId, { offset: 0, limit: 10 })).toEqual({ rows: all, count: 2 });
      expect(await set.siteTypes.listWithCount(tenantId, { offset: 1, limit: 1 })).toEqual({ rows: [all[1]], count: 2 });
      expect(await set.siteTypes.listWithCount(tenantId, { offset: 2, limit: 1 })).toEqual({ rows: [], count: 2 });
      const empty = await seedTenant(set, aTenant(uniqueSlug('no-types'), { siteTypes: [] }));
      expect(await set.siteTypes.listWithCount(empty, { offset: 0, limit: 10 })).toEqual({ rows: [], count: 0 });
    });

    it('reads the active sites of some types with the occupying stays on them over a window, whoever wrote them', async () => {
      const set = adapters();
      // Sites 1 and 3 are of type 1 (3 inactive), site 2 of type 2: the stays of STAYS_AROUND_JULY on them.
      const tenantOf = () =>
        seedTenant(
          set,
          aTenant(uniqueSlug('occupancy'), {
            siteTypes: [
              { id: 1, name: 'Tent pitch' },
              { id: 2, name: 'Chalet' },
            ],
            sites: [aSite({ id: 1 }), aSite({ id: 2, siteTypeId: 2 }), aSite({ id: 3, status: 'inactive' })],
            bookings: STAYS_AROUND_JULY.bookings(),
          }),
        );
      const tenantId = await tenantOf();
      await tenantOf();
      const read = async (types: number[]) => {
        const { sites, stays } = await set.siteTypes.occupancy(tenantId, types, STAYS_AROUND_JULY.window);
        return { sites: [...sites].sort((a, b) => a.id - b.id), stays: sortStays(stays) };
      };
      expect(await read([1, 2])).toEqual({
        sites: [
          { id: 1, siteTypeId: 1 },
          { id: 2, siteTypeId: 2 },
        ],
        stays: STAYS_AROUND_JULY.occupyingSites1And2,
      });
      expect(await set.siteTypes.occupancy(tenantId, [], STAYS_AROUND_JULY.window)).toEqual({ sites: [], stays: [] });
      const raw = await rawWriter();
      try {
        await raw.setSiteStatus(tenantId, 3, 'active');
      } finally {
        await raw.close();
      }
      expect((await read([1])).stays).toEqual([
        ...STAYS_AROUND_JULY.occupyingSites1And2.filter((stay) => stay.siteId === 1),
        { siteId: 3, checkInDate: '2027-07-03', checkOutDate: '2027-07-04' },
      ]);
    });
  });
}
