import { type CalendarDate, addDays, daysBetween } from '../shared/calendar-date';
import { DomainError } from '../shared/domain-error';
import type { Restriction } from './tariff';

/**
 * Checks a stay of `[checkIn, checkOut)` on a site type against that type's restrictions (docs/pricing.md), and
 * throws at the first rule broken, in this order:
 *
 * 1. `stop_sell`: a night of the stay falls on a date closed for sale;
 * 2. `closed_to_arrival`: the check-in date is closed to arrival;
 * 3. `closed_to_departure`: the check-out date (the morning after the last night) is closed to departure;
 * 4. `min_stay`: the stay has fewer nights than the check-in date's minimum;
 * 5. `max_stay`: it has more nights than the check-in date's maximum.
 *
 * Only rows of `siteTypeId` count, and a date without a row has no restriction. `checkOut` must be after `checkIn`.
 *
 * @throws DomainError with the code of the first rule broken
 */
export function checkStayRules(
  restrictions: readonly Restriction[],
  siteTypeId: number,
  checkIn: CalendarDate,
  checkOut: CalendarDate,
): void {
  const own = restrictions.filter((row) => row.siteTypeId === siteTypeId);
  const lastNight = addDays(checkOut, -1);
  const closed = own.find((row) => row.stopSell && row.from <= lastNight && row.to >= checkIn);
  if (closed) {
    const night = closed.from > checkIn ? closed.from : checkIn;
    throw new DomainError('stop_sell', `the night of ${night} is not for sale`);
  }
  const arrival = rowOn(own, checkIn);
  if (arrival?.closedToArrival) throw new DomainError('closed_to_arrival', `no arrivals on ${checkIn}`);
  if (rowOn(own, checkOut)?.closedToDeparture) throw new DomainError('closed_to_departure', `no departures on ${checkOut}`);
  const nights = daysBetween(checkIn, checkOut);
  const minStay = arrival?.minStay ?? null;
  if (minStay !== null && nights < minStay) {
    throw new DomainError('min_stay', `arrivals on ${checkIn} stay at least ${minStay} nights, not ${nights}`);
  }
  const maxStay = arrival?.maxStay ?? null;
  if (maxStay !== null && nights > maxStay) {
    throw new DomainError('max_stay', `arrivals on ${checkIn} stay at most ${maxStay} nights, not ${nights}`);
  }
}

function rowOn(rows: readonly Restriction[], date: CalendarDate): Restriction | undefined {
  return rows.find((row) => row.from <= date && date <= row.to);
}
