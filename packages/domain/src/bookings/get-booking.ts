import type { Principal } from '../api-keys/api-key';
import type { Scope } from '../api-keys/scopes';
import { requireScope } from '../api-keys/required-scope';
import { DomainError } from '../shared/domain-error';
import { type ReadCache, noReadCache } from '../shared/fresh-read-cache';
import { isRecordId } from '../shared/record-id';
import type { Booking } from './booking';
import type { BookingRepository } from './booking-repository';

export class GetBooking {
  readonly scope: Scope = 'bookings:read';

  constructor(
    private readonly bookings: BookingRepository,
    private readonly cache: ReadCache = noReadCache,
  ) {}

  /** Another tenant's booking is `not_found`, never a permission error (spec, Errors). */
  async execute(principal: Principal, id: number): Promise<Booking> {
    requireScope(principal, this.scope);
    const { tenantId } = principal;
    if (!isRecordId(id)) throw new DomainError('not_found');
    return this.cache.read(
      principal,
      `booking ${id}`,
      () => 1,
      async () => {
        const booking = await this.bookings.findById(tenantId, id);
        if (!booking) throw new DomainError('not_found');
        return booking;
      },
    );
  }
}
