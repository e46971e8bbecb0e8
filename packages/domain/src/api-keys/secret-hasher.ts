/**
 * One-way hashing of API-key secrets. The stored hash (bcrypt in production) is slow by design: call `hash` and
 * `verify` rarely. Once a secret has been proven against it, a **fast verifier** is stored beside it
 * (docs/security.md, "Fast verification"): a keyed hash under a server-side pepper, bound to the stored hash, that
 * checks the same secret again in microseconds, in every process and after every restart.
 */
export interface SecretHasher {
  hash(secret: string): Promise<string>;
  /** True when `secret` matches `hash`. Never throws for a malformed hash: that is simply a mismatch. */
  verify(secret: string, hash: string): Promise<boolean>;
  /**
   * True when verifying against `hash` costs less work than against a hash `hash()` makes now (for bcrypt: a lower
   * cost factor than the configured one). The verifier pads a failure against such a hash, so a failed verification
   * takes the same time whatever the stored hash was made with. True for a malformed hash (it fails at once).
   */
  isCheaper(hash: string): Promise<boolean>;
  /** The fast verifier of `secret` for the key whose stored hash is `hash`, under the current pepper. */
  fastVerifier(secret: string, hash: string): string;
  /**
   * In constant time: whether `verifier` is the current pepper's fast verifier of `secret` for `hash`. A verifier of
   * another pepper (rotated since), or of another stored hash (the key was re-hashed), never matches.
   */
  fastMatches(secret: string, hash: string, verifier: string): boolean;
}
