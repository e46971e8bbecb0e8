import type { SecretHasher } from '../api-keys/secret-hasher';

/**
 * A hasher for tests: fast and deterministic, and it counts its calls so tests can prove when no hash work was done.
 * Its "hash" is not secure and never leaves tests.
 */
export class FakeSecretHasher implements SecretHasher {
  hashCalls = 0;
  verifyCalls = 0;

  async hash(secret: string) {
    this.hashCalls++;
    return `fake$${[...secret].reverse().join('')}`;
  }

  async verify(secret: string, hash: string) {
    this.verifyCalls++;
    return hash === `fake$${[...secret].reverse().join('')}` || hash === `cheap$${[...secret].reverse().join('')}`;
  }

  /** `cheap$…` hashes stand for hashes made at a lower cost than the configured one; anything else is malformed. */
  async isCheaper(hash: string) {
    return !hash.startsWith('fake$');
  }
}
