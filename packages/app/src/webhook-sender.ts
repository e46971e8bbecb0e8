import type { DeliverChanges, DeliveryOutcome, DeliveryState } from '@campsite/domain';
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
/**
 * While the API is serving requests, one attempt starts at most every this many milliseconds in a process (2.5
 * messages of up to 50 changes a second, 125 changes/s). A message costs a few milliseconds of the process and about
 * a dozen statements of the database (claim, feed page, hold, log, acknowledgement), so a backlog sent at full speed
 * took most of the event loop from the API's readers, and 5 messages a second still cost PostgreSQL's page 1 6 to 15%
 * on 2 cores, where 10 idle endpoints cost nothing (docs/webhooks.md, "Delivery"). A backlog goes out at full speed
 * whenever the API is idle. Only catching up is paced (an endpoint whose last message was full): a live change, a
 * few per message, goes at once.
 */
export const BUSY_ATTEMPT_GAP_MS = 400;

export interface WebhookSenderLoop {
  /** Stops looking for work and waits for the attempts under way, so the database can be closed after them. */
  stop(): Promise<void>;
}

/** Told about each attempt that was made (metrics). */
export type DeliveryListener = (outcome: Exclude<DeliveryOutcome, { kind: 'idle' }>) => void;

export interface WebhookSenderOptions {
  onAttempt?: DeliveryListener;
  pollMs?: number;
  maxConcurrent?: number;
  /** Whether the API is serving requests right now; catching up then keeps to BUSY_ATTEMPT_GAP_MS. */
  apiBusy?: () => boolean;
  busyGapMs?: number;
}

/**
 * Runs the sender in the background of `serve` (every process of `serve --workers` too: the leases in the database
 * keep each endpoint with one of them). Each endpoint's attempt runs on its own, so a slow receiver holds up only its
 * own chain; a failed look or attempt is logged and the next look goes on.
 *
 * Claimed endpoints wait in `queue` (holding their leases) until their attempt may start. Each look claims every due
 * endpoint and the queue is worked through before the next look, so while attempts are spaced out every endpoint gets
 * its turn, in order, rather than the first one's backlog taking them all. Endpoints with live changes go first.
 */
export function startWebhookSender(
  sender: DeliverChanges,
  logger: Pick<Logger, 'info' | 'warn' | 'error' | 'debug'>,
  options: WebhookSenderOptions = {},
): WebhookSenderLoop {
  const {
    onAttempt,
    pollMs = WEBHOOK_POLL_MS,
    maxConcurrent = MAX_CONCURRENT_ATTEMPTS,
    apiBusy = () => false,
    busyGapMs = BUSY_ATTEMPT_GAP_MS,
  } = options;
  const inFlight = new Set<Promise<void>>();
  const queue: DeliveryState[] = [];
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let pumpTimer: NodeJS.Timeout | undefined;
  let looking: Promise<void> = Promise.resolve();
  let nextStartAt = 0;
  /** Endpoints whose last message was a full one: they are catching up, and only catching up is paced. */
  const catchingUp = new Set<string>();
  const keyOf = (state: DeliveryState) => `${state.endpoint.tenantId}:${state.endpoint.id}`;

  const attempt = (state: DeliveryState) => {
    const endpoint = { tenantId: state.endpoint.tenantId, endpointId: state.endpoint.id };
    const work = sender.deliver(state).then(
      (outcome) => {
        if (outcome.kind === 'idle') {
          catchingUp.delete(keyOf(state));
          return;
        }
        if (outcome.backlog) catchingUp.add(keyOf(state));
        else catchingUp.delete(keyOf(state));
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
    void work.finally(() => {
      inFlight.delete(work);
      pump();
    });
  };

  /** Starts the queued attempts that may start now; comes back when the next one may. */
  const pump = () => {
    clearTimeout(pumpTimer);
    pumpTimer = undefined;
    while (queue.length > 0 && inFlight.size < maxConcurrent) {
      // A live change (an endpoint not catching up) goes at once; only catching up waits its turn.
      const live = queue.findIndex((state) => !catchingUp.has(keyOf(state)));
      if (live >= 0) {
        attempt(queue.splice(live, 1)[0]!);
        continue;
      }
      if (apiBusy()) {
        const now = performance.now();
        if (now < nextStartAt) {
          pumpTimer = setTimeout(pump, nextStartAt - now);
          return;
        }
        nextStartAt = now + busyGapMs;
      }
      attempt(queue.shift()!);
    }
    if (queue.length === 0 && lookAgain && !lookingNow && !stopped) lookSoon();
  };

  // A database that is down would fail every look: said once when it starts and once when it ends, not 5 times a second.
  let failing = false;
  let lookingNow = false;
  let lookAgain = false;
  const lookSoon = () => {
    if (stopped) return;
    // The queue is worked through first: every endpoint in it gets its turn before any is claimed again.
    if (lookingNow || queue.length > 0) lookAgain = true;
    else {
      clearTimeout(timer);
      look();
    }
  };
  const look = () => {
    lookingNow = true;
    lookAgain = false;
    const room = maxConcurrent - inFlight.size - queue.length;
    looking = (room > 0 ? sender.claim(room) : Promise.resolve([])).then(
      (claimed) => {
        if (failing) logger.info('looking for webhooks to send works again');
        failing = false;
        queue.push(...claimed);
      },
      (error: unknown) => {
        if (!failing) logger.error({ err: errorText(error) }, 'looking for webhooks to send failed; trying again every poll');
        failing = true;
      },
    );
    void looking.finally(() => {
      lookingNow = false;
      if (stopped) return;
      timer = setTimeout(look, pollMs);
      // May look again at once (lookSoon replaces the timer).
      pump();
    });
  };
  timer = setTimeout(look, pollMs);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(pumpTimer);
      await looking;
      // What was claimed goes out now, unpaced, rather than sit leased until the leases run out.
      for (const state of queue.splice(0)) attempt(state);
      await Promise.all(inFlight);
    },
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
