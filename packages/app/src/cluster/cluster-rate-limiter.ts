import type { Worker } from 'node:cluster';
import type { RateLimitDecision, RateLimiter } from '@campsite/domain';
import { atTurnEnd } from '@campsite/adapters-sql';
import { type ClusterMessage, type RateLimitAnswer, type RateLimitAsk, isClusterMessage } from './messages';

/** The IPC end a worker has: its own process object. */
interface Channel {
  send?(message: ClusterMessage, callback: (error: Error | null) => void): boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'disconnect', listener: () => void): unknown;
}

/**
 * A worker's rate limiter when the database keeps no limiter of its own (SQLite): every hit is counted by the
 * supervisor, so all workers share one budget per key and per address (docs/operations.md, Workers).
 *
 * Why not a row in the SQLite file: measured alone, an upsert there (29 µs) costs about what one IPC round trip does
 * (39 µs, sequential), but it is a commit per request. Every commit by another connection moves SQLite's `data_version`, which
 * is the stamp the fresh-read caches of the other workers check, so no read could be reused any more; and
 * better-sqlite3 waits for the file's one write lock synchronously, stalling the worker's event loop meanwhile.
 */
export class ClusterRateLimiter implements RateLimiter {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve(decision: RateLimitDecision | undefined): void; reject(error: Error): void }>();
  private batch: RateLimitAsk[] = [];

  constructor(private readonly channel: Channel = process as Channel) {
    channel.on('message', (message) => {
      if (!isClusterMessage(message, 'rate-limit-decisions')) return;
      for (const answer of message.answers) {
        const waiting = this.pending.get(answer.id);
        this.pending.delete(answer.id);
        if (answer.error === undefined) waiting?.resolve(answer.decision);
        else waiting?.reject(new Error(`rate limiter: ${answer.error}`));
      }
    });
    channel.on('disconnect', () => this.failAll(new Error('rate limiter: the supervisor is gone')));
  }

  hit(key: string, limit: number): Promise<RateLimitDecision> {
    return this.ask('hit', key, limit) as Promise<RateLimitDecision>;
  }

  peek(key: string, limit: number): Promise<RateLimitDecision> {
    return this.ask('peek', key, limit) as Promise<RateLimitDecision>;
  }

  async release(key: string): Promise<void> {
    await this.ask('release', key, 0);
  }

  /** The supervisor answers a hit or peek with its decision, a release with none. */
  private ask(op: RateLimitAsk['op'], key: string, limit: number): Promise<RateLimitDecision | undefined> {
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.batch.push({ id, op, key, limit });
      // The end of turn shared with the stamp's batch (atTurnEnd): asked from its continuations, the message still
      // leaves in this check phase.
      if (this.batch.length === 1) atTurnEnd(() => this.flush());
    });
  }

  /**
   * The asks of one turn of the event loop go as one message: under load a worker asks for several requests at once,
   * and each message costs both processes far more than the arithmetic it carries. The supervisor still counts every
   * ask, in order.
   */
  private flush(): void {
    const asks = this.batch.splice(0);
    const failed = (error: Error | null) => {
      if (error === null) return;
      for (const ask of asks) {
        this.pending.get(ask.id)?.reject(error);
        this.pending.delete(ask.id);
      }
    };
    if (!this.channel.send) failed(new Error('rate limiter: not a cluster worker'));
    else this.channel.send({ campsite: 'rate-limit', asks }, failed);
  }

  private failAll(error: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

/** The supervisor's side: answers one worker's rate-limit questions from the limiter every worker shares. */
export function answerRateLimits(worker: Pick<Worker, 'on' | 'send' | 'isConnected'>, limiter: RateLimiter): void {
  worker.on('message', (message: unknown) => {
    if (!isClusterMessage(message, 'rate-limit')) return;
    // Started in order, so hits are counted in the order the worker asked.
    const answers = message.asks.map(({ id, op, key, limit }) =>
      (op === 'release' ? limiter.release(key).then(() => undefined) : limiter[op](key, limit)).then(
        (decision): RateLimitAnswer => (decision === undefined ? { id } : { id, decision }),
        (error: unknown): RateLimitAnswer => ({ id, error: error instanceof Error ? error.message : String(error) }),
      ),
    );
    void Promise.all(answers).then((settled) => {
      // A worker that died meanwhile has no one left waiting for the answers.
      if (worker.isConnected()) worker.send({ campsite: 'rate-limit-decisions', answers: settled });
    });
  });
}
