import type { SqlExecutor } from './sql-executor';

/**
 * One open write transaction of an engine, as group commit drives it. Every write of the group runs after its own
 * savepoint, so that one failing write can be undone alone.
 */
export interface GroupTransaction {
  readonly tx: SqlExecutor;
  /** Marks where the next write starts. */
  savepoint(): Promise<void>;
  /** Undoes the current write back to its savepoint; false when the engine has ended the whole transaction. */
  undo(): Promise<boolean>;
  commit(): Promise<void>;
  /** Ends the transaction storing nothing, and gives the connection back. */
  abandon(): Promise<void>;
}

/** Writes in one turn of the event loop that make it worth waiting for the turn's end before a group begins. */
const BURST = 3;

interface PendingWrite {
  work(tx: SqlExecutor): Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * Group commit (docs/database-rules.md §5): write transactions that arrive together run one after the other in one
 * engine transaction and share its COMMIT, which is most of a small write's cost on SQLite. Each caller learns its
 * own outcome, and only once the COMMIT is done, so nothing is answered before it is durable.
 *
 * One group runs at a time, as SQLite has one writer at a time anyway.
 */
export class GroupCommit {
  private readonly pending: PendingWrite[] = [];
  private running = false;
  /** Writes that arrived in the current turn of the event loop. */
  private arrivals = 0;
  /** Whether writes came in bursts in the last turn that had any: then a new group waits for its turn's end. */
  private bursts = false;

  /**
   * @param open begins an engine transaction for the next group
   * @param maxWrites bounds how long the first write of a group waits for its answer
   */
  constructor(
    private readonly open: () => Promise<GroupTransaction>,
    private readonly maxWrites: number,
  ) {}

  /** Whether a group is open or writes wait for one. */
  get active(): boolean {
    return this.running || this.pending.length > 0;
  }

  run<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (this.arrivals++ === 0) setImmediate(() => this.endTurn());
      if (this.running) return;
      this.running = true;
      // Under a burst of writes, a group started now would hold only this one: the other requests that arrived in
      // the same turn of the event loop have not been read yet. At the turn's check phase they have, and they join.
      // A lone write goes at once instead, so that a writer among many readers does not wait a turn for nothing.
      if (this.bursts) setImmediate(() => void this.drain());
      else queueMicrotask(() => void this.drain());
    });
  }

  private endTurn(): void {
    this.bursts = this.arrivals >= BURST;
    this.arrivals = 0;
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.length > 0) await this.commitGroup();
    } finally {
      this.running = false;
    }
  }

  /**
   * Runs the writes waiting now, and those that arrive while the group is open, up to `maxWrites`. Settles every write
   * it took and never throws, so `drain` cannot stop with writes waiting; each call settles at least one write.
   */
  private async commitGroup(): Promise<void> {
    let group: GroupTransaction;
    try {
      group = await this.open();
    } catch (error) {
      // As each write would have failed alone.
      for (const write of this.pending.splice(0, this.maxWrites)) write.reject(error);
      return;
    }
    const taken: PendingWrite[] = [];
    const outcomes: Array<() => void> = [];
    try {
      while (taken.length < this.maxWrites && this.pending.length > 0) {
        const write = this.pending.shift() as PendingWrite;
        taken.push(write);
        await group.savepoint();
        try {
          const result = await write.work(group.tx);
          outcomes.push(() => write.resolve(result));
        } catch (error) {
          // The engine ends the whole transaction on some errors (a full disk, an I/O error): then the writes before
          // this one are gone with it.
          if (!(await group.undo())) throw error;
          outcomes.push(() => write.reject(error));
        }
      }
      await group.commit();
    } catch (error) {
      let failure = error;
      try {
        await group.abandon();
      } catch (rollbackError) {
        failure = new AggregateError([error, rollbackError], 'a group of writes failed and could not be rolled back');
      }
      // None of the writes taken is stored; each learns why. Writes not taken yet wait for the next group.
      for (const write of taken) write.reject(failure);
      return;
    }
    for (const settle of outcomes) settle();
  }
}
