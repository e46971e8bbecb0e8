import { DEFAULT_QUOTE_TTL_SECONDS } from '@campsite/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { API, type Reply, closeServers } from './support/http-harness';
import { TENT_STAY, type SellingWorld, startSelling } from './support/selling-fixture';

// docs/channel-managers.md, "Booking from a quote": POST /bookings/ with `quote_id` books the quote's stay at its
// total; without it, v1's rules stand, and the tariff's stay rules apply to every create.

afterEach(closeServers);

function expect400(reply: Reply, body: unknown) {
  expect(reply.status, reply.text).toBe(400);
  expect(reply.json).toEqual(body);
}

const GUEST = { guest_first_name: 'Anna', guest_last_name: 'Muster', guest_email: 'anna@example.ch' };

async function quote(selling: SellingWorld, body: Record<string, unknown>): Promise<Record<string, any>> {
  const reply = await selling.post('/quotes/', body);
  expect(reply.status, reply.text).toBe(201);
  return reply.json;
}

describe('a booking from a quote', () => {
  it("is the quote's stay at its total, with quote_id and extras, on the free pitch of the type with the lowest number", async () => {
    const selling = await startSelling();
    const q = await quote(selling, { site_type_id: 1, ...TENT_STAY, extras: [{ code: 'dog', quantity: 2 }] });
    const reply = await selling.post('/bookings/', { quote_id: q.id, ...GUEST });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.headers.location).toBe(`${selling.server.origin}${API}/bookings/4/`);
    expect(reply.json).toMatchObject({
      id: 4,
      ...GUEST,
      // T01 (id 2) comes before T02 (id 1) by site_number; the inactive T03 never takes a booking.
      site_id: 2,
      site_number: 'T01',
      check_in_date: '2027-07-01',
      check_out_date: '2027-07-04',
      num_adults: 2,
      num_youth: 0,
      num_children: 1,
      status: 'pending',
      total_price: q.total_price,
      customer_id: null,
      quote_id: q.id,
      extras: [{ code: 'dog', quantity: 2 }],
    });
    // Every rendering of the booking carries them: detail, list, feed.
    expect((await selling.get('/bookings/4/')).text).toBe(reply.text);
    expect((await selling.get('/bookings/?page_size=1')).json.results[0]).toEqual(reply.json);
    const feed = (await selling.get('/changes/?page_size=200')).json.results;
    expect(feed.find((c: { type: string; id: number }) => c.type === 'booking' && c.id === 4).object).toEqual(reply.json);

    // The next booking by type takes the next free pitch; then none is left.
    const second = await quote(selling, { site_type_id: 1, ...TENT_STAY });
    expect((await selling.post('/bookings/', { quote_id: second.id })).json).toMatchObject({ site_id: 1, site_number: 'T02', extras: [] });
    const third = await selling.post('/quotes/', { site_type_id: 1, ...TENT_STAY });
    expect400(third, { detail: 'site_unavailable' });
  });

  it('on the pitch of a quote by pitch; a compulsory extra is part of it', async () => {
    const selling = await startSelling();
    const q = await quote(selling, { site_id: 4, check_in_date: '2027-07-01', check_out_date: '2027-07-03', num_adults: 2 });
    const reply = await selling.post('/bookings/', { quote_id: q.id });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.json).toMatchObject({
      site_id: 4,
      total_price: '183.00',
      quote_id: q.id,
      extras: [{ code: 'cleaning', quantity: 1 }],
      guest_first_name: '',
    });
  });

  it('takes fields sent beside quote_id when they equal the quote’s, read like any field ("2", extras in any order)', async () => {
    const selling = await startSelling();
    const q = await quote(selling, {
      site_id: 4,
      check_in_date: '2027-07-01',
      check_out_date: '2027-07-03',
      num_adults: 2,
      extras: [{ code: 'dog', quantity: 1 }],
    });
    const reply = await selling.post('/bookings/', {
      quote_id: String(q.id),
      site_id: '4',
      check_in_date: '2027-07-01',
      check_out_date: '2027-07-03',
      num_adults: '2',
      num_youth: 0,
      num_children: 0,
      extras: [
        { code: 'dog', quantity: 1 },
        { code: 'cleaning', quantity: 1 },
      ],
      status: 'confirmed',
      total_price: '1.00',
    });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.json).toMatchObject({ status: 'pending', total_price: q.total_price, extras: q.extras });
  });

  it('refuses a field that differs from the quote’s: quote_mismatch', async () => {
    const selling = await startSelling();
    const q = await quote(selling, { site_type_id: 1, ...TENT_STAY, extras: [{ code: 'dog', quantity: 1 }] });
    for (const sent of [
      { check_in_date: '2027-07-02' },
      { check_out_date: '2027-07-05' },
      { num_adults: 3 },
      { num_youth: 1 },
      { num_children: 0 },
      { site_id: 2 },
      { site_id: 'T01' },
      { extras: [] },
      { extras: [{ code: 'dog', quantity: 2 }] },
    ]) {
      expect400(await selling.post('/bookings/', { quote_id: q.id, ...sent }), { detail: 'quote_mismatch' });
    }
    // `site_id: null` is what the quote by type shows: it matches.
    expect((await selling.post('/bookings/', { quote_id: q.id, site_id: null, ...TENT_STAY })).status).toBe(201);
  });

  it('checks, in order: the quote (quote_not_found), the fields, the match, the expiry, its use', async () => {
    const selling = await startSelling();
    const { post, other, world } = selling;
    const q = await quote(selling, { site_type_id: 1, ...TENT_STAY });
    for (const id of [999, 'abc', 0, 1.5, true, [1]]) {
      expect400(await post('/bookings/', { quote_id: id, num_adults: 'x' }), { detail: 'quote_not_found' });
    }
    expect400(await post('/bookings/', { quote_id: q.id }, other), { detail: 'quote_not_found' });
    expect400(
      await post('/bookings/', {
        quote_id: q.id,
        num_adults: 'x',
        guest_email: 'nope',
        customer_id: 99,
        extras: 'dog',
        check_in_date: '2027-07-09',
      }),
      {
        num_adults: ['A valid integer is required.'],
        guest_email: ['Enter a valid email address.'],
        customer_id: ['Invalid pk "99" - object does not exist.'],
        extras: ['Expected a list of items but got type "str".'],
      },
    );

    world.clock.advance(DEFAULT_QUOTE_TTL_SECONDS * 1000 - 1);
    const early = await quote(selling, { site_type_id: 1, ...TENT_STAY });
    world.clock.advance(1);
    // The first quote's expires_at has come: past it, but a mismatch is named first.
    expect400(await post('/bookings/', { quote_id: q.id, num_adults: 1 }), { detail: 'quote_mismatch' });
    expect400(await post('/bookings/', { quote_id: q.id }), { detail: 'quote_expired' });

    expect((await post('/bookings/', { quote_id: early.id })).status).toBe(201);
    expect400(await post('/bookings/', { quote_id: early.id }), { detail: 'quote_used' });
    world.clock.advance(DEFAULT_QUOTE_TTL_SECONDS * 1000);
    expect400(await post('/bookings/', { quote_id: early.id }), { detail: 'quote_expired' });
  });

  it('checks availability again: a pitch taken since the quote is site_unavailable, and the quote stays unused', async () => {
    const selling = await startSelling();
    const q = await quote(selling, { site_id: 2, ...TENT_STAY });
    expect((await selling.post('/bookings/', { site_id: 2, ...TENT_STAY })).status).toBe(201);
    expect400(await selling.post('/bookings/', { quote_id: q.id }), { detail: 'site_unavailable' });
    expect((await selling.post(`/bookings/4/cancel/`, {})).json.status).toBe('cancelled');
    expect((await selling.post('/bookings/', { quote_id: q.id })).status).toBe(201);
  });

  it('replays the first 201 for the same Idempotency-Key even once the quote is used; another key hears quote_used', async () => {
    const selling = await startSelling();
    const q = await quote(selling, { site_type_id: 1, ...TENT_STAY });
    const body = { quote_id: q.id, ...GUEST };
    const first = await selling.post('/bookings/', body, undefined, { 'Idempotency-Key': 'order-4711' });
    expect(first.status).toBe(201);
    const replay = await selling.post('/bookings/', body, undefined, { 'Idempotency-Key': 'order-4711' });
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.text).toBe(first.text);
    expect(replay.headers.location).toBe(first.headers.location);
    expect400(await selling.post('/bookings/', body, undefined, { 'Idempotency-Key': 'order-4712' }), { detail: 'quote_used' });
  });
});

