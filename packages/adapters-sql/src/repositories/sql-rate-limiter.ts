import {
  type Clock,
  type RateLimitDecision,
  type RateLimiter,
  RATE_LIMIT_WINDOW_MS,
  decide,
  isDomainError,
  windowStart,
} from '@campsite/domain';
import type { SqlDatabase } from '../sql-database';

const HIT =
  'INSERT INTO rate_limit_windows (key, window_start, n) VALUES (?, ?, 1) ' +
  'ON CONFLICT (key, window_start) DO UPDATE SET n = rate_limit_windows.n + 1 RETURNING n';

/**
 * docs/api-behaviour.md §4: fixed one-minute windows shared by every process on the database (PostgreSQL). A hit is
 * counted by an atomic upsert that returns the new count, so parallel hits from any process are counted exactly.
 */
export class SqlRateLimiter implements RateLimiter {
  private lastSweptWindow = 0;

  constructor(
    private readonly db: SqlDatabase,
    private readonly clock: Clock,
    private readonly onBackgroundError: (error: unknown, what: string) => void = () => undefined,
  ) {}

  async hit(key: string, limit: number): Promise<RateLimitDecision> {
    const now = this.clock.now().getTime();
    const start = windowStart(now);
    this.sweepOldWindows(start);
    const row = await countingAgain(() => this.db.get<{ n: unknown }>(HIT, [key, start]));
    return decide(Number(row?.n), limit, now, start);
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
