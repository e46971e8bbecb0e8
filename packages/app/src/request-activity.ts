import type { RequestActivity } from '@campsite/adapters-http';

/**
 * How many API handlers are at work. The drain waits for zero before it closes the database: a handler whose client
 * already hung up keeps running, and closing the pool under it would turn its last query into an error.
 */
export class RequestActivityCounter implements RequestActivity {
  private active = 0;
  private waiters: Array<() => void> = [];

  begin(): void {
    this.active++;
  }

  end(): void {
    this.active--;
    if (this.active === 0) for (const wake of this.waiters.splice(0)) wake();
  }

  /** Resolves once no handler is at work (at once when none is). */
  settled(): Promise<void> {
    return this.active === 0 ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }
}
