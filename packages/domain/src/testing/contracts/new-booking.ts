import type { NewBooking } from '../../bookings/booking';
import { aBooking } from '../mothers';

/** A booking as the API would create it on site 1 of `tenantId`; override the stay or the reference. */
export function aNewBooking(tenantId: number, overrides: Partial<NewBooking> = {}): NewBooking {
  const { id: _id, extras: _extras, ...fields } = aBooking();
  return {
    ...fields,
    tenantId,
    status: 'pending',
    source: 'online',
    bookingReference: `N${Math.random().toString(36).slice(2, 11).toUpperCase().padEnd(9, '0')}`,
    createdAt: new Date('2026-06-01T12:00:00.000Z'),
    quoteId: null,
    extras: [],
    lines: [],
    ...overrides,
  };
}
