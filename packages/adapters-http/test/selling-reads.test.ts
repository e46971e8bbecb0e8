import { afterEach, describe, expect, it } from 'vitest';
import { API, closeServers, issueKey, seed, start } from './support/http-harness';
import { InMemoryRawWriter, aSeason } from '@campsite/domain/testing';
import { sellingCamp, startSelling } from './support/selling-fixture';

// docs/channel-managers.md, "Selling a stay" and "The calendar": GET /site-types/, GET /extras/ and GET /calendar/:
// what they show, in which order, under which scope, paged like every list.

afterEach(closeServers);

const IMPORTED = '2026-06-01T12:00:30Z';

describe('GET /site-types/', () => {
  it('lists the types by id with their active pitches and the most guests one holds (inactive ones count for neither)', async () => {
    const { get } = await startSelling();
    const reply = await get('/site-types/');
    expect(reply.status).toBe(200);
    expect(reply.text).toBe(
      JSON.stringify({
        count: 2,
        next: null,
        previous: null,
        results: [
          { id: 1, name: 'Tent pitch', active_sites: 2, max_occupants: 6, updated_at: IMPORTED },
          { id: 2, name: 'Camper', active_sites: 1, max_occupants: 5, updated_at: IMPORTED },
        ],
      }),
    );
  });

  it('needs sites:read (not rates:read), answers HEAD like GET without a body, and 405 to anything else', async () => {
    const { world, server, get } = await startSelling();
    const rates = await issueKey(world, 'camp', ['rates:read', 'bookings:read', 'bookings:write']);
    expect((await get('/site-types/', rates)).status).toBe(403);
    const sites = await issueKey(world, 'camp', ['sites:read']);
    const head = await server.request('HEAD', `${API}/site-types/`, { token: sites });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    const post = await server.request('POST', `${API}/site-types`, { token: sites, body: {} });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect(post.json).toEqual({ detail: 'Method "POST" not allowed.' });
  });

  it('pages like every list', async () => {
    const { server, token, get } = await startSelling();
    const first = await get('/site-types/?page_size=1');
    expect(first.json.results.map((t: { id: number }) => t.id)).toEqual([1]);
    const second = await server.get(first.json.next, token);
    expect(second.json.results.map((t: { id: number }) => t.id)).toEqual([2]);
    expect(second.json.previous).toBe(`${server.origin}${API}/site-types/?page_size=1`);
    expect((await get('/site-types/?page=3&page_size=1')).json).toEqual({ detail: 'Invalid page.' });
  });
});

describe('GET /extras/', () => {
  it('lists the extras by code, money as CHF strings and the VAT rate in percent', async () => {
    const { get } = await startSelling();
    const reply = await get('/extras/');
    expect(reply.status).toBe(200);
    expect(reply.json.results).toEqual([
      {
        id: 2,
        code: 'cleaning',
        name: 'Final cleaning',
        per: 'stay',
        price: '25.00',
        vat_rate: '8.10',
        compulsory_for: [2],
        updated_at: IMPORTED,
      },
      { id: 1, code: 'dog', name: 'Dog', per: 'night', price: '4.50', vat_rate: '8.10', compulsory_for: [], updated_at: IMPORTED },
    ]);
    expect(Object.keys(reply.json.results[0])).toEqual(['id', 'code', 'name', 'per', 'price', 'vat_rate', 'compulsory_for', 'updated_at']);
    expect(reply.json.count).toBe(2);
  });

  it('needs rates:read: every other scope together is 403', async () => {
    const { world, get } = await startSelling();
    const without = await issueKey(world, 'camp', ['bookings:read', 'bookings:write', 'sites:read', 'customers:read', 'invoices:read']);
    const refused = await get('/extras/', without);
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ detail: 'You do not have permission to perform this action.' });
    expect((await get('/extras/', await issueKey(world, 'camp', ['rates:read']))).status).toBe(200);
  });
});

