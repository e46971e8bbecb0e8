import type { Principal } from '../api-keys/api-key';
import type { Scope } from '../api-keys/scopes';
import { requireScope } from '../api-keys/required-scope';
import { DomainError } from '../shared/domain-error';
import { isRecordId } from '../shared/record-id';
import type { Booking } from './booking';
import type { BookingRepository } from './booking-repository';

/** A cancellation that lost a race with another writer is tried again, a few times at most. */
const ATTEMPTS = 3;

/**
 * `POST /bookings/{id}/cancel/` (docs/booking-lifecycle.md): a `pending` or `confirmed` booking becomes `cancelled`,
 * and its nights are free at once; one already cancelled is answered as it is. Any other status is
 * `not_cancellable`; an absent booking, or another tenant's, is `not_found`. The price is kept.
 */
export class CancelBooking {
  readonly scope: Scope = 'bookings:write';

  constructor(private readonly bookings: BookingRepository) {}

  async execute(principal: Principal, id: number): Promise<Booking> {
    requireScope(principal, this.scope);
    if (!isRecordId(id)) throw new DomainError('not_found');
    for (let attempt = 1; ; attempt++) {
      const booking = await this.bookings.findById(principal.tenantId, id);
      if (booking === null) throw new DomainError('not_found');
      if (booking.status === 'cancelled') return booking;
      if (booking.status !== 'pending' && booking.status !== 'confirmed') throw new DomainError('not_cancellable');
      const cancelled = await this.bookings.updateStatus(principal.tenantId, id, booking.status, 'cancelled', booking.totalPrice);
      if (cancelled !== null) return cancelled;
      // Another writer changed the status between the read and the update: decide again on what it is now.
      if (attempt >= ATTEMPTS) throw new DomainError('not_cancellable');
    }
  }
}
