import type { DataStamp, DataVersions } from '@campsite/domain';
import type { SqlDatabase, SqlExecutor } from '../sql-executor';

/**
 * The stamp of DataVersions: the engine's own change counter where it has one (SQLite: no I/O), otherwise the
 * tenant's `data_version`, which every writer bumps inside its transaction (bumpDataVersion).
 */
export class SqlDataVersions implements DataVersions {
  constructor(private readonly db: SqlDatabase) {}

  async stampOf(tenantId: number): Promise<DataStamp> {
    if (this.db.engineStamp) return this.db.engineStamp();
    const row = await this.db.get<{ v: unknown }>('SELECT data_version AS v FROM tenant_counters WHERE tenant_id = ?', [tenantId]);
    return row ? Number(row.v) : 0;
  }
}

/**
 * Marks a change to the tenant's data. Must run in the transaction of the write it marks, so that the new stamp and
 * the new data become visible together; callers that also take other locks take this one after the rows they change
 * and before `booking_counts`, the order insertIfAvailable uses.
 */
export async function bumpDataVersion(db: SqlDatabase, tx: SqlExecutor, tenantId: number): Promise<void> {
  await tx.run(`UPDATE tenant_counters SET data_version = ${db.dialect.nextDataVersion('data_version')} WHERE tenant_id = ?`, [tenantId]);
}
