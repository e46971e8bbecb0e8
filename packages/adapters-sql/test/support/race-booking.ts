import type { NewBooking } from '@campsite/domain';

/** A create on site 1 that overlaps every other one made here (all stays contain 2026-08-03). */
export function aRaceBooking(tenantId: number, reference: string, i: number): NewBooking {
  return {
    tenantId,
    bookingReference: reference.slice(0, 10).padEnd(10, '0'),
    guestFirstName: '',
    guestLastName: '',
    guestEmail: '',
    siteId: 1,
    checkInDate: `2026-08-0${1 + (i % 3)}`,
    checkOutDate: `2026-08-0${4 + (i % 5)}`,
    numAdults: 1,
    numYouth: 0,
    numChildren: 0,
    status: 'pending',
    totalPrice: 100,
    createdAt: new Date(),
    source: 'online',
    customerId: null,
    quoteId: null,
    extras: [],
    lines: [],
  };
}
