import { atTurnEnd } from './turn-end';

interface Waiting<I, R> {
  item: I;
  resolve(result: R): void;
  reject(error: unknown): void;
}

interface Batch<G, I, R> {
  group: G;
  waiting: Waiting<I, R>[];
}

/**
 * Calls that arrive in one turn of the event loop, grouped by an id and sent as one statement per group at the end
 * of the turn (docs/database-rules.md §4). On PostgreSQL a statement's own cost (a round trip, parsing, planning, a
 * snapshot, the client's protocol work) was most of what a cached read or a small lookup cost; under load many
 * requests of one turn ask the same kind of question.
 *
 * A batch is sent only after every call in it was made, so whatever it reads or checks is at least as fresh as a
 * statement of each call's own would have been.
 */
export class TurnBatches<G, I, R> {
  private readonly pending = new Map<string, Batch<G, I, R>>();
  private scheduled = false;

  /** @param send runs one group's statement and gives one result per item, in the items' order */
  constructor(private readonly send: (group: G, items: I[]) => Promise<R[]>) {}

  add(id: string, group: G, item: I): Promise<R> {
    return new Promise((resolve, reject) => {
      const batch = this.pending.get(id);
      if (batch === undefined) this.pending.set(id, { group, waiting: [{ item, resolve, reject }] });
      else batch.waiting.push({ item, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // The check phase comes after the turn's I/O callbacks: by then every request read in this turn has asked.
        atTurnEnd(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batches = [...this.pending.values()];
    this.pending.clear();
    for (const batch of batches) void this.sendBatch(batch);
  }

  /** Settles every waiting call of `batch`; never throws. */
  private async sendBatch({ group, waiting }: Batch<G, I, R>): Promise<void> {
    let results: R[];
    try {
      results = await this.send(
        group,
        waiting.map((w) => w.item),
      );
    } catch (error) {
      for (const w of waiting) w.reject(error);
      return;
    }
    waiting.forEach((w, i) => w.resolve(results[i] as R));
  }
}
