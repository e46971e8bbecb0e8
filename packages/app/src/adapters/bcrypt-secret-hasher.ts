import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/bcrypt';
import type { SecretHasher } from '@campsite/domain';

// Modular crypt format of bcrypt: $2a$ / $2b$ / $2x$ / $2y$, then the two-digit cost.
const BCRYPT_COST = /^\$2[abxy]\$(\d{2})\$/;

/**
 * The production SecretHasher. @node-rs/bcrypt runs on the libuv pool, so hashing never blocks the event loop.
 *
 * Fast verifiers (docs/security.md, "Fast verification") are `v1$<pepper id>$<HMAC-SHA-256>`: the HMAC, under the
 * server's pepper, of the stored bcrypt hash and the secret, so a verifier only ever matches the hash it was made for.
 * The pepper id (the start of a hash of the pepper, which reveals nothing of it) tells a verifier of a rotated pepper
 * apart at once: it is ignored, and the key is proven the slow way once more.
 */
export class BcryptSecretHasher implements SecretHasher {
  private readonly pepperId: string;

  constructor(
    private readonly cost: number,
    private readonly pepper: string,
  ) {
    this.pepperId = createHash('sha256').update(`campsite key pepper\u0000${pepper}`).digest('hex').slice(0, 8);
  }

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

  fastVerifier(secret: string, encoded: string): string {
    return `v1$${this.pepperId}$${this.mac(secret, encoded).toString('base64url')}`;
  }

  fastMatches(secret: string, encoded: string, verifier: string): boolean {
    const [version, pepperId, mac] = verifier.split('$');
    if (version !== 'v1' || pepperId !== this.pepperId || mac === undefined) return false;
    const given = Buffer.from(mac, 'base64url');
    const expected = this.mac(secret, encoded);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private mac(secret: string, encoded: string): Buffer {
    return createHmac('sha256', this.pepper).update(encoded).update('\u0000').update(secret).digest();
  }
}
