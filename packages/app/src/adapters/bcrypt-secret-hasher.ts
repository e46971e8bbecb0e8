import { hash, verify } from '@node-rs/bcrypt';
import type { SecretHasher } from '@campsite/domain';

// Modular crypt format of bcrypt: $2a$ / $2b$ / $2x$ / $2y$, then the two-digit cost.
const BCRYPT_COST = /^\$2[abxy]\$(\d{2})\$/;

/** The production SecretHasher. @node-rs/bcrypt runs on the libuv pool, so hashing never blocks the event loop. */
export class BcryptSecretHasher implements SecretHasher {
  constructor(private readonly cost: number) {}

  hash(secret: string): Promise<string> {
    return hash(secret, { cost: this.cost });
  }

  async verify(secret: string, encoded: string): Promise<boolean> {
    // The port promises a mismatch, never an error, for a malformed stored hash.
    return verify(secret, encoded).catch(() => false);
  }

  async isCheaper(encoded: string): Promise<boolean> {
    // A malformed hash fails at once, which is cheaper than any real verify.
    const cost = BCRYPT_COST.exec(encoded)?.[1];
    return cost === undefined || Number(cost) < this.cost;
  }
}
