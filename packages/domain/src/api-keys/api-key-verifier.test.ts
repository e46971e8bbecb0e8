import { beforeEach, describe, expect, it } from 'vitest';
import { SCOPES } from './scopes';
import { SeededRandom, aTenant } from '../testing';
import { type World, aThrottle, aWorld, rejectionOf } from '../testing/test-world';
import { ApiKeyVerifier } from './api-key-verifier';
import { requireScope } from './required-scope';
import { ManageApiKeys } from './manage-api-keys';

const ADDRESS = '203.0.113.7';
const FAILURES_PER_MINUTE = 3;

let world: World;
let verifier: ApiKeyVerifier;
let manage: ManageApiKeys;

function newVerifier() {
  const throttle = aThrottle(world, { perKeyPerMinute: 600, authFailuresPerMinute: FAILURES_PER_MINUTE });
  return new ApiKeyVerifier(world.apiKeys, world.hasher, world.clock, throttle);
}

beforeEach(async () => {
  world = await aWorld([aTenant('alpine')]);
  manage = new ManageApiKeys(world.tenants, world.apiKeys, world.hasher, new SeededRandom(7), world.clock);
  verifier = newVerifier();
});

async function issue(expiresAt: Date | null = null) {
  const { raw, key } = await manage.create('alpine', 'channel manager', ['bookings:read', 'sites:read'], expiresAt);
  return { raw, key, stored: () => world.store.apiKeys.find((k) => k.id === key.id)! };
}

/** The same prefix with another secret of the right shape. */
function withOtherSecret(raw: string): string {
  const secret = raw.slice(8);
  return raw.slice(0, 8) + (secret[0] === 'a' ? 'b' : 'a') + secret.slice(1);
}

const codeOf = async (header: string | undefined, address = ADDRESS) => (await rejectionOf(verifier.verify(header, address))).code;

describe('ApiKeyVerifier: the Authorization header (docs/api-behaviour.md §1)', () => {
  it('turns a valid key into the principal of its tenant and scopes', async () => {
    const { raw, key } = await issue();
    expect(await verifier.verify(`Bearer ${raw}`, ADDRESS)).toEqual({
      tenantId: world.principal('alpine').tenantId,
      keyId: key.id,
      prefix: raw.slice(0, 8),
      scopes: ['bookings:read', 'sites:read'],
    });
  });

  it.each(['bearer', 'BEARER', 'BeArEr'])('accepts the scheme word written %j (RFC 6750)', async (scheme) => {
    const { raw } = await issue();
    await expect(verifier.verify(`${scheme} ${raw}`, ADDRESS)).resolves.toMatchObject({ prefix: raw.slice(0, 8) });
  });

  const malformed: Array<[string, (raw: string) => string | undefined]> = [
    ['a missing header', () => undefined],
    ['an empty header', () => ''],
    ['the scheme alone', () => 'Bearer'],
    ['the scheme and a space', () => 'Bearer '],
    ['the token without a scheme', (raw) => raw],
    ['another scheme', (raw) => `Token ${raw}`],
    ['Basic', (raw) => `Basic ${raw}`],
    ['an extra part', (raw) => `Bearer ${raw} extra`],
    ['two tokens', (raw) => `Bearer ${raw} ${raw}`],
    ['one character short (31)', (raw) => `Bearer ${raw.slice(0, 31)}`],
    ['one character long (33)', (raw) => `Bearer ${raw}x`],
    ['a character outside [A-Za-z0-9] in the secret', (raw) => `Bearer ${raw.slice(0, 31)}-`],
    ['a non-ASCII letter in the secret', (raw) => `Bearer ${raw.slice(0, 31)}é`],
    ['an underscore in the prefix body', (raw) => `Bearer ${raw.slice(0, 5)}_${raw.slice(6)}`],
    ['an upper-case CK_', (raw) => `Bearer CK_${raw.slice(3)}`],
    ['another literal than ck_', (raw) => `Bearer pk_${raw.slice(3)}`],
  ];

  it.each(malformed)('gives invalid_key for %s', async (_label, header) => {
    const { raw } = await issue();
    expect(await codeOf(header(raw))).toBe('invalid_key');
  });

  it('gives invalid_key for an unknown prefix, and still spends one hash verification on it (no timing oracle)', async () => {
    await issue();
    const before = world.hasher.verifyCalls;
    expect(await codeOf('Bearer ck_ZZZZZabcdefghijklmnopqrstuvwx')).toBe('invalid_key');
    expect(world.hasher.verifyCalls).toBe(before + 1);
  });

  it('gives invalid_key for a wrong secret, after one hash verification', async () => {
    const { raw } = await issue();
    expect(await codeOf(`Bearer ${withOtherSecret(raw)}`)).toBe('invalid_key');
    expect(world.hasher.verifyCalls).toBe(1);
  });

  it('gives key_inactive for a revoked key', async () => {
    const { raw } = await issue();
    await manage.revoke('alpine', raw.slice(0, 8));
    expect(await codeOf(`Bearer ${raw}`)).toBe('key_inactive');
  });

  it('gives key_inactive from the instant the expiry is reached, not a millisecond later', async () => {
    const expiresAt = new Date(world.clock.now().getTime() + 3_600_000);
    const { raw } = await issue(expiresAt);
    world.clock.set(new Date(expiresAt.getTime() - 1));
    await expect(verifier.verify(`Bearer ${raw}`, ADDRESS)).resolves.toBeDefined();
    world.clock.set(expiresAt);
    expect(await codeOf(`Bearer ${raw}`)).toBe('key_inactive');
  });
  it('never puts the raw token or its secret into the error it throws (docs/api-behaviour.md §1)', async () => {
    const { raw } = await issue();
    const wrong = withOtherSecret(raw);
    for (const header of [`Bearer ${wrong}`, `Bearer ${raw}x`, `Basic ${raw}`]) {
      const error = await rejectionOf(verifier.verify(header, ADDRESS));
      const text = `${error.message} ${error.stack} ${JSON.stringify(error)}`;
      expect(text).not.toContain(wrong.slice(8));
      expect(text).not.toContain(raw.slice(8));
    }
  });
});

