import { beforeEach, describe, expect, it } from 'vitest';
import { type SellingWorld, aSellingWorld } from '../testing/selling-world';
import { aRestriction } from '../testing/tariff-mothers';
import { rejectionOf } from '../testing/test-world';
import { GetCalendar } from './get-calendar';

// docs/pricing.md, "Where the rule is applied": the calendar shows each night's free pitches, season prices and stay
// rule per site type.

let s: SellingWorld;
let calendar: GetCalendar;

beforeEach(async () => {
  s = await aSellingWorld();
  calendar = new GetCalendar(s.siteTypes, s.tariffs);
});

const JULY = { from: '2027-07-01', to: '2027-07-04' };
const read = (window = JULY, page = 1, pageSize = 50, siteTypeId?: number) =>
  calendar.execute(s.alpine(), window, { page, pageSize }, siteTypeId);
const freeOf = async (siteTypeId: number, window = JULY) => (await read(window, 1, 50, siteTypeId)).results[0]!.days.map((day) => day.free);
const OPEN = { minStay: 1, maxStay: null, closedToArrival: false, closedToDeparture: false, stopSell: false };

describe('GetCalendar: pages of site types', () => {
  it('pages the tenant’s site types in id order, each with one day per night of [from, to)', async () => {
    const first = await read(JULY, 1, 2);
    expect(first).toMatchObject({ count: 3, page: 1, hasNext: true, hasPrevious: false });
    expect(first.results.map((r) => [r.siteType.id, r.siteType.name])).toEqual([
      [1, 'Tent pitch'],
      [2, 'Camper pitch'],
    ]);
    const second = await read(JULY, 2, 2);
    expect(second).toMatchObject({ count: 3, page: 2, hasNext: false, hasPrevious: true });
    expect(second.results.map((r) => r.siteType.id)).toEqual([3]);
    expect(second.results[0]!.days.map((day) => day.date)).toEqual(['2027-07-01', '2027-07-02', '2027-07-03']);
    expect((await rejectionOf(read(JULY, 3, 2))).code).toBe('invalid_page');
  });

  it('reads one type for site_type_id, and an empty page for one the tenant does not have', async () => {
    const one = await read(JULY, 1, 50, 2);
    expect(one).toMatchObject({ count: 1, hasNext: false });
    expect(one.results.map((r) => r.siteType.id)).toEqual([2]);
    for (const unknown of [404, 7]) expect(await read(JULY, 1, 50, unknown)).toMatchObject({ count: 0, results: [] });
    expect((await rejectionOf(read(JULY, 2, 50, 2))).code).toBe('invalid_page');
  });

  it('needs rates:read', async () => {
    const principal = s.alpine(['bookings:read', 'bookings:write', 'sites:read']);
    expect((await rejectionOf(calendar.execute(principal, JULY, { page: 1, pageSize: 50 }))).code).toBe('permission_denied');
    await expect(calendar.execute(s.alpine(['rates:read']), JULY, { page: 1, pageSize: 50 })).resolves.toBeDefined();
  });
});

describe('GetCalendar: free pitches', () => {
  it('counts the active sites of the type that no pending or confirmed booking covers, night by night', async () => {
    s.seedBooking({ siteId: 1, status: 'pending', checkInDate: '2027-06-28', checkOutDate: '2027-07-02' });
    s.seedBooking({ siteId: 2, status: 'confirmed', checkInDate: '2027-07-03', checkOutDate: '2027-07-09' });
    s.seedBooking({ siteId: 2, status: 'cancelled', checkInDate: '2027-07-01', checkOutDate: '2027-07-03' });
    s.seedBooking({ siteId: 1, status: 'completed', checkInDate: '2027-07-02', checkOutDate: '2027-07-03' });
    s.seedBooking({ siteId: 1, status: 'no_show', checkInDate: '2027-07-03', checkOutDate: '2027-07-04' });
    s.seedBooking({ siteId: 1, status: 'legacy_hold', checkInDate: '2027-07-03', checkOutDate: '2027-07-04' });
    // Site 3 is inactive: a booking on it neither frees nor takes anything.
    s.seedBooking({ siteId: 3, status: 'confirmed', checkInDate: '2027-07-01', checkOutDate: '2027-07-04' });
    s.seedBooking({ siteId: 4, status: 'pending', checkInDate: '2027-07-04', checkOutDate: '2027-07-06' });
    expect(await freeOf(1)).toEqual([1, 2, 1]);
    expect(await freeOf(2)).toEqual([1, 1, 1]);
    expect(await freeOf(2, { from: '2027-07-03', to: '2027-07-07' })).toEqual([1, 0, 0, 1]);
  });

  it('counts no site for a type without active sites', async () => {
    s.store.sites.find((site) => site.tenantId === s.alpineId && site.id === 5)!.status = 'maintenance';
    expect(await freeOf(3)).toEqual([0, 0, 0]);
  });
});

describe('GetCalendar: prices and stay rules', () => {
  it('shows the season’s prices of each night, and null where no season covers it', async () => {
    const days = (await read({ from: '2027-08-30', to: '2027-09-02' }, 1, 50, 1)).results[0]!.days;
    expect(days.map((d) => [d.date, d.terms.pitch, d.terms.adult, d.terms.youth, d.terms.child])).toEqual([
      ['2027-08-30', 3000, 1000, 600, 400],
      ['2027-08-31', 3000, 1000, 600, 400],
      ['2027-09-01', null, null, null, null],
    ]);
  });

  it('shows each type its own seasons, changing on the first night of the next', async () => {
    const days = (await read({ from: '2027-06-30', to: '2027-07-02' })).results.map((r) => r.days.map((d) => d.terms.pitch));
    expect(days).toEqual([
      [3000, 3000],
      [2800, 3600],
      [null, null],
    ]);
  });

  it('shows the date’s stay rule, and 1, null, false, false, false where there is none', async () => {
    s.restrict(aRestriction({ from: '2027-07-02', to: '2027-07-02', minStay: null, maxStay: 7, closedToArrival: true }));
    s.restrict(aRestriction({ from: '2027-07-03', to: '2027-07-10', minStay: 3, closedToDeparture: true, stopSell: true }));
    s.restrict(aRestriction({ siteTypeId: 2, from: '2027-07-01', to: '2027-07-31', minStay: 5 }));
    const [tent, camper] = (await read()).results;
    expect(tent!.days.map(({ date, terms: { pitch: _p, adult: _a, youth: _y, child: _c, ...rule } }) => [date, rule])).toEqual([
      ['2027-07-01', OPEN],
      ['2027-07-02', { ...OPEN, minStay: null, maxStay: 7, closedToArrival: true }],
      ['2027-07-03', { ...OPEN, minStay: 3, closedToDeparture: true, stopSell: true }],
    ]);
    expect(camper!.days.map((d) => d.terms.minStay)).toEqual([5, 5, 5]);
  });

  it('shows the full day of a night: free, prices and rules together', async () => {
    const [day] = (await read({ from: '2027-06-15', to: '2027-06-16' }, 1, 50, 2)).results[0]!.days;
    expect(day).toEqual({ date: '2027-06-15', free: 1, terms: { pitch: 2800, adult: 950, youth: 600, child: 400, ...OPEN } });
  });
});
