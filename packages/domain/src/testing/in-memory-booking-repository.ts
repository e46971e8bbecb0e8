import type { BookingFilter, NewBooking } from '../bookings/booking';
import type { DateRange, Stay } from '../bookings/stay';
import type { BookingRepository } from '../bookings/booking-repository';
import type { IdempotencyCompletion } from '../bookings/idempotency';
import { isOccupying } from '../bookings/booking-status';
import { rangesOverlap } from '../shared/calendar-date';
import { DomainError } from '../shared/domain-error';
import type { Rappen } from '../shared/money';
import type { PageWindow } from '../shared/pagination';
import { InMemoryStore, type StoredBooking, compareBytes, isCustomerOf } from './in-memory-store';
import type { PricedLine } from '../pricing/tariff';
import { afterDesc, byDateDescThenIdDesc, updatedSince, windowOf } from './in-memory-paging';
import { idempotencyId } from './in-memory-idempotency-store';

function matches(booking: StoredBooking, tenantId: number, filter: BookingFilter): boolean {
  return (
    booking.tenantId === tenantId &&
    (filter.status === undefined || booking.status === filter.status) &&
    (filter.checkInFrom === undefined || booking.checkInDate >= filter.checkInFrom) &&
    (filter.checkInTo === undefined || booking.checkInDate <= filter.checkInTo) &&
    (filter.customerId === undefined || booking.customerId === filter.customerId) &&
    updatedSince(booking, filter)
  );
}

export class InMemoryBookingRepository implements BookingRepository {
  constructor(private readonly store: InMemoryStore) {}

  async count(tenantId: number, filter: BookingFilter) {
    return this.store.bookings.filter((b) => matches(b, tenantId, filter)).length;
  }

  async list(tenantId: number, filter: BookingFilter, window: PageWindow) {
    const createdAt = (b: StoredBooking) => b.createdAt;
    const sorted = this.store.bookings.filter((b) => matches(b, tenantId, filter)).sort(byDateDescThenIdDesc(createdAt));
    return windowOf(sorted, window, afterDesc(createdAt)).map((b) => this.store.bookingView(b));
  }

  async listOccupyingStays(tenantId: number, siteIds: readonly number[], window: DateRange): Promise<Stay[]> {
    const wanted = new Set(siteIds);
    return this.store.bookings
      .filter((b) => b.tenantId === tenantId && wanted.has(b.siteId) && isOccupying(b.status))
      .filter((b) => rangesOverlap(b.checkInDate, b.checkOutDate, window.from, window.to))
      .map(({ siteId, checkInDate, checkOutDate }) => ({ siteId, checkInDate, checkOutDate }));
  }

  async findById(tenantId: number, id: number) {
    const booking = this.store.bookings.find((b) => b.tenantId === tenantId && b.id === id);
    return booking ? this.store.bookingView(booking) : null;
  }

  /** Whether the site is active and no occupying stay on it overlaps the booking's nights. */
  private free(booking: NewBooking, siteId: number): boolean {
    const { store } = this;
    const site = store.sites.find((s) => s.tenantId === booking.tenantId && s.id === siteId);
    const taken = store.bookings.some(
      (b) =>
        b.tenantId === booking.tenantId &&
        b.siteId === siteId &&
        isOccupying(b.status) &&
        rangesOverlap(b.checkInDate, b.checkOutDate, booking.checkInDate, booking.checkOutDate),
    );
    return site !== undefined && site.status === 'active' && !taken;
  }

  /** The booking's site, or by type the free active site with the lowest number that holds the guests. */
  private placeOf(booking: NewBooking): number | null {
    if (booking.siteId !== null) return this.free(booking, booking.siteId) ? booking.siteId : null;
    const guests = booking.numAdults + booking.numYouth + booking.numChildren;
    const candidate = this.store.sites
      .filter((s) => s.tenantId === booking.tenantId && s.siteTypeId === booking.siteTypeId && s.maxOccupants >= guests)
      .sort((a, b) => compareBytes(a.siteNumber, b.siteNumber) || a.id - b.id)
      .find((s) => this.free(booking, s.id));
    return candidate?.id ?? null;
  }

  async insertIfAvailable(booking: NewBooking, completion?: IdempotencyCompletion) {
    const { store } = this;
    // In the order the SQL create meets them: the quote (locked first), the site, then the row's own keys.
    const quote = booking.quoteId === null ? null : store.quotes.find((q) => q.tenantId === booking.tenantId && q.id === booking.quoteId);
    if (booking.quoteId !== null && !quote) throw new DomainError('quote_not_found');
    if (quote && quote.bookingId !== null) throw new DomainError('quote_used');
    const siteId = this.placeOf(booking);
    if (siteId === null) throw new DomainError('site_unavailable');
    if (booking.customerId !== null && !isCustomerOf(store, booking.tenantId, booking.customerId)) {
      throw new DomainError('customer_not_found');
    }
    if (store.bookings.some((b) => b.tenantId === booking.tenantId && b.bookingReference === booking.bookingReference)) {
      throw new DomainError('duplicate_booking_reference');
    }
    const record = completion && store.idempotency.get(idempotencyId(booking.tenantId, completion.key));
    if (completion && (!record || record.token !== completion.token || record.booking !== null)) {
      throw new DomainError('idempotency_key_in_use');
    }
    const { lines, siteTypeId: _type, ...fields } = booking;
    const stored: StoredBooking = {
      ...fields,
      siteId,
      id: booking.id ?? store.nextId(store.bookings, booking.tenantId),
      updatedAt: booking.createdAt,
    };
    if (quote) quote.bookingId = stored.id;
    store.bookingLines.set(`${stored.tenantId}:${stored.id}`, structuredClone(lines));
    if (record && completion) {
      record.booking = store.bookingView(stored);
      record.expiresAt = completion.expiresAt;
    }
    store.bookings.push(stored);
    store.record(stored.tenantId, 'booking', stored.id, false, stored.updatedAt);
    return store.bookingView(stored);
  }

  async updateStatus(tenantId: number, id: number, from: string, to: string, totalPrice: Rappen, lines?: readonly PricedLine[]) {
    const booking = this.store.bookings.find((b) => b.tenantId === tenantId && b.id === id);
    if (!booking || booking.status !== from) return null;
    booking.status = to;
    booking.totalPrice = totalPrice;
    if (lines) this.store.bookingLines.set(`${tenantId}:${id}`, structuredClone([...lines]));
    booking.updatedAt = this.store.clock.now();
    this.store.record(tenantId, 'booking', id, false, booking.updatedAt);
    return this.store.bookingView(booking);
  }

  async linesOf(tenantId: number, bookingId: number): Promise<PricedLine[]> {
    return structuredClone(this.store.bookingLines.get(`${tenantId}:${bookingId}`) ?? []);
  }
}
