import { beforeEach, describe, expect, it } from 'vitest';
import { aBooking, aSite, aTenant, anInvoice } from '../testing';
import { type World, aWorld, expectCursorWalkMatchesOffsets, rejectionOf } from '../testing/test-world';
import { ListInvoices } from './list-invoices';

const issued = (iso: string) => new Date(iso);
let world: World;
let list: ListInvoices;

beforeEach(async () => {
  world = await aWorld([
    aTenant('alpine', {
      sites: [aSite({ id: 1 })],
      bookings: [aBooking({ id: 12 })],
      invoices: [
        anInvoice({ id: 1, issuedAt: issued('2026-02-01T09:00:00Z'), bookingId: 12 }),
        anInvoice({ id: 2, issuedAt: issued('2026-02-03T09:00:00Z'), status: 'ERLEDIGT' }),
        anInvoice({ id: 3, issuedAt: issued('2026-02-03T09:00:00Z'), status: 'REFUNDED' }),
        anInvoice({ id: 4, issuedAt: issued('2026-02-02T09:00:00Z'), totalChf: 0 }),
      ],
    }),
    aTenant('lakeside', { invoices: [anInvoice({ id: 1, invoiceNumber: '2026-000777' })] }),
  ]);
  list = new ListInvoices(world.invoices);
});

const first = { page: 1, pageSize: 50 };

describe('ListInvoices', () => {
  // docs/api-behaviour.md §2: the spec's "created_at" of an invoice is issued_at.
  it('orders by issued_at descending, then id descending', async () => {
    expect((await list.execute(world.principal('alpine'), first)).results.map((i) => i.id)).toEqual([3, 2, 4, 1]);
  });

  it('returns booking ids, null ones and unknown statuses verbatim', async () => {
    const rows = (await list.execute(world.principal('alpine'), first)).results;
    expect(rows.find((i) => i.id === 1)?.bookingId).toBe(12);
    expect(rows.find((i) => i.id === 2)?.bookingId).toBeNull();
    expect(rows.find((i) => i.id === 3)?.status).toBe('REFUNDED');
  });

  it('shows only the caller tenant invoices', async () => {
    expect(await list.execute(world.principal('lakeside'), first)).toMatchObject({
      count: 1,
      results: [{ id: 1, invoiceNumber: '2026-000777' }],
    });
  });

  it('walks 230 invoices by cursor exactly as by offset', async () => {
    const invoices = Array.from({ length: 230 }, (_, i) =>
      anInvoice({ id: i + 1, issuedAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 5) * 1000) }),
    );
    world = await aWorld([aTenant('big', { invoices })]);
    const big = new ListInvoices(world.invoices);
    await expectCursorWalkMatchesOffsets((request, hint) => big.execute(world.principal('big'), request, hint), 50, 230);
  });

  it('refuses a key without invoices:read', async () => {
    const principal = world.principal('alpine', ['bookings:read', 'bookings:write', 'sites:read', 'customers:read']);
    expect((await rejectionOf(list.execute(principal, first))).code).toBe('permission_denied');
  });
});
