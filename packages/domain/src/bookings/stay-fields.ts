import { type CalendarDate, daysBetween } from '../shared/calendar-date';
import type { BookingRuleViolation } from './booking-rule';

/** The longest stay a booking or a quote may cover (docs/security.md). */
export const MAX_NIGHTS = 365;

/**
 * The stay's own rules, checked right after the fields' types and in this order, as errors of `check_out_date`: the
 * departure after the arrival, then at most MAX_NIGHTS nights. Null when both hold.
 */
export function stayViolations(stay: { checkInDate: CalendarDate; checkOutDate: CalendarDate }): BookingRuleViolation | null {
  if (stay.checkOutDate <= stay.checkInDate) return { rule: 'check_out_not_after_check_in' };
  if (daysBetween(stay.checkInDate, stay.checkOutDate) > MAX_NIGHTS) return { rule: 'stay_too_long', maxNights: MAX_NIGHTS };
  return null;
}