describe('ApiKeyVerifier: the verification cache never delays revocation or expiry (docs/api-behaviour.md §1)', () => {
  it('does no hash verification for a key it has already verified', async () => {
    const { raw } = await issue();
    await verifier.verify(`Bearer ${raw}`, ADDRESS);
    await verifier.verify(`Bearer ${raw}`, ADDRESS);
    await verifier.verify(`bearer ${raw}`, '198.51.100.1');
    expect(world.hasher.verifyCalls).toBe(1);
  });

  it('lets a burst of first requests with one key share a single hash verification', async () => {
    const { raw } = await issue();
    // A hasher as slow as bcrypt relative to the event loop: every request of the burst arrives while the check runs.
    const slow = world.hasher.verify.bind(world.hasher);
    world.hasher.verify = (secret, hash) => new Promise((resolve) => setTimeout(() => resolve(slow(secret, hash)), 20));
    const before = world.hasher.verifyCalls;
    const principals = await Promise.all(Array.from({ length: 20 }, () => verifier.verify(`Bearer ${raw}`, ADDRESS)));
    expect(principals.every((p) => p.prefix === raw.slice(0, 8))).toBe(true);
    expect(world.hasher.verifyCalls - before).toBe(1);
    // The shared check is forgotten once done: a wrong secret later is checked afresh and fails.
    await expect(verifier.verify(`Bearer ${withOtherSecret(raw)}`, ADDRESS)).rejects.toMatchObject({ code: 'invalid_key' });
    expect(world.hasher.verifyCalls - before).toBe(2);
  });

  it('does not cache failures: a wrong secret costs a verification every time', async () => {
    const { raw } = await issue();
    await codeOf(`Bearer ${withOtherSecret(raw)}`);
    await codeOf(`Bearer ${withOtherSecret(raw)}`);
    expect(world.hasher.verifyCalls).toBe(2);
  });

  it('refuses a revoked key on the very next request although the cache is warm', async () => {
    const { raw } = await issue();
    await verifier.verify(`Bearer ${raw}`, ADDRESS);
    await manage.revoke('alpine', raw.slice(0, 8));
    expect(await codeOf(`Bearer ${raw}`)).toBe('key_inactive');
  });

  it('refuses an expired key on the very next request although the cache is warm', async () => {
    const expiresAt = new Date(world.clock.now().getTime() + 1000);
    const { raw } = await issue(expiresAt);
    await verifier.verify(`Bearer ${raw}`, ADDRESS);
    world.clock.set(expiresAt);
    expect(await codeOf(`Bearer ${raw}`)).toBe('key_inactive');
  });

  it('misses the cache when the stored hash changed: the old secret fails, the new one verifies', async () => {
    const { raw, stored } = await issue();
    await verifier.verify(`Bearer ${raw}`, ADDRESS);
    const rotated = withOtherSecret(raw);
    stored().secretHash = await world.hasher.hash(rotated.slice(8));

    expect(await codeOf(`Bearer ${raw}`)).toBe('invalid_key');
    expect(world.hasher.verifyCalls).toBe(2);
    await expect(verifier.verify(`Bearer ${rotated}`, ADDRESS)).resolves.toMatchObject({ prefix: raw.slice(0, 8) });
  });

  it('keeps working when the cache is smaller than the number of keys in use', async () => {
    const throttle = aThrottle(world, { perKeyPerMinute: 600, authFailuresPerMinute: 60 });
    const tiny = new ApiKeyVerifier(world.apiKeys, world.hasher, world.clock, throttle, 1);
    const first = await issue();
    const second = await issue();
    for (const { raw } of [first, second, first, second]) {
      await expect(tiny.verify(`Bearer ${raw}`, ADDRESS)).resolves.toMatchObject({ prefix: raw.slice(0, 8) });
    }
    expect(world.hasher.verifyCalls).toBe(4);
  });
});

