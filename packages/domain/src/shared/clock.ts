/** The current time. A port so that expiry, `last_used_at` and `created_at` are testable with a fixed clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** ISO 8601 in UTC with a `Z` suffix and millisecond precision dropped when zero (docs/api-behaviour.md §3). */
export function formatDateTime(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('.000Z') ? `${iso.slice(0, -5)}Z` : iso;
}
