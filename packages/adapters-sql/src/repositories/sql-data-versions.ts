import type { DataStamp, DataVersions } from '@campsite/domain';
import type { SqlDatabase } from '../sql-executor';

/**
 * The stamp of DataVersions: the tenant's stamp columns in `tenant_counters`, which the database's triggers move
 * inside every writing transaction that changes what the API shows, whoever writes (migrations 005, 008 and 013,
 * docs/database-rules.md). One indexed read of one row.
 */
export class SqlDataVersions implements DataVersions {
  private readonly sql: string;

  constructor(private readonly db: SqlDatabase) {
    this.sql = `SELECT ${db.dialect.dataStamp} AS v FROM tenant_counters WHERE tenant_id = ?`;
  }

  async stampOf(tenantId: number): Promise<DataStamp> {
    const row = await this.db.get<{ v: unknown }>(this.sql, [tenantId]);
    if (!row) return 0;
    return typeof row.v === 'string' ? row.v : Number(row.v);
  }
}
