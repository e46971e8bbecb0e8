import { describe, expect, it } from 'vitest';
import { CHANGE_TYPES } from '../../changes/change-feed';
import { aSite, aTenant } from '../mothers';
import { aRestriction, aSeason, aTouristTax, anExtra } from '../tariff-mothers';
import { rejectionOf } from '../rejection-of';
import { type AdapterSet, type AdapterSetup, seedTenant, uniqueSlug, useAdapterSet } from './adapter-set';

/** A tenant with two site types: 1 with sites 1 (A1, 4 guests), 2 (A2, 6 guests, inactive), 3 (B1, 5); 2 with none. */
export async function aSellingTenant(set: AdapterSet, slug = uniqueSlug('tariff')) {
  return seedTenant(
    set,
    aTenant(slug, {
      siteTypes: [
        { id: 1, name: 'Tent pitch' },
        { id: 2, name: 'Chalet' },
      ],
      sites: [
        aSite({ id: 1, siteNumber: 'A1', maxOccupants: 4 }),
        aSite({ id: 2, siteNumber: 'A2', maxOccupants: 6, status: 'inactive' }),
        aSite({ id: 3, siteNumber: 'B1', maxOccupants: 5 }),
      ],
      tariff: {
        seasons: [aSeason({ from: '2027-06-01', to: '2027-06-30' }), aSeason({ from: '2027-07-01', to: '2027-08-31', pitch: 4500 })],
        restrictions: [
          aRestriction({ minStay: 3, closedToArrival: true }),
          aRestriction({ from: '2027-08-01', to: '2027-08-02', stopSell: true }),
        ],
        extras: [
          anExtra({ id: 7, code: 'dog', per: 'night', price: 500, compulsoryFor: [] }),
          anExtra({ id: 3, code: 'cleaning', per: 'stay', price: 4000, compulsoryFor: [2] }),
          anExtra({ id: 4, code: 'e-bike_2', price: 2500 }),
        ],
        touristTax: aTouristTax({ maxNights: 7 }),
      },
    }),
  );
}

/**
 * aSellingTenant with a season of chalets too (type 2, 2027-06-20 to 2027-07-10), written beside the import, and the
 * whole tariff read back: what the partial reads of quotes and calendars are held against.
 */
export async function aSellingTenantWithChalets(set: AdapterSet) {
  const tenantId = await aSellingTenant(set);
  const raw = await set.raw();
  try {
    await raw.insertSeason(tenantId, aSeason({ siteTypeId: 2, from: '2027-06-20', to: '2027-07-10' }));
  } finally {
    await raw.close();
  }
  return { tenantId, whole: await set.tariffs.tariffOf(tenantId) };
}

const feedOf = async (set: AdapterSet, tenantId: number) =>
  (await set.changes.read(tenantId, 0, CHANGE_TYPES, 500)).changes.map((c) => `${c.type}:${c.id}${c.deleted ? ':deleted' : ''}`);

/**
 * The tariff's ports (docs/pricing.md) and the rules the database keeps for every writer (docs/database-rules.md §7):
 * what the import stores reads back exactly; overlapping seasons or stay rules of one type are refused whoever
 * writes; a season or rule written beside the service moves its site type; extras are records of the feed.
 */
