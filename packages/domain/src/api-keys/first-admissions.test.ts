import { describe, expect, it } from 'vitest';
import { ApiKeyVerifier } from './api-key-verifier';
import type { ApiKeyRepository } from './api-key-repository';
import { FirstAdmissions } from './first-admissions';
import { ADDRESS, anApiKeyWorld } from '../testing/api-key-world';
import { aThrottle } from '../testing/test-world';

// docs/performance.md, "First admissions take turns".

/** A promise and the function that settles it. */
function gate<T = void>() {
  let open!: (value: T) => void;
  let fail!: (error: unknown) => void;
  const opened = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { opened, open, fail };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('FirstAdmissions', () => {
  it('runs at most `concurrent` first admissions at once, the others in the order they came', async () => {
    const turns = new FirstAdmissions(2, 100);
    const gates = ['a', 'b', 'c', 'd'].map(() => gate());
    const started: string[] = [];
    const runs = ['a', 'b', 'c', 'd'].map((prefix, i) =>
      turns.run(prefix, async () => {
        started.push(prefix);
        await gates[i]!.opened;
        return prefix;
      }),
    );
    await settle();
    expect(started).toEqual(['a', 'b']);
    expect(turns.queued).toBe(2);
    gates[1]!.open();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    gates[0]!.open();
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    gates[2]!.open();
    gates[3]!.open();
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c', 'd']);
    expect(turns.queued).toBe(0);
  });

  it('lets a key admitted before pass while every turn is taken', async () => {
    const turns = new FirstAdmissions(1, 100);
    await turns.run('warm', async () => 'first');
    const held = gate();
    const cold = turns.run('cold', () => held.opened);
    await settle();
    expect(await turns.run('warm', async () => 'again')).toBe('again');
    held.open();
    await cold;
  });

  it('does not remember a key whose admission failed, and gives its turn to the next', async () => {
    const turns = new FirstAdmissions(1, 100);
    await expect(turns.run('bad', () => Promise.reject(new Error('invalid_key')))).rejects.toThrow('invalid_key');
    const held = gate();
    const other = turns.run('other', () => held.opened);
    await settle();
    let ran = false;
    const again = turns.run('bad', async () => {
      ran = true;
    });
    await settle();
    // Still a first admission: it waits behind 'other'.
    expect(ran).toBe(false);
    held.open();
    await Promise.all([other, again]);
    expect(ran).toBe(true);
  });

  it('forgets every key once it remembers `remembered` of them, so they take one turn again', async () => {
    const turns = new FirstAdmissions(1, 2);
    await turns.run('a', async () => undefined);
    await turns.run('b', async () => undefined);
    await turns.run('c', async () => undefined);
    const held = gate();
    const cold = turns.run('x', () => held.opened);
    await settle();
    const order: string[] = [];
    const c = turns.run('c', async () => order.push('c'));
    const a = turns.run('a', async () => order.push('a'));
    await settle();
    // 'c' was remembered after the set was emptied; 'a' was forgotten with it and waits.
    expect(order).toEqual(['c']);
    held.open();
    await Promise.all([cold, c, a]);
    expect(order).toEqual(['c', 'a']);
  });

  it('refuses a number of turns that is not a positive integer', () => {
    expect(() => new FirstAdmissions(0, 10)).toThrow(RangeError);
    expect(() => new FirstAdmissions(1.5, 10)).toThrow(RangeError);
  });
});

describe('ApiKeyVerifier with first admissions', () => {
  it("answers an admitted key while other keys' first admissions wait for the database", async () => {
    const { world, issue } = await anApiKeyWorld();
    const warm = await issue();
    const cold = await Promise.all([issue(), issue(), issue()]);
    const coldPrefixes = new Set(cold.map((k) => k.key.prefix));
    const database = gate();
    let coldReads = 0;
    // The key rows of the cold keys come back only once the test opens the gate: a database busy with a storm.
    const slowForCold: ApiKeyRepository = Object.create(world.apiKeys, {
      findByPrefix: {
        value: async (prefix: string) => {
          if (coldPrefixes.has(prefix)) {
            coldReads++;
            await database.opened;
          }
          return world.apiKeys.findByPrefix(prefix);
        },
      },
    });
    const throttle = aThrottle(world, { perKeyPerMinute: 600, authFailuresPerMinute: 3 });
    const verifier = new ApiKeyVerifier(slowForCold, world.hasher, world.clock, throttle, new FirstAdmissions(1, 100));
    await verifier.verify(`Bearer ${warm.raw}`, ADDRESS);

    const storm = cold.map((k) => verifier.verify(`Bearer ${k.raw}`, ADDRESS));
    await settle();
    // One cold key asks the database; the others wait for their turn without asking it.
    expect(coldReads).toBe(1);
    const principal = await verifier.verify(`Bearer ${warm.raw}`, ADDRESS);
    expect(principal.keyId).toBe(warm.key.id);

    database.open();
    const admitted = await Promise.all(storm);
    expect(admitted.map((p) => p.keyId)).toEqual(cold.map((k) => k.key.id));
    expect(coldReads).toBe(3);
  });
});
