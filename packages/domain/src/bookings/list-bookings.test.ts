import { beforeEach, describe, expect, it } from 'vitest';
import type { Principal } from '../api-keys/api-key';
import type { BookingFilter } from './booking';
import type { PageHint, PageRequest } from '../shared/pagination';
import { aBooking, aSite, aTenant } from '../testing';
import { type World, aWorld, expectCursorWalkMatchesOffsets, rejectionOf, walkByCursor } from '../testing/test-world';
import { GetBooking } from './get-booking';
import { ListBookings } from './list-bookings';

const at = (iso: string) => new Date(iso);
const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);

let world: World;
let list: ListBookings;

beforeEach(async () => {
  world = await aWorld([
    aTenant('alpine', {
      sites: [aSite({ id: 1, siteNumber: 'A1' }), aSite({ id: 2, siteNumber: 'B7' })],
      bookings: [
        aBooking({ id: 1, createdAt: at('2026-03-01T10:00:00Z'), status: 'pending', checkInDate: '2026-07-01' }),
        aBooking({ id: 2, createdAt: at('2026-03-01T12:00:00Z'), status: 'confirmed', checkInDate: '2026-07-10', siteId: 2 }),
        aBooking({ id: 3, createdAt: at('2026-03-01T12:00:00Z'), status: 'cancelled', checkInDate: '2026-07-11' }),
        aBooking({ id: 4, createdAt: at('2026-03-01T11:00:00Z'), status: 'checked_in', checkInDate: '2026-07-20' }),
        aBooking({ id: 5, createdAt: at('2026-03-01T12:00:00.001Z'), status: 'confirmed', checkInDate: '2026-06-30' }),
      ],
    }),
    aTenant('lakeside', {
      sites: [aSite({ id: 1, siteNumber: 'L1' })],
      bookings: [aBooking({ id: 1, guestFirstName: 'Lena', createdAt: at('2026-03-02T00:00:00Z') }), aBooking({ id: 500 })],
    }),
    aTenant('empty'),
  ]);
  list = new ListBookings(world.bookings);
});

const firstPage: PageRequest = { page: 1, pageSize: 50 };
const read = (filter: BookingFilter = {}, principal: Principal = world.principal('alpine')) => list.execute(principal, filter, firstPage);

describe('ListBookings', () => {
  it('orders by created_at descending, then id descending, with milliseconds counting', async () => {
    expect(ids((await read()).results)).toEqual([5, 3, 2, 4, 1]);
  });

  it('shows only the caller tenant rows and counts only them', async () => {
    const page = await read({}, world.principal('lakeside'));
    expect(page.count).toBe(2);
    expect(page.results.map((b) => [b.id, b.siteNumber])).toEqual([
      [1, 'L1'],
      [500, 'L1'],
    ]);
  });

  it('joins the site number of each booking', async () => {
    expect((await read()).results.find((b) => b.id === 2)?.siteNumber).toBe('B7');
  });

  it.each([
    ['confirmed', [5, 2]],
    ['cancelled', [3]],
    ['checked_in', [4]], // unknown statuses are stored verbatim and still match exactly
    ['Confirmed', []],
    ['confirmed ', []],
    ['archived', []],
  ])('filters status %j by exact match', async (status, expected) => {
    const page = await read({ status });
    expect(ids(page.results)).toEqual(expected);
    expect(page.count).toBe(expected.length);
  });

  it('gives an unknown status an empty page 1, not an error', async () => {
    expect(await read({ status: 'archived' })).toMatchObject({ count: 0, page: 1, hasNext: false, hasPrevious: false, results: [] });
  });

  it.each([
    [{ checkInFrom: '2026-07-10' }, [3, 2, 4]],
    [{ checkInTo: '2026-07-10' }, [5, 2, 1]],
    [{ checkInFrom: '2026-07-10', checkInTo: '2026-07-11' }, [3, 2]],
    [{ checkInFrom: '2026-07-11', checkInTo: '2026-07-10' }, []],
    [{ checkInFrom: '2026-07-01', checkInTo: '2026-07-01' }, [1]],
    [{ status: 'confirmed', checkInFrom: '2026-07-01' }, [2]],
  ])('filters check-in dates inclusively: %j', async (filter, expected) => {
    const page = await read(filter);
    expect(ids(page.results)).toEqual(expected);
    expect(page.count).toBe(expected.length);
  });

  it('gives a tenant without bookings page 1 with count 0, and refuses its page 2 with invalid_page', async () => {
    const empty = world.principal('empty');
    expect(await read({}, empty)).toMatchObject({ count: 0, page: 1, results: [] });
    expect((await rejectionOf(list.execute(empty, {}, { page: 2, pageSize: 50 }))).code).toBe('invalid_page');
  });

  it('resolves page "last" and refuses a page past the end', async () => {
    const principal = world.principal('alpine');
    expect(await list.execute(principal, {}, { page: 'last', pageSize: 2 })).toMatchObject({ page: 3, hasNext: false, hasPrevious: true });
    expect(ids((await list.execute(principal, {}, { page: 'last', pageSize: 2 })).results)).toEqual([1]);
    expect((await rejectionOf(list.execute(principal, {}, { page: 4, pageSize: 2 }))).code).toBe('invalid_page');
  });

  it('hands out the last row as the cursor only when a next page exists', async () => {
    const principal = world.principal('alpine');
    const first = await list.execute(principal, {}, { page: 1, pageSize: 2 });
    expect(first.nextCursor).toEqual({ key: '2026-03-01T12:00:00.000Z', id: 3 });
    expect((await list.execute(principal, {}, { page: 3, pageSize: 2 })).nextCursor).toBeUndefined();
  });

  it('reads after the hinted row when the hint matches the page and size, by offset otherwise', async () => {
    const principal = world.principal('alpine');
    const after = { key: '2026-03-01T11:00:00.000Z', id: 4 }; // row 4 is fourth in order
    const matching: PageHint = { page: 2, pageSize: 2, after };
    expect(ids((await list.execute(principal, {}, { page: 2, pageSize: 2 }, matching)).results)).toEqual([1]);
    expect(ids((await list.execute(principal, {}, { page: 2, pageSize: 3 }, matching)).results)).toEqual([4, 1]);
    expect(ids((await list.execute(principal, {}, { page: 2, pageSize: 2 }, { ...matching, page: 3 })).results)).toEqual([2, 4]);
  });

  it('refuses a key without bookings:read', async () => {
    const noRead = world.principal('alpine', ['bookings:write', 'sites:read', 'customers:read', 'invoices:read']);
    expect((await rejectionOf(list.execute(noRead, {}, firstPage))).code).toBe('permission_denied');
  });
});

