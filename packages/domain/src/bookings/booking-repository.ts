import type { PageWindow } from '../shared/pagination';
import type { Booking, BookingFilter, NewBooking } from './booking';
import type { BookingStatus } from './booking-status';
import type { Rappen } from '../shared/money';
import type { DateRange, Stay } from './stay';
import type { IdempotencyCompletion } from './idempotency';
import type { PricedLine } from '../pricing/tariff';

/**
 * Bookings of one tenant at a time; every method is scoped by `tenantId` and never sees another tenant's rows.
 *
 * Order of `list`: `createdAt` descending, then `id` descending (total, so paging never skips or repeats). A cursor
 * for this order is `{ key: createdAt.toISOString(), id }`.
 */
export interface BookingRepository {
  /** The number of bookings matching `filter`. Exact; must stay cheap at a million rows. */
  count(tenantId: number, filter: BookingFilter): Promise<number>;
  /** One window of the matching bookings in the fixed order. */
  list(tenantId: number, filter: BookingFilter, window: PageWindow): Promise<Booking[]>;
  /**
   * The stays of the bookings on `siteIds` whose status occupies the pitch (OCCUPYING_STATUSES, the rule
   * `insertIfAvailable` checks) and which overlap `[window.from, window.to)`, in no particular order. One read for
   * all the sites (an index on site and dates serves it), not one per site.
   */
  listOccupyingStays(tenantId: number, siteIds: readonly number[], window: DateRange): Promise<Stay[]>;
  /** The booking, or null when it does not exist in this tenant. */
  findById(tenantId: number, id: number): Promise<Booking | null>;
  /**
   * Atomically, as one transaction that concurrent callers (other processes included) cannot interleave with:
   * checks that the site is `active` and that no `pending` or `confirmed` booking on it overlaps
   * `[checkInDate, checkOutDate)`, allocates the next id within the tenant, and inserts, with its priced lines.
   *
   * With `siteId` null the booking goes on the `active` site of `siteTypeId` with the lowest site number that is free
   * for those nights and holds its guests; two concurrent creates never get the same site. With a `quoteId`, the same
   * transaction marks that quote used, and refuses a quote already used.
   *
   * When `completion` is given, the same transaction also completes that idempotency claim of the booking's tenant
   * (IdempotencyStore): its record gets the booking as created and `completion.expiresAt`.
   *
   * @throws DomainError `site_unavailable` when the site is not active or an overlapping booking exists (by type: no
   *   active site of the type is free)
   * @throws DomainError `quote_used` when the quote already has a booking (nothing is stored)
   * @throws DomainError `duplicate_booking_reference` when the reference is taken in this tenant (nothing is stored)
   * @throws DomainError `customer_not_found` when `customerId` is set and names no `customer` user of the tenant
   * @throws DomainError `idempotency_key_in_use` when the claim is no longer held by `completion.token` (nothing is
   *   stored: another request took a stale claim over)
   */
  insertIfAvailable(booking: NewBooking, completion?: IdempotencyCompletion): Promise<Booking>;
  /**
   * Compare-and-set of the status (and price): changes the booking only if its status is still `from`, and replaces
   * its priced lines with `lines` when given. Returns the updated booking, or null when it does not exist or its
   * status is no longer `from`.
   */
  updateStatus(
    tenantId: number,
    id: number,
    from: BookingStatus,
    to: BookingStatus,
    totalPrice: Rappen,
    lines?: readonly PricedLine[],
  ): Promise<Booking | null>;
  /** The booking's priced lines in position order; empty for a booking with a placeholder price, or an unknown one. */
  linesOf(tenantId: number, bookingId: number): Promise<PricedLine[]>;
}
