/** One-way hashing of API-key secrets (bcrypt in production). Both methods are slow by design: call them rarely. */
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
}
