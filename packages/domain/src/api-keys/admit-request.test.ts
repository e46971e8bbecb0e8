import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from '../rate-limiting/memory-rate-limiter';
import { Throttle } from '../rate-limiting/throttle';
import { SeededRandom, aTenant } from '../testing';
import { type World, aWorld, rejectionOf } from '../testing/test-world';
import { AdmitRequest } from './admit-request';
import { ApiKeyVerifier } from './api-key-verifier';
import { ManageApiKeys } from './manage-api-keys';

const ADDRESS = '203.0.113.7';
const PER_KEY = 3;
const FAILURES = 2;

let world: World;
let manage: ManageApiKeys;

/** Admission wired as the app wires it, over the in-memory world. */
function admission() {
  const throttle = new Throttle(new MemoryRateLimiter(world.clock), { perKeyPerMinute: PER_KEY, authFailuresPerMinute: FAILURES });
  const verifier = new ApiKeyVerifier(world.apiKeys, world.hasher, world.clock, throttle);
  return { admit: new AdmitRequest(verifier, throttle), throttle };
}

async function issue(scopes: Parameters<ManageApiKeys['create']>[2] = ['bookings:read']) {
  const { raw, key } = await manage.create('alpine', 'channel manager', scopes, null);
  return { header: `Bearer ${raw}`, prefix: key.prefix, keyId: key.id };
}

beforeEach(async () => {
  world = await aWorld([aTenant('alpine')]);
  manage = new ManageApiKeys(world.tenants, world.apiKeys, world.hasher, new SeededRandom(7), world.clock);
});

