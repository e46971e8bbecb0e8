import { beforeEach, describe, expect, it } from 'vitest';
import { ADDRESS, type ApiKeyWorld, anApiKeyWorld, withOtherSecret } from '../testing/api-key-world';

let world: ApiKeyWorld['world'];
let manage: ApiKeyWorld['manage'];
let verifier: ApiKeyWorld['verifier'];
let newVerifier: ApiKeyWorld['newVerifier'];
let issue: ApiKeyWorld['issue'];
let codeOf: ApiKeyWorld['codeOf'];

beforeEach(async () => {
  ({ world, manage, verifier, newVerifier, issue, codeOf } = await anApiKeyWorld());
});

/** A key as another program made it (a migration, the console): a bcrypt hash and no fast verifier yet. */
async function aMigratedKey() {
  const { raw, stored } = await issue();
  stored().fastVerifier = null;
  return { raw, stored };
}

describe('ApiKeyVerifier: fast verification (docs/security.md, "Fast verification")', () => {
  it('checks a key made here without any bcrypt work: it has its fast verifier from the start', async () => {
    const { raw, stored } = await issue();
    expect(stored().fastVerifier).toBe(world.hasher.fastVerifier(raw.slice(8), stored().secretHash));
    await verifier.verify(`Bearer ${raw}`, ADDRESS);
    await newVerifier().verify(`bearer ${raw}`, '198.51.100.1');
    expect(world.hasher.verifyCalls).toBe(0);
  });

  it('proves a key without a verifier once, stores its verifier, and every other process uses it', async () => {
    const { raw, stored } = await aMigratedKey();
    await verifier.verify(`Bearer ${raw}`, ADDRESS);
    expect(world.hasher.verifyCalls).toBe(1);
    expect(stored().fastVerifier).toBe(world.hasher.fastVerifier(raw.slice(8), stored().secretHash));
    // Another process, or this one after a restart: nothing in memory, the row says it all.
    await newVerifier().verify(`Bearer ${raw}`, ADDRESS);
    await verifier.verify(`Bearer ${raw}`, ADDRESS);
    expect(world.hasher.verifyCalls).toBe(1);
  });

  it('lets a burst of first requests with one key share a single bcrypt verification', async () => {
    const { raw } = await aMigratedKey();
    // A hasher as slow as bcrypt relative to the event loop: every request of the burst arrives while the check runs.
    const slow = world.hasher.verify.bind(world.hasher);
    world.hasher.verify = (secret, hash) => new Promise((resolve) => setTimeout(() => resolve(slow(secret, hash)), 20));
    const principals = await Promise.all(Array.from({ length: 20 }, () => verifier.verify(`Bearer ${raw}`, ADDRESS)));
    expect(principals.every((p) => p.prefix === raw.slice(0, 8))).toBe(true);
    expect(world.hasher.verifyCalls).toBe(1);
  });

  it('costs a bcrypt verification for every wrong secret, verifier or not, and stores nothing for it', async () => {
    const { raw, stored } = await issue();
    const verifierBefore = stored().fastVerifier;
    await codeOf(`Bearer ${withOtherSecret(raw)}`);
    await codeOf(`Bearer ${withOtherSecret(raw)}`);
    expect(world.hasher.verifyCalls).toBe(2);
    expect(stored().fastVerifier).toBe(verifierBefore);
  });

  it('refuses a revoked key on the very next request although it verifies fast', async () => {
    const { raw } = await issue();
    await verifier.verify(`Bearer ${raw}`, ADDRESS);
    await manage.revoke('alpine', raw.slice(0, 8));
    expect(await codeOf(`Bearer ${raw}`)).toBe('key_inactive');
  });

  it('refuses an expired key on the very next request although it verifies fast', async () => {
    const expiresAt = new Date(world.clock.now().getTime() + 1000);
    const { raw } = await issue(expiresAt);
    await verifier.verify(`Bearer ${raw}`, ADDRESS);
    world.clock.set(expiresAt);
    expect(await codeOf(`Bearer ${raw}`)).toBe('key_inactive');
  });

  it('does not trust a verifier of a hash the key no longer has: the old secret fails, the new one is proven', async () => {
    const { raw, stored } = await issue();
    const rotated = withOtherSecret(raw);
    // Another writer gives the key a new secret and leaves the old verifier in place.
    stored().secretHash = await world.hasher.hash(rotated.slice(8));
    expect(await codeOf(`Bearer ${raw}`)).toBe('invalid_key');
    await expect(verifier.verify(`Bearer ${rotated}`, ADDRESS)).resolves.toMatchObject({ prefix: raw.slice(0, 8) });
    expect(world.hasher.verifyCalls).toBe(2);
    expect(stored().fastVerifier).toBe(world.hasher.fastVerifier(rotated.slice(8), stored().secretHash));
  });

  it('ignores verifiers of a rotated pepper: each key is proven once more and gets a verifier of the new one', async () => {
    const { raw, stored } = await issue();
    world.hasher.pepper = 'pepper-2';
    await verifier.verify(`Bearer ${raw}`, ADDRESS);
    expect(world.hasher.verifyCalls).toBe(1);
    expect(stored().fastVerifier).toBe(world.hasher.fastVerifier(raw.slice(8), stored().secretHash));
    await verifier.verify(`Bearer ${raw}`, ADDRESS);
    expect(world.hasher.verifyCalls).toBe(1);
  });

  it('upgrades a cheap hash and stores the verifier of the new hash', async () => {
    const { raw, stored } = await aMigratedKey();
    stored().secretHash = `cheap$${[...raw.slice(8)].reverse().join('')}`;
    await verifier.verify(`Bearer ${raw}`, ADDRESS);
    expect(stored().secretHash.startsWith('fake$')).toBe(true);
    expect(world.hasher.fastMatches(raw.slice(8), stored().secretHash, stored().fastVerifier!)).toBe(true);
  });

  it('keeps answering when the verifier cannot be stored: the key is proven the slow way again', async () => {
    const { raw } = await aMigratedKey();
    world.apiKeys.storeFastVerifier = () => Promise.reject(new Error('database went away'));
    await verifier.verify(`Bearer ${raw}`, ADDRESS);
    await verifier.verify(`Bearer ${raw}`, ADDRESS);
    expect(world.hasher.verifyCalls).toBe(2);
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
