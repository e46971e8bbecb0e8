import { hash, verify } from '@node-rs/bcrypt';
import type { SecretHasher } from '@campsite/domain';

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
}
