import type { DataStamp, DataVersions } from '@campsite/domain';
import type { SqlDatabase } from '../sql-executor';

/**
 * The stamp of DataVersions: the engine's own change counter where it has one (SQLite: no I/O), otherwise the
 * tenant's `data_version`, which the database's triggers move inside every writing transaction, whoever writes
 * (migration 005, docs/database-rules.md).
 */
export class SqlDataVersions implements DataVersions {
  constructor(private readonly db: SqlDatabase) {}

  async stampOf(tenantId: number): Promise<DataStamp> {
    const engine = this.db.engineStamp();
    if (engine !== null) return engine;
    const row = await this.db.get<{ v: unknown }>('SELECT data_version AS v FROM tenant_counters WHERE tenant_id = ?', [tenantId]);
    return row ? Number(row.v) : 0;
  }
}