describe('ListBookings: walking 230 rows in pages of 50', () => {
  beforeEach(async () => {
    // Three bookings share each creation time, so the id tie-break decides within each group.
    const bookings = Array.from({ length: 230 }, (_, i) =>
      aBooking({ id: i + 1, createdAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 60_000) }),
    );
    world = await aWorld([
      aTenant('big', { sites: [aSite({ id: 1 })], bookings }),
      aTenant('other', { sites: [aSite({ id: 1 })], bookings: bookings.slice(0, 7) }),
    ]);
    list = new ListBookings(world.bookings);
  });

  const readBig = (request: PageRequest, hint?: PageHint) => list.execute(world.principal('big'), {}, request, hint);

  it('visits every row exactly once by following cursors, and sees the same pages as offset reads', async () => {
    expect((await walkByCursor(readBig, 50)).map((p) => [p.count, p.results.length])).toEqual([
      [230, 50],
      [230, 50],
      [230, 50],
      [230, 50],
      [230, 30],
    ]);
    await expectCursorWalkMatchesOffsets(readBig, 50, 230);
  });

  it('neither repeats nor skips a row when a new booking arrives mid-walk', async () => {
    const tenantId = world.principal('big').tenantId;
    let inserted = false;
    const pages = await walkByCursor(readBig, 50, () => {
      if (inserted) return;
      inserted = true;
      const createdAt = new Date(Date.UTC(2027, 0, 1));
      world.store.bookings.push({ ...aBooking({ id: 231, createdAt }), tenantId, updatedAt: createdAt, quoteId: null, extras: [] });
    });
    const visited = pages.flatMap((p) => ids(p.results));
    expect(new Set(visited).size).toBe(visited.length);
    expect([...visited].sort((a, b) => a - b)).toEqual(Array.from({ length: 230 }, (_, i) => i + 1));
  });
});

describe('GetBooking', () => {
  const get = () => new GetBooking(world.bookings);

  it('returns the caller tenant booking with that id', async () => {
    expect(await get().execute(world.principal('lakeside'), 1)).toMatchObject({ id: 1, guestFirstName: 'Lena', siteNumber: 'L1' });
    expect(await get().execute(world.principal('alpine'), 1)).toMatchObject({ id: 1, guestFirstName: 'Anna', siteNumber: 'A1' });
  });

  it('gives not_found for another tenant booking, never a permission error', async () => {
    expect((await rejectionOf(get().execute(world.principal('alpine'), 500))).code).toBe('not_found');
  });

  it.each([0, -1, 2_147_483_648, 2 ** 53, Number.POSITIVE_INFINITY, 1.5])(
    'gives not_found for %s, which no backend stores, without asking storage',
    async (id) => {
      world.bookings.findById = () => Promise.reject(new Error('storage asked'));
      expect((await rejectionOf(get().execute(world.principal('alpine'), id))).code).toBe('not_found');
    },
  );

  it('gives not_found for an id that exists nowhere', async () => {
    expect((await rejectionOf(get().execute(world.principal('alpine'), 99))).code).toBe('not_found');
  });
});
