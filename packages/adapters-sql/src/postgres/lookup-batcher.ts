import type { KeyedSource, RawRow } from '../sql-executor';

interface Waiter {
  id: number;
  resolve(row: RawRow | undefined): void;
  reject(error: unknown): void;
}

interface Batch {
  source: KeyedSource;
  tenantId: number;
  waiters: Waiter[];
}

/**
 * Reads by id that arrive in one turn of the event loop, sent as one statement per table and tenant
 * (docs/database-rules.md §4, "Reads by id"). A mirror reading one booking after another on 50 connections costs
 * PostgreSQL one statement per turn instead of one per request: a statement's own cost (a round trip, parsing,
 * planning, a snapshot) was most of a random detail's. Each caller gets its own row, or undefined, or the statement's
 * error.
 */
export class LookupBatcher {
  private readonly pending = new Map<string, Batch>();
  private scheduled = false;

  /** @param read runs one statement with `?` placeholders and gives its rows */
  constructor(private readonly read: (sql: string, params: unknown[]) => Promise<RawRow[]>) {}

  rowById(source: KeyedSource, tenantId: number, id: number): Promise<RawRow | undefined> {
    return new Promise((resolve, reject) => {
      const key = `${source.table}\u0000${source.columns}\u0000${source.where ?? ''}\u0000${tenantId}`;
      let batch = this.pending.get(key);
      if (batch === undefined) {
        batch = { source, tenantId, waiters: [] };
        this.pending.set(key, batch);
      }
      batch.waiters.push({ id, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // The check phase comes after the turn's I/O callbacks: by then every request read in this turn has asked.
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batches = [...this.pending.values()];
    this.pending.clear();
    for (const batch of batches) void this.send(batch);
  }

  /** Settles every waiter of `batch`; never throws. */
  private async send({ source, tenantId, waiters }: Batch): Promise<void> {
    const a = source.alias;
    const ids = [...new Set(waiters.map((w) => w.id))];
    // The key goes last, so that the select list keeps the positions its mapper reads, and is cut off again below.
    const sql =
      `SELECT ${source.columns}, ${a}.id FROM ${source.table} ${a} WHERE ${a}.tenant_id = ? AND ${a}.id = ANY(?::int[])` +
      (source.where ? ` AND ${source.where}` : '');
    let rows: RawRow[];
    try {
      rows = await this.read(sql, [tenantId, ids]);
    } catch (error) {
      for (const waiter of waiters) waiter.reject(error);
      return;
    }
    const byId = new Map<number, RawRow>();
    for (const row of rows) byId.set(Number(row[row.length - 1]), row.slice(0, -1));
    for (const waiter of waiters) waiter.resolve(byId.get(waiter.id));
  }
}
