import {
  type DateRange,
  type Extra,
  type ExtraRecord,
  type ExtraRepository,
  type PageWindow,
  type Restriction,
  type Season,
  type SeasonsAndRules,
  type Tariff,
  type TariffRepository,
  type TouristTax,
  type UpdatedSinceFilter,
  compareAscii,
} from '@campsite/domain';
import type { SqlDialect } from '../sql-dialect';
import { type RawRow, toInt } from '../sql-executor';
import type { SqlDatabase } from '../sql-database';
import { jsonList } from './row-mappers';
import { type ListSource, updatedSinceWhere } from './windowed-list';

// The tariff's tables (migration 019; docs/pricing.md). Each read takes the committed rows as they are: the admin
// console writes them directly, so nothing here is kept between calls.

const SEASONS = 'SELECT site_type_id, from_date, to_date, pitch, adult, youth, child, vat_rate FROM seasons WHERE tenant_id = ?';
const RESTRICTIONS =
  'SELECT site_type_id, from_date, to_date, min_stay, max_stay, closed_to_arrival, closed_to_departure, stop_sell ' +
  'FROM restrictions WHERE tenant_id = ?';
/** Extras as `GET /extras/` and the feed show them, in the order toExtraRecord reads. */
export const EXTRAS: ListSource = {
  columns: 'e.id, e.code, e.name, e.per, e.price, e.vat_rate, e.compulsory_for, e.updated_at, e.tenant_id',
  table: 'extras',
  alias: 'e',
};
const EXTRAS_OF_TENANT = `SELECT ${EXTRAS.columns} FROM extras e WHERE e.tenant_id = ?`;

/**
 * One site type's part of the tariff for one stay, in one statement: its seasons over the nights (part 0), its stay
 * rules over the dates from arrival to departure (part 1), every extra (part 2) and the tourist tax (part 3). The
 * parts share columns: the kind, an id, two dates, four texts, five numbers (flags as 0 or 1, alike on both engines).
 */
const TYPE_PART =
  'SELECT 0, site_type_id, from_date, to_date, NULL, NULL, NULL, NULL, pitch, adult, youth, child, vat_rate FROM seasons ' +
  'WHERE tenant_id = ? AND site_type_id = ? AND from_date < ? AND to_date >= ? ' +
  'UNION ALL SELECT 1, site_type_id, from_date, to_date, NULL, NULL, NULL, NULL, min_stay, max_stay, ' +
  'CAST(closed_to_arrival AS INTEGER), CAST(closed_to_departure AS INTEGER), CAST(stop_sell AS INTEGER) FROM restrictions ' +
  'WHERE tenant_id = ? AND site_type_id = ? AND from_date <= ? AND to_date >= ? ' +
  'UNION ALL SELECT 2, id, NULL, NULL, code, name, per, compulsory_for, price, vat_rate, NULL, NULL, NULL FROM extras ' +
  'WHERE tenant_id = ? ' +
  'UNION ALL SELECT 3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, adult, youth, child, max_nights, NULL FROM tourist_taxes ' +
  'WHERE tenant_id = ?';

/**
 * Every type's seasons over a window's nights (part 0) and stay rules on its dates (part 1), in one statement, by
 * part, type and date: the rows coverageRuns keeps (a range starting before the window's end and ending on or after
 * its start). Both parts give their columns in the order toSeason and toRestriction read, after the part.
 */
const WINDOW_PART =
  'SELECT 0, site_type_id, from_date, to_date, pitch, adult, youth, child, vat_rate FROM seasons ' +
  'WHERE tenant_id = ? AND from_date < ? AND to_date >= ? ' +
  'UNION ALL SELECT 1, site_type_id, from_date, to_date, min_stay, max_stay, CAST(closed_to_arrival AS INTEGER), ' +
  'CAST(closed_to_departure AS INTEGER), CAST(stop_sell AS INTEGER) FROM restrictions ' +
  'WHERE tenant_id = ? AND from_date < ? AND to_date >= ? ORDER BY 1, 2, 3';

const maybeInt = (value: unknown) => (value === null ? null : toInt(value));
const byFrom = (a: { from: string }, b: { from: string }) => compareAscii(a.from, b.from);
/** SQLite keeps a flag as 0 or 1, PostgreSQL as a boolean. */
const isSet = (value: unknown) => value === true || value === 1;

function toSeason(row: RawRow): Season {
  return {
    siteTypeId: toInt(row[0]),
    from: row[1] as string,
    to: row[2] as string,
    pitch: toInt(row[3]),
    adult: toInt(row[4]),
    youth: toInt(row[5]),
    child: toInt(row[6]),
    vatRate: toInt(row[7]),
  };
}

function toRestriction(row: RawRow): Restriction {
  return {
    siteTypeId: toInt(row[0]),
    from: row[1] as string,
    to: row[2] as string,
    minStay: maybeInt(row[3]),
    maxStay: maybeInt(row[4]),
    closedToArrival: isSet(row[5]),
    closedToDeparture: isSet(row[6]),
    stopSell: isSet(row[7]),
  };
}

