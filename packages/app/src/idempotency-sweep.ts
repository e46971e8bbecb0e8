import type { Clock, IdempotencyStore } from '@campsite/domain';
import type { Logger } from 'pino';

/** How often expired idempotency keys are deleted. Expired keys are ignored anyway; the sweep only frees space. */
export const IDEMPOTENCY_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

export interface Sweep {
  /** Stops the timer and waits for a sweep still running, so the database can be closed after it. */
  stop(): Promise<void>;
}

/**
 * docs/channel-managers.md, "Retrying safely": keys past their 24 hours are purged in the background, so no request
 * pays for it. A failed sweep is logged and tried again at the next interval; every process of a deployment may
 * sweep, since the delete is the same whoever runs it.
 */
export function sweepIdempotencyKeys(
  store: IdempotencyStore,
  clock: Clock,
  logger: Pick<Logger, 'error' | 'debug'>,
  intervalMs = IDEMPOTENCY_SWEEP_INTERVAL_MS,
): Sweep {
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    running = store.purgeExpired(clock.now()).then(
      (purged) => logger.debug({ purged }, 'expired idempotency keys purged'),
      (error: unknown) =>
        logger.error({ err: error instanceof Error ? error.message : String(error) }, 'purging expired idempotency keys failed'),
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
