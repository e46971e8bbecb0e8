import { describe, expect, it } from 'vitest';
import { TurnBatches } from '../src/turn-batches';
import { atTurnEnd } from '../src/turn-end';

describe('atTurnEnd', () => {
  it('runs work queued in one turn together, after the turn, in the order it was queued', async () => {
    const ran: string[] = [];
    atTurnEnd(() => ran.push('a'));
    atTurnEnd(() => ran.push('b'));
    ran.push('still this turn');
    await new Promise((resolve) => setImmediate(resolve));
    expect(ran).toEqual(['still this turn', 'a', 'b']);
  });

  it('runs work that the continuations of ended work queue in the same check phase, before the next turn', async () => {
    const ran: string[] = [];
    let nextTurn: Promise<void> = Promise.resolve();
    const first = new TurnBatches<null, number, number>(async (_group, items) => {
      // Queued from inside the check phase: it runs in the next turn of the loop, after that turn's I/O.
      nextTurn = new Promise((resolve) =>
        setImmediate(() => {
          ran.push('next turn');
          resolve();
        }),
      );
      return items.map((n) => n * 10);
    });
    const second = new TurnBatches<null, number, number>(async (_group, items) => {
      ran.push(`second got ${items.join(',')}`);
      return items;
    });
    // Each call asks the first batch and then, in its continuation (after more than one microtask), the second.
    const calls = [1, 2, 3].map(async (n) => {
      const tenfold = await first.add('', null, n);
      await Promise.resolve();
      return second.add('', null, tenfold);
    });
    expect(await Promise.all(calls)).toEqual([10, 20, 30]);
    await nextTurn;
    expect(ran).toEqual(['second got 10,20,30', 'next turn']);
  });
});
