import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from '../rate-limiting/memory-rate-limiter';
import { StampCheckingLimiter, type StampGuardedLimiter } from '../rate-limiting/stamp-guarded-limiter';
import { Throttle } from '../rate-limiting/throttle';
import { GuardedMemoryRateLimiter, SeededRandom, aTenant } from '../testing';
import { type World, aWorld, rejectionOf } from '../testing/test-world';
import { AdmitRequest } from './admit-request';
import { ApiKeyVerifier } from './api-key-verifier';
import { FreshApiKeys } from './fresh-api-keys';
import { ManageApiKeys } from './manage-api-keys';

const ADDRESS = '203.0.113.7';
const PER_KEY = 3;
const FAILURES = 2;

let world: World;
let manage: ManageApiKeys;

/** Reads of the key store and of the stamp: what costs a round trip on Postgres. */
interface Trips {
  keyReads: number;
  stampReads: number;
}

/**
 * Admission wired as the app wires it, over the in-memory world: key rows kept by FreshApiKeys, and confirmed either
 * in the limiter's own atomic step (as on Postgres) or by reading the stamp first (as on SQLite).
 */
function admission(confirm: 'atomic' | 'stamp first') {
  const trips: Trips = { keyReads: 0, stampReads: 0 };
  const keys = world.apiKeys;
  const counted = Object.assign(Object.create(keys) as typeof keys, {
    findByPrefix: (prefix: string) => (trips.keyReads++, keys.findByPrefix(prefix)),
  });
  const versions = {
    stampOf: (tenantId: number) => (trips.stampReads++, world.versions.stampOf(tenantId)),
    stampsOf: (tenantId: number) => (trips.stampReads++, world.versions.stampsOf(tenantId)),
  };
  const limiter = confirm === 'atomic' ? new GuardedMemoryRateLimiter(world.clock, world.versions) : new MemoryRateLimiter(world.clock);
  const guarded: StampGuardedLimiter = limiter instanceof GuardedMemoryRateLimiter ? limiter : new StampCheckingLimiter(limiter, versions);
  const throttle = new Throttle(limiter, { perKeyPerMinute: PER_KEY, authFailuresPerMinute: FAILURES }, guarded);
  const verifier = new ApiKeyVerifier(new FreshApiKeys(counted, versions), world.hasher, world.clock, throttle);
  return { admit: new AdmitRequest(verifier, throttle, world.clock), throttle, trips };
}

async function issue(scopes: Parameters<ManageApiKeys['create']>[2] = ['bookings:read']) {
  const { raw, key } = await manage.create('alpine', 'channel manager', scopes, null);
  return { header: `Bearer ${raw}`, prefix: key.prefix, keyId: key.id };
}

beforeEach(async () => {
  world = await aWorld([aTenant('alpine')]);
  manage = new ManageApiKeys(world.tenants, world.apiKeys, world.hasher, new SeededRandom(7), world.clock);
});