describe('a booking without a quote', () => {
  it('ignores extras like any unknown field and keeps the placeholder price (quote_id null counts as none)', async () => {
    const selling = await startSelling();
    const reply = await selling.post('/bookings/', {
      site_id: 2,
      ...TENT_STAY,
      quote_id: null,
      extras: [{ code: 'dog', quantity: 1 }, 'junk'],
    });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.json).toMatchObject({ total_price: '105.00', quote_id: null, extras: [] });
    expect400(await selling.post('/bookings/', { quote_id: null, ...TENT_STAY }), { detail: 'site_not_found' });
  });

  it('renders the extras an imported booking was sold with, and no quote', async () => {
    const { get } = await startSelling();
    expect((await get('/bookings/1/')).json).toMatchObject({ id: 1, quote_id: null, extras: [{ code: 'dog', quantity: 1 }] });
  });

  it('obeys the stay rules, after occupancy and before availability', async () => {
    const selling = await startSelling();
    const { post } = selling;
    const stay = (site_id: number, check_in_date: string, check_out_date: string, num_adults = 1) =>
      post('/bookings/', { site_id, check_in_date, check_out_date, num_adults });
    expect400(await stay(2, '2027-07-10', '2027-07-21'), { detail: 'stop_sell' });
    expect400(await stay(2, '2027-07-10', '2027-07-15'), { detail: 'closed_to_arrival' });
    expect400(await stay(2, '2027-07-05', '2027-07-15'), { detail: 'closed_to_departure' });
    expect400(await stay(2, '2027-07-06', '2027-07-08'), { detail: 'min_stay' });
    expect400(await stay(2, '2027-07-25', '2027-07-28'), { detail: 'max_stay' });
    expect400(await stay(2, '2027-07-06', '2027-07-08', 7), {
      non_field_errors: ['Total occupants (7) exceed the maximum of 6 for this site.'],
    });
    expect400(await stay(999, '2027-07-06', '2027-07-08'), { detail: 'site_not_found' });
    // The inactive T03 and the taken T02 hear the stay rule first.
    expect400(await stay(3, '2027-07-06', '2027-07-08'), { detail: 'min_stay' });
    expect400(await stay(1, '2027-08-10', '2027-08-12'), { detail: 'site_unavailable' });
    // A type without a tariff row for the dates, or outside any season, takes v1 bookings as before.
    expect((await stay(4, '2027-09-01', '2027-09-03')).status).toBe(201);
  });
});
