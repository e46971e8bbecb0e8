import { EventEmitter } from 'node:events';
import { FixedClock, MemoryRateLimiter } from '@campsite/domain/testing';
import { describe, expect, it } from 'vitest';
import { ClusterRateLimiter, answerRateLimits } from '../src/cluster/cluster-rate-limiter';
import type { ClusterMessage } from '../src/cluster/messages';

/** A worker's process object and the supervisor's Worker handle, joined as node:cluster joins them. */
function channelPair() {
  const workerSide = new EventEmitter();
  const supervisorSide = new EventEmitter();
  const sent: ClusterMessage[] = [];
  let connected = true;
  const worker = Object.assign(workerSide, {
    send(message: ClusterMessage, callback: (error: Error | null) => void) {
      sent.push(message);
      setImmediate(() => supervisorSide.emit('message', structuredClone(message)));
      callback(null);
      return true;
    },
  });
  const handle = Object.assign(supervisorSide, {
    send: (message: ClusterMessage) => (setImmediate(() => workerSide.emit('message', structuredClone(message))), true),
    isConnected: () => connected,
  });
  return { worker, handle, sent, disconnect: () => ((connected = false), workerSide.emit('disconnect')) };
}

describe('ClusterRateLimiter (docs/operations.md, Workers)', () => {
  it('counts every hit of every worker in the supervisor, in the order each worker asked', async () => {
    const shared = new MemoryRateLimiter(new FixedClock('2026-06-01T12:00:00Z'));
    const [a, b] = [channelPair(), channelPair()];
    answerRateLimits(a.handle as never, shared);
    answerRateLimits(b.handle as never, shared);
    const [inA, inB] = [new ClusterRateLimiter(a.worker), new ClusterRateLimiter(b.worker)];

    const first = await Promise.all([inA.hit('key:1', 3), inA.hit('key:1', 3)]);
    expect(first.map((d) => d.remaining)).toEqual([2, 1]);
    expect(a.sent.map((message) => message.campsite)).toEqual(['rate-limit', 'rate-limit']);
    expect(await inB.hit('key:1', 3)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await inA.hit('key:1', 3)).toMatchObject({ allowed: false, remaining: 0 });
    expect(await inB.peek('key:1', 3)).toMatchObject({ allowed: false });
    expect(await inB.peek('key:2', 3)).toMatchObject({ allowed: true, remaining: 3 });
  });

  it('fails the asks still waiting when the supervisor is gone', async () => {
    const pair = channelPair();
    const limiter = new ClusterRateLimiter(pair.worker);
    const waiting = limiter.hit('key:1', 3);
    pair.disconnect();
    await expect(waiting).rejects.toThrow('rate limiter: the supervisor is gone');
  });
});
