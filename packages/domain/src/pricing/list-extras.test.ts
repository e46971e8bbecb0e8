import { beforeEach, describe, expect, it } from 'vitest';
import { type SellingWorld, aSellingWorld } from '../testing/selling-world';
import { expectCursorWalkMatchesOffsets } from '../testing/page-walks';
import { anExtra } from '../testing/tariff-mothers';
import { rejectionOf } from '../testing/test-world';
import { ListExtras } from './list-extras';

// docs/pricing.md, "The tariff": the tenant's extras, in the byte order of their codes.

let s: SellingWorld;
let list: ListExtras;

beforeEach(async () => {
  s = await aSellingWorld();
  list = new ListExtras(s.extras);
  // Codes whose byte order differs from a locale's: `-` before digits before `_` before letters.
  const updatedAt = new Date('2026-05-01T08:00:00Z');
  for (const [id, code] of [
    [4, 'e_bike'],
    [5, 'ebike'],
    [6, 'e-bike'],
    [7, '0-first'],
    [8, 'z9'],
    [9, 'd'],
  ] as const) {
    s.store.extras.push({ ...anExtra({ id, code }), tenantId: s.alpineId, updatedAt });
  }
});

const read = (page: number, pageSize: number) => list.execute(s.alpine(), { page, pageSize });
const ORDER = ['0-first', 'd', 'dog', 'e-bike', 'e_bike', 'ebike', 'final-cleaning', 'power', 'z9'];

describe('ListExtras', () => {
  it('lists the tenant’s extras in byte order of their codes', async () => {
    const page = await read(1, 50);
    expect(page.count).toBe(9);
    expect(page.results.map((extra) => extra.code)).toEqual(ORDER);
    expect([...ORDER].sort((a, b) => a.localeCompare(b))).not.toEqual(ORDER);
  });

  it('shows each extra as the tariff has it, with when it last changed', async () => {
    const power = (await read(1, 50)).results.find((extra) => extra.code === 'power');
    expect(power).toEqual({
      id: 2,
      tenantId: s.alpineId,
      code: 'power',
      name: 'Electricity (16 A)',
      per: 'night',
      price: 450,
      vatRate: 810,
      compulsoryFor: [2],
      updatedAt: s.clock.now(),
    });
  });

  it('pages by number and by cursor alike, the cursor keyed by code', async () => {
    const first = await read(1, 4);
    expect(first).toMatchObject({ count: 9, hasNext: true, nextCursor: { key: 'e-bike', id: 6 } });
    expect((await read(3, 4)).results.map((extra) => extra.code)).toEqual(['z9']);
    await expectCursorWalkMatchesOffsets((request, hint) => list.execute(s.alpine(), request, hint), 2, 9);
    expect((await rejectionOf(read(4, 4))).code).toBe('invalid_page');
  });

  it('shows only the caller’s tenant', async () => {
    const lakeside = await list.execute(s.principal('lakeside'), { page: 1, pageSize: 50 });
    expect(lakeside.results.map((extra) => extra.code)).toEqual(['kayak']);
  });

  it('needs rates:read', async () => {
    expect((await rejectionOf(list.execute(s.alpine(['sites:read', 'bookings:write']), { page: 1, pageSize: 50 }))).code).toBe(
      'permission_denied',
    );
    await expect(list.execute(s.alpine(['rates:read']), { page: 1, pageSize: 50 })).resolves.toMatchObject({ count: 9 });
  });
});
