import type { KeyedSource, RawRow } from '../sql-executor';
import { TurnBatches } from '../turn-batches';

interface Group {
  source: KeyedSource;
  tenantId: number;
}

/**
 * Reads by id that arrive in one turn of the event loop, sent as one statement per table and tenant
 * (docs/database-rules.md §4, "Reads by id"). A mirror reading one booking after another on 50 connections costs
 * PostgreSQL one statement per turn instead of one per request. Each caller gets its own row, or undefined, or the
 * statement's error.
 */
export class LookupBatcher {
  private readonly batches: TurnBatches<Group, number, RawRow | undefined>;
  /** Each source's statement, built once, and its number in the batches' ids. */
  private readonly sources = new WeakMap<KeyedSource, { sql: string; number: number }>();
  private sourceCount = 0;

  /** @param read runs one statement with `?` placeholders and gives its rows */
  constructor(private readonly read: (sql: string, params: unknown[]) => Promise<RawRow[]>) {
    this.batches = new TurnBatches((group, ids) => this.send(group, ids));
  }

  rowById(source: KeyedSource, tenantId: number, id: number): Promise<RawRow | undefined> {
    return this.batches.add(`${this.statementOf(source).number}:${tenantId}`, { source, tenantId }, id);
  }

  private async send({ source, tenantId }: Group, ids: number[]): Promise<Array<RawRow | undefined>> {
    const rows = await this.read(this.statementOf(source).sql, [tenantId, [...new Set(ids)]]);
    const byId = new Map<number, RawRow>();
    for (const row of rows) byId.set(Number(row[row.length - 1]), row.slice(0, -1));
    return ids.map((id) => byId.get(id));
  }

  private statementOf(source: KeyedSource): { sql: string; number: number } {
    let statement = this.sources.get(source);
    if (statement === undefined) {
      const a = source.alias;
      // The key goes last, so that the select list keeps the positions its mapper reads; `send` cuts it off again.
      const sql =
        `SELECT ${source.columns}, ${a}.id FROM ${source.table} ${a} WHERE ${a}.tenant_id = ? AND ${a}.id = ANY(?::int[])` +
        (source.where ? ` AND ${source.where}` : '');
      statement = { sql, number: this.sourceCount++ };
      this.sources.set(source, statement);
    }
    return statement;
  }
}
