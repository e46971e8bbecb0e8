import { beforeEach, describe, expect, it } from 'vitest';
import { aUser } from '../testing';
import { type CreateBookingWorld, aCreateBookingWorld, fields, input, refused } from '../testing/create-booking-world';
import { rejectionOf } from '../testing/test-world';
import type { CreateBookingInput } from './create-booking';

let world: CreateBookingWorld['world'];
let create: CreateBookingWorld['create'];
let alpine: CreateBookingWorld['alpine'];

beforeEach(async () => {
  ({ world, create, alpine } = await aCreateBookingWorld());
});

describe('CreateBooking: customer_id (docs/accounting.md, "Customers on bookings")', () => {
  let tenantId: number;
  beforeEach(() => {
    tenantId = alpine().tenantId;
    const lakeside = world.principal('lakeside').tenantId;
    const stored = (user: ReturnType<typeof aUser>, tenant: number) => ({ ...user, tenantId: tenant, updatedAt: user.dateJoined });
    world.store.users.push(
      stored(aUser({ id: 5 }), tenantId),
      stored(aUser({ id: 6, role: 'staff' }), tenantId),
      stored(aUser({ id: 7 }), lakeside),
    );
  });
  const withCustomer = (customerId: CreateBookingInput['customerId']): CreateBookingInput => ({ ...input(1), customerId });

  it('stores a customer of the tenant, and null when it is null or absent', async () => {
    expect((await create.execute(alpine(), withCustomer(5))).customerId).toBe(5);
    expect(
      (
        await create.execute(alpine(), {
          ...withCustomer(null),
          fields: fields({ checkInDate: '2026-09-01', checkOutDate: '2026-09-02' }),
        })
      ).customerId,
    ).toBeNull();
    expect((await create.execute(alpine(), input(1, { checkInDate: '2026-10-01', checkOutDate: '2026-10-02' }))).customerId).toBeNull();
  });

  it.each([
    ['a staff user', 6],
    ['another tenant customer', 7],
    ['an absent user', 99],
  ])('refuses %s as an unknown customer (the HTTP adapter words it, showing the value as sent)', async (_what, id) => {
    const error = await rejectionOf(create.execute(alpine(), withCustomer(id)));
    expect(error.details.violations).toEqual([{ rule: 'unknown_customer' }]);
  });

  it('joins the other field errors in one answer', async () => {
    const error = await rejectionOf(create.execute(alpine(), { ...refused(1), customerId: 99 }));
    expect(error.details.violations).toEqual([{ rule: 'invalid_fields' }, { rule: 'unknown_customer' }]);
  });

  it('keeps the customer on the booking when the user later becomes staff', async () => {
    const booking = await create.execute(alpine(), withCustomer(5));
    world.store.users.find((u) => u.tenantId === tenantId && u.id === 5)!.role = 'staff';
    world.store.changed();
    expect((await world.bookings.findById(tenantId, booking.id))?.customerId).toBe(5);
    expect(await world.bookings.count(tenantId, { customerId: 5 })).toBe(1);
  });
});
