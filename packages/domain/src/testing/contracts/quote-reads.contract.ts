import { describe, expect, it } from 'vitest';
import { aTenant } from '../mothers';
import { aSeason } from '../tariff-mothers';
import { type AdapterSetup, seedTenant, uniqueSlug, useAdapterSet } from './adapter-set';
import { aNewBooking } from './new-booking';
import { aSellingTenant, aSellingTenantWithChalets } from './tariff.contract';

/**
 * What a quote reads (docs/channel-managers.md, "Quotes"): one site type's part of the tariff for the stay, exactly
 * what the whole tariff gives that type and stay, and whether a site of the type is free for it, by the rule a
 * booking by type is placed by.
 */
export function describeQuoteReadsContract(name: string, setup: AdapterSetup): void {
  describe(`what a quote reads, contract: ${name}`, () => {
    const adapters = useAdapterSet(setup);

    it('reads one type’s part for a stay: seasons over its nights, rules from arrival to departure, every extra', async () => {
      const set = adapters();
      const { tenantId, whole } = await aSellingTenantWithChalets(set);
      const [june, july] = whole.seasons.filter((season) => season.siteTypeId === 1);
      const [julyRule, augustRule] = whole.restrictions;
      const part = (siteTypeId: number, from: string, to: string) => set.tariffs.tariffOfSiteType(tenantId, siteTypeId, { from, to });
      // The July season starts on the departure date, so no night of it; the July rule covers the departure date.
      expect(await part(1, '2027-06-28', '2027-07-01')).toEqual({ ...whole, seasons: [june], restrictions: [julyRule] });
      expect(await part(1, '2027-07-31', '2027-08-01')).toEqual({ ...whole, seasons: [july], restrictions: [julyRule, augustRule] });
      expect(await part(1, '2027-06-30', '2027-07-02')).toEqual({ ...whole, seasons: [june, july], restrictions: [julyRule] });
      expect(await part(1, '2027-09-01', '2027-09-03')).toEqual({ ...whole, seasons: [], restrictions: [] });
      const chalets = [aSeason({ siteTypeId: 2, from: '2027-06-20', to: '2027-07-10' })];
      expect(await part(2, '2027-07-10', '2027-07-12')).toEqual({ ...whole, seasons: chalets, restrictions: [] });
      expect(await part(2, '2027-07-11', '2027-07-12')).toEqual({ ...whole, seasons: [], restrictions: [] });
      expect(await part(99, '2027-07-01', '2027-07-04')).toEqual({ ...whole, seasons: [], restrictions: [] });
      const bare = await seedTenant(set, aTenant(uniqueSlug('bare')));
      const nothing = { seasons: [], restrictions: [], extras: [], touristTax: null };
      expect(await set.tariffs.tariffOfSiteType(bare, 1, { from: '2027-07-01', to: '2027-07-04' })).toEqual(nothing);
    });

    it('finds a free active site of a type that holds the party, until an occupying booking takes the nights', async () => {
      const set = adapters();
      const tenantId = await aSellingTenant(set);
      const free = (guests: number, from = '2027-07-01', to = '2027-07-04', siteTypeId = 1) =>
        set.siteTypes.hasFreeSite(tenantId, siteTypeId, guests, { from, to });
      // A1 holds 4, A2 (6) is inactive, B1 holds 5; the chalets have no site.
      expect([await free(5), await free(6), await free(1, '2027-07-01', '2027-07-04', 2)]).toEqual([true, false, false]);
      const taken = await set.bookings.insertIfAvailable(
        aNewBooking(tenantId, { siteId: 3, checkInDate: '2027-07-03', checkOutDate: '2027-07-05' }),
      );
      expect([await free(5), await free(4), await free(5, '2027-07-05', '2027-07-07'), await free(5, '2027-06-28', '2027-07-03')]).toEqual([
        false,
        true,
        true,
        true,
      ]);
      await set.bookings.updateStatus(tenantId, taken.id, 'pending', 'cancelled', taken.totalPrice);
      expect(await free(5)).toBe(true);
    });
  });
}
