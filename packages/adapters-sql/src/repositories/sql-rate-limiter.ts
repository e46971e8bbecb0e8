import {
  type Clock,
  type DataStamp,
  type GuardedDecision,
  type RateLimitDecision,
  type RateLimiter,
  type StampGuard,
  type StampGuardedLimiter,
  RATE_LIMIT_WINDOW_MS,
  decide,
  isDomainError,
  windowStart,
} from '@campsite/domain';
import { TurnBatches } from '../turn-batches';
import type { SqlDatabase } from '../sql-executor';
import { stampValue } from './sql-data-versions';

const ADD_HITS = 'ON CONFLICT (key, window_start) DO UPDATE SET n = rate_limit_windows.n + EXCLUDED.n RETURNING n';

interface HitGroup {
  key: string;
  start: number;
  guard: StampGuard | null;
}

type PeekGroup = HitGroup & { guard: StampGuard };

/**
 * One batch per key, window and guard. Keys hold colons (`auth:` and an IPv6 address), so the parts are joined by a
 * character no key or stamp contains, and an unguarded group can never share a batch with a guarded one.
 */
function groupId(key: string, start: number, guard: StampGuard | null): string {
  return [key, start, guard === null ? '' : `${guard.tenantId}\u0000${String(guard.stamp)}`].join('\u0000');
}

interface Hit {
  limit: number;
  now: number;
}

/** A counted hit, with the data stamp its guarded statement read (undefined for an unguarded one). */
interface Counted {
  decision: RateLimitDecision;
  dataStamp: DataStamp | undefined;
}

/**
 * The one write that is sent again when its connection died (docs/operations.md, Database faults): a count that
 * may have been stored already then counts one request twice, which costs the client one request of its minute,
 * while failing the hit would refuse a read that can be answered.
 */
async function countingAgain<T>(hit: () => Promise<T>): Promise<T> {
  try {
    return await hit();
  } catch (error) {
    if (!isDomainError(error, 'database_unavailable')) throw error;
    return hit();
  }
}

/**
 * docs/api-behaviour.md §4: fixed one-minute windows shared by every process on the database (PostgreSQL). Hits are
 * counted by an atomic upsert that returns the new count, so parallel hits from any process are counted exactly.
 */
export class SqlRateLimiter implements RateLimiter, StampGuardedLimiter {
  private lastSweptWindow = 0;
  private readonly hits = new TurnBatches<HitGroup, Hit, Counted | null>((group, hits) => this.countTogether(group, hits));
  private readonly peeks = new TurnBatches<PeekGroup, Hit, GuardedDecision | null>((group, peeks) => this.peekTogether(group, peeks));
  /** The guarded upsert, and the guarded peek: both check the key stamp and read the data stamp (migration 017). */
  private readonly guardedHitSql: string;
  private readonly guardedPeekSql: string;

  constructor(
    private readonly db: SqlDatabase,
    private readonly clock: Clock,
    private readonly onBackgroundError: (error: unknown, what: string) => void = () => undefined,
  ) {
    const { keyStamp, dataStamp } = db.dialect;
    // The data stamp goes through the counted row (migration 017), which RETURNING can read: measured cheaper than a
    // CTE or a second read of the counters row, which cost the statement about a tenth more.
    this.guardedHitSql =
      'INSERT INTO rate_limit_windows (key, window_start, n, data_stamp) ' +
      `SELECT ?, ?, ?, ${dataStamp} FROM tenant_counters WHERE tenant_id = ? AND ${keyStamp} = ? ` +
      'ON CONFLICT (key, window_start) DO UPDATE SET n = rate_limit_windows.n + EXCLUDED.n, data_stamp = EXCLUDED.data_stamp ' +
      'RETURNING n, data_stamp AS v';
    this.guardedPeekSql =
      `SELECT (SELECT n FROM rate_limit_windows WHERE key = ? AND window_start = ?) AS n, ${dataStamp} AS v ` +
      `FROM tenant_counters WHERE tenant_id = ? AND ${keyStamp} = ?`;
  }

  async hit(key: string, limit: number): Promise<RateLimitDecision> {
    return (await this.count(key, limit, null))!.decision;
  }

