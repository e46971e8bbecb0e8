import type { RandomSource } from '../shared/random-source';

/** Deterministic bytes (xorshift) for tests; `script` forces the first outputs, e.g. to make references collide. */
export class SeededRandom implements RandomSource {
  private state: number;
  private readonly script: Uint8Array[];

  constructor(seed = 42, script: Uint8Array[] = []) {
    this.state = seed || 1;
    this.script = [...script];
  }

  bytes(length: number): Uint8Array {
    const forced = this.script.shift();
    if (forced) return forced;
    const out = new Uint8Array(length);
    for (let i = 0; i < length; i++) {
      this.state ^= this.state << 13;
      this.state ^= this.state >>> 17;
      this.state ^= this.state << 5;
      out[i] = this.state & 0xff;
    }
    return out;
  }
}
