import { beforeEach, describe, expect, it } from 'vitest';
import { type SellingWorld, aSellingWorld } from '../testing/selling-world';
import { expectCursorWalkMatchesOffsets } from '../testing/page-walks';
import { rejectionOf } from '../testing/test-world';
import { ListSiteTypes } from './list-site-types';

// docs/pricing.md: a site type as channel managers sell it, with its active pitches and the most guests one holds.

let s: SellingWorld;
let list: ListSiteTypes;

beforeEach(async () => {
  s = await aSellingWorld();
  list = new ListSiteTypes(s.siteTypes);
});

const read = (page: number, pageSize: number) => list.execute(s.alpine(), { page, pageSize });
const site = (id: number) => s.store.sites.find((row) => row.tenantId === s.alpineId && row.id === id)!;

describe('ListSiteTypes', () => {
  it('lists the tenant’s types in id order with their active sites and largest active site', async () => {
    const page = await read(1, 50);
    expect(page).toMatchObject({ count: 3, hasNext: false });
    expect(page.results.map(({ id, name, activeSites, maxOccupants }) => ({ id, name, activeSites, maxOccupants }))).toEqual([
      // Site 3 holds 8 but is inactive: neither counted nor the largest.
      { id: 1, name: 'Tent pitch', activeSites: 2, maxOccupants: 6 },
      { id: 2, name: 'Camper pitch', activeSites: 1, maxOccupants: 5 },
      { id: 3, name: 'Chalet', activeSites: 1, maxOccupants: 4 },
    ]);
  });

  it('follows the sites’ statuses: 0 and 0 for a type without active sites', async () => {
    site(5).status = 'maintenance';
    site(3).status = 'active';
    const [tent, , chalet] = (await read(1, 50)).results;
    expect(tent).toMatchObject({ activeSites: 3, maxOccupants: 8 });
    expect(chalet).toMatchObject({ activeSites: 0, maxOccupants: 0 });
  });

  it('pages by number and by cursor alike, and refuses a page past the end', async () => {
    const first = await read(1, 2);
    expect(first).toMatchObject({ count: 3, hasNext: true, nextCursor: { key: '2', id: 2 } });
    expect((await read(2, 2)).results.map((type) => type.id)).toEqual([3]);
    await expectCursorWalkMatchesOffsets((request, hint) => list.execute(s.alpine(), request, hint), 1, 3);
    expect((await rejectionOf(read(3, 2))).code).toBe('invalid_page');
  });

  it('shows only the caller’s tenant', async () => {
    const lakeside = await list.execute(s.principal('lakeside'), { page: 1, pageSize: 50 });
    expect(lakeside.results.map((type) => [type.id, type.name, type.activeSites])).toEqual([[7, 'Lake view', 1]]);
  });

  it('needs sites:read, which rates:read does not give', async () => {
    expect((await rejectionOf(list.execute(s.alpine(['rates:read', 'bookings:write']), { page: 1, pageSize: 50 }))).code).toBe(
      'permission_denied',
    );
    await expect(list.execute(s.alpine(['sites:read']), { page: 1, pageSize: 50 })).resolves.toMatchObject({ count: 3 });
  });
});
