/** The outcome of asking a limiter about one key in its current fixed one-minute window. */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  /** Hits still allowed in this window after this one (never negative). */
  remaining: number;
  /** Whole seconds until the window resets (at least 1). Doubles as `Retry-After` when not allowed. */
  resetSeconds: number;
}

/**
 * Counts hits per key in fixed one-minute windows. State must be shared by every app process serving one database
 * (docs/api-behaviour.md §4): memory for a single process, the database (or Redis) for several.
 */
export interface RateLimiter {
  /** Counts one hit against `key` and decides whether it is within `limit` for the current window. */
  hit(key: string, limit: number): Promise<RateLimitDecision>;
  /** Decides as `hit` would, without counting. */
  peek(key: string, limit: number): Promise<RateLimitDecision>;
  /**
   * Takes back one hit of `key` in the current window: a reservation that turned out not to be spent. Never takes the
   * count below zero; a hit of a window that has since turned is gone with its window, so nothing is taken back.
   */
  release(key: string): Promise<void>;
}

export const RATE_LIMIT_WINDOW_MS = 60_000;

/** Shared arithmetic of fixed windows, so every adapter reports the same numbers for the same count. */
export function decide(count: number, limit: number, nowMs: number, windowStartMs: number): RateLimitDecision {
  const resetSeconds = Math.max(1, Math.ceil((windowStartMs + RATE_LIMIT_WINDOW_MS - nowMs) / 1000));
  return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetSeconds };
}

export function windowStart(nowMs: number): number {
  return nowMs - (nowMs % RATE_LIMIT_WINDOW_MS);
}
