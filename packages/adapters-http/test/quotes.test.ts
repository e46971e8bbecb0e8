import { DEFAULT_QUOTE_TTL_SECONDS } from '@campsite/domain';
import { InMemoryQuoteRepository } from '@campsite/domain/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { API, type Reply, closeServers, issueKey } from './support/http-harness';
import { TENT_STAY, startSelling } from './support/selling-fixture';

// docs/channel-managers.md, "Quotes": POST /quotes/ prices a stay by the tariff (by pitch or by type),
// GET /quotes/{id}/ reads it again. The body is read as POST /bookings/ reads it; the checks come in the use case's order.

afterEach(closeServers);

function expect400(reply: Reply, body: unknown) {
  expect(reply.status, reply.text).toBe(400);
  expect(reply.json).toEqual(body);
}

const line = (position: number, kind: string, code: string | null, quantity: string, unit: string, vat: string, amount: string) => ({
  position,
  quantity,
  unit_price: unit,
  vat_rate: vat,
  amount,
  kind,
  code,
});

describe('POST /quotes/ → 201', () => {
  it('prices a stay of a type: lines in order (zero lines left out), VAT per rate, total, expiry, Location', async () => {
    const { server, post, get } = await startSelling();
    const reply = await post('/quotes/', { site_type_id: 1, ...TENT_STAY, extras: [{ code: 'dog', quantity: 1 }] });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.headers.location).toBe(`${server.origin}${API}/quotes/1/`);
    expect(Object.keys(reply.json)).toEqual([
      'id',
      'site_type_id',
      'site_id',
      'check_in_date',
      'check_out_date',
      'num_adults',
      'num_youth',
      'num_children',
      'extras',
      'lines',
      'vat',
      'total_price',
      'expires_at',
      'created_at',
    ]);
    const { lines, ...quote } = reply.json;
    expect(quote).toEqual({
      id: 1,
      site_type_id: 1,
      site_id: null,
      check_in_date: '2027-07-01',
      check_out_date: '2027-07-04',
      num_adults: 2,
      num_youth: 0,
      num_children: 1,
      extras: [{ code: 'dog', quantity: 1 }],
      vat: [
        { rate: '8.10', amount: '1.01' },
        { rate: '3.80', amount: '5.93' },
      ],
      total_price: '190.50',
      expires_at: '2026-06-01T12:30:30Z',
      created_at: '2026-06-01T12:00:30Z',
    });
    expect(Object.keys(lines[0])).toEqual(['position', 'description', 'quantity', 'unit_price', 'vat_rate', 'amount', 'kind', 'code']);
    expect(lines.map(({ description: _free, ...rest }: { description: string }) => rest)).toEqual([
      line(1, 'pitch', null, '3.000', '30.00', '3.80', '90.00'),
      line(2, 'adult', null, '6.000', '10.00', '3.80', '60.00'),
      line(3, 'child', null, '3.000', '4.00', '3.80', '12.00'),
      line(4, 'extra', 'dog', '3.000', '4.50', '8.10', '13.50'),
      line(5, 'tourist_tax', 'adult', '6.000', '2.50', '0.00', '15.00'),
    ]);
    for (const { description } of lines) expect(description).toEqual(expect.any(String));

    const again = await get('/quotes/1/');
    expect(again.status).toBe(200);
    expect(again.text).toBe(reply.text);
  });

  it('prices a stay of a pitch, with the extras compulsory for its type', async () => {
    const { post } = await startSelling();
    const reply = await post('/quotes/', { site_id: 4, check_in_date: '2027-07-01', check_out_date: '2027-07-03', num_adults: 2 });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.json).toMatchObject({ site_type_id: 2, site_id: 4, extras: [{ code: 'cleaning', quantity: 1 }], total_price: '183.00' });
    expect(reply.json.vat).toEqual([{ rate: '8.10', amount: '12.96' }]);
    expect(reply.json.lines.map((l: { kind: string; amount: string }) => `${l.kind}:${l.amount}`)).toEqual([
      'pitch:100.00',
      'adult:48.00',
      'extra:25.00',
      'tourist_tax:10.00',
    ]);
    // With both, the site must be of the type.
    const both = await post('/quotes/', {
      site_id: 4,
      site_type_id: 2,
      check_in_date: '2027-07-01',
      check_out_date: '2027-07-03',
      num_adults: 2,
    });
    expect(both.status).toBe(201);
    expect(both.json.total_price).toBe('183.00');
  });

  it('takes `site_id: null` beside a type as no pitch, and reads ids and quantities like the other integers', async () => {
    const { post } = await startSelling();
    const reply = await post('/quotes/', {
      site_id: null,
      site_type_id: '1.0',
      ...TENT_STAY,
      num_adults: '2',
      extras: [{ code: ' dog ', quantity: 2.0 }],
    });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.json).toMatchObject({ site_id: null, site_type_id: 1, num_adults: 2, extras: [{ code: 'dog', quantity: 2 }] });
  });

  it('numbers quotes per tenant, and hides each tenant’s from the other (404 not_found)', async () => {
    const { post, get, other } = await startSelling();
    expect((await post('/quotes/', { site_type_id: 1, ...TENT_STAY })).json.id).toBe(1);
    expect((await post('/quotes/', { site_type_id: 1, ...TENT_STAY }, other)).json.id).toBe(1);
    expect((await post('/quotes/', { site_type_id: 1, ...TENT_STAY })).json.id).toBe(2);
    expect((await get('/quotes/2/', other)).json).toEqual({ detail: 'not_found' });
    for (const id of ['99', 'abc', '0', '1.5', '99999999999999999999']) {
      const reply = await get(`/quotes/${id}/`);
      expect(reply.status, id).toBe(404);
      expect(reply.json).toEqual({ detail: 'not_found' });
    }
  });
});

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

