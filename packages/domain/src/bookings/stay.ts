import type { CalendarDate } from '../shared/calendar-date';

/** The nights `[from, to)`: `to` is the departure date, as a booking's `checkOutDate` is. */
export interface DateRange {
  from: CalendarDate;
  to: CalendarDate;
}

/** The nights one booking holds on its site: `[checkInDate, checkOutDate)`. */
export interface Stay {
  siteId: number;
  checkInDate: CalendarDate;
  checkOutDate: CalendarDate;
}

/** `stays` by their site, each site's in the order given: grouped once, so that each site reads only its own. */
export function staysBySite(stays: readonly Stay[]): Map<number, Stay[]> {
  const bySite = new Map<number, Stay[]>();
  for (const stay of stays) {
    const list = bySite.get(stay.siteId);
    if (list) list.push(stay);
    else bySite.set(stay.siteId, [stay]);
  }
  return bySite;
}
