import { describe, expect, it } from 'vitest';
import { aBooking, aSite, aTenant } from '../testing';
import { aWorld } from '../testing/test-world';
import { GetBooking } from '../bookings/get-booking';
import { ListBookings } from '../bookings/list-bookings';
import type { DataStamp, DataVersions } from './data-versions';
import { FreshReadCache } from './fresh-read-cache';

/** Stamps the test moves by hand; `reads` counts how often the cache asked. */
class HandStamps implements Pick<DataVersions, 'stampOf'> {
  private readonly stamps = new Map<number, number>();
  reads = 0;

  async stampOf(tenantId: number): Promise<DataStamp> {
    this.reads++;
    return this.stamps.get(tenantId) ?? 0;
  }

  write(tenantId: number): void {
    this.stamps.set(tenantId, (this.stamps.get(tenantId) ?? 0) + 1);
  }
}

/** A load that counts its calls and returns `value` followed by the call number. */
function counting(value: string) {
  const load = async () => `${value}#${++load.calls}`;
  load.calls = 0;
  return load;
}

const one = () => 1;

describe('FreshReadCache', () => {
  it('serves a second read from memory while the stamp is unchanged', async () => {
    const cache = new FreshReadCache(new HandStamps(), undefined, 0);
    const load = counting('page');
    expect(await cache.read({ tenantId: 1 }, 'k', one, load)).toBe('page#1');
    expect(await cache.read({ tenantId: 1 }, 'k', one, load)).toBe('page#1');
    expect(load.calls).toBe(1);
  });

  it('loads again after the tenant stamp moved, and only for that tenant', async () => {
    const stamps = new HandStamps();
    const cache = new FreshReadCache(stamps, undefined, 0);
    const a = counting('a');
    const b = counting('b');
    await cache.read({ tenantId: 1 }, 'k', one, a);
    await cache.read({ tenantId: 2 }, 'k', one, b);
    stamps.write(1);
    expect(await cache.read({ tenantId: 1 }, 'k', one, a)).toBe('a#2');
    expect(await cache.read({ tenantId: 2 }, 'k', one, b)).toBe('b#1');
  });

  it('hands a load the value kept for its key under an earlier stamp, and nothing the first time', async () => {
    const stamps = new HandStamps();
    const cache = new FreshReadCache(stamps, undefined, 0);
    const seen: Array<string | undefined> = [];
    const load = async (earlier: string | undefined) => {
      seen.push(earlier);
      return `v${seen.length}`;
    };
    await cache.read({ tenantId: 1 }, 'k', one, load);
    stamps.write(1);
    await cache.read({ tenantId: 1 }, 'k', one, load);
    await cache.read({ tenantId: 2 }, 'k', one, load);
    expect(seen).toEqual([undefined, 'v1', undefined]);
  });

  it('keeps keys of different tenants apart', async () => {
    const cache = new FreshReadCache(new HandStamps(), undefined, 0);
    await cache.read({ tenantId: 1 }, 'k', one, async () => 'tenant 1');
    expect(await cache.read({ tenantId: 2 }, 'k', one, async () => 'tenant 2')).toBe('tenant 2');
    expect(await cache.read({ tenantId: 1 }, 'k', one, async () => 'never')).toBe('tenant 1');
  });

  it('reads the stamp before loading, so a write during the load is seen by the next read', async () => {
    const stamps = new HandStamps();
    const cache = new FreshReadCache(stamps, undefined, 0);
    let data = 'before';
    // The write commits while the load runs: the load may see either state, the next read must see the new one.
    await cache.read({ tenantId: 1 }, 'k', one, async () => {
      const seen = data;
      data = 'after';
      stamps.write(1);
      return seen;
    });
    expect(await cache.read({ tenantId: 1 }, 'k', one, async () => data)).toBe('after');
  });

  it('takes the stamp a reader brings (read while its key was checked) instead of reading one', async () => {
    const stamps = new HandStamps();
    const cache = new FreshReadCache(stamps, undefined, 0);
    const load = counting('v');
    await cache.read({ tenantId: 1, stamp: 0 }, 'k', one, load);
    expect(await cache.read({ tenantId: 1, stamp: 0 }, 'k', one, load)).toBe('v#1');
    expect(stamps.reads).toBe(0);
    stamps.write(1);
    expect(await cache.read({ tenantId: 1, stamp: 1 }, 'k', one, load)).toBe('v#2');
  });

  it('keeps a key only from its second read on, so one pass over many keys leaves nothing behind', async () => {
    const cache = new FreshReadCache(new HandStamps(), 1_000, 2);
    const load = counting('p');
    await cache.read({ tenantId: 1 }, 'page 1', one, load);
    expect(cache.size).toBe(0);
    await cache.read({ tenantId: 1 }, 'page 1', one, load);
    expect(cache.size).toBe(1);
    expect(await cache.read({ tenantId: 1 }, 'page 1', one, load)).toBe('p#2');
    // The doorkeeper forgets the oldest of its two keys: a walk over many pages is never kept.
    for (const page of ['a', 'b', 'c', 'a', 'b', 'c']) await cache.read({ tenantId: 1 }, page, one, async () => page);
    expect(cache.size).toBe(1);
  });

  it('lets concurrent reads of one key share one load', async () => {
    const cache = new FreshReadCache(new HandStamps(), undefined, 0);
    let release!: (v: string) => void;
    let calls = 0;
    const load = () => {
      calls++;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const reads = Promise.all([
      cache.read({ tenantId: 1 }, 'k', one, load),
      cache.read({ tenantId: 1 }, 'k', one, load),
      cache.read({ tenantId: 1 }, 'k', one, load),
    ]);
    await new Promise((r) => setTimeout(r, 0));
    release('shared');
    expect(await reads).toEqual(['shared', 'shared', 'shared']);
    expect(calls).toBe(1);
  });

  it('keeps no failed load: the next read tries again', async () => {
    const cache = new FreshReadCache(new HandStamps(), undefined, 0);
    await expect(cache.read({ tenantId: 1 }, 'k', one, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.read({ tenantId: 1 }, 'k', one, async () => 'ok')).toBe('ok');
  });

  it('evicts the least recently used entries beyond its weight budget, and keeps nothing heavier than it', async () => {
    const cache = new FreshReadCache(new HandStamps(), 10, 0);
    const loads = { a: counting('a'), b: counting('b'), c: counting('c') };
    await cache.read({ tenantId: 1 }, 'a', () => 4, loads.a);
    await cache.read({ tenantId: 1 }, 'b', () => 4, loads.b);
    await cache.read({ tenantId: 1 }, 'a', () => 4, loads.a); // a is now the most recently used
    await cache.read({ tenantId: 1 }, 'c', () => 4, loads.c); // 12 > 10: b goes
    expect(cache.size).toBe(2);
    await cache.read({ tenantId: 1 }, 'a', () => 4, loads.a);
    await cache.read({ tenantId: 1 }, 'b', () => 4, loads.b);
    expect([loads.a.calls, loads.b.calls]).toEqual([1, 2]);
    await cache.read(
      { tenantId: 1 },
      'huge',
      () => 11,
      async () => 'x',
    );
    await cache
      .read(
        { tenantId: 1 },
        'huge',
        () => 11,
        async () => 'y',
      )
      .then((v) => expect(v).toBe('y'));
  });
});

describe('list use cases over a FreshReadCache', () => {
  it('never answer from before a committed write, whoever made it', async () => {
    const world = await aWorld([
      aTenant('alpine', { sites: [aSite({ id: 1 })], bookings: [aBooking({ id: 1, status: 'pending', checkInDate: '2026-07-01' })] }),
    ]);
    const cache = new FreshReadCache(world.versions, undefined, 0);
    const list = new ListBookings(world.bookings, cache);
    const get = new GetBooking(world.bookings, cache);
    const principal = world.principal('alpine');
    const page = { page: 1, pageSize: 50 };

    const first = await list.execute(principal, {}, page);
    expect(await list.execute(principal, {}, page)).toBe(first); // the very same object: served from memory
    expect((await get.execute(principal, 1)).status).toBe('pending');

    await world.bookings.updateStatus(first.results[0]!.tenantId, 1, 'pending', 'confirmed', 0);
    expect((await list.execute(principal, {}, page)).results[0]!.status).toBe('confirmed');
    expect((await get.execute(principal, 1)).status).toBe('confirmed');
    expect((await list.execute(principal, { status: 'pending' }, page)).count).toBe(0);
  });
});

describe('ListBookings cache keys', () => {
  it('keep a free-text status from being read as another filter', async () => {
    const world = await aWorld([
      aTenant('alpine', {
        sites: [aSite({ id: 1 })],
        bookings: [aBooking({ id: 1, status: 'pending', checkInDate: '2026-07-01', checkOutDate: '2026-07-02' })],
      }),
    ]);
    const list = new ListBookings(world.bookings, new FreshReadCache(world.versions, undefined, 0));
    const principal = world.principal('alpine');
    const page = { page: 1, pageSize: 50 };
    expect((await list.execute(principal, { status: 'pending', checkInFrom: '2026-07-01' }, page)).count).toBe(1);
    expect((await list.execute(principal, { status: 'pending&2026-07-01' }, page)).count).toBe(0);
    expect((await list.execute(principal, { status: 'pending' }, { page: 1, pageSize: 5 })).pageSize).toBe(5);
  });
});
