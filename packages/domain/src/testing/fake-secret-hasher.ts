import type { SecretHasher } from '../api-keys/secret-hasher';

/**
 * A hasher for tests: fast and deterministic, and it counts its calls so tests can prove when no hash work was done.
 * Its "hash" is not secure and never leaves tests.
 */
export class FakeSecretHasher implements SecretHasher {
  hashCalls = 0;
  verifyCalls = 0;

  /** @param pepper stands for the server's pepper: a hasher with another one does not accept this one's verifiers */
  constructor(public pepper = 'pepper-1') {}

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

  fastVerifier(secret: string, hash: string) {
    return `fast$${this.pepper}$${hash}$${[...secret].reverse().join('')}`;
  }

  fastMatches(secret: string, hash: string, verifier: string) {
    return verifier === this.fastVerifier(secret, hash);
  }
}
