import type { DataVersion, DataVersions } from '@campsite/domain';
import type { SqlDatabase } from '../sql-database';

/**
 * The tenant's data version: a column expression of its `tenant_counters` row, which the database's triggers move
 * inside every writing transaction that changes what the API shows, whoever writes (docs/database-rules.md §1). One
 * indexed read of one row.
 */
export class SqlDataVersions implements DataVersions {
  private readonly sql: string;

  constructor(private readonly db: SqlDatabase) {
    this.sql = `SELECT ${db.dialect.dataVersion} AS v FROM tenant_counters WHERE tenant_id = ?`;
  }

  async versionOf(tenantId: number): Promise<DataVersion> {
    const row = await this.db.get<{ v: unknown }>(this.sql, [tenantId]);
    // Text on SQLite, a number on Postgres; a tenant without its row (deleted meanwhile) reads as 0.
    return typeof row?.v === 'string' ? row.v : Number(row?.v ?? 0);
  }
}
