import { describe, expect, it } from 'vitest';
import { FixedClock, type LimiterSet, describeRateLimiterContract } from '@campsite/domain/testing';
import { BcryptSecretHasher } from '../src/adapters/bcrypt-secret-hasher';
import { cryptoRandomSource } from '../src/adapters/crypto-random-source';
import { MemoryRateLimiter } from '@campsite/domain';

// The production single-process limiter must honour the same contract as the database-backed one. That suite reads
// only the limiter and the clock it moves, so no repositories are built.
describeRateLimiterContract('MemoryRateLimiter', async () => {
  const clock = new FixedClock();
  const limiterOnly: LimiterSet = { rateLimiter: new MemoryRateLimiter(clock), clock, close: async () => {} };
  return limiterOnly;
});

const PEPPER = 'a pepper of at least thirty-two characters';

describe('BcryptSecretHasher', () => {
  const hasher = new BcryptSecretHasher(4, PEPPER);

  it('hashes at the configured cost and verifies the secret against it', async () => {
    const hash = await hasher.hash('ogrKwV6h2sDvQvUFcLB604ep');
    expect(hash).toMatch(/^\$2b\$04\$[./A-Za-z0-9]{53}$/);
    expect(await hasher.verify('ogrKwV6h2sDvQvUFcLB604ep', hash)).toBe(true);
    expect(await hasher.verify('ogrKwV6h2sDvQvUFcLB604eq', hash)).toBe(false);
  });

  it('calls a hash cheaper than the configured cost (or malformed) cheaper, and one at or above it not', async () => {
    const atFive = new BcryptSecretHasher(5, PEPPER);
    expect(await atFive.isCheaper(await hasher.hash('ogrKwV6h2sDvQvUFcLB604ep'))).toBe(true);
    expect(await atFive.isCheaper(await atFive.hash('ogrKwV6h2sDvQvUFcLB604ep'))).toBe(false);
    expect(await hasher.isCheaper(await atFive.hash('ogrKwV6h2sDvQvUFcLB604ep'))).toBe(false);
    expect(await atFive.isCheaper('$2a$04$abcdefghijklmnopqrstuu5Xr0HRr4Wn8Hj3yGpPn0mSuc1RT0ze')).toBe(true);
    expect(await atFive.isCheaper('not-a-bcrypt-hash')).toBe(true);
  });

  it('makes fast verifiers that match only their secret, their stored hash and their pepper (docs/security.md)', async () => {
    const secret = 'ogrKwV6h2sDvQvUFcLB604ep';
    const stored = await hasher.hash(secret);
    const verifier = hasher.fastVerifier(secret, stored);
    expect(verifier).toMatch(/^v1\$[0-9a-f]{8}\$[A-Za-z0-9_-]{43}$/);
    expect(verifier).not.toContain(secret);
    expect(hasher.fastVerifier(secret, stored)).toBe(verifier);
    expect(hasher.fastMatches(secret, stored, verifier)).toBe(true);
    expect(hasher.fastMatches('ogrKwV6h2sDvQvUFcLB604eq', stored, verifier)).toBe(false);
    expect(hasher.fastMatches(secret, await hasher.hash(secret), verifier)).toBe(false);
    const rotated = new BcryptSecretHasher(4, `${PEPPER}, rotated`);
    expect(rotated.fastMatches(secret, stored, verifier)).toBe(false);
    expect(rotated.fastVerifier(secret, stored).split('$')[1]).not.toBe(verifier.split('$')[1]);
    for (const broken of ['', 'v1$', `v2${verifier.slice(2)}`, verifier.slice(0, -4), `${verifier}AAAA`]) {
      expect(hasher.fastMatches(secret, stored, broken)).toBe(false);
    }
  });

  it('treats a malformed stored hash as a mismatch, never an error (SecretHasher contract)', async () => {
    await expect(hasher.verify('secret', 'not-a-bcrypt-hash')).resolves.toBe(false);
    await expect(hasher.verify('secret', '')).resolves.toBe(false);
  });
});

describe('cryptoRandomSource', () => {
  it('returns the requested number of fresh bytes', () => {
    const a = cryptoRandomSource.bytes(32);
    expect(a).toHaveLength(32);
    expect(Buffer.from(a).equals(Buffer.from(cryptoRandomSource.bytes(32)))).toBe(false);
  });
});
