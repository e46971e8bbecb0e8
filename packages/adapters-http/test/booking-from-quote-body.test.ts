import { describe, expect, it } from 'vitest';
import { readBookingFromQuote } from '../src/schemas/booking-from-quote.schema';

// docs/channel-managers.md, "Booking from a quote": each stay field sent beside `quote_id` is read with its usual
// rules, and one left out is not read at all. The schema of each set of sent fields is made once and kept, so reads
// of different sets in turn must each see their own.

const GUEST = { guest_first_name: 'Anna', guest_last_name: 'Muster', guest_email: 'anna@example.ch' };
const read = (body: Record<string, unknown>) => readBookingFromQuote({ quote_id: 7, ...GUEST, ...body } as never);

describe('the body of a booking from a quote', () => {
  it('reads exactly the stay fields each request sent, whatever the requests before it sent', () => {
    for (let round = 0; round < 2; round++) {
      const refused = read({ num_adults: 'x' });
      expect(Object.keys(refused.fieldErrors)).toEqual(['num_adults']);
      expect(refused.input.quote?.guest).toBeNull();

      const none = read({});
      expect(none.fieldErrors).toEqual({});
      expect(none.input.quote).toEqual({
        stay: { quoteId: 7 },
        guest: { guestFirstName: 'Anna', guestLastName: 'Muster', guestEmail: 'anna@example.ch' },
      });

      const dates = read({ check_in_date: '2027-07-01', check_out_date: '2027-07-03', num_adults: '2' });
      expect(dates.fieldErrors).toEqual({});
      expect(dates.input.quote?.stay).toEqual({ quoteId: 7, checkInDate: '2027-07-01', checkOutDate: '2027-07-03', numAdults: 2 });

      const youth = read({ num_youth: 'y' });
      expect(Object.keys(youth.fieldErrors)).toEqual(['num_youth']);
      expect(youth.input.quote?.stay).toEqual({ quoteId: 7 });
    }
  });
});
