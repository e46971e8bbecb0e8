import {
  type DateRange,
  OCCUPYING_STATUSES,
  type PageWindow,
  type SiteType,
  type SiteTypeOccupancy,
  type SiteTypeRepository,
  type Stay,
  type UpdatedSinceFilter,
} from '@campsite/domain';
import type { SqlDialect } from '../sql-dialect';
import { type RawRow, byIdSql, toInt } from '../sql-executor';
import type { SqlDatabase } from '../sql-database';
import { OCCUPYING_IN } from './row-mappers';
import { type ListSource, updatedSinceWhere } from './windowed-list';

/** The type's active sites, as a condition over `sites s` beside `site_types t`. */
const ACTIVE_OF_TYPE = "s.tenant_id = t.tenant_id AND s.site_type_id = t.id AND s.status = 'active'";

/**
 * Site types as `GET /site-types/` and the feed show them: what their active sites make of them is counted when read
 * (a handful of sites per type, through sites_type_status), so a site changed by any writer shows at once.
 */
export const SITE_TYPES: ListSource = {
  columns:
    `t.id, t.tenant_id, t.name, (SELECT count(*) FROM sites s WHERE ${ACTIVE_OF_TYPE}), ` +
    `(SELECT COALESCE(max(s.max_occupants), 0) FROM sites s WHERE ${ACTIVE_OF_TYPE}), t.updated_at`,
  table: 'site_types',
  alias: 't',
};

export function toSiteType(dialect: SqlDialect, row: RawRow): SiteType {
  return {
    id: toInt(row[0]),
    tenantId: toInt(row[1]),
    name: row[2] as string,
    activeSites: toInt(row[3]),
    maxOccupants: toInt(row[4]),
    updatedAt: dialect.readTime(row[5]),
  };
}

const SITE_TYPE_BY_ID = byIdSql(SITE_TYPES);

/**
 * The type's active sites that hold the party and that no occupying booking holds on a night of the stay, as `FROM
 * sites s WHERE …`. Parameters: the tenant, the type, the guests, OCCUPYING_STATUSES, the departure, the arrival.
 */
export const FREE_SITES_OF_TYPE =
  "FROM sites s WHERE s.tenant_id = ? AND s.site_type_id = ? AND s.status = 'active' AND s.max_occupants >= ? " +
  'AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.tenant_id = s.tenant_id AND b.site_id = s.id ' +
  `AND b.status IN ${OCCUPYING_IN} AND b.check_in_date < ? AND b.check_out_date > ?)`;

export class SqlSiteTypeRepository implements SiteTypeRepository {
  constructor(private readonly db: SqlDatabase) {}

  async count(tenantId: number, filter: UpdatedSinceFilter = {}): Promise<number> {
    const { where, params } = this.filterOf(tenantId, filter);
    const row = await this.db.get<{ n: unknown }>(`SELECT count(*) AS n FROM site_types t WHERE ${where.join(' AND ')}`, params);
    return Number(row?.n ?? 0);
  }

  async list(tenantId: number, window: PageWindow, filter: UpdatedSinceFilter = {}): Promise<SiteType[]> {
    const { where, params } = this.filterOf(tenantId, filter);
    const rows = await this.db.rows(
      `SELECT ${SITE_TYPES.columns} FROM site_types t WHERE ${where.join(' AND ')} ORDER BY t.id LIMIT ? OFFSET ?`,
      [...params, window.limit, window.offset],
    );
    return rows.map((row) => toSiteType(this.db.dialect, row));
  }

  private filterOf(tenantId: number, filter: UpdatedSinceFilter) {
    return updatedSinceWhere(this.db, 't', { where: ['t.tenant_id = ?'], params: [tenantId] }, filter);
  }

  async findById(tenantId: number, id: number): Promise<SiteType | null> {
    const [row] = await this.db.rows(SITE_TYPE_BY_ID, [tenantId, id]);
    return row ? toSiteType(this.db.dialect, row) : null;
  }

  /** The window function counts every type of the tenant before LIMIT cuts the page: a tenant has a handful. */
  async listWithCount(tenantId: number, window: PageWindow): Promise<{ rows: SiteType[]; count: number }> {
    const rows = await this.db.rows(
      `SELECT ${SITE_TYPES.columns}, count(*) OVER () FROM site_types t WHERE t.tenant_id = ? ORDER BY t.id LIMIT ? OFFSET ?`,
      [tenantId, window.limit, window.offset],
    );
    // No row says nothing of the total (an empty window past the end): it is counted on its own.
    if (rows.length === 0) return { rows: [], count: await this.count(tenantId) };
    // The count is the column after SITE_TYPES' own.
    return { rows: rows.map((row) => toSiteType(this.db.dialect, row)), count: toInt(rows[0]!.at(-1)) };
  }

  /**
   * Each active site joined to its occupying stays over the window (a row with no stay for a site without any), by
   * the same index reads as listOccupyingStays: one round trip where sites and then stays took two.
   */
  async occupancy(tenantId: number, siteTypeIds: readonly number[], window: DateRange): Promise<SiteTypeOccupancy> {
    if (siteTypeIds.length === 0) return { sites: [], stays: [] };
    const rows = await this.db.rows(
      'SELECT s.id, s.site_type_id, b.check_in_date, b.check_out_date FROM sites s ' +
        'LEFT JOIN bookings b ON b.tenant_id = s.tenant_id AND b.site_id = s.id ' +
        `AND b.check_in_date < ? AND b.check_out_date > ? AND b.status IN ${OCCUPYING_IN} ` +
        `WHERE s.tenant_id = ? AND s.site_type_id IN (${siteTypeIds.map(() => '?').join(', ')}) AND s.status = 'active'`,
      [window.to, window.from, ...OCCUPYING_STATUSES, tenantId, ...siteTypeIds],
    );
    const typeOf = new Map<number, number>();
    const stays: Stay[] = [];
    for (const [id, siteTypeId, checkInDate, checkOutDate] of rows) {
      const siteId = toInt(id);
      typeOf.set(siteId, toInt(siteTypeId));
      if (checkInDate !== null) stays.push({ siteId, checkInDate: checkInDate as string, checkOutDate: checkOutDate as string });
    }
    return { sites: [...typeOf].map(([id, siteTypeId]) => ({ id, siteTypeId })), stays };
  }

  async hasFreeSite(tenantId: number, siteTypeId: number, guests: number, window: DateRange): Promise<boolean> {
    const free = await this.db.get(`SELECT 1 AS free ${FREE_SITES_OF_TYPE} LIMIT 1`, [
      tenantId,
      siteTypeId,
      guests,
      ...OCCUPYING_STATUSES,
      window.to,
      window.from,
    ]);
    return free !== undefined;
  }
}
