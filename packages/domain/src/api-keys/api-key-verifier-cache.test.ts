import { beforeEach, describe, expect, it } from 'vitest';
import { ADDRESS, type ApiKeyWorld, anApiKeyWorld, withOtherSecret } from '../testing/api-key-world';
import { aThrottle } from '../testing/test-world';
import { ApiKeyVerifier } from './api-key-verifier';

let world: ApiKeyWorld['world'];
let manage: ApiKeyWorld['manage'];
let verifier: ApiKeyWorld['verifier'];
let newVerifier: ApiKeyWorld['newVerifier'];
let issue: ApiKeyWorld['issue'];
let codeOf: ApiKeyWorld['codeOf'];

beforeEach(async () => {
  ({ world, manage, verifier, newVerifier, issue, codeOf } = await anApiKeyWorld());
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
