import type { DeliverChanges, DeliveryOutcome } from '@campsite/domain';
import type { Logger } from 'pino';

/**
 * How often a process looks for endpoints with something to send. The change feed is the only source, so this bounds
 * the delay of a change made by any writer (docs/webhooks.md: within 2 s); an idle look is one indexed read.
 */
export const WEBHOOK_POLL_MS = 200;
/**
 * Attempts one process runs at once. Each holds a connection to a receiver for up to WEBHOOK_TIMEOUT_MS; past this,
 * endpoints wait for a later look (or another process) rather than the process opening sockets without bound.
 */
export const MAX_CONCURRENT_ATTEMPTS = 32;

export interface WebhookSenderLoop {
  /** Stops looking for work and waits for the attempts under way, so the database can be closed after them. */
  stop(): Promise<void>;
}

/** Told about each attempt that was made (metrics). */
export type DeliveryListener = (outcome: Exclude<DeliveryOutcome, { kind: 'idle' }>) => void;

/**
 * Runs the sender in the background of `serve` (every process of `serve --workers` too: the leases in the database
 * keep each endpoint with one of them). Each endpoint's attempt runs on its own, so a slow receiver holds up only its
 * own chain; a failed look or attempt is logged and the next look goes on.
 */
export function startWebhookSender(
  sender: DeliverChanges,
  logger: Pick<Logger, 'info' | 'warn' | 'error' | 'debug'>,
  onAttempt?: DeliveryListener,
  pollMs = WEBHOOK_POLL_MS,
  maxConcurrent = MAX_CONCURRENT_ATTEMPTS,
): WebhookSenderLoop {
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let looking: Promise<void> = Promise.resolve();

  const attempt = (state: Awaited<ReturnType<DeliverChanges['claim']>>[number]) => {
    const endpoint = { tenantId: state.endpoint.tenantId, endpointId: state.endpoint.id };
    const work = sender.deliver(state).then(
      (outcome) => {
        if (outcome.kind === 'idle') return;
        onAttempt?.(outcome);
        const details = { ...endpoint, messageId: outcome.messageId, ...outcome.attempt };
        if (outcome.kind === 'delivered') {
          logger.debug(details, 'webhook delivered');
          // The endpoint may have more waiting: a backlog goes out message after message, not one per poll.
          lookSoon();
        } else if (outcome.kind === 'paused') logger.warn(details, 'webhook endpoint paused by the sender');
        else logger.warn(details, 'webhook attempt failed; it will be retried');
      },
      (error: unknown) => logger.error({ ...endpoint, err: errorText(error) }, 'webhook delivery failed unexpectedly'),
    );
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };

  // A database that is down would fail every look: said once when it starts and once when it ends, not 5 times a second.
  let failing = false;
  let lookingNow = false;
  let lookAgain = false;
  const lookSoon = () => {
    if (stopped) return;
    if (lookingNow) lookAgain = true;
    else {
      clearTimeout(timer);
      look();
    }
  };
  const look = () => {
    lookingNow = true;
    lookAgain = false;
    const room = maxConcurrent - inFlight.size;
    looking = (room > 0 ? sender.claim(room) : Promise.resolve([])).then(
      (claimed) => {
        if (failing) logger.info('looking for webhooks to send works again');
        failing = false;
        claimed.forEach(attempt);
      },
      (error: unknown) => {
        if (!failing) logger.error({ err: errorText(error) }, 'looking for webhooks to send failed; trying again every poll');
        failing = true;
      },
    );
    void looking.finally(() => {
      lookingNow = false;
      if (!stopped) timer = setTimeout(look, lookAgain ? 0 : pollMs);
    });
  };
  timer = setTimeout(look, pollMs);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await looking;
      await Promise.all(inFlight);
    },
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
