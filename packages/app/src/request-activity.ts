import type { RequestActivity } from '@campsite/adapters-http';

/** A handler that ended this recently still counts as the API being busy: under load the next one is about to start. */
const BUSY_LINGER_MS = 10;

/**
 * How many API handlers are at work. The drain waits for zero before it closes the database: a handler whose client
 * already hung up keeps running, and closing the pool under it would turn its last query into an error. The webhook
 * sender asks whether the API is busy, to leave the event loop to it (webhook-sender.ts).
 */
export class RequestActivityCounter implements RequestActivity {
  private active = 0;
  private lastEnd = -Infinity;
  private waiters: Array<() => void> = [];

  begin(): void {
    this.active++;
  }

  end(): void {
    this.active--;
    this.lastEnd = performance.now();
    if (this.active === 0) for (const wake of this.waiters.splice(0)) wake();
  }

  /** Whether a handler is at work, or one ended a moment ago. */
  busy(): boolean {
    return this.active > 0 || performance.now() - this.lastEnd < BUSY_LINGER_MS;
  }

  /** Resolves once no handler is at work (at once when none is). */
  settled(): Promise<void> {
    return this.active === 0 ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }
}
