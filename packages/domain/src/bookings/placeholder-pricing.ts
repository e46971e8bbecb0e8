import { type CalendarDate, daysBetween } from '../shared/calendar-date';
import type { Rappen } from '../shared/money';
import type { Site } from '../sites/site';
import type { Booking } from './booking';

/** Spec: the placeholder total is base_price_per_night of the pitch times the number of nights, nothing more. */
export function placeholderPrice(basePricePerNight: Rappen, checkIn: CalendarDate, checkOut: CalendarDate): Rappen {
  return basePricePerNight * daysBetween(checkIn, checkOut);
}

/** Prices a booking when an operator confirms it. Platforms plug in their own engine (seasons, taxes, add-ons). */
export interface PricingEngine {
  price(booking: Booking, site: Site): Promise<Rappen>;
}

/** The default engine: the placeholder rule again (docs/api-behaviour.md §5). */
export const placeholderPricingEngine: PricingEngine = {
  price: async (booking, site) => placeholderPrice(site.basePricePerNight, booking.checkInDate, booking.checkOutDate),
};