export function describeTariffContract(name: string, setup: AdapterSetup): void {
  describe(`TariffRepository and ExtraRepository contract: ${name}`, () => {
    const adapters = useAdapterSet(setup);
    const rawWriter = () => adapters().raw();

    it('reads back the imported tariff: seasons and stay rules in date order, extras in code order, the tourist tax', async () => {
      const set = adapters();
      const tenantId = await aSellingTenant(set);
      const tariff = await set.tariffs.tariffOf(tenantId);
      expect(tariff.seasons).toEqual([
        aSeason({ from: '2027-06-01', to: '2027-06-30' }),
        aSeason({ from: '2027-07-01', to: '2027-08-31', pitch: 4500 }),
      ]);
      expect(tariff.restrictions).toEqual([
        aRestriction({ minStay: 3, closedToArrival: true }),
        aRestriction({ from: '2027-08-01', to: '2027-08-02', stopSell: true }),
      ]);
      expect(tariff.extras.map((e) => e.code)).toEqual(['cleaning', 'dog', 'e-bike_2']);
      expect(tariff.extras[0]).toEqual(anExtra({ id: 3, code: 'cleaning', per: 'stay', price: 4000, compulsoryFor: [2] }));
      expect(tariff.touristTax).toEqual(aTouristTax({ maxNights: 7 }));
      expect(await set.tariffs.restrictionsOf(tenantId, 1)).toEqual(tariff.restrictions);
      expect(await set.tariffs.restrictionsOf(tenantId, 2)).toEqual([]);
    });

    it('reads for a calendar every type’s seasons over the window’s nights and rules on its dates, by type and date', async () => {
      const set = adapters();
      const { tenantId, whole } = await aSellingTenantWithChalets(set);
      const [june, july, chalets] = whole.seasons;
      const [julyRule, augustRule] = whole.restrictions;
      expect(chalets).toEqual(aSeason({ siteTypeId: 2, from: '2027-06-20', to: '2027-07-10' }));
      const over = (from: string, to: string) => set.tariffs.seasonsAndRulesOver(tenantId, { from, to });
      // The July season and rule start on `to`, which is no night of the window; a range ending on `from` covers it.
      expect(await over('2027-06-25', '2027-07-01')).toEqual({ seasons: [june, chalets], restrictions: [] });
      expect(await over('2027-07-10', '2027-07-11')).toEqual({ seasons: [july, chalets], restrictions: [julyRule] });
      expect(await over('2027-07-11', '2027-08-01')).toEqual({ seasons: [july], restrictions: [julyRule] });
      expect(await over('2027-05-01', '2028-01-01')).toEqual({ seasons: whole.seasons, restrictions: [julyRule, augustRule] });
      expect(await over('2027-09-01', '2027-09-03')).toEqual({ seasons: [], restrictions: [] });
      const bare = await seedTenant(set, aTenant(uniqueSlug('bare')));
      expect(await set.tariffs.seasonsAndRulesOver(bare, { from: '2027-05-01', to: '2028-01-01' })).toEqual({
        seasons: [],
        restrictions: [],
      });
    });

    it('gives a tenant without a tariff an empty one, and never another tenant’s', async () => {
      const set = adapters();
      await aSellingTenant(set);
      const bare = await seedTenant(set, aTenant(uniqueSlug('bare')));
      expect(await set.tariffs.tariffOf(bare)).toEqual({ seasons: [], restrictions: [], extras: [], touristTax: null });
      expect(await set.extras.count(bare)).toBe(0);
    });

    it('lists extras in byte order of their codes with when they last changed, and pages them', async () => {
      const set = adapters();
      const tenantId = await aSellingTenant(set);
      const raw = await rawWriter();
      try {
        await raw.insertExtra(tenantId, anExtra({ id: 9, code: 'dog-2' }));
        await raw.insertExtra(tenantId, anExtra({ id: 10, code: 'dog_2' }));
        await raw.insertExtra(tenantId, anExtra({ id: 11, code: '9lives' }));
      } finally {
        await raw.close();
      }
      expect(await set.extras.count(tenantId)).toBe(6);
      const codes = (await set.extras.list(tenantId, { offset: 0, limit: 10 })).map((e) => e.code);
      expect(codes).toEqual(['9lives', 'cleaning', 'dog', 'dog-2', 'dog_2', 'e-bike_2']);
      const page = await set.extras.list(tenantId, { offset: 2, limit: 2 });
      expect(page.map((e) => e.code)).toEqual(['dog', 'dog-2']);
      expect(page[0]).toMatchObject({ id: 7, tenantId, per: 'night', price: 500, compulsoryFor: [] });
      expect(page[0]!.updatedAt).toBeInstanceOf(Date);
    });

    it('refuses a season or a stay rule that overlaps another of its type, whoever writes, and keeps touching ones', async () => {
      const set = adapters();
      const tenantId = await aSellingTenant(set);
      const raw = await rawWriter();
      try {
        await expect(raw.insertSeason(tenantId, aSeason({ from: '2027-08-31', to: '2027-09-30' }))).rejects.toThrow();
        await expect(raw.insertSeason(tenantId, aSeason({ from: '2027-05-01', to: '2027-06-01' }))).rejects.toThrow();
        await expect(raw.insertRestriction(tenantId, aRestriction({ from: '2027-07-31', to: '2027-08-01' }))).rejects.toThrow();
        await raw.insertSeason(tenantId, aSeason({ from: '2027-09-01', to: '2027-09-30' }));
        await raw.insertSeason(tenantId, aSeason({ siteTypeId: 2, from: '2027-07-15', to: '2027-07-20' }));
        await raw.insertRestriction(tenantId, aRestriction({ from: '2027-08-03', to: '2027-08-03' }));
      } finally {
        await raw.close();
      }
      const tariff = await set.tariffs.tariffOf(tenantId);
      expect(tariff.seasons.map((s) => `${s.siteTypeId}:${s.from}`).sort()).toEqual([
        '1:2027-06-01',
        '1:2027-07-01',
        '1:2027-09-01',
        '2:2027-07-15',
      ]);
      expect(tariff.restrictions).toHaveLength(3);
    });

    it('refuses an import whose seasons overlap, naming the row, and stores nothing of it', async () => {
      const set = adapters();
      const slug = uniqueSlug('overlap');
      const snapshot = aTenant(slug, {
        tariff: { seasons: [aSeason(), aSeason({ from: '2027-08-31', to: '2027-09-10' })], restrictions: [], extras: [], touristTax: null },
      });
      const error = await rejectionOf(seedTenant(set, snapshot));
      expect(error.code).toBe('validation_failed');
      expect(error.message).toContain('seasons[1].from');
      expect(await set.tenants.findBySlug(slug)).toBeNull();
    });

    it('moves a site type (updated_at, feed, data version) when its seasons or rules change beside the service', async () => {
      const set = adapters();
      const tenantId = await aSellingTenant(set);
      const before = await set.siteTypes.findById(tenantId, 1);
      const version = await set.versions.versionOf(tenantId);
      const mark = (await set.changes.read(tenantId, 0, CHANGE_TYPES, 500)).changes.at(-1)!.position;
      set.clock.advance(60_000);
      const raw = await rawWriter();
      try {
        await raw.setSeasonPitch(tenantId, 1, '2027-07-01', 5000);
        await raw.setRestrictionMinStay(tenantId, 1, '2027-07-01', null);
        await raw.deleteRestriction(tenantId, 1, '2027-08-01');
      } finally {
        await raw.close();
      }
      const after = await set.siteTypes.findById(tenantId, 1);
      expect(after!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime());
      expect(await set.versions.versionOf(tenantId)).not.toEqual(version);
      const since = await set.changes.read(tenantId, mark, CHANGE_TYPES, 50);
      expect(since.changes.map((c) => `${c.type}:${c.id}`)).toEqual(['site_type:1']);
      expect(since.changes[0]!.record).toEqual(after);
      const tariff = await set.tariffs.tariffOf(tenantId);
      expect(tariff.seasons[1]!.pitch).toBe(5000);
      expect(tariff.restrictions).toEqual([aRestriction({ closedToArrival: true })]);
      const changedSince = { updatedSince: after!.updatedAt };
      expect((await set.siteTypes.list(tenantId, { offset: 0, limit: 10 }, changedSince)).map((t) => t.id)).toEqual([1]);
      expect(await set.siteTypes.count(tenantId, changedSince)).toBe(1);
    });

    it('logs extras as records of the feed, a removed one as a deletion, and moves the version on a tourist tax change', async () => {
      const set = adapters();
      const tenantId = await aSellingTenant(set);
      const imported = await feedOf(set, tenantId);
      expect(imported.filter((entry) => entry.startsWith('extra') || entry.startsWith('site_type')).sort()).toEqual([
        'extra:3',
        'extra:4',
        'extra:7',
        'site_type:1',
        'site_type:2',
      ]);
      const mark = (await set.changes.read(tenantId, 0, CHANGE_TYPES, 500)).changes.at(-1)!.position;
      set.clock.advance(60_000);
      const raw = await rawWriter();
      try {
        await raw.setExtraPrice(tenantId, 7, 600);
        await raw.deleteExtra(tenantId, 4);
        const version = await set.versions.versionOf(tenantId);
        await raw.setTouristTax(tenantId, aTouristTax({ adult: 300 }));
        expect(await set.versions.versionOf(tenantId)).not.toEqual(version);
      } finally {
        await raw.close();
      }
      const since = await set.changes.read(tenantId, mark, ['extra'], 50);
      expect(since.changes.map((c) => `${c.type}:${c.id}:${c.deleted}`)).toEqual(['extra:7:false', 'extra:4:true']);
      expect(since.changes[0]!.record).toMatchObject({ code: 'dog', price: 600 });
      expect((await set.tariffs.tariffOf(tenantId)).touristTax).toEqual(aTouristTax({ adult: 300 }));
      const dog = (await set.extras.list(tenantId, { offset: 0, limit: 10 })).find((e) => e.code === 'dog')!;
      const changedSince = { updatedSince: dog.updatedAt };
      expect((await set.extras.list(tenantId, { offset: 0, limit: 10 }, changedSince)).map((e) => e.code)).toEqual(['dog']);
      expect(await set.extras.count(tenantId, changedSince)).toBe(1);
    });
  });
}
