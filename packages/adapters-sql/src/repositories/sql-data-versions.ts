import type { DataStamp, DataVersions } from '@campsite/domain';
import type { SqlDatabase } from '../sql-executor';

/**
 * The stamp of DataVersions: the tenant's stamp columns in `tenant_counters`, which the database's triggers move
 * inside every writing transaction that changes what the API shows, whoever writes (migrations 005, 008 and 013,
 * docs/database-rules.md).
 *
 * Where the engine keeps a free database-wide change counter (SQLite), a stamp read once is reused until that counter
 * moves: every request reads the stamp two or three times, and the row read cost more than the cached page itself.
 */
export class SqlDataVersions implements DataVersions {
  private readonly sql: string;
  private readonly known = new Map<number, { engine: number; stamp: DataStamp }>();

  constructor(private readonly db: SqlDatabase) {
    this.sql = `SELECT ${db.dialect.dataStamp} AS v FROM tenant_counters WHERE tenant_id = ?`;
  }

  async stampOf(tenantId: number): Promise<DataStamp> {
    // Read before the row: a commit after this point moves the counter, so the stamp read below is never reused
    // past it.
    const engine = this.db.engineStamp();
    if (engine !== null) {
      const known = this.known.get(tenantId);
      if (known?.engine === engine) return known.stamp;
    }
    const row = await this.db.getShared<{ v: unknown }>(this.sql, [tenantId]);
    const stamp = row ? (typeof row.v === 'string' ? row.v : Number(row.v)) : 0;
    if (engine !== null) this.known.set(tenantId, { engine, stamp });
    return stamp;
  }
}
