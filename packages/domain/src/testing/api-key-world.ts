import { ApiKeyVerifier } from '../api-keys/api-key-verifier';
import { ManageApiKeys } from '../api-keys/manage-api-keys';
import { aTenant } from './mothers';
import { rejectionOf } from './rejection-of';
import { SeededRandom } from './seeded-random';
import { aThrottle, aWorld } from './test-world';

export const ADDRESS = '203.0.113.7';
export const FAILURES_PER_MINUTE = 3;

/** The same prefix with another secret of the right shape. */
export function withOtherSecret(raw: string): string {
  const secret = raw.slice(8);
  return raw.slice(0, 8) + (secret[0] === 'a' ? 'b' : 'a') + secret.slice(1);
}

/**
 * The world of ApiKeyVerifier's tests, fresh for each test: tenant alpine, its key management, and a verifier that
 * allows FAILURES_PER_MINUTE failed attempts per address. Not exported from `./testing`.
 */
export async function anApiKeyWorld() {
  const world = await aWorld([aTenant('alpine')]);
  const manage = new ManageApiKeys(world.tenants, world.apiKeys, world.hasher, new SeededRandom(7), world.clock);
  /** A verifier of its own, as another process of the service has: same database, its own cache. */
  const newVerifier = () => {
    const throttle = aThrottle(world, { perKeyPerMinute: 600, authFailuresPerMinute: FAILURES_PER_MINUTE });
    return new ApiKeyVerifier(world.apiKeys, world.hasher, world.clock, throttle);
  };
  const verifier = newVerifier();
  return {
    world,
    manage,
    verifier,
    newVerifier,
    /** A new key of alpine, and its stored row as the test may change it. */
    async issue(expiresAt: Date | null = null) {
      const { raw, key } = await manage.create('alpine', 'channel manager', ['bookings:read', 'sites:read'], expiresAt);
      return { raw, key, stored: () => world.store.apiKeys.find((k) => k.id === key.id)! };
    },
    codeOf: async (header: string | undefined, address = ADDRESS) => (await rejectionOf(verifier.verify(header, address))).code,
  };
}

export type ApiKeyWorld = Awaited<ReturnType<typeof anApiKeyWorld>>;
