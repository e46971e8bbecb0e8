import {
  type Clock,
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
  private readonly hits = new TurnBatches<HitGroup, Hit, RateLimitDecision | null>((group, hits) => this.countTogether(group, hits));
  private readonly peeks = new TurnBatches<PeekGroup, Hit, RateLimitDecision | null>((group, peeks) => this.peekTogether(group, peeks));

  constructor(
    private readonly db: SqlDatabase,
    private readonly clock: Clock,
    private readonly onBackgroundError: (error: unknown, what: string) => void = () => undefined,
  ) {}

  async hit(key: string, limit: number): Promise<RateLimitDecision> {
    return (await this.count(key, limit, null))!;
  }

  /**
   * The hit and the check of the tenant's `data_version` (SqlDataVersions) in one statement: nothing is counted when
   * the version has moved. One round trip where a stamp query and a hit would take two (issue 6).
   */
  hitIfUnchanged(key: string, limit: number, guard: StampGuard): Promise<RateLimitDecision | null> {
    return this.count(key, limit, guard);
  }

  /** The count and the check of the tenant's `data_version` in one statement (see hitIfUnchanged), counting nothing. */
  peekIfUnchanged(key: string, limit: number, guard: StampGuard): Promise<RateLimitDecision | null> {
    const now = this.clock.now().getTime();
    const start = windowStart(now);
    return this.peeks.add(groupId(key, start, guard), { key, start, guard }, { limit, now });
  }

  /** The guarded peeks of one key in one turn (conditional requests) read its count once, as countTogether counts. */
  private async peekTogether({ key, start, guard }: PeekGroup, peeks: Hit[]): Promise<Array<RateLimitDecision | null>> {
    const row = await this.db.get<{ n: unknown }>(
      'SELECT (SELECT n FROM rate_limit_windows WHERE key = ? AND window_start = ?) AS n FROM tenant_counters ' +
        'WHERE tenant_id = ? AND data_version = ?',
      [key, start, guard.tenantId, guard.stamp],
    );
    return peeks.map((peek) => (row ? decide(row.n === null ? 0 : Number(row.n), peek.limit, peek.now, start) : null));
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

  private count(key: string, limit: number, guard: StampGuard | null): Promise<RateLimitDecision | null> {
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
  private async countTogether({ key, start, guard }: HitGroup, hits: Hit[]): Promise<Array<RateLimitDecision | null>> {
    const row = await countingAgain(() =>
      guard === null
        ? this.db.get<{ n: unknown }>(`INSERT INTO rate_limit_windows (key, window_start, n) VALUES (?, ?, ?) ${ADD_HITS}`, [
            key,
            start,
            hits.length,
          ])
        : this.db.get<{ n: unknown }>(
            'INSERT INTO rate_limit_windows (key, window_start, n) ' +
              `SELECT ?, ?, ? FROM tenant_counters WHERE tenant_id = ? AND data_version = ? ${ADD_HITS}`,
            [key, start, hits.length, guard.tenantId, guard.stamp],
          ),
    );
    if (!row) return hits.map(() => null);
    const before = Number(row.n) - hits.length;
    return hits.map((hit, i) => decide(before + i + 1, hit.limit, hit.now, start));
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