function toTouristTax(row: RawRow): TouristTax {
  return { adult: toInt(row[0]), youth: toInt(row[1]), child: toInt(row[2]), maxNights: maybeInt(row[3]) };
}

function toExtra(row: RawRow): Extra {
  return {
    id: toInt(row[0]),
    code: row[1] as string,
    name: row[2] as string,
    per: row[3] as Extra['per'],
    price: toInt(row[4]),
    vatRate: toInt(row[5]),
    compulsoryFor: jsonList<unknown>(row[6]).map(toInt),
  };
}

export function toExtraRecord(dialect: SqlDialect, row: RawRow): ExtraRecord {
  return { ...toExtra(row), updatedAt: dialect.readTime(row[7]), tenantId: toInt(row[8]) };
}

/** Orders rows by date; the order of a tenant's types among each other does not matter to the tariff. */
const byTypeAndFrom = ' ORDER BY site_type_id, from_date';

export class SqlTariffRepository implements TariffRepository, ExtraRepository {
  constructor(private readonly db: SqlDatabase) {}

  async tariffOf(tenantId: number): Promise<Tariff> {
    const { db } = this;
    const [seasons, restrictions, extras, taxes] = await Promise.all([
      db.rows(SEASONS + byTypeAndFrom, [tenantId]),
      db.rows(RESTRICTIONS + byTypeAndFrom, [tenantId]),
      db.rows(`${EXTRAS_OF_TENANT} ORDER BY e.code`, [tenantId]),
      db.rows('SELECT adult, youth, child, max_nights FROM tourist_taxes WHERE tenant_id = ?', [tenantId]),
    ]);
    const [tax] = taxes;
    return {
      seasons: seasons.map(toSeason),
      restrictions: restrictions.map(toRestriction),
      extras: extras.map(toExtra),
      touristTax: tax ? toTouristTax(tax) : null,
    };
  }

  /** TYPE_PART's rows, each part in the order tariffOf gives (extra codes are ASCII, so code-unit order is byte order). */
  async tariffOfSiteType(tenantId: number, siteTypeId: number, stay: DateRange): Promise<Tariff> {
    const rows = await this.db.rows(TYPE_PART, [
      ...[tenantId, siteTypeId, stay.to, stay.from],
      ...[tenantId, siteTypeId, stay.to, stay.from],
      tenantId,
      tenantId,
    ]);
    const part = (kind: number) => rows.filter((row) => toInt(row[0]) === kind);
    const dated = (row: RawRow) => [row[1], row[2], row[3], ...row.slice(8)];
    const tax = part(3)[0];
    return {
      seasons: part(0)
        .map((row) => toSeason(dated(row)))
        .sort(byFrom),
      restrictions: part(1)
        .map((row) => toRestriction(dated(row)))
        .sort(byFrom),
      extras: part(2)
        .map((row) => toExtra([row[1], row[4], row[5], row[6], row[8], row[9], row[7]]))
        .sort((a, b) => compareAscii(a.code, b.code)),
      touristTax: tax ? toTouristTax(tax.slice(8)) : null,
    };
  }

  async seasonsAndRulesOver(tenantId: number, window: DateRange): Promise<SeasonsAndRules> {
    const over = [tenantId, window.to, window.from];
    const rows = await this.db.rows(WINDOW_PART, [...over, ...over]);
    const seasons: Season[] = [];
    const restrictions: Restriction[] = [];
    for (const row of rows) {
      if (toInt(row[0]) === 0) seasons.push(toSeason(row.slice(1)));
      else restrictions.push(toRestriction(row.slice(1)));
    }
    return { seasons, restrictions };
  }

  async restrictionsOf(tenantId: number, siteTypeId: number): Promise<Restriction[]> {
    const rows = await this.db.rows(`${RESTRICTIONS} AND site_type_id = ? ORDER BY from_date`, [tenantId, siteTypeId]);
    return rows.map(toRestriction);
  }

  async count(tenantId: number, filter: UpdatedSinceFilter = {}): Promise<number> {
    const { where, params } = this.filterOf(tenantId, filter);
    const row = await this.db.get<{ n: unknown }>(`SELECT count(*) AS n FROM extras e WHERE ${where.join(' AND ')}`, params);
    return Number(row?.n ?? 0);
  }

  /** In byte order of `code` (the column is COLLATE "C" on PostgreSQL, BINARY on SQLite). */
  async list(tenantId: number, window: PageWindow, filter: UpdatedSinceFilter = {}): Promise<ExtraRecord[]> {
    const { where, params } = this.filterOf(tenantId, filter);
    const rows = await this.db.rows(
      `SELECT ${EXTRAS.columns} FROM extras e WHERE ${where.join(' AND ')} ORDER BY e.code LIMIT ? OFFSET ?`,
      [...params, window.limit, window.offset],
    );
    return rows.map((row) => toExtraRecord(this.db.dialect, row));
  }

  private filterOf(tenantId: number, filter: UpdatedSinceFilter) {
    return updatedSinceWhere(this.db, 'e', { where: ['e.tenant_id = ?'], params: [tenantId] }, filter);
  }
}
