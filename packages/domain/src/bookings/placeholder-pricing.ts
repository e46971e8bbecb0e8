import { type CalendarDate, daysBetween } from '../shared/calendar-date';
import type { Rappen } from '../shared/money';

/** Spec: the placeholder total is base_price_per_night of the pitch times the number of nights, nothing more. */
export function placeholderPrice(basePricePerNight: Rappen, checkIn: CalendarDate, checkOut: CalendarDate): Rappen {
  return basePricePerNight * daysBetween(checkIn, checkOut);
}