describe('updated_since on /site-types/ and /extras/', () => {
  it('keeps the records changed since the time, in the list order; a malformed time is 400 before the page', async () => {
    const { world, get } = await startSelling();
    world.clock.advance(60_000);
    const since = world.clock.now().toISOString();
    const raw = new InMemoryRawWriter(world.store);
    await raw.insertSeason(
      world.store.tenants.find((t) => t.slug === 'camp')!.id,
      aSeason({ siteTypeId: 2, from: '2028-01-01', to: '2028-01-31' }),
    );
    await raw.setExtraPrice(world.store.tenants.find((t) => t.slug === 'camp')!.id, 1, 500);
    const types = await get(`/site-types/?updated_since=${since}`);
    expect(types.json.results.map((t: { id: number }) => t.id)).toEqual([2]);
    expect(types.json.count).toBe(1);
    const extras = await get(`/extras/?updated_since=${encodeURIComponent(since.replace('Z', '+00:00'))}`);
    expect(extras.json.results.map((e: { code: string; price: string }) => [e.code, e.price])).toEqual([['dog', '5.00']]);
    for (const path of ['/site-types/', '/extras/']) {
      const refused = await get(`${path}?updated_since=yesterday&page=9`);
      expect(refused.status).toBe(400);
      expect(refused.json).toEqual({ updated_since: ['Enter a valid date/time.'] });
      expect((await get(`${path}?updated_since=`)).json.count).toBe(2);
    }
  });
});

const DAY = { min_stay: 1, max_stay: null, closed_to_arrival: false, closed_to_departure: false, stop_sell: false };
const TENT_PRICES = { pitch: '30.00', adult: '10.00', youth: '6.00', child: '4.00' };

