import type { DataStamp, DataVersions, TenantStamps } from '@campsite/domain';
import type { SqlDatabase } from '../sql-executor';
import { TurnBatches } from '../turn-batches';

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
  private readonly known = new Map<number, { engine: number; stamps: Promise<TenantStamps> }>();
  /**
   * The engine's counter, read once for every call of a turn after the last of them asked (TurnBatches): on SQLite
   * it is `PRAGMA data_version`, which opens and closes a read transaction on the WAL (file locks, the shared index),
   * and measured at 25 to 50 µs a call under load, about a tenth of a cached page 1's whole cost, once per request.
   */
  private readonly engineStamps: TurnBatches<null, null, number | null>;
  /** Whether the engine keeps such a counter at all (SQLite does, PostgreSQL does not). */
  private readonly engineCounts: boolean;

  constructor(private readonly db: SqlDatabase) {
    this.sql = `SELECT ${db.dialect.dataStamp} AS v, ${db.dialect.keyStamp} AS k FROM tenant_counters WHERE tenant_id = ?`;
    this.engineCounts = db.engineStamp() !== null;
    this.engineStamps = new TurnBatches(async (_group, calls) => {
      const engine = db.engineStamp();
      return calls.map(() => engine);
    });
  }

  async stampOf(tenantId: number): Promise<DataStamp> {
    return (await this.stampsOf(tenantId)).data;
  }

  async stampsOf(tenantId: number): Promise<TenantStamps> {
    // Read before the row: a commit after this point moves the counter, so the stamps read below are never reused
    // past it. Read after this call was made, so it is at least as fresh as a read of this call's own.
    const engine = this.engineCounts ? await this.engineStamps.add('', null, null) : null;
    if (engine === null) return this.readStamps(tenantId);
    const known = this.known.get(tenantId);
    if (known?.engine === engine) return known.stamps;
    // The calls of one turn that find the counter moved share one read of the row.
    const stamps = this.readStamps(tenantId);
    this.known.set(tenantId, { engine, stamps });
    stamps.catch(() => {
      // A failed read is not kept; the caller hears of the failure itself.
      if (this.known.get(tenantId)?.stamps === stamps) this.known.delete(tenantId);
    });
    return stamps;
  }

  private async readStamps(tenantId: number): Promise<TenantStamps> {
    const row = await this.db.getShared<{ v: unknown; k: unknown }>(this.sql, [tenantId]);
    return { data: stampValue(row?.v), keys: stampValue(row?.k) };
  }
}
