import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BookingServer, VALID, expect400, startBookingServer } from './support/create-booking-server';

// POST /api/v1/public/bookings/: occupants and availability (docs/api-behaviour.md §2.4, rules 7 and 8).

let server: BookingServer['server'];
let post: BookingServer['post'];

beforeEach(async () => {
  ({ server, post } = await startBookingServer());
});
afterEach(() => server.close());

describe('rules 6 and 7: occupants and availability', () => {
  it('refuses more occupants than the site holds', async () => {
    expect400(await post({ ...VALID, site_id: 3, num_adults: 2, num_youth: 1 }), {
      non_field_errors: ['Total occupants (3) exceed the maximum of 2 for this site.'],
    });
    expect((await post({ ...VALID, site_id: 3, num_adults: 1, num_children: 1 })).status).toBe(201);
  });

  it('refuses an inactive site', async () => {
    expect400(await post({ ...VALID, site_id: 2 }), { detail: 'site_unavailable' });
  });

  it.each([
    ['inside a pending booking', '2026-07-11', '2026-07-12', 400],
    ['across a pending booking', '2026-07-05', '2026-07-25', 400],
    ['overlapping a confirmed booking', '2026-07-21', '2026-07-23', 400],
    ['departing the day a booking arrives', '2026-07-08', '2026-07-10', 201],
    ['arriving the day a booking departs', '2026-07-14', '2026-07-16', 201],
    ['over a cancelled booking', '2026-08-01', '2026-08-05', 201],
  ])('%s', async (_name, checkIn, checkOut, status) => {
    const reply = await post({ ...VALID, check_in_date: checkIn, check_out_date: checkOut });
    expect(reply.status).toBe(status);
    if (status === 400) expect(reply.text).toBe('{"detail":"site_unavailable"}');
  });

  it('refuses the same dates twice', async () => {
    expect((await post(VALID)).status).toBe(201);
    expect400(await post(VALID), { detail: 'site_unavailable' });
  });
});