describe('GET /calendar/', () => {
  it('shows per type and night the free active pitches, the season prices and the date rules', async () => {
    const { get } = await startSelling();
    const reply = await get('/calendar/?from=2027-08-09&to=2027-08-12');
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ count: 2, next: null, previous: null });
    const [tent, camper] = reply.json.results;
    expect(Object.keys(tent)).toEqual(['site_type_id', 'name', 'days']);
    expect(tent).toEqual({
      site_type_id: 1,
      name: 'Tent pitch',
      days: [
        // T02 is taken on 08-10 and 08-11; the cancelled booking of T01 takes nothing, the inactive T03 is never free.
        { date: '2027-08-09', free: 2, ...TENT_PRICES, ...DAY },
        { date: '2027-08-10', free: 1, ...TENT_PRICES, ...DAY },
        { date: '2027-08-11', free: 1, ...TENT_PRICES, ...DAY },
      ],
    });
    expect(Object.keys(tent.days[0])).toEqual([
      'date',
      'free',
      'pitch',
      'adult',
      'youth',
      'child',
      'min_stay',
      'max_stay',
      'closed_to_arrival',
      'closed_to_departure',
      'stop_sell',
    ]);
    // No season covers August for campers: no prices, the pitch is still free.
    expect(camper.days[0]).toEqual({ date: '2027-08-09', free: 1, pitch: null, adult: null, youth: null, child: null, ...DAY });
  });

  it("shows a restricted date's own row: a rule without a minimum keeps min_stay null", async () => {
    const { get } = await startSelling();
    const days = (await get('/calendar/?from=2027-07-05&to=2027-07-27&site_type_id=1')).json.results[0].days;
    const on = (date: string) => days.find((d: { date: string }) => d.date === date);
    expect(on('2027-07-05')).toMatchObject({ min_stay: 14, max_stay: null });
    expect(on('2027-07-07')).toMatchObject(DAY);
    expect(on('2027-07-10')).toMatchObject({ min_stay: null, closed_to_arrival: true, closed_to_departure: false, stop_sell: false });
    expect(on('2027-07-15')).toMatchObject({ closed_to_departure: true });
    expect(on('2027-07-20')).toMatchObject({ stop_sell: true });
    expect(on('2027-07-26')).toMatchObject({ min_stay: 1, max_stay: 2 });
    expect(days).toHaveLength(22);
  });

  it('narrows to one type with site_type_id; a number that is no type of the tenant gives an empty page', async () => {
    const { get } = await startSelling();
    const window = 'from=2027-07-01&to=2027-07-02';
    expect((await get(`/calendar/?${window}&site_type_id=2`)).json.results.map((r: { site_type_id: number }) => r.site_type_id)).toEqual([
      2,
    ]);
    expect((await get(`/calendar/?${window}&site_type_id=%202.0%20`)).json.count).toBe(1);
    for (const none of ['3', '5.5', '0', '-1', '1e30']) {
      const reply = await get(`/calendar/?${window}&site_type_id=${none}`);
      expect(reply.status, none).toBe(200);
      expect(reply.json, none).toEqual({ count: 0, next: null, previous: null, results: [] });
    }
    expect((await get(`/calendar/?${window}&site_type_id=`)).json.count).toBe(2);
  });

  it('refuses the window with the 400s of /availability/, and a malformed site_type_id, all before the page', async () => {
    const { get } = await startSelling();
    const cases: Array<[string, unknown]> = [
      ['', { from: ['This field is required.'], to: ['This field is required.'] }],
      ['from=2027-7-1&to=2027-07-10', { from: ['Enter a valid date.'] }],
      ['from=2027-07-10&to=2027-07-10', { to: ['Must be after from.'] }],
      ['from=2027-01-01&to=2028-01-03&page=99', { to: ['At most 366 nights from from.'] }],
      ['from=2027-07-01&to=2027-07-10&site_type_id=one&page=99', { site_type_id: ['Enter a number.'] }],
      ['to=2027-07-10&site_type_id=NaN', { from: ['This field is required.'], site_type_id: ['Enter a number.'] }],
      ['from=2027-07-10&to=2027-07-01&site_type_id=x', { to: ['Must be after from.'], site_type_id: ['Enter a number.'] }],
    ];
    for (const [query, body] of cases) {
      const reply = await get(`/calendar/?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.json, query).toEqual(body);
      const availability = await get(`/availability/?${query.replace(/&?site_type_id=[^&]*/, '')}`);
      const { site_type_id: _type, ...windowErrors } = body as Record<string, unknown>;
      if (Object.keys(windowErrors).length > 0) expect(availability.json, query).toEqual(windowErrors);
    }
    expect((await get('/calendar/?from=2027-07-01&to=2027-07-02&page=3')).json).toEqual({ detail: 'Invalid page.' });
  });

  it('pages over the types; next and previous keep from, to and site_type_id as sent', async () => {
    const { server, token, get } = await startSelling();
    const first = await get('/calendar/?from=2027-07-01&to=2027-07-03&site_type_id=&page_size=1');
    expect(first.json.results.map((r: { site_type_id: number }) => r.site_type_id)).toEqual([1]);
    const next = new URL(first.json.next);
    expect(Object.fromEntries(next.searchParams)).toEqual({
      from: '2027-07-01',
      to: '2027-07-03',
      site_type_id: '',
      page: '2',
      page_size: '1',
    });
    const second = await server.get(first.json.next, token);
    expect(second.json.results.map((r: { site_type_id: number }) => r.site_type_id)).toEqual([2]);
    expect(second.json.next).toBeNull();
    expect(Object.fromEntries(new URL(second.json.previous).searchParams)).toEqual({
      from: '2027-07-01',
      to: '2027-07-03',
      site_type_id: '',
      page_size: '1',
    });
  });

  it('needs rates:read, answers HEAD without a body, and 405 to POST', async () => {
    const { world, server, get } = await startSelling();
    const path = '/calendar/?from=2027-07-01&to=2027-07-02';
    const readers = await issueKey(world, 'camp', ['bookings:read', 'sites:read']);
    expect((await get(path, readers)).status).toBe(403);
    const rates = await issueKey(world, 'camp', ['rates:read']);
    expect((await get(path, rates)).status).toBe(200);
    const head = await server.request('HEAD', `${API}${path}`, { token: rates });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    const post = await server.request('POST', `${API}/calendar/`, { token: rates, body: {} });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });

  it('sends the text JSON.stringify writes of it, U+2028 and U+2029 escaped, for a name to escape and nights without prices', async () => {
    const { world, server } = await start();
    const name = 'Tent "Deluxe" \\ für 🏕️\u2028\u2029';
    const types = [
      { id: 1, name },
      { id: 2, name: 'Camper' },
    ];
    const [token] = (await seed(world, [{ ...sellingCamp(), siteTypes: types }])) as [string];
    const first = await server.get(`${API}/calendar/?from=2027-06-29&to=2027-07-11&page_size=1`, token);
    const second = await server.get(first.json.next, token);
    expect(first.json.results[0].name).toBe(name);
    expect(second.json.results[0].days[0]).toMatchObject({ pitch: null, adult: null, youth: null, child: null });
    for (const reply of [first, second]) {
      expect(reply.text).toBe(
        JSON.stringify(reply.json)
          .replace(/\u2028/g, '\\u2028')
          .replace(/\u2029/g, '\\u2029'),
      );
    }
    expect(first.text).toContain('\\u2028\\u2029');
  });

  it('counts a booking made through the API at once (the cached answer is not kept past a write)', async () => {
    const { get, post } = await startSelling();
    const path = '/calendar/?from=2027-09-01&to=2027-09-02&site_type_id=1';
    expect((await get(path)).json.results[0].days[0].free).toBe(2);
    expect(
      (await post('/bookings/', { site_id: 2, check_in_date: '2027-09-01', check_out_date: '2027-09-03', num_adults: 1 })).status,
    ).toBe(201);
    expect((await get(path)).json.results[0].days[0].free).toBe(1);
  });
});