describe('ApiKeyVerifier: last_used_at is written at most once per minute (docs/api-behaviour.md §1)', () => {
  it('writes on first use, not again within the minute, and again once a minute has passed', async () => {
    const { raw, stored } = await issue();
    const start = world.clock.now();
    await verifier.verify(`Bearer ${raw}`, ADDRESS);
    expect(stored().lastUsedAt).toEqual(start);

    world.clock.advance(59_999);
    await verifier.verify(`Bearer ${raw}`, ADDRESS);
    expect(stored().lastUsedAt).toEqual(start);

    world.clock.advance(1);
    await verifier.verify(`Bearer ${raw}`, ADDRESS);
    expect(stored().lastUsedAt).toEqual(world.clock.now());
  });

  it('does not write when another process recorded a use less than a minute ago', async () => {
    const { raw, stored } = await issue();
    const recent = new Date(world.clock.now().getTime() - 10_000);
    stored().lastUsedAt = recent;
    await newVerifier().verify(`Bearer ${raw}`, ADDRESS);
    expect(stored().lastUsedAt).toEqual(recent);
  });

  it('does not record a use for a failed verification', async () => {
    const { raw, stored } = await issue();
    await codeOf(`Bearer ${withOtherSecret(raw)}`);
    await manage.revoke('alpine', raw.slice(0, 8));
    await codeOf(`Bearer ${raw}`);
    expect(stored().lastUsedAt).toBeNull();
  });
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

  it('still admits a valid key already in the cache from a throttled address (it costs no hash work)', async () => {
    const { raw } = await issue();
    await verifier.verify(`Bearer ${raw}`, '198.51.100.1');
    await exhaust(raw);
    await expect(verifier.verify(`Bearer ${raw}`, ADDRESS)).resolves.toMatchObject({ prefix: raw.slice(0, 8) });
  });

  it('throttles a valid key not yet in the cache from a throttled address (checking it would cost hash work)', async () => {
    const { raw } = await issue();
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

describe('requireScope', () => {
  it.each(SCOPES)('admits a principal holding %s and refuses one holding every other scope', (scope) => {
    const principal = world.principal('alpine', [scope]);
    expect(() => requireScope(principal, scope)).not.toThrow();
    const others = world.principal(
      'alpine',
      SCOPES.filter((s) => s !== scope),
    );
    expect(() => requireScope(others, scope)).toThrowError(expect.objectContaining({ code: 'permission_denied' }));
  });
});
