import type { Principal } from '../api-keys/api-key';
import type { Scope } from '../api-keys/scopes';
import { requireScope } from '../api-keys/required-scope';
import { type Page, type PageHint, type PageRequest, dateCursor, followableHint, isDateKey, paginate } from '../shared/pagination';
import { type ReadSnapshots, noReadSnapshots } from '../shared/read-snapshots';
import type { Booking, BookingFilter } from './booking';
import type { BookingRepository } from './booking-repository';

export class ListBookings {
  readonly scope: Scope = 'bookings:read';

  constructor(
    private readonly bookings: BookingRepository,
    private readonly snapshots: ReadSnapshots = noReadSnapshots,
  ) {}

  /** Bookings of the caller's tenant, newest first, filtered by status and check-in range. */
  async execute(principal: Principal, filter: BookingFilter, request: PageRequest, sentHint?: PageHint): Promise<Page<Booking>> {
    requireScope(principal, this.scope);
    const hint = followableHint(sentHint, isDateKey);
    const { tenantId } = principal;
    // One snapshot: the page's count and rows of the same moment.
    return this.snapshots.consistent(() =>
      paginate(request, hint, {
        count: () => this.bookings.count(tenantId, filter),
        list: (window) => this.bookings.list(tenantId, filter, window),
        cursorOf: (booking) => dateCursor(booking.createdAt, booking.id),
      }),
    );
  }
}
