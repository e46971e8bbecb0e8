import { beforeEach, describe, expect, it } from 'vitest';
import { aTenant, aUser } from '../testing';
import { type World, aWorld, expectCursorWalkMatchesOffsets, rejectionOf } from '../testing/test-world';
import { ListCustomers } from './list-customers';

const joined = (iso: string) => new Date(iso);
let world: World;
let list: ListCustomers;

beforeEach(async () => {
  world = await aWorld([
    aTenant('alpine', {
      users: [
        aUser({ id: 1, dateJoined: joined('2025-01-01T00:00:00Z') }),
        aUser({ id: 2, dateJoined: joined('2025-03-01T00:00:00Z') }),
        aUser({ id: 3, dateJoined: joined('2025-03-01T00:00:00Z'), phoneNumber: '+41 79 000 00 00' }),
        aUser({ id: 4, role: 'staff', dateJoined: joined('2026-01-01T00:00:00Z') }),
        aUser({ id: 5, role: 'operator', dateJoined: joined('2026-01-01T00:00:00Z') }),
        aUser({ id: 6, role: 'admin', dateJoined: joined('2026-01-01T00:00:00Z') }),
        aUser({ id: 7, dateJoined: joined('2025-02-01T00:00:00Z') }),
      ],
    }),
    aTenant('lakeside', { users: [aUser({ id: 1, email: 'lena@example.ch' })] }),
    aTenant('staff-only', { users: [aUser({ id: 1, role: 'admin' })] }),
  ]);
  list = new ListCustomers(world.customers);
});

const first = { page: 1, pageSize: 50 };

describe('ListCustomers', () => {
  it('orders by date_joined descending, then id descending', async () => {
    expect((await list.execute(world.principal('alpine'), first)).results.map((c) => c.id)).toEqual([3, 2, 7, 1]);
  });

  // docs/api-behaviour.md §3: staff, operators and admins exist in storage and never appear in the API, not even in the count.
  it('never lists or counts staff, operator or admin users', async () => {
    const page = await list.execute(world.principal('alpine'), first);
    expect(page.count).toBe(4);
    expect(page.results.some((c) => [4, 5, 6].includes(c.id))).toBe(false);
    expect(page.results.every((c) => !('role' in c))).toBe(true);
  });

  it('gives a tenant whose users are all staff an empty page 1', async () => {
    expect(await list.execute(world.principal('staff-only'), first)).toMatchObject({ count: 0, page: 1, results: [] });
  });

  it('returns the customer fields of the caller tenant only', async () => {
    const page = await list.execute(world.principal('lakeside'), first);
    expect(page.count).toBe(1);
    expect(page.results[0]).toMatchObject({ id: 1, email: 'lena@example.ch', firstName: 'Gast', phoneNumber: '' });
  });

  it('walks 230 customers among staff by cursor exactly as by offset', async () => {
    // 260 users, three in every 26 staff: 230 customers, with staff joining in between and four users per second.
    const users = Array.from({ length: 260 }, (_, i) =>
      aUser({ id: i + 1, role: i % 26 < 3 ? 'staff' : 'customer', dateJoined: new Date(Date.UTC(2025, 0, 1) + Math.floor(i / 4) * 1000) }),
    );
    world = await aWorld([aTenant('big', { users })]);
    const big = new ListCustomers(world.customers);
    await expectCursorWalkMatchesOffsets((request, hint) => big.execute(world.principal('big'), request, hint), 50, 230);
  });

  it('refuses a key without customers:read', async () => {
    const principal = world.principal('alpine', ['bookings:read', 'bookings:write', 'sites:read', 'invoices:read']);
    expect((await rejectionOf(list.execute(principal, first))).code).toBe('permission_denied');
  });
});
