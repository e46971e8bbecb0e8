/**
 * Deterministic randomness for the benchmark fixtures.
 *
 * Every record is a pure function of (seed, kind, id): an invoice can recompute "its" booking, and a booking "its"
 * customer, without either being kept in memory. That is what lets `generate.ts` stream a 1M-booking tenant in a few
 * MB of heap.
 */

/** 32-bit avalanche mix (murmur3 finaliser). */
function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Independent stream for one record; `kind` keeps e.g. booking 7 and invoice 7 unrelated. */
  static of(seed: number, kind: number, id: number): Rng {
    return new Rng(mix32(mix32(seed ^ Math.imul(kind, 0x9e3779b1)) ^ Math.imul(id, 0x27d4eb2f)));
  }

  /** mulberry32: fast, good enough for data shapes, never for secrets outside a throwaway bench key. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by relative weights: `weighted([["a", 3], ["b", 1]])` gives "a" three times as often. */
  weighted<T>(table: readonly (readonly [T, number])[]): T {
    const total = table.reduce((sum, [, w]) => sum + w, 0);
    let roll = this.next() * total;
    for (const [value, weight] of table) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return (table[table.length - 1] as readonly [T, number])[0];
  }

  chars(alphabet: string, length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }
}
