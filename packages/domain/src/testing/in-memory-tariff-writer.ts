import type { ChangeType } from '../changes/change-feed';
import type { Extra, Restriction, Season, TouristTax } from '../pricing/tariff';
import type { TariffWriter } from './contracts/tariff-writer';
import type { InMemoryStore } from './in-memory-store';

type Dated = { tenantId: number; siteTypeId: number; from: string; to: string };

/** Whether `row` shares a night (or date) with another row of its type; `except` is the row being changed. */
function overlapsAny(rows: readonly Dated[], row: Dated, except?: Dated): boolean {
  return rows.some(
    (other) =>
      other !== except &&
      other.tenantId === row.tenantId &&
      other.siteTypeId === row.siteTypeId &&
      other.from <= row.to &&
      other.to >= row.from,
  );
}

/**
 * The in-memory backend's TariffWriter, and the base of its RawWriter: edits the store the way the SQL statements edit
 * the tariff's tables, and does what migration 019's constraints and triggers do (refuse an overlap, move the site
 * type, log the extra, move the data version).
 */
export class InMemoryTariffWriter implements TariffWriter {
  constructor(protected readonly store: InMemoryStore) {}

  protected row<T extends { tenantId: number; id: number }>(rows: T[], tenantId: number, id: number): T {
    const row = rows.find((r) => r.tenantId === tenantId && r.id === id);
    if (!row) throw new Error(`no row ${tenantId}/${id}`);
    return row;
  }

  protected touched(tenantId: number, type: ChangeType, row: { id: number; updatedAt: Date }): void {
    row.updatedAt = this.store.clock.now();
    this.store.record(tenantId, type, row.id, false, row.updatedAt);
  }

  private dated<T extends Dated>(rows: T[], tenantId: number, siteTypeId: number, from: string): T {
    const row = rows.find((r) => r.tenantId === tenantId && r.siteTypeId === siteTypeId && r.from === from);
    if (!row) throw new Error(`no row ${tenantId}/${siteTypeId}/${from}`);
    return row;
  }

  async insertSeason(tenantId: number, season: Season) {
    const row = { ...season, tenantId };
    if (overlapsAny(this.store.seasons, row)) throw new Error('seasons_overlap');
    this.store.seasons.push(row);
    this.store.siteTypeChanged(tenantId, season.siteTypeId);
  }

  async setSeasonPitch(tenantId: number, siteTypeId: number, from: string, pitch: number) {
    this.dated(this.store.seasons, tenantId, siteTypeId, from).pitch = pitch;
    this.store.siteTypeChanged(tenantId, siteTypeId);
  }

  async deleteSeason(tenantId: number, siteTypeId: number, from: string) {
    const row = this.dated(this.store.seasons, tenantId, siteTypeId, from);
    this.store.seasons = this.store.seasons.filter((other) => other !== row);
    this.store.siteTypeChanged(tenantId, siteTypeId);
  }

  async insertRestriction(tenantId: number, restriction: Restriction) {
    const row = { ...restriction, tenantId };
    if (overlapsAny(this.store.restrictions, row)) throw new Error('restrictions_overlap');
    this.store.restrictions.push(row);
    this.store.siteTypeChanged(tenantId, restriction.siteTypeId);
  }

  async setRestrictionMinStay(tenantId: number, siteTypeId: number, from: string, minStay: number | null) {
    this.dated(this.store.restrictions, tenantId, siteTypeId, from).minStay = minStay;
    this.store.siteTypeChanged(tenantId, siteTypeId);
  }

  async deleteRestriction(tenantId: number, siteTypeId: number, from: string) {
    const row = this.dated(this.store.restrictions, tenantId, siteTypeId, from);
    this.store.restrictions = this.store.restrictions.filter((other) => other !== row);
    this.store.siteTypeChanged(tenantId, siteTypeId);
  }

  async insertExtra(tenantId: number, extra: Extra) {
    const { store } = this;
    if (store.extras.some((e) => e.tenantId === tenantId && (e.id === extra.id || e.code === extra.code))) {
      throw new Error('extras_code_key');
    }
    const row = { ...extra, compulsoryFor: [...extra.compulsoryFor], tenantId, updatedAt: store.clock.now() };
    store.extras.push(row);
    store.record(tenantId, 'extra', row.id, false, row.updatedAt);
  }

  async setExtraPrice(tenantId: number, id: number, price: number) {
    const extra = this.row(this.store.extras, tenantId, id);
    extra.price = price;
    this.touched(tenantId, 'extra', extra);
  }

  async deleteExtra(tenantId: number, id: number) {
    const { store } = this;
    const extra = this.row(store.extras, tenantId, id);
    store.extras = store.extras.filter((other) => other !== extra);
    store.record(tenantId, 'extra', id, true, store.clock.now());
  }

  async setTouristTax(tenantId: number, tax: TouristTax | null) {
    if (tax) this.store.touristTaxes.set(tenantId, { ...tax });
    else this.store.touristTaxes.delete(tenantId);
    this.store.changed();
  }

  async setSiteStatus(tenantId: number, siteId: number, status: string) {
    const site = this.row(this.store.sites, tenantId, siteId);
    site.status = status;
    this.touched(tenantId, 'site', site);
  }

  async renameSiteType(tenantId: number, id: number, name: string) {
    const { store } = this;
    this.row(store.siteTypes, tenantId, id).name = name;
    store.siteTypeChanged(tenantId, id);
    // A site renders its type's name.
    for (const site of store.sites) if (site.tenantId === tenantId && site.siteTypeId === id) this.touched(tenantId, 'site', site);
  }
}
