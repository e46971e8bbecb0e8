import { SqlDialect } from '../sql-dialect';
import type { SqlExecutor } from '../sql-executor';

/**
 * SQLite: datetimes are epoch milliseconds, one writer at a time (BEGIN IMMEDIATE takes the write lock up front,
 * which already excludes every other writer), and commits in WAL mode with synchronous = NORMAL never wait for the
 * disk.
 */
export class SqliteDialect extends SqlDialect {
  readonly name = 'sqlite';
  // One writer at a time, so a plain increment is in commit order; the feed token in the version keeps a value from
  // coming back after the tables were emptied (migration 013).
  readonly dataVersion = "COALESCE(feed_token, '') || ':' || (last_change + data_version)";

  time(date: Date): unknown {
    return date.getTime();
  }

  readTime(value: unknown): Date {
    return new Date(Number(value));
  }

  // SQLite has no boolean type: the tariff's flags are 0 or 1 (migration 019).
  override flag(value: boolean): unknown {
    return value ? 1 : 0;
  }

  // A leading range on the key column lets SQLite seek into the index; the OR then settles ties by id.
  keyset(op: '<' | '>', keyColumn: string, idColumn: string, key: unknown, id: number) {
    return { sql: `(${keyColumn} ${op}= ? AND (${keyColumn} ${op} ? OR ${idColumn} ${op} ?))`, params: [key, key, id] };
  }

  nextDataVersion(column: string): string {
    return `${column} + 1`;
  }

  utcDay(column: string): string {
    return `((${column} - ((${column} % 86400000) + 86400000) % 86400000) / 86400000)`;
  }

  dayParam(date: string): unknown {
    return Date.parse(`${date}T00:00:00Z`) / 86_400_000;
  }

  monthStart(column: string): string {
    return `substr(${column}, 1, 7) || '-01'`;
  }

  jsonArray(items: readonly string[]): string {
    return `json_array(${items.join(', ')})`;
  }

  /**
   * ANALYZE, then without range samples (sqlite_stat4): with samples at hand SQLite prepares every statement with a
   * range on a parameter again at each run, to fit its plan to the values, which cost more than reading the totals
   * tables (docs/database-rules.md §4). Its VACUUM would rewrite the whole file; its pages need no visibility marks.
   */
  refreshStatistics(table: string): string[] {
    return [`ANALYZE ${table}`, 'DELETE FROM sqlite_stat4', 'ANALYZE sqlite_schema'];
  }

  override unindexed(column: string): string {
    return `+${column}`;
  }

  override indexedBy(index: string): string {
    return ` INDEXED BY ${index}`;
  }

  // The walk gained 2.19x here (docs/performance.md, "Check-in walk").
  override walksCheckIns(): boolean {
    return true;
  }

  /** SQLite's sorter carries whole rows: sorting the keys alone, then reading the window's rows, costs less. */
  override sortsKeysFirst(): boolean {
    return true;
  }

  /**
   * One writer at a time: nobody can write while a load's transaction holds the lock, and readers never see the
   * triggers missing. The capture triggers, even when their WHEN skips them, made an import 4x slower.
   */
  override async dropCaptureTriggers(tx: SqlExecutor): Promise<string[]> {
    const triggers = await tx.all<{ name: string; sql: string }>(
      "SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' AND name LIKE '%\\_capture\\_%' ESCAPE '\\'",
    );
    for (const { name } of triggers) await tx.exec(`DROP TRIGGER ${name}`);
    return triggers.map(({ sql }) => sql);
  }
}
