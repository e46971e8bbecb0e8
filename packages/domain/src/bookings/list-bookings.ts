import type { Principal } from '../api-keys/api-key';
import type { Scope } from '../api-keys/scopes';
import { requireScope } from '../api-keys/required-scope';
import { type ReadCache, noReadCache } from '../shared/fresh-read-cache';
import {
  type Page,
  type PageHint,
  type PageRequest,
  dateCursor,
  followableHint,
  isDateKey,
  pageKey,
  pageWeight,
  paginate,
} from '../shared/pagination';
import { filterKey } from '../shared/list-tenant-rows';
import { type ReadSnapshots, noReadSnapshots } from '../shared/read-snapshots';
import type { Booking, BookingFilter } from './booking';
import type { BookingRepository } from './booking-repository';

export class ListBookings {
  readonly scope: Scope = 'bookings:read';

  constructor(
    private readonly bookings: BookingRepository,
    private readonly cache: ReadCache = noReadCache,
    private readonly snapshots: ReadSnapshots = noReadSnapshots,
  ) {}

  /** Bookings of the caller's tenant, newest first, filtered by status and check-in range. */
  async execute(principal: Principal, filter: BookingFilter, request: PageRequest, sentHint?: PageHint): Promise<Page<Booking>> {
    requireScope(principal, this.scope);
    const hint = followableHint(sentHint, isDateKey);
    const { tenantId } = principal;
    // No stored status holds a NUL (Postgres text cannot), so such a filter matches nothing on every backend; asking
    // Postgres would make it refuse the query instead (docs/security.md, "No input produces a server error").
    const matchesNothing = filter.status?.includes('\u0000') === true;
    // JSON keeps any status text (it is free text) from running into the next field.
    const key = `bookings${filterKey(filter)}${pageKey(request, hint)}`;
    return this.cache.read(principal, key, pageWeight, () =>
      // One snapshot: the page's count and rows of the same moment.
      this.snapshots.consistent(() =>
        paginate(request, hint, {
          count: async () => (matchesNothing ? 0 : this.bookings.count(tenantId, filter)),
          list: async (window) => (matchesNothing ? [] : this.bookings.list(tenantId, filter, window)),
          cursorOf: (booking) => dateCursor(booking.createdAt, booking.id),
        }),
      ),
    );
  }
}
