/** One-way hashing of API-key secrets (bcrypt in production). Both methods are slow by design: call them rarely. */
export interface SecretHasher {
  hash(secret: string): Promise<string>;
  /** True when `secret` matches `hash`. Never throws for a malformed hash: that is simply a mismatch. */
  verify(secret: string, hash: string): Promise<boolean>;
}
