import type { DataStamp, DataVersions, TenantStamps } from '@campsite/domain';
import type { SqlDatabase } from '../sql-executor';

/** A stamp column as read: text on SQLite, a number on Postgres (where a missing row reads as 0). */
export function stampValue(value: unknown): DataStamp {
  return typeof value === 'string' ? value : Number(value ?? 0);
}

/**
 * The stamps of DataVersions: the tenant's stamp columns in `tenant_counters`, which the database's triggers move
 * inside every writing transaction that changes what the API shows (the data stamp) or a key (both), whoever writes
 * (migrations 005, 008, 013 and 017, docs/database-rules.md).
 *
 * Where the engine keeps a free database-wide change counter (SQLite), stamps read once are reused until that counter
 * moves: every request reads them two or three times, and the row read cost more than the cached page itself.
 */
export class SqlDataVersions implements DataVersions {
  private readonly sql: string;
  private readonly known = new Map<number, { engine: number; stamps: TenantStamps }>();

  constructor(private readonly db: SqlDatabase) {
    this.sql = `SELECT ${db.dialect.dataStamp} AS v, ${db.dialect.keyStamp} AS k FROM tenant_counters WHERE tenant_id = ?`;
  }

  async stampOf(tenantId: number): Promise<DataStamp> {
    return (await this.stampsOf(tenantId)).data;
  }

  async stampsOf(tenantId: number): Promise<TenantStamps> {
    // Read before the row: a commit after this point moves the counter, so the stamps read below are never reused
    // past it.
    const engine = this.db.engineStamp();
    if (engine !== null) {
      const known = this.known.get(tenantId);
      if (known?.engine === engine) return known.stamps;
    }
    const row = await this.db.getShared<{ v: unknown; k: unknown }>(this.sql, [tenantId]);
    const stamps = { data: stampValue(row?.v), keys: stampValue(row?.k) };
    if (engine !== null) this.known.set(tenantId, { engine, stamps });
    return stamps;
  }
}
