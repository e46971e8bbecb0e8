import { afterEach, describe, expect, it } from 'vitest';
import { type Reply, closeServers } from './support/http-harness';
import { TENT_STAY, startSelling } from './support/selling-fixture';

// docs/channel-managers.md, "Quotes": what POST /quotes/ refuses, in the use case's order. What it prices is in
// quotes.test.ts.

afterEach(closeServers);

function expect400(reply: Reply, body: unknown) {
  expect(reply.status, reply.text).toBe(400);
  expect(reply.json).toEqual(body);
}

describe('POST /quotes/ → 400, in the use case’s order', () => {
  it('fields first (all at once), then the site or type', async () => {
    const { post } = await startSelling();
    expect400(await post('/quotes/', {}), {
      check_in_date: ['This field is required.'],
      check_out_date: ['This field is required.'],
      num_adults: ['This field is required.'],
    });
    expect400(await post('/quotes/', { site_id: 999, ...TENT_STAY, check_out_date: '2027-06-30' }), {
      check_out_date: ['Check-out date must be after check-in date.'],
    });
    expect400(await post('/quotes/', { ...TENT_STAY, num_adults: -1, extras: [{ code: 'dog', quantity: 21 }] }), {
      num_adults: ['Ensure this value is greater than or equal to 0.'],
      extras: ['Ensure this value is less than or equal to 20.'],
    });
    expect400(await post('/quotes/', TENT_STAY), { detail: 'site_not_found' });
    expect400(await post('/quotes/', { site_id: null, ...TENT_STAY }), { detail: 'site_not_found' });
    expect400(await post('/quotes/', { site_id: 999, ...TENT_STAY }), { detail: 'site_not_found' });
    expect400(await post('/quotes/', { site_id: 'A01', site_type_id: 1, ...TENT_STAY }), { detail: 'site_not_found' });
    expect400(await post('/quotes/', { site_type_id: 3, ...TENT_STAY }), { detail: 'site_type_not_found' });
    expect400(await post('/quotes/', { site_type_id: 'camper', ...TENT_STAY }), { detail: 'site_type_not_found' });
    expect400(await post('/quotes/', { site_id: 4, site_type_id: 1, ...TENT_STAY }), { site_type_id: ["Does not match the site's type."] });
  });

  it('reads extras with DRF’s messages, then duplicates, and unknown codes with the other field errors', async () => {
    const { post } = await startSelling();
    const cases: Array<[unknown, string[]]> = [
      [null, ['This field may not be null.']],
      ['dog', ['Expected a list of items but got type "str".']],
      [{ code: 'dog', quantity: 1 }, ['Expected a list of items but got type "dict".']],
      [['dog'], ['Invalid data. Expected a dictionary, but got str.']],
      [[{ quantity: 1 }], ['This field is required.']],
      [[{ code: 'dog' }], ['This field is required.']],
      [[{ code: '  ', quantity: 1 }], ['This field may not be blank.']],
      [[{ code: true, quantity: 1 }], ['Not a valid string.']],
      [[{ code: 'dog', quantity: 0 }], ['Ensure this value is greater than or equal to 1.']],
      [[{ code: 'dog', quantity: 1.5 }], ['A valid integer is required.']],
      [[{ code: 'dog', quantity: null }], ['This field may not be null.']],
      [
        [
          { code: 'dog', quantity: 1 },
          { code: 'dog', quantity: 2 },
        ],
        ['Duplicate extra: dog.'],
      ],
      [[{ code: 'xyz', quantity: 1 }], ['Unknown extra: xyz.']],
      [
        [
          { code: 'xyz', quantity: 1 },
          { code: 'dog', quantity: 1 },
          { code: 'abc', quantity: 1 },
        ],
        ['Unknown extra: xyz.', 'Unknown extra: abc.'],
      ],
    ];
    for (const [extras, messages] of cases)
      expect400(await post('/quotes/', { site_type_id: 1, ...TENT_STAY, extras }), { extras: messages });
    expect400(await post('/quotes/', { site_type_id: 1, check_in_date: '2027-07-01', extras: [{ code: 'xyz', quantity: 1 }] }), {
      check_out_date: ['This field is required.'],
      num_adults: ['This field is required.'],
      extras: ['Unknown extra: xyz.'],
    });
    // An unknown code is a field error: it comes before the site.
    expect400(await post('/quotes/', { site_id: 999, ...TENT_STAY, extras: [{ code: 'xyz', quantity: 1 }] }), {
      extras: ['Unknown extra: xyz.'],
    });
  });

  it('then occupancy: of the pitch, or for a type the largest of its active pitches', async () => {
    const { post } = await startSelling();
    const seven = { ...TENT_STAY, num_adults: 4, num_youth: 2, num_children: 1 };
    expect400(await post('/quotes/', { site_type_id: 1, ...seven }), {
      non_field_errors: ['Total occupants (7) exceed the maximum of 6 for this site.'],
    });
    expect400(await post('/quotes/', { site_id: 1, ...TENT_STAY, num_adults: 4 }), {
      non_field_errors: ['Total occupants (5) exceed the maximum of 4 for this site.'],
    });
    // Occupancy comes before the stay rules: a party too large on a closed date hears about the party.
    expect400(await post('/quotes/', { site_type_id: 1, ...seven, check_in_date: '2027-07-10', check_out_date: '2027-07-12' }), {
      non_field_errors: ['Total occupants (7) exceed the maximum of 6 for this site.'],
    });
  });

  it('then the stay rules, in their order: stop_sell, closed_to_arrival, closed_to_departure, min_stay, max_stay', async () => {
    const { post } = await startSelling();
    const stay = (check_in_date: string, check_out_date: string) =>
      post('/quotes/', { site_type_id: 1, num_adults: 1, check_in_date, check_out_date });
    expect400(await stay('2027-07-10', '2027-07-21'), { detail: 'stop_sell' }); // also closed to arrival
    expect400(await stay('2027-07-19', '2027-07-21'), { detail: 'stop_sell' });
    expect400(await stay('2027-07-10', '2027-07-15'), { detail: 'closed_to_arrival' }); // also closed to departure
    expect400(await stay('2027-07-05', '2027-07-15'), { detail: 'closed_to_departure' }); // also fewer than 14 nights
    expect400(await stay('2027-07-06', '2027-07-08'), { detail: 'min_stay' });
    expect400(await stay('2027-07-25', '2027-07-28'), { detail: 'max_stay' });
    expect((await stay('2027-07-25', '2027-07-27')).status).toBe(201);
    expect((await stay('2027-07-05', '2027-07-19')).status).toBe(201);
    expect((await stay('2027-07-11', '2027-07-15')).status).toBe(400);
    expect((await stay('2027-07-11', '2027-07-16')).status).toBe(201);
  });

  it('then a season for every night (no_tariff), then a free pitch for the whole stay (site_unavailable)', async () => {
    const { post } = await startSelling();
    // June 30th is closed to arrival for campers and outside their season: the stay rule comes first.
    expect400(await post('/quotes/', { site_type_id: 2, num_adults: 1, check_in_date: '2027-06-30', check_out_date: '2027-07-02' }), {
      detail: 'closed_to_arrival',
    });
    expect400(await post('/quotes/', { site_type_id: 2, num_adults: 1, check_in_date: '2027-07-30', check_out_date: '2027-08-02' }), {
      detail: 'no_tariff',
    });
    // T02 is taken 08-10..08-12: by pitch it is unavailable, by type T01 is still free.
    const august = { num_adults: 1, check_in_date: '2027-08-11', check_out_date: '2027-08-13' };
    expect400(await post('/quotes/', { site_id: 1, ...august }), { detail: 'site_unavailable' });
    expect400(await post('/quotes/', { site_id: 3, ...august }), { detail: 'site_unavailable' }); // inactive
    expect((await post('/quotes/', { site_type_id: 1, ...august })).status).toBe(201);
    expect((await post('/bookings/', { site_id: 2, ...august })).status).toBe(201);
    expect400(await post('/quotes/', { site_type_id: 1, ...august }), { detail: 'site_unavailable' });
    // no_tariff comes before availability: T02 is taken, and September has no season.
    expect400(await post('/quotes/', { site_id: 1, num_adults: 1, check_in_date: '2027-08-11', check_out_date: '2027-09-02' }), {
      detail: 'no_tariff',
    });
  });
});
