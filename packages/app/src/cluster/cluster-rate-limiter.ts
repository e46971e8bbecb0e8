import type { Worker } from 'node:cluster';
import type { RateLimitDecision, RateLimiter } from '@campsite/domain';
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
 * (39 µs, sequential), but it is a commit per request, and better-sqlite3 waits for the file's one write lock
 * synchronously, stalling the worker's event loop meanwhile.
 */
export class ClusterRateLimiter implements RateLimiter {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve(decision: RateLimitDecision | undefined): void; reject(error: Error): void }>();

  constructor(private readonly channel: Channel = process as Channel) {
    channel.on('message', (message) => {
      if (!isClusterMessage(message, 'rate-limit-decision')) return;
      const { answer } = message;
      const waiting = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      if (answer.error === undefined) waiting?.resolve(answer.decision);
      else waiting?.reject(new Error(`rate limiter: ${answer.error}`));
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
      const failed = (error: Error | null) => {
        if (error === null) return;
        this.pending.delete(id);
        reject(error);
      };
      if (!this.channel.send) failed(new Error('rate limiter: not a cluster worker'));
      else this.channel.send({ campsite: 'rate-limit', ask: { id, op, key, limit } }, failed);
    });
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
    // Started as each message arrives, so hits are counted in the order the worker asked.
    const { id, op, key, limit } = message.ask;
    void (op === 'release' ? limiter.release(key).then(() => undefined) : limiter[op](key, limit))
      .then(
        (decision): RateLimitAnswer => (decision === undefined ? { id } : { id, decision }),
        (error: unknown): RateLimitAnswer => ({ id, error: error instanceof Error ? error.message : String(error) }),
      )
      .then((answer) => {
        // A worker that died meanwhile has no one left waiting for the answer.
        if (worker.isConnected()) worker.send({ campsite: 'rate-limit-decision', answer });
      });
  });
}
