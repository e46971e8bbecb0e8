import type { Principal } from '../api-keys/api-key';
import type { Scope } from '../api-keys/scopes';
import { requireScope } from '../api-keys/required-scope';
import { DomainError } from '../shared/domain-error';
import { isRecordId } from '../shared/record-id';
import type { Booking } from './booking';
import type { BookingRepository } from './booking-repository';

export class GetBooking {
  readonly scope: Scope = 'bookings:read';

  constructor(private readonly bookings: BookingRepository) {}

  /** Another tenant's booking is `not_found`, never a permission error (spec, Errors). */
  async execute(principal: Principal, id: number): Promise<Booking> {
    requireScope(principal, this.scope);
    if (!isRecordId(id)) throw new DomainError('not_found');
    const booking = await this.bookings.findById(principal.tenantId, id);
    if (!booking) throw new DomainError('not_found');
    return booking;
  }
}
