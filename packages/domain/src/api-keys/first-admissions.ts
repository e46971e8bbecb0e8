/**
 * Turns for keys this process has not admitted yet (docs/performance.md, "First admissions take turns").
 *
 * After a restart, every integration comes back with a key the new process has not admitted: each asks for its key
 * row and writes its last use. Let in all at once, those statements queue for the database's connections ahead of
 * every request of a key already admitted, which then waits for the whole storm. Taken in turns, at most `concurrent`
 * at a time, they leave that queue short, and admitted keys pass them by. Nothing here decides whether a key is
 * valid: every request still reads its key row (ApiKeyVerifier).
 */
export class FirstAdmissions {
  /** Prefixes of keys admitted by this process; emptied when it reaches `remembered` (they take one turn again). */
  private readonly admitted = new Set<string>();
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly concurrent: number,
    private readonly remembered: number,
  ) {
    if (!Number.isInteger(concurrent) || concurrent < 1) throw new RangeError('concurrent must be a positive integer');
  }

  /** Runs `admit` at once for a key admitted before, else in its turn; remembers the key once `admit` resolves. */
  async run<T>(prefix: string, admit: () => Promise<T>): Promise<T> {
    if (this.admitted.has(prefix)) return admit();
    await this.turn();
    try {
      const admitted = await admit();
      if (this.admitted.size >= this.remembered) this.admitted.clear();
      this.admitted.add(prefix);
      return admitted;
    } finally {
      this.release();
    }
  }

  /** How many first admissions wait for their turn (for tests and metrics). */
  get queued(): number {
    return this.waiting.length;
  }

  private async turn(): Promise<void> {
    if (this.running < this.concurrent) {
      this.running++;
      return;
    }
    // release() hands its turn over, so `running` stays as it is.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
