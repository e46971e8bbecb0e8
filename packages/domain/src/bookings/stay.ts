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
