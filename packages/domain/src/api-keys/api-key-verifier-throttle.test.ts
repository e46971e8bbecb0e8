import { beforeEach, describe, expect, it } from 'vitest';
import { ADDRESS, type ApiKeyWorld, FAILURES_PER_MINUTE, anApiKeyWorld, withOtherSecret } from '../testing/api-key-world';
import { rejectionOf } from '../testing/test-world';

let world: ApiKeyWorld['world'];
let verifier: ApiKeyWorld['verifier'];
let issue: ApiKeyWorld['issue'];
let codeOf: ApiKeyWorld['codeOf'];

beforeEach(async () => {
  ({ world, verifier, issue, codeOf } = await anApiKeyWorld());
});

describe('ApiKeyVerifier: failed attempts are limited per address before any hash work (docs/api-behaviour.md §4)', () => {
  async function exhaust(raw: string, address = ADDRESS) {
    for (let i = 0; i < FAILURES_PER_MINUTE; i++) expect(await codeOf(`Bearer ${withOtherSecret(raw)}`, address)).toBe('invalid_key');
  }

  it('throttles the attempt after the limit without calling the hasher, with a Retry-After of at least 1', async () => {
    const { raw } = await issue();
    await exhaust(raw);
    const verifications = world.hasher.verifyCalls;

    const error = await rejectionOf(verifier.verify(`Bearer ${withOtherSecret(raw)}`, ADDRESS));
    expect(error.code).toBe('throttled');
    expect(error.details.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(await codeOf('Bearer ck_ZZZZZabcdefghijklmnopqrstuvwx')).toBe('throttled');
    expect(world.hasher.verifyCalls).toBe(verifications);
  });

  it('counts malformed headers as failures and throttles them too', async () => {
    for (let i = 0; i < FAILURES_PER_MINUTE; i++) expect(await codeOf('Bearer nope')).toBe('invalid_key');
    expect(await codeOf(undefined)).toBe('throttled');
  });

  it('limits each address on its own', async () => {
    const { raw } = await issue();
    await exhaust(raw);
    expect(await codeOf(`Bearer ${withOtherSecret(raw)}`, '198.51.100.1')).toBe('invalid_key');
  });

  it('still admits a valid key with a fast verifier from a throttled address (it costs no hash work)', async () => {
    const { raw } = await issue();
    await exhaust(raw);
    await expect(verifier.verify(`Bearer ${raw}`, ADDRESS)).resolves.toMatchObject({ prefix: raw.slice(0, 8) });
  });

  it('throttles a valid key without a fast verifier from a throttled address (checking it would cost hash work)', async () => {
    const { raw, stored } = await issue();
    stored().fastVerifier = null;
    await exhaust(raw);
    expect(await codeOf(`Bearer ${raw}`)).toBe('throttled');
  });

  /** A hasher that takes a while, so every request of a burst arrives while the others are still hashing. */
  function slowHasher() {
    const fast = world.hasher.verify.bind(world.hasher);
    world.hasher.verify = (secret, hash) => new Promise((resolve) => setTimeout(() => resolve(fast(secret, hash)), 10));
  }

  it('lets at most the limit of a concurrent burst of wrong keys reach the hasher (the attempt is reserved first)', async () => {
    const { raw } = await issue();
    slowHasher();
    const before = world.hasher.verifyCalls;
    const unknown = (i: number) => `Bearer ck_Zz${String(i).padStart(3, '0')}abcdefghijklmnopqrstuvwx`;
    const wrongSecret = (i: number) => `Bearer ${raw.slice(0, 8)}${String(i).padStart(3, '0')}${raw.slice(11)}`;
    const burst = Array.from({ length: 40 }, (_, i) => codeOf(i % 2 === 0 ? unknown(i) : wrongSecret(i)));
    const codes = await Promise.all(burst);
    expect(world.hasher.verifyCalls - before).toBe(FAILURES_PER_MINUTE);
    expect(codes.filter((c) => c === 'invalid_key')).toHaveLength(FAILURES_PER_MINUTE);
    expect(codes.filter((c) => c === 'throttled')).toHaveLength(40 - FAILURES_PER_MINUTE);
  });

  it('gives a successful check its reservation back: valid first requests never use up the failure budget', async () => {
    for (let i = 0; i < FAILURES_PER_MINUTE + 2; i++) {
      const { raw } = await issue();
      await verifier.verify(`Bearer ${raw}`, ADDRESS);
    }
    const { raw } = await issue();
    await exhaust(raw);
    expect(await codeOf(`Bearer ${withOtherSecret(raw)}`)).toBe('throttled');
  });

  it('lets a burst of first requests with one valid key share one check without using up the budget', async () => {
    const { raw } = await issue();
    slowHasher();
    const principals = await Promise.all(Array.from({ length: 10 }, () => verifier.verify(`Bearer ${raw}`, ADDRESS)));
    expect(principals).toHaveLength(10);
    await exhaust(raw);
  });

  it('pads a failure against a hash cheaper than the configured cost with a verify at the configured cost', async () => {
    const { raw, stored } = await issue();
    stored().secretHash = stored().secretHash.replace(/^fake\$/, 'cheap$');
    const before = world.hasher.verifyCalls;
    expect(await codeOf(`Bearer ${withOtherSecret(raw)}`)).toBe('invalid_key');
    // One verify against the stored hash, one against the configured-cost timing hash: the unknown prefix's cost.
    expect(world.hasher.verifyCalls - before).toBe(2);
    await expect(verifier.verify(`Bearer ${raw}`, ADDRESS)).resolves.toMatchObject({ prefix: raw.slice(0, 8) });
    expect(world.hasher.verifyCalls - before).toBe(3);
    // Once verified, the key is re-hashed at the configured cost: the next failure costs one check by itself.
    expect(stored().secretHash.startsWith('fake$')).toBe(true);
    await expect(verifier.verify(`Bearer ${raw}`, ADDRESS)).resolves.toMatchObject({ prefix: raw.slice(0, 8) });
    expect(world.hasher.verifyCalls - before).toBe(3);
    expect(await codeOf(`Bearer ${withOtherSecret(raw)}`)).toBe('invalid_key');
    expect(world.hasher.verifyCalls - before).toBe(4);
  });

  it('leaves a hash alone that was replaced between its check and the upgrade (compare and set)', async () => {
    const { raw, stored } = await issue();
    stored().secretHash = stored().secretHash.replace(/^fake\$/, 'cheap$');
    world.store.changed();
    const rotated = 'fake$rotated-by-the-console';
    const hash = world.hasher.hash.bind(world.hasher);
    world.hasher.hash = async (secret) => {
      stored().secretHash = rotated;
      return hash(secret);
    };
    await verifier.verify(`Bearer ${raw}`, ADDRESS);
    expect(stored().secretHash).toBe(rotated);
  });

  it('lets the address try again in the next one-minute window', async () => {
    const { raw } = await issue();
    await exhaust(raw);
    world.clock.advance(60_000);
    await expect(verifier.verify(`Bearer ${raw}`, ADDRESS)).resolves.toMatchObject({ prefix: raw.slice(0, 8) });
  });
});