describe('POST /quotes/ reads its body as POST /bookings/ does', () => {
  it('gives the same answers to the same malformed bodies', async () => {
    const { post } = await startSelling();
    const bodies: Array<[string | unknown, Record<string, string>?]> = [
      ['not json'],
      ['[1, 2]'],
      ['null'],
      ['"text"'],
      ['{}', { 'Content-Type': 'text/plain' }],
      [{ site_id: 1, check_in_date: '2027-7-1', check_out_date: '2027-07-04', num_adults: 'two', guest_email: 'nope' }],
      [{ site_id: 1, check_in_date: '2027-07-01', check_out_date: '2028-07-04', num_adults: 1 }],
      [{ site_id: 1, ...TENT_STAY, num_youth: null, guest_first_name: 'x'.repeat(151) }],
    ];
    for (const [body, headers = {}] of bodies) {
      const sent = typeof body === 'string' ? body : JSON.stringify(body);
      const quote = await post('/quotes/', sent, undefined, { 'Content-Type': 'application/json', ...headers });
      const booking = await post('/bookings/', sent, undefined, { 'Content-Type': 'application/json', ...headers });
      expect(quote.status, sent).toBeGreaterThanOrEqual(400);
      expect([quote.status, quote.text], sent).toEqual([booking.status, booking.text]);
    }
    // An empty body counts as {}.
    const empty = await post('/quotes/', '', undefined, { 'Content-Type': 'text/plain' });
    expect400(empty, {
      check_in_date: ['This field is required.'],
      check_out_date: ['This field is required.'],
      num_adults: ['This field is required.'],
    });
  });
});

describe('scopes, methods, caching', () => {
  it('needs bookings:write for both; /quotes/ answers only POST, /quotes/{id}/ only GET and HEAD', async () => {
    const { world, server, post, get } = await startSelling();
    const readers = await issueKey(world, 'camp', ['bookings:read', 'sites:read', 'rates:read']);
    expect((await post('/quotes/', { site_type_id: 1, ...TENT_STAY }, readers)).status).toBe(403);
    expect((await post('/quotes/', { site_type_id: 1, ...TENT_STAY })).status).toBe(201);
    expect((await get('/quotes/1/', readers)).status).toBe(403);
    const writer = await issueKey(world, 'camp', ['bookings:write']);
    const listed = await server.request('GET', `${API}/quotes/`, { token: writer });
    expect(listed.status).toBe(405);
    expect(listed.headers.allow).toBe('POST');
    const put = await server.request('PUT', `${API}/quotes/1/`, { token: writer, body: {} });
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD');
    const head = await server.request('HEAD', `${API}/quotes/1`, { token: writer });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
  });

  it('reads a quote afresh every time: one forgotten after it expired is 404 at once', async () => {
    const { world, post, get } = await startSelling();
    expect((await post('/quotes/', { site_type_id: 1, ...TENT_STAY })).status).toBe(201);
    expect((await get('/quotes/1/')).status).toBe(200);
    world.clock.advance(DEFAULT_QUOTE_TTL_SECONDS * 1000 + 1);
    expect(await new InMemoryQuoteRepository(world.store).purgeExpired(world.clock.now())).toBe(1);
    expect((await get('/quotes/1/')).json).toEqual({ detail: 'not_found' });
  });
});
