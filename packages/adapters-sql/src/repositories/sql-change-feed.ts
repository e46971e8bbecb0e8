import { type ChangeBatch, type ChangeFeedRepository, type ChangePage, type ChangeType, type ChangedRecord } from '@campsite/domain';
import { type RawRow, type SqlExecutor, toInt } from '../sql-executor';
import type { SqlDatabase } from '../sql-database';
import { BOOKINGS, CUSTOMERS, INVOICES, SITES, toBooking, toCustomer, toInvoice, toSite } from './row-mappers';
import { SITE_TYPES, toSiteType } from './sql-site-type-repository';
import { EXTRAS, toExtraRecord } from './sql-tariff-repository';
import type { ListSource } from './windowed-list';

/** Each type's list source (so a record reads exactly as its list renders it) and the rows that are in the API's view. */
const SOURCES: Record<ChangeType, { source: ListSource; only?: string; map(db: SqlDatabase, row: RawRow): ChangedRecord }> = {
  booking: { source: BOOKINGS, map: (db, row) => toBooking(db.dialect, row) },
  site: { source: SITES, map: (db, row) => toSite(db.dialect, row) },
  customer: { source: CUSTOMERS, only: "u.role = 'customer'", map: (db, row) => toCustomer(db.dialect, row) },
  invoice: { source: INVOICES, map: (db, row) => toInvoice(db.dialect, row) },
  site_type: { source: SITE_TYPES, map: (db, row) => toSiteType(db.dialect, row) },
  extra: { source: EXTRAS, map: (db, row) => toExtraRecord(db.dialect, row) },
};

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');
/** The log entries after a position, of some types; parameters: tenant, position, then the types. */
const where = (types: readonly ChangeType[]) => `tenant_id = ? AND position > ? AND type IN (${placeholders(types.length)})`;

/**
 * The change log the triggers of migration 005 keep (docs/database-rules.md), read with the records in one snapshot:
 * a record shown is the one of the same moment as the log, never older than its entry.
 */
export class SqlChangeFeed implements ChangeFeedRepository {
  constructor(private readonly db: SqlDatabase) {}

  read(tenantId: number, after: number, types: readonly ChangeType[], limit: number): Promise<ChangeBatch> {
    return this.db.snapshot(async (tx) => {
      const total = await tx.get<{ n: unknown }>(`SELECT COUNT(*) AS n FROM change_log WHERE ${where(types)}`, [tenantId, after, ...types]);
      return { ...(await this.pageIn(tx, tenantId, after, types, limit)), count: Number(total?.n ?? 0) };
    });
  }

  page(tenantId: number, after: number, types: readonly ChangeType[], limit: number): Promise<ChangePage> {
    return this.db.snapshot((tx) => this.pageIn(tx, tenantId, after, types, limit));
  }

  private async pageIn(tx: SqlExecutor, tenantId: number, after: number, types: readonly ChangeType[], limit: number): Promise<ChangePage> {
    const counter = await tx.get<{ feed_token: string }>('SELECT feed_token FROM tenant_counters WHERE tenant_id = ?', [tenantId]);
    if (!counter) throw new Error(`tenant ${tenantId} has no counter row`);
    const rows = await tx.rows(
      `SELECT type, id, position, deleted, changed_at FROM change_log WHERE ${where(types)} ORDER BY position LIMIT ?`,
      [tenantId, after, ...types, limit],
    );
    const records = await this.recordsOf(tx, tenantId, rows);
    const changes = rows.map((row) => {
      const type = row[0] as ChangeType;
      const id = toInt(row[1]);
      const deleted = Boolean(row[3]);
      return {
        type,
        id,
        position: toInt(row[2]),
        deleted,
        changedAt: this.db.dialect.readTime(row[4]),
        record: deleted ? null : (records.get(`${type}:${id}`) ?? null),
      };
    });
    return { token: counter.feed_token, changes };
  }

  /** The current records of the page's live entries: one query per type. */
  private async recordsOf(tx: SqlExecutor, tenantId: number, rows: RawRow[]): Promise<Map<string, ChangedRecord>> {
    const records = new Map<string, ChangedRecord>();
    for (const type of Object.keys(SOURCES) as ChangeType[]) {
      const ids = rows.filter((row) => row[0] === type && !row[3]).map((row) => toInt(row[1]));
      if (ids.length === 0) continue;
      const { source, only, map } = SOURCES[type];
      const a = source.alias;
      const sql =
        `SELECT ${source.columns} FROM ${source.table} ${a} WHERE ${a}.tenant_id = ? AND ${a}.id IN ` +
        `(${placeholders(ids.length)})${only ? ` AND ${only}` : ''}`;
      for (const row of await tx.rows(sql, [tenantId, ...ids])) records.set(`${type}:${toInt(row[0])}`, map(this.db, row));
    }
    return records;
  }
}
