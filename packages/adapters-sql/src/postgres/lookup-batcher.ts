import type { KeyedSource, RawRow } from '../sql-executor';

interface Waiter {
  id: number;
  resolve(row: RawRow | undefined): void;
  reject(error: unknown): void;
}

/**
 * Reads by id that arrive in one turn of the event loop, sent as one statement per table and tenant
 * (docs/database-rules.md §4, "Reads by id"). A mirror reading one booking after another on 50 connections costs
 * PostgreSQL one statement per turn instead of one per request: a statement's own cost (a round trip, parsing,
 * planning, a snapshot) was most of a random detail's. Each caller gets its own row, or undefined, or the statement's
 * error.
 */
export class LookupBatcher {
  /** The lookups waiting for the end of this turn, by source (a module constant) and tenant. */
  private readonly pending = new Map<KeyedSource, Map<number, Waiter[]>>();
  /** Each source's statement, built once. */
  private readonly statements = new WeakMap<KeyedSource, string>();
  private scheduled = false;

  /** @param read runs one statement with `?` placeholders and gives its rows */
  constructor(private readonly read: (sql: string, params: unknown[]) => Promise<RawRow[]>) {}

  rowById(source: KeyedSource, tenantId: number, id: number): Promise<RawRow | undefined> {
    return new Promise((resolve, reject) => {
      let tenants = this.pending.get(source);
      if (tenants === undefined) {
        tenants = new Map();
        this.pending.set(source, tenants);
      }
      const waiters = tenants.get(tenantId);
      if (waiters === undefined) tenants.set(tenantId, [{ id, resolve, reject }]);
      else waiters.push({ id, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // The check phase comes after the turn's I/O callbacks: by then every request read in this turn has asked.
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batches = [...this.pending];
    this.pending.clear();
    for (const [source, tenants] of batches) for (const [tenantId, waiters] of tenants) void this.send(source, tenantId, waiters);
  }

  /** Settles every one of `waiters`; never throws. */
  private async send(source: KeyedSource, tenantId: number, waiters: Waiter[]): Promise<void> {
    const ids = [...new Set(waiters.map((w) => w.id))];
    let rows: RawRow[];
    try {
      rows = await this.read(this.statementOf(source), [tenantId, ids]);
    } catch (error) {
      for (const waiter of waiters) waiter.reject(error);
      return;
    }
    const byId = new Map<number, RawRow>();
    for (const row of rows) byId.set(Number(row[row.length - 1]), row.slice(0, -1));
    for (const waiter of waiters) waiter.resolve(byId.get(waiter.id));
  }

  private statementOf(source: KeyedSource): string {
    let sql = this.statements.get(source);
    if (sql === undefined) {
      const a = source.alias;
      // The key goes last, so that the select list keeps the positions its mapper reads; `send` cuts it off again.
      sql =
        `SELECT ${source.columns}, ${a}.id FROM ${source.table} ${a} WHERE ${a}.tenant_id = ? AND ${a}.id = ANY(?::int[])` +
        (source.where ? ` AND ${source.where}` : '');
      this.statements.set(source, sql);
    }
    return sql;
  }
}