describe.each(['atomic', 'stamp first'] as const)('AdmitRequest, kept keys confirmed %s', (confirm) => {
  it('lets a key holding the scope in, counting the request', async () => {
    const { admit } = admission(confirm);
    const { header, prefix } = await issue();
    const admitted = await admit.admit(header, ADDRESS, 'bookings:read');
    expect(admitted.principal).toMatchObject({ prefix, scopes: ['bookings:read'] });
    expect(admitted.standing).toMatchObject({ allowed: true, limit: PER_KEY, remaining: PER_KEY - 1 });
    expect((await admit.admit(header, ADDRESS, ['sites:read', 'bookings:read'])).standing.remaining).toBe(PER_KEY - 2);
  });

  describe('refuses with the first rule broken: 401 → 405 → 403 → 429', () => {
    it('401 before 405: a bad key for a request that names no operation', async () => {
      const { admit } = admission(confirm);
      expect((await rejectionOf(admit.admit(undefined, ADDRESS, null))).code).toBe('invalid_key');
    });

    it('401 before 403 and 429: a revoked key lacking the scope, at its limit', async () => {
      const { admit } = admission(confirm);
      const { header, prefix } = await issue(['sites:read']);
      for (let i = 0; i < PER_KEY; i++) await admit.admit(header, ADDRESS, 'sites:read');
      await manage.revoke('alpine', prefix);
      const refusal = await rejectionOf(admit.admit(header, ADDRESS, 'bookings:read'));
      expect(refusal.code).toBe('key_inactive');
      expect(refusal.details.refusedKey).toBeUndefined();
    });

    it('405 before 403: a key with no scope the operation could want, for a request naming none', async () => {
      const { admit } = admission(confirm);
      const { header, prefix } = await issue(['sites:read']);
      const refusal = await rejectionOf(admit.admit(header, ADDRESS, null));
      expect(refusal.code).toBe('no_such_operation');
      expect(refusal.details.refusedKey).toMatchObject({ principal: { prefix }, standing: { remaining: PER_KEY } });
    });

    it('405 before 429: a key at its limit', async () => {
      const { admit } = admission(confirm);
      const { header } = await issue();
      for (let i = 0; i < PER_KEY; i++) await admit.admit(header, ADDRESS, 'bookings:read');
      const refusal = await rejectionOf(admit.admit(header, ADDRESS, null));
      expect(refusal.code).toBe('no_such_operation');
      expect(refusal.details.refusedKey?.standing).toMatchObject({ remaining: 0 });
    });

    it('403 before 429: a key at its limit, lacking the scope', async () => {
      const { admit } = admission(confirm);
      const { header } = await issue(['bookings:read', 'sites:read']);
      for (let i = 0; i < PER_KEY; i++) await admit.admit(header, ADDRESS, 'sites:read');
      const refusal = await rejectionOf(admit.admit(header, ADDRESS, 'customers:read'));
      expect(refusal.code).toBe('permission_denied');
      expect(refusal.details.refusedKey?.standing).toMatchObject({ remaining: 0 });
    });

    it('429 last, with the key and its standing, and Retry-After', async () => {
      const { admit } = admission(confirm);
      const { header, prefix } = await issue();
      for (let i = 0; i < PER_KEY; i++) await admit.admit(header, ADDRESS, 'bookings:read');
      const refusal = await rejectionOf(admit.admit(header, ADDRESS, 'bookings:read'));
      expect(refusal.code).toBe('throttled');
      expect(refusal.details.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(refusal.details.refusedKey).toMatchObject({ principal: { prefix }, standing: { allowed: false, remaining: 0 } });
    });

    it('429 for an address out of failed attempts comes before anything else, and names no key', async () => {
      const { admit } = admission(confirm);
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
      const { admit, throttle } = admission(confirm);
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
      const { admit } = admission(confirm);
      const { header, prefix } = await issue();
      await admit.admit(header, ADDRESS, 'bookings:read');
      await manage.revoke('alpine', prefix);
      expect((await rejectionOf(admit.admit(header, ADDRESS, scope))).code).toBe('key_inactive');
    });

    it('hears 401 also on an uncounted admission (a conditional GET), and nothing is counted', async () => {
      const { admit, throttle } = admission(confirm);
      const { header, prefix } = await issue();
      const { principal } = await admit.admit(header, ADDRESS, 'bookings:read');
      await manage.revoke('alpine', prefix);
      expect((await rejectionOf(admit.admitUncounted(header, ADDRESS, 'bookings:read'))).code).toBe('key_inactive');
      expect(await throttle.peekKey(principal)).toMatchObject({ remaining: PER_KEY - 1 });
    });

    it('hears 401 when another program revoked it in the store (the stamp moved)', async () => {
      const { admit } = admission(confirm);
      const { header, prefix } = await issue();
      await admit.admit(header, ADDRESS, 'bookings:read');
      world.store.apiKeys.find((k) => k.prefix === prefix)!.revokedAt = world.clock.now();
      world.store.keysChanged();
      expect((await rejectionOf(admit.admit(header, ADDRESS, 'bookings:read'))).code).toBe('key_inactive');
    });
  });

  describe('an uncounted admission (a conditional GET)', () => {
    it('counts nothing until asked, shows the standing without the request, then counts once', async () => {
      const { admit, throttle } = admission(confirm);
      const { header } = await issue();
      await admit.admit(header, ADDRESS, 'bookings:read');
      const admitted = await admit.admitUncounted(header, ADDRESS, 'bookings:read');
      expect(await admitted.standing()).toMatchObject({ remaining: PER_KEY - 1 });
      expect(await throttle.peekKey(admitted.principal)).toMatchObject({ remaining: PER_KEY - 1 });
      expect(await admitted.count()).toMatchObject({ remaining: PER_KEY - 2 });
    });

    it('refuses in the same order, and throws throttled from count() past the limit', async () => {
      const { admit } = admission(confirm);
      const { header } = await issue();
      expect((await rejectionOf(admit.admitUncounted(header, ADDRESS, null))).code).toBe('no_such_operation');
      expect((await rejectionOf(admit.admitUncounted(header, ADDRESS, 'sites:read'))).code).toBe('permission_denied');
      for (let i = 0; i < PER_KEY; i++) await admit.admit(header, ADDRESS, 'bookings:read');
      const admitted = await admit.admitUncounted(header, ADDRESS, 'bookings:read');
      expect((await rejectionOf(admitted.count())).code).toBe('throttled');
    });
  });

  it('admits a kept key without reading the key store again', async () => {
    const { admit, trips } = admission(confirm);
    const { header } = await issue();
    await admit.admit(header, ADDRESS, 'bookings:read');
    // The first request recorded the key's first use, which moved the stamp: the second reads the row afresh.
    await admit.admit(header, ADDRESS, 'bookings:read');
    const before = { ...trips };
    await admit.admit(header, ADDRESS, 'bookings:read');
    expect(trips.keyReads - before.keyReads).toBe(0);
    // The stamp is read once (SQLite: the engine's counter), or not at all when the limiter checks it as it counts.
    expect(trips.stampReads - before.stampReads).toBe(confirm === 'atomic' ? 0 : 1);
  });

  describe('a read admitted early (admitRead)', () => {
    /** Two requests, so that the key row is kept (the first use moved the stamp, see above). */
    async function keptKey(admit: AdmitRequest) {
      const key = await issue();
      await admit.admit(key.header, ADDRESS, 'bookings:read');
      await admit.admit(key.header, ADDRESS, 'bookings:read');
      return key;
    }

    it('starts a kept key early; the count confirms the row and gives the standing', async () => {
      const { admit } = admission(confirm);
      const { header, prefix } = await keptKey(admit);
      const read = await admit.admitRead(header, ADDRESS, 'bookings:read');
      if (!read.early) throw new Error('not early');
      expect(read.principal).toMatchObject({ prefix });
      const confirmed = await read.confirmed;
      expect(confirmed).toMatchObject({ principal: { prefix }, standing: { allowed: true, remaining: 0 } });
      expect(confirmed?.principal.stamp).toEqual(read.principal.stamp);
    });

    it('confirms nothing once the key changed after it was kept, and admitAfresh then refuses the revoked key', async () => {
      const { admit } = admission(confirm);
      const { header, prefix } = await keptKey(admit);
      await manage.revoke('alpine', prefix);
      // The kept row still shows the key active; the count sees that the tenant changed since.
      const read = await admit.admitRead(header, ADDRESS, 'bookings:read');
      if (!read.early) throw new Error('not early');
      expect(await read.confirmed).toBeNull();
      expect((await rejectionOf(admit.admitAfresh(header, ADDRESS, 'bookings:read'))).code).toBe('key_inactive');
    });

    it('throws throttled past the limit, and starts that key early no more in this window', async () => {
      const { admit } = admission(confirm);
      const { header } = await keptKey(admit);
      await admit.admit(header, ADDRESS, 'bookings:read');
      const read = await admit.admitRead(header, ADDRESS, 'bookings:read');
      if (!read.early) throw new Error('not early');
      expect((await rejectionOf(read.confirmed)).code).toBe('throttled');
      expect((await rejectionOf(admit.admitRead(header, ADDRESS, 'bookings:read'))).code).toBe('throttled');
      world.clock.advance(60_000);
      expect((await admit.admitRead(header, ADDRESS, 'bookings:read')).early).toBe(true);
    });

    it('admits outright a key that is not kept, and refuses a scope it lacks before anything starts', async () => {
      const { admit } = admission(confirm);
      const { header } = await issue();
      const first = await admit.admitRead(header, ADDRESS, 'bookings:read');
      expect(first.early).toBe(false);
      await admit.admit(header, ADDRESS, 'bookings:read');
      expect((await rejectionOf(admit.admitRead(header, ADDRESS, 'sites:read'))).code).toBe('permission_denied');
    });
  });
});

describe('AdmitRequest, kept keys and a data stamp of their own (as on SQL: a booking moves only the data stamp)', () => {
  /** Admission over stamps the test moves by hand: `data` as any write would move it, `keys` as a key change would. */
  function handStamped() {
    const stamps = { data: 1, keys: 1, keyReads: 0 };
    const versions = {
      stampOf: async () => stamps.data,
      stampsOf: async () => ({ data: stamps.data, keys: stamps.keys }),
    };
    const keys = world.apiKeys;
    const counted = Object.assign(Object.create(keys) as typeof keys, {
      findByPrefix: (prefix: string) => (stamps.keyReads++, keys.findByPrefix(prefix)),
    });
    const limiter = new MemoryRateLimiter(world.clock);
    const throttle = new Throttle(
      limiter,
      { perKeyPerMinute: 100, authFailuresPerMinute: FAILURES },
      new StampCheckingLimiter(limiter, versions),
    );
    const verifier = new ApiKeyVerifier(new FreshApiKeys(counted, versions), world.hasher, world.clock, throttle);
    return { admit: new AdmitRequest(verifier, throttle, world.clock), stamps };
  }

  it('keeps the key row across a data change, confirms with the new data stamp, and starts the next read with it', async () => {
    const { admit, stamps } = handStamped();
    const { header } = await issue();
    await admit.admit(header, ADDRESS, 'bookings:read');
    const keyReads = stamps.keyReads;
    stamps.data = 2;
    const read = await admit.admitRead(header, ADDRESS, 'bookings:read');
    if (!read.early) throw new Error('not early');
    expect(read.principal.stamp).toBe(1);
    const confirmed = await read.confirmed;
    // The caller sees the stamps differ and reads again under 2, without admitting the request a second time.
    expect(confirmed?.principal.stamp).toBe(2);
    expect(confirmed?.standing.remaining).toBe(98);
    const next = await admit.admitRead(header, ADDRESS, 'bookings:read');
    if (!next.early) throw new Error('not early');
    expect(next.principal.stamp).toBe(2);
    expect((await next.confirmed)?.principal.stamp).toBe(2);
    expect(stamps.keyReads).toBe(keyReads);
  });

  it('confirms nothing once the key stamp moved, and the key is read again', async () => {
    const { admit, stamps } = handStamped();
    const { header } = await issue();
    await admit.admit(header, ADDRESS, 'bookings:read');
    stamps.keys = 2;
    const read = await admit.admitRead(header, ADDRESS, 'bookings:read');
    if (!read.early) throw new Error('not early');
    expect(await read.confirmed).toBeNull();
    const keyReads = stamps.keyReads;
    expect((await admit.admitAfresh(header, ADDRESS, 'bookings:read')).principal.stamp).toBe(1);
    expect(stamps.keyReads).toBe(keyReads + 1);
  });

  it('gives admit and admitUncounted the data stamp the confirming step read', async () => {
    const { admit, stamps } = handStamped();
    const { header } = await issue();
    await admit.admit(header, ADDRESS, 'bookings:read');
    stamps.data = 5;
    expect((await admit.admit(header, ADDRESS, 'bookings:read')).principal.stamp).toBe(5);
    stamps.data = 6;
    expect((await admit.admitUncounted(header, ADDRESS, 'bookings:read')).principal.stamp).toBe(6);
  });
});