describe('AdmitRequest', () => {
  it('lets a key holding the scope in, counting the request', async () => {
    const { admit } = admission();
    const { header, prefix } = await issue();
    const admitted = await admit.admit(header, ADDRESS, 'bookings:read');
    expect(admitted.principal).toMatchObject({ prefix, scopes: ['bookings:read'] });
    expect(admitted.standing).toMatchObject({ allowed: true, limit: PER_KEY, remaining: PER_KEY - 1 });
    expect((await admit.admit(header, ADDRESS, ['sites:read', 'bookings:read'])).standing.remaining).toBe(PER_KEY - 2);
  });

  describe('refuses with the first rule broken: 401 → 405 → 403 → 429', () => {
    it('401 before 405: a bad key for a request that names no operation', async () => {
      const { admit } = admission();
      expect((await rejectionOf(admit.admit(undefined, ADDRESS, null))).code).toBe('invalid_key');
    });

    it('401 before 403 and 429: a revoked key lacking the scope, at its limit', async () => {
      const { admit } = admission();
      const { header, prefix } = await issue(['sites:read']);
      for (let i = 0; i < PER_KEY; i++) await admit.admit(header, ADDRESS, 'sites:read');
      await manage.revoke('alpine', prefix);
      const refusal = await rejectionOf(admit.admit(header, ADDRESS, 'bookings:read'));
      expect(refusal.code).toBe('key_inactive');
      expect(refusal.details.refusedKey).toBeUndefined();
    });

    it('405 before 403: a key with no scope the operation could want, for a request naming none', async () => {
      const { admit } = admission();
      const { header, prefix } = await issue(['sites:read']);
      const refusal = await rejectionOf(admit.admit(header, ADDRESS, null));
      expect(refusal.code).toBe('no_such_operation');
      expect(refusal.details.refusedKey).toMatchObject({ principal: { prefix }, standing: { remaining: PER_KEY } });
    });

    it('405 before 429: a key at its limit', async () => {
      const { admit } = admission();
      const { header } = await issue();
      for (let i = 0; i < PER_KEY; i++) await admit.admit(header, ADDRESS, 'bookings:read');
      const refusal = await rejectionOf(admit.admit(header, ADDRESS, null));
      expect(refusal.code).toBe('no_such_operation');
      expect(refusal.details.refusedKey?.standing).toMatchObject({ remaining: 0 });
    });

    it('403 before 429: a key at its limit, lacking the scope', async () => {
      const { admit } = admission();
      const { header } = await issue(['bookings:read', 'sites:read']);
      for (let i = 0; i < PER_KEY; i++) await admit.admit(header, ADDRESS, 'sites:read');
      const refusal = await rejectionOf(admit.admit(header, ADDRESS, 'customers:read'));
      expect(refusal.code).toBe('permission_denied');
      expect(refusal.details.refusedKey?.standing).toMatchObject({ remaining: 0 });
    });

    it('429 last, with the key and its standing, and Retry-After', async () => {
      const { admit } = admission();
      const { header, prefix } = await issue();
      for (let i = 0; i < PER_KEY; i++) await admit.admit(header, ADDRESS, 'bookings:read');
      const refusal = await rejectionOf(admit.admit(header, ADDRESS, 'bookings:read'));
      expect(refusal.code).toBe('throttled');
      expect(refusal.details.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(refusal.details.refusedKey).toMatchObject({ principal: { prefix }, standing: { allowed: false, remaining: 0 } });
    });

    it('429 for an address out of failed attempts comes before anything else, and names no key', async () => {
      const { admit } = admission();
      const { header } = await issue();
      await admit.admit(header, ADDRESS, 'bookings:read');
      for (let i = 0; i < FAILURES; i++) await rejectionOf(admit.admit('Bearer nope', ADDRESS, 'bookings:read'));
      const refusal = await rejectionOf(admit.admit('Bearer nope', ADDRESS, null));
      expect(refusal.code).toBe('throttled');
      expect(refusal.details.refusedKey).toBeUndefined();
      // A key already checked costs no hash work, so it still gets in from that address.
      await expect(admit.admit(header, ADDRESS, 'bookings:read')).resolves.toBeDefined();
    });

    it('never counts a 405 or a 403 against the key', async () => {
      const { admit, throttle } = admission();
      const { header } = await issue(['sites:read']);
      const { principal } = await admit.admit(header, ADDRESS, 'sites:read');
      await rejectionOf(admit.admit(header, ADDRESS, null));
      await rejectionOf(admit.admit(header, ADDRESS, 'bookings:read'));
      expect(await throttle.peekKey(principal)).toMatchObject({ remaining: PER_KEY - 1 });
    });
  });

  describe('a key revoked between two requests', () => {
    it.each([
      ['an admitted request', 'bookings:read' as const],
      ['a 403', 'customers:read' as const],
      ['a 405', null],
    ])('hears 401 key_inactive on the next request, where it would have had %s', async (_, scope) => {
      const { admit } = admission();
      const { header, prefix } = await issue();
      await admit.admit(header, ADDRESS, 'bookings:read');
      await manage.revoke('alpine', prefix);
      expect((await rejectionOf(admit.admit(header, ADDRESS, scope))).code).toBe('key_inactive');
    });

    it('hears 401 also on an uncounted admission (a conditional GET), and nothing is counted', async () => {
      const { admit, throttle } = admission();
      const { header, prefix } = await issue();
      const { principal } = await admit.admit(header, ADDRESS, 'bookings:read');
      await manage.revoke('alpine', prefix);
      expect((await rejectionOf(admit.admitUncounted(header, ADDRESS, 'bookings:read'))).code).toBe('key_inactive');
      expect(await throttle.peekKey(principal)).toMatchObject({ remaining: PER_KEY - 1 });
    });

    it('hears 401 when another program revoked it in the store', async () => {
      const { admit } = admission();
      const { header, prefix } = await issue();
      await admit.admit(header, ADDRESS, 'bookings:read');
      world.store.apiKeys.find((k) => k.prefix === prefix)!.revokedAt = world.clock.now();
      expect((await rejectionOf(admit.admit(header, ADDRESS, 'bookings:read'))).code).toBe('key_inactive');
    });
  });

  describe('an uncounted admission (a conditional GET)', () => {
    it('counts nothing until asked, shows the standing without the request, then counts once', async () => {
      const { admit, throttle } = admission();
      const { header } = await issue();
      await admit.admit(header, ADDRESS, 'bookings:read');
      const admitted = await admit.admitUncounted(header, ADDRESS, 'bookings:read');
      expect(await admitted.standing()).toMatchObject({ remaining: PER_KEY - 1 });
      expect(await throttle.peekKey(admitted.principal)).toMatchObject({ remaining: PER_KEY - 1 });
      expect(await admitted.count()).toMatchObject({ remaining: PER_KEY - 2 });
    });

    it('refuses in the same order, and throws throttled from count() past the limit', async () => {
      const { admit } = admission();
      const { header } = await issue();
      expect((await rejectionOf(admit.admitUncounted(header, ADDRESS, null))).code).toBe('no_such_operation');
      expect((await rejectionOf(admit.admitUncounted(header, ADDRESS, 'sites:read'))).code).toBe('permission_denied');
      for (let i = 0; i < PER_KEY; i++) await admit.admit(header, ADDRESS, 'bookings:read');
      const admitted = await admit.admitUncounted(header, ADDRESS, 'bookings:read');
      expect((await rejectionOf(admitted.count())).code).toBe('throttled');
    });
  });
});
