import type { Extra, Restriction, Season, TouristTax } from '@campsite/domain';
import type { TariffWriter } from '@campsite/domain/testing';

/** One statement with `?` placeholders on a connection of the raw writer's own. */
export type Run = (sql: string, params: unknown[]) => Promise<{ rows: Array<Record<string, unknown>>; changed: number }>;

/**
 * The admin console's writes of the tariff (migration 019): plain SQL, one statement each; the database refuses an
 * overlap and moves the site type by itself. The base of SqlRawWriter.
 */
export class SqlTariffWriter implements TariffWriter {
  constructor(
    protected readonly run: Run,
    /** A boolean as the engine stores it. */
    private readonly flag: (value: boolean) => unknown,
  ) {}

  protected async change(sql: string, params: unknown[]): Promise<void> {
    const { changed } = await this.run(sql, params);
    if (changed !== 1) throw new Error(`expected one row changed by ${sql}, got ${changed}`);
  }

  insertSeason(tenantId: number, s: Season) {
    return this.change(
      'INSERT INTO seasons (tenant_id, site_type_id, from_date, to_date, pitch, adult, youth, child, vat_rate) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [tenantId, s.siteTypeId, s.from, s.to, s.pitch, s.adult, s.youth, s.child, s.vatRate],
    );
  }

  setSeasonPitch(tenantId: number, siteTypeId: number, from: string, pitch: number) {
    return this.change('UPDATE seasons SET pitch = ? WHERE tenant_id = ? AND site_type_id = ? AND from_date = ?', [
      pitch,
      tenantId,
      siteTypeId,
      from,
    ]);
  }

  deleteSeason(tenantId: number, siteTypeId: number, from: string) {
    return this.change('DELETE FROM seasons WHERE tenant_id = ? AND site_type_id = ? AND from_date = ?', [tenantId, siteTypeId, from]);
  }

  insertRestriction(tenantId: number, r: Restriction) {
    return this.change(
      'INSERT INTO restrictions (tenant_id, site_type_id, from_date, to_date, min_stay, max_stay, closed_to_arrival, ' +
        'closed_to_departure, stop_sell) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [
        tenantId,
        r.siteTypeId,
        r.from,
        r.to,
        r.minStay,
        r.maxStay,
        this.flag(r.closedToArrival),
        this.flag(r.closedToDeparture),
        this.flag(r.stopSell),
      ],
    );
  }

  setRestrictionMinStay(tenantId: number, siteTypeId: number, from: string, minStay: number | null) {
    return this.change('UPDATE restrictions SET min_stay = ? WHERE tenant_id = ? AND site_type_id = ? AND from_date = ?', [
      minStay,
      tenantId,
      siteTypeId,
      from,
    ]);
  }

  deleteRestriction(tenantId: number, siteTypeId: number, from: string) {
    return this.change('DELETE FROM restrictions WHERE tenant_id = ? AND site_type_id = ? AND from_date = ?', [tenantId, siteTypeId, from]);
  }

  insertExtra(tenantId: number, e: Extra) {
    return this.change(
      'INSERT INTO extras (tenant_id, id, code, name, per, price, vat_rate, compulsory_for) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      [tenantId, e.id, e.code, e.name, e.per, e.price, e.vatRate, JSON.stringify(e.compulsoryFor)],
    );
  }

  setExtraPrice(tenantId: number, id: number, price: number) {
    return this.change('UPDATE extras SET price = ? WHERE tenant_id = ? AND id = ?', [price, tenantId, id]);
  }

  deleteExtra(tenantId: number, id: number) {
    return this.change('DELETE FROM extras WHERE tenant_id = ? AND id = ?', [tenantId, id]);
  }

  async setTouristTax(tenantId: number, tax: TouristTax | null) {
    await this.run('DELETE FROM tourist_taxes WHERE tenant_id = ?', [tenantId]);
    if (tax) {
      await this.change('INSERT INTO tourist_taxes (tenant_id, adult, youth, child, max_nights) VALUES (?, ?, ?, ?, ?)', [
        tenantId,
        tax.adult,
        tax.youth,
        tax.child,
        tax.maxNights,
      ]);
    }
  }

  setSiteStatus(tenantId: number, siteId: number, status: string) {
    return this.change('UPDATE sites SET status = ? WHERE tenant_id = ? AND id = ?', [status, tenantId, siteId]);
  }

  renameSiteType(tenantId: number, id: number, name: string) {
    return this.change('UPDATE site_types SET name = ? WHERE tenant_id = ? AND id = ?', [name, tenantId, id]);
  }
}
