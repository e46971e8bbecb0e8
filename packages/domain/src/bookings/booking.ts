import type { ExtraRequest, PricedLine } from '../pricing/tariff';
import type { CalendarDate } from '../shared/calendar-date';
import type { Rappen } from '../shared/money';
import type { UpdatedSinceFilter } from '../shared/pagination';
import type { BookingStatus } from './booking-status';

/** A booking: the public projection plus the internal `source` ("online" for API-created rows). */
export interface Booking {
  id: number;
  tenantId: number;
  bookingReference: string;
  guestFirstName: string;
  guestLastName: string;
  guestEmail: string;
  siteId: number;
  /** The pitch number of `siteId`, as on the site map. */
  siteNumber: string;
  checkInDate: CalendarDate;
  checkOutDate: CalendarDate;
  numAdults: number;
  numYouth: number;
  numChildren: number;
  status: BookingStatus;
  totalPrice: Rappen;
  createdAt: Date;
  source: string;
  /** When the stored row last changed, by any writer; creation counts as a change (docs/change-feed.md). */
  updatedAt: Date;
  /**
   * The customer the booking belongs to, or null (walk-ins, guests without an account). Set only to a `customer` user
   * of the same tenant; it stays when that user later changes role (docs/accounting.md, "Customers on bookings").
   */
  customerId: number | null;
  /** The quote it was booked from (docs/channel-managers.md, "Booking from a quote"); null otherwise. */
  quoteId: number | null;
  /** The extras it was priced with, in code order; empty for a booking not made from a quote. */
  extras: ExtraRequest[];
}

/**
 * A booking about to be stored. The repository assigns `id` unless given (imports give it); `updatedAt` is
 * `createdAt`. `siteId` null places it on the free `active` site of `siteTypeId` with the lowest site number. `lines`
 * are its priced lines (docs/pricing.md), kept with it for its invoice; empty for a placeholder price.
 */
export type NewBooking = Omit<Booking, 'id' | 'siteNumber' | 'updatedAt' | 'siteId'> & {
  id?: number;
  siteId: number | null;
  siteTypeId?: number;
  lines: PricedLine[];
};

export interface BookingFilter extends UpdatedSinceFilter {
  /** Exact match on the status code; an unknown code simply matches nothing. */
  status?: string;
  /** check_in_date >= this. */
  checkInFrom?: CalendarDate;
  /** check_in_date <= this. */
  checkInTo?: CalendarDate;
  /** Exact match on `customerId`. */
  customerId?: number;
}

/** Booking references: 10 characters of Crockford base32, which leaves out the ambiguous I, L, O and U. */
export const BOOKING_REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const BOOKING_REFERENCE_LENGTH = 10;
