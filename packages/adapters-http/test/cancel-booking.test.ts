import { afterEach, describe, expect, it } from 'vitest';
import { API, closeServers, issueKey } from './support/http-harness';
import { TENT_STAY, startSelling } from './support/selling-fixture';

// docs/channel-managers.md, "Cancelling": POST /bookings/{id}/cancel/ turns a pending or confirmed booking into a
// cancelled one, whose nights are free at once.

afterEach(closeServers);

describe('POST /bookings/{id}/cancel/', () => {
  it('cancels a confirmed booking: 200 with the booking, its price kept, updated_at moved; a repeat answers it unchanged', async () => {
    const { world, post, get } = await startSelling();
    const before = (await get('/bookings/1/')).json;
    world.clock.advance(60_000);
    const reply = await post('/bookings/1/cancel/', undefined);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json).toEqual({ ...before, status: 'cancelled', updated_at: '2026-06-01T12:01:30Z' });
    expect((await get('/bookings/1/')).text).toBe(reply.text);
    world.clock.advance(60_000);
    const again = await post('/bookings/1/cancel', undefined);
    expect(again.status).toBe(200);
    expect(again.text).toBe(reply.text);
  });

  it('cancels a pending booking made through the API, from a quote too', async () => {
    const { post } = await startSelling();
    const quote = await post('/quotes/', { site_type_id: 1, ...TENT_STAY });
    const booking = await post('/bookings/', { quote_id: quote.json.id });
    expect(booking.json.status).toBe('pending');
    const cancelled = await post(`/bookings/${booking.json.id}/cancel/`, undefined);
    expect(cancelled.json).toMatchObject({ status: 'cancelled', quote_id: quote.json.id, total_price: quote.json.total_price });
  });

  it('refuses any other status with not_cancellable, and anything but a booking of the tenant with 404 not_found', async () => {
    const { post, other } = await startSelling();
    const refused = await post('/bookings/2/cancel/', undefined);
    expect(refused.status).toBe(400);
    expect(refused.text).toBe('{"detail":"not_cancellable"}');
    const theirs = await post('/bookings/', { site_id: 2, ...TENT_STAY }, other);
    expect(theirs.json.id).toBe(4);
    for (const id of ['4', '999', 'abc', '0', '-1', '1.0', '99999999999999999999']) {
      const reply = await post(`/bookings/${id}/cancel/`, undefined);
      expect(reply.status, id).toBe(404);
      expect(reply.json).toEqual({ detail: 'not_found' });
    }
    expect((await post('/bookings/4/cancel/', undefined, other)).json.status).toBe('cancelled');
  });

  it('does not read the body: a malformed one, of any type, changes nothing', async () => {
    const { post } = await startSelling();
    const odd = await post('/bookings/1/cancel/', 'not json {', undefined, { 'Content-Type': 'text/plain' });
    expect(odd.status).toBe(200);
    expect(odd.json.status).toBe('cancelled');
    expect((await post('/bookings/2/cancel/', { status: 'cancelled' })).json).toEqual({ detail: 'not_cancellable' });
  });

  it('needs bookings:write, and answers only POST', async () => {
    const { world, server, post } = await startSelling();
    const reader = await issueKey(world, 'camp', ['bookings:read', 'sites:read', 'rates:read']);
    expect((await post('/bookings/1/cancel/', undefined, reader)).status).toBe(403);
    const writer = await issueKey(world, 'camp', ['bookings:write']);
    for (const method of ['GET', 'HEAD', 'DELETE', 'OPTIONS']) {
      const reply = await server.request(method, `${API}/bookings/1/cancel/`, { token: writer });
      expect(reply.status, method).toBe(405);
      expect(reply.headers.allow).toBe('POST');
    }
    expect((await post('/bookings/1/cancel/', undefined, writer)).status).toBe(200);
  });

  it('frees the nights at once: availability, the calendar and quotes see them', async () => {
    const { post, get } = await startSelling();
    const window = 'from=2027-08-09&to=2027-08-13';
    const august = { site_id: 1, num_adults: 1, check_in_date: '2027-08-10', check_out_date: '2027-08-12' };
    const free = async () => (await get(`/availability/?${window}`)).json.results.find((r: { site_id: number }) => r.site_id === 1).free;
    const calendar = async () =>
      (await get(`/calendar/?${window}&site_type_id=1`)).json.results[0].days.map((d: { free: number }) => d.free);
    expect(await free()).toEqual([
      { from: '2027-08-09', to: '2027-08-10' },
      { from: '2027-08-12', to: '2027-08-13' },
    ]);
    expect(await calendar()).toEqual([2, 1, 1, 2]);
    expect((await post('/quotes/', august)).json).toEqual({ detail: 'site_unavailable' });

    expect((await post('/bookings/1/cancel/', undefined)).status).toBe(200);
    expect(await free()).toEqual([{ from: '2027-08-09', to: '2027-08-13' }]);
    expect(await calendar()).toEqual([2, 2, 2, 2]);
    expect((await post('/quotes/', august)).status).toBe(201);
    expect((await post('/bookings/', august)).status).toBe(201);
  });
});
