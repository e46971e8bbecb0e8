import type { Extra, Restriction, Season, TouristTax } from '../../pricing/tariff';

/**
 * The admin console writing the tariff (docs/pricing.md) with plain SQL, one statement each, beside the service. Part
 * of RawWriter: what the database does for such a write (refusing an overlap, moving the site type, logging an extra)
 * must hold without the service's help.
 */
export interface TariffWriter {
  /** Refused (throws) when it overlaps a season of its site type. */
  insertSeason(tenantId: number, season: Season): Promise<void>;
  setSeasonPitch(tenantId: number, siteTypeId: number, from: string, pitch: number): Promise<void>;
  deleteSeason(tenantId: number, siteTypeId: number, from: string): Promise<void>;
  /** Refused (throws) when it overlaps a stay rule of its site type. */
  insertRestriction(tenantId: number, restriction: Restriction): Promise<void>;
  setRestrictionMinStay(tenantId: number, siteTypeId: number, from: string, minStay: number | null): Promise<void>;
  deleteRestriction(tenantId: number, siteTypeId: number, from: string): Promise<void>;
  insertExtra(tenantId: number, extra: Extra): Promise<void>;
  setExtraPrice(tenantId: number, id: number, price: number): Promise<void>;
  deleteExtra(tenantId: number, id: number): Promise<void>;
  /** Sets the tenant's tourist tax, or removes it (null). */
  setTouristTax(tenantId: number, tax: TouristTax | null): Promise<void>;
  setSiteStatus(tenantId: number, siteId: number, status: string): Promise<void>;
  renameSiteType(tenantId: number, id: number, name: string): Promise<void>;
}
