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
