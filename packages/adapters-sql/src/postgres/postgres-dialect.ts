import { type CountedRow, SqlDialect } from '../sql-dialect';
import { type SqlExecutor, toInt } from '../sql-executor';

/** Postgres's insufficient_privilege: the role may not set session_replication_role. */
const INSUFFICIENT_PRIVILEGE = '42501';

/** PostgreSQL: several processes write at once, so rows are locked explicitly and migrations take an advisory lock. */
export class PostgresDialect extends SqlDialect {
  readonly name = 'postgres';
  readonly dataVersion = 'data_version';

  // ISO text is exact to the millisecond and cheaper for the driver than a Date in local time.
  time(date: Date): unknown {
    return date.toISOString();
  }

  readTime(value: unknown): Date {
    return value instanceof Date ? value : new Date(String(value));
  }

  // A row-value comparison is an index condition on a btree over (key, id) in Postgres.
  keyset(op: '<' | '>', keyColumn: string, idColumn: string, key: unknown, id: number) {
    return { sql: `(${keyColumn}, ${idColumn}) ${op} (?, ?)`, params: [key, id] };
  }

  /** One database-wide sequence, so a value never comes back, not even after a tenant is imported again. */
  nextDataVersion(): string {
    return "nextval('data_versions')";
  }

  /** One statement, so that the counter's row is never held locked across a round trip to the client. */
  override async insertUnderCounter(db: SqlExecutor, row: CountedRow): Promise<number> {
    const [first, ...after] = row.columns;
    const sql =
      `WITH counter AS (${row.counter}) INSERT INTO ${row.table} (${row.columns.join(', ')}) ` +
      `VALUES ((SELECT * FROM counter), ${after.map(() => '?').join(', ')}) RETURNING ${first}`;
    const inserted = await db.get<Record<string, unknown>>(sql, [...row.counterParams, ...row.values]);
    return toInt(inserted![first!]);
  }

  utcDay(column: string): string {
    return `(${column} AT TIME ZONE 'UTC')::date`;
  }

  dayParam(date: string): unknown {
    return date;
  }

  monthStart(column: string): string {
    return `date_trunc('month', ${column})::date`;
  }

  jsonArray(items: readonly string[]): string {
    return `json_build_array(${items.join(', ')})::text`;
  }

  /**
   * Vacuumed as well as analysed: until a page is marked all-visible, an index-only scan reads the table for every
   * entry it returns, and autovacuum may come minutes later, or never where it is off.
   */
  refreshStatistics(table: string): string[] {
    return [`VACUUM (ANALYZE) ${table}`];
  }

  override lockingRead(select: string): string {
    return `${select} FOR UPDATE`;
  }

  override skippingLocked(select: string, alias: string): string {
    return `${select} FOR UPDATE OF ${alias} SKIP LOCKED`;
  }

  // Transaction-scoped, so it is released by COMMIT or ROLLBACK whatever happens to the process.
  override async lockMigrations(tx: SqlExecutor): Promise<void> {
    await tx.get("SELECT pg_advisory_xact_lock(hashtext('campsite.schema_migrations'))");
  }

  /** PostgreSQL text cannot hold a NUL character: no stored value can equal one that does. */
  override canHold(text: string): boolean {
    return !text.includes('\u0000');
  }

  override unindexed(column: string, type: 'text' | 'date'): string {
    return type === 'date' ? `(${column} + 0)` : `(${column} || '')`;
  }

  /**
   * `session_replication_role`, which only a role allowed to set it may set (docs/database-rules.md §1, "Bulk loads").
   * A refused SET would abort the whole transaction: the savepoint keeps the load going with its triggers on.
   */
  override async rowTriggersOff(tx: SqlExecutor, tables: readonly string[], doneByTheLoad: ReadonlySet<string>): Promise<boolean> {
    const triggers = await tx.all<{ tgname: string }>(
      'SELECT tgname FROM pg_trigger WHERE NOT tgisinternal AND tgrelid = ANY (?::regclass[])',
      [tables],
    );
    if (triggers.some(({ tgname }) => !doneByTheLoad.has(tgname))) return false;
    await tx.run('SAVEPOINT campsite_row_triggers');
    try {
      await tx.get("SELECT set_config('session_replication_role', 'replica', true)");
    } catch (error) {
      if ((error as { code?: unknown }).code !== INSUFFICIENT_PRIVILEGE) throw error;
      await tx.run('ROLLBACK TO SAVEPOINT campsite_row_triggers');
      return false;
    }
    await tx.run('RELEASE SAVEPOINT campsite_row_triggers');
    return true;
  }

  override async rowTriggersOn(tx: SqlExecutor): Promise<void> {
    await tx.get("SELECT set_config('session_replication_role', 'origin', true)");
  }
}
