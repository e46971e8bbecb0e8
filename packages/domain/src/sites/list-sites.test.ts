import { beforeEach, describe, expect, it } from 'vitest';
import { aSite, aTenant } from '../testing';
import { type World, aWorld, expectCursorWalkMatchesOffsets, rejectionOf } from '../testing/test-world';
import { ListSites } from './list-sites';

let world: World;
let list: ListSites;

beforeEach(async () => {
  world = await aWorld([
    aTenant('alpine', {
      siteTypes: [
        { id: 1, name: 'Tent pitch' },
        { id: 2, name: 'Camper' },
      ],
      sites: [
        aSite({ id: 1, siteNumber: 'B1' }),
        aSite({ id: 2, siteNumber: 'a1' }),
        aSite({ id: 3, siteNumber: 'A2', siteTypeId: 2 }),
        aSite({ id: 4, siteNumber: 'A10' }),
        aSite({ id: 5, siteNumber: 'A2' }),
        aSite({ id: 6, siteNumber: 'Ä1' }),
        aSite({ id: 7, siteNumber: 'A-1', status: 'inactive', name: '' }),
      ],
    }),
    aTenant('lakeside', { sites: [aSite({ id: 1, siteNumber: 'L1' })] }),
    aTenant('empty'),
  ]);
  list = new ListSites(world.sites);
});

const first = { page: 1, pageSize: 50 };

describe('ListSites', () => {
  // docs/api-behaviour.md §2: byte order (SQLite BINARY, Postgres COLLATE "C"), not a locale's order; ties by id ascending.
  it('orders site numbers by byte order, then id ascending', async () => {
    const page = await list.execute(world.principal('alpine'), first);
    expect(page.results.map((s) => [s.siteNumber, s.id])).toEqual([
      ['A-1', 7],
      ['A10', 4],
      ['A2', 3],
      ['A2', 5],
      ['B1', 1],
      ['a1', 2],
      ['Ä1', 6],
    ]);
  });

  it('lists every site whatever its status, with its type name', async () => {
    const page = await list.execute(world.principal('alpine'), first);
    expect(page.count).toBe(7);
    expect(page.results.find((s) => s.id === 7)).toMatchObject({ status: 'inactive', name: '', siteTypeName: 'Tent pitch' });
    expect(page.results.find((s) => s.id === 3)).toMatchObject({ siteTypeId: 2, siteTypeName: 'Camper' });
  });

  it('shows only the caller tenant sites', async () => {
    const page = await list.execute(world.principal('lakeside'), first);
    expect(page).toMatchObject({ count: 1, results: [{ id: 1, siteNumber: 'L1' }] });
  });

  it('gives a tenant without sites an empty page 1 and refuses page 2', async () => {
    expect(await list.execute(world.principal('empty'), first)).toMatchObject({ count: 0, page: 1, results: [] });
    expect((await rejectionOf(list.execute(world.principal('empty'), { page: 2, pageSize: 50 }))).code).toBe('invalid_page');
  });

  it('hands out a cursor of site number and id for the next page', async () => {
    const page = await list.execute(world.principal('alpine'), { page: 1, pageSize: 3 });
    expect(page.nextCursor).toEqual({ key: 'A2', id: 3 });
    const next = await list.execute(world.principal('alpine'), { page: 2, pageSize: 3 }, { page: 2, pageSize: 3, after: page.nextCursor! });
    expect(next.results.map((s) => s.id)).toEqual([5, 1, 2]);
  });

  it('walks 230 sites by cursor exactly as by offset, though byte order differs from id order', async () => {
    const sites = Array.from({ length: 230 }, (_, i) => aSite({ id: i + 1, siteNumber: `S${(i * 7) % 230}` }));
    world = await aWorld([aTenant('big', { sites })]);
    const big = new ListSites(world.sites);
    await expectCursorWalkMatchesOffsets((request, hint) => big.execute(world.principal('big'), request, hint), 50, 230);
  });

  it('refuses a key without sites:read', async () => {
    const principal = world.principal('alpine', ['bookings:read', 'bookings:write', 'customers:read', 'invoices:read']);
    expect((await rejectionOf(list.execute(principal, first))).code).toBe('permission_denied');
  });
});