  /**
   * The hit, the check of the tenant's key stamp and the read of its data stamp (SqlDataVersions) in one statement:
   * nothing is counted when the key stamp has moved. One round trip where a stamp query and a hit would take two
   * (issue 6).
   */
  async hitIfUnchanged(key: string, limit: number, guard: StampGuard): Promise<GuardedDecision | null> {
    const counted = await this.count(key, limit, guard);
    return counted && { decision: counted.decision, dataStamp: counted.dataStamp! };
  }

  /** The count, the check of the key stamp and the read of the data stamp in one statement, counting nothing. */
  peekIfUnchanged(key: string, limit: number, guard: StampGuard): Promise<GuardedDecision | null> {
    const now = this.clock.now().getTime();
    const start = windowStart(now);
    return this.peeks.add(groupId(key, start, guard), { key, start, guard }, { limit, now });
  }

  /** The guarded peeks of one key in one turn (conditional requests) read its count once, as countTogether counts. */
  private async peekTogether({ key, start, guard }: PeekGroup, peeks: Hit[]): Promise<Array<GuardedDecision | null>> {
    const row = await this.db.get<{ n: unknown; v: unknown }>(this.guardedPeekSql, [key, start, guard.tenantId, guard.stamp]);
    return peeks.map((peek) =>
      row ? { decision: decide(row.n === null ? 0 : Number(row.n), peek.limit, peek.now, start), dataStamp: stampValue(row.v) } : null,
    );
  }

  async peek(key: string, limit: number): Promise<RateLimitDecision> {
    const now = this.clock.now().getTime();
    const start = windowStart(now);
    const row = await this.db.get<{ n: unknown }>('SELECT n FROM rate_limit_windows WHERE key = ? AND window_start = ?', [key, start]);
    return decide(row ? Number(row.n) : 0, limit, now, start);
  }

  async release(key: string): Promise<void> {
    // One atomic decrement: a release racing with hits of other processes is counted exactly like they are.
    await this.db.run('UPDATE rate_limit_windows SET n = n - 1 WHERE key = ? AND window_start = ? AND n > 0', [
      key,
      windowStart(this.clock.now().getTime()),
    ]);
  }

  private count(key: string, limit: number, guard: StampGuard | null): Promise<Counted | null> {
    const now = this.clock.now().getTime();
    const start = windowStart(now);
    this.sweepOldWindows(start);
    return this.hits.add(groupId(key, start, guard), { key, start, guard }, { limit, now });
  }

  /**
   * The hits of one key that arrive in one turn, counted by one upsert (TurnBatches, docs/database-rules.md §4):
   * under load every request of a key updated the same row, one statement after the other. The statement adds them
   * all and gives the new total, and each hit is answered with its own place in it, as if counted alone.
   */
  private async countTogether({ key, start, guard }: HitGroup, hits: Hit[]): Promise<Array<Counted | null>> {
    const row = await countingAgain(() =>
      guard === null
        ? this.db.get<{ n: unknown; v?: unknown }>(`INSERT INTO rate_limit_windows (key, window_start, n) VALUES (?, ?, ?) ${ADD_HITS}`, [
            key,
            start,
            hits.length,
          ])
        : this.db.get<{ n: unknown; v?: unknown }>(this.guardedHitSql, [key, start, hits.length, guard.tenantId, guard.stamp]),
    );
    if (!row) return hits.map(() => null);
    const before = Number(row.n) - hits.length;
    const dataStamp = guard === null ? undefined : stampValue(row.v);
    return hits.map((hit, i) => ({ decision: decide(before + i + 1, hit.limit, hit.now, start), dataStamp }));
  }

  /**
   * Once per window and process: past windows are never read again. Runs in the background; a failure loses nothing
   * (the next window sweeps the same rows), so it is reported rather than answered.
   */
  private sweepOldWindows(currentStart: number): void {
    if (this.lastSweptWindow === currentStart) return;
    this.lastSweptWindow = currentStart;
    this.db.run('DELETE FROM rate_limit_windows WHERE window_start < ?', [currentStart - RATE_LIMIT_WINDOW_MS]).catch((error: unknown) => {
      this.onBackgroundError(error, 'sweeping old rate-limit windows failed');
    });
  }
}
