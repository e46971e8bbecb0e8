import type { Clock } from '@campsite/domain';
import type { Logger } from 'pino';

/** How often what has expired is deleted. Expired rows are ignored anyway; a sweep only frees space. */
export const EXPIRY_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

export interface Sweep {
  /** Stops the timer and waits for a sweep still running, so the database can be closed after it. */
  stop(): Promise<void>;
}

/**
 * Deletes in the background what has expired (`what`: idempotency keys past their 24 hours, docs/channel-managers.md,
 * "Retrying safely"; quotes past their `expires_at` that nobody booked, "Quotes"), so that no request pays for it. A
 * failed sweep is logged and tried again at the next interval; every process of a deployment may sweep, since the
 * delete is the same whoever runs it.
 */
export function sweepExpired(
  what: string,
  purge: (now: Date) => Promise<number>,
  clock: Clock,
  logger: Pick<Logger, 'error' | 'debug'>,
  intervalMs = EXPIRY_SWEEP_INTERVAL_MS,
): Sweep {
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    running = purge(clock.now()).then(
      (purged) => logger.debug({ purged }, `expired ${what} purged`),
      (error: unknown) => logger.error({ err: error instanceof Error ? error.message : String(error) }, `purging expired ${what} failed`),
    );
  };
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
