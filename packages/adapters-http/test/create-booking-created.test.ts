import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BookingServer, VALID, startBookingServer } from './support/create-booking-server';
import { API } from './support/http-harness';

// POST /api/v1/public/bookings/ that creates a booking: the 201 answer and its Location (docs/api-behaviour.md §2.4).

let server: BookingServer['server'];
let world: BookingServer['world'];
let token: BookingServer['token'];
let post: BookingServer['post'];

beforeEach(async () => {
  ({ server, world, token, post } = await startBookingServer());
});
afterEach(() => server.close());

describe('201 Created', () => {
  it('creates a pending booking with a reference, the placeholder price and a Location', async () => {
    const reply = await post({
      ...VALID,
      num_youth: 1,
      guest_first_name: '  Eva ',
      guest_last_name: 'Muster',
      guest_email: ' eva@example.ch\n',
    });
    expect(reply.status).toBe(201);
    expect(reply.headers.location).toBe(`${server.origin}${API}/bookings/4/`);
    expect(Object.keys(reply.json)).toEqual([
      'id',
      'booking_reference',
      'guest_first_name',
      'guest_last_name',
      'guest_email',
      'site_id',
      'site_number',
      'check_in_date',
      'check_out_date',
      'num_adults',
      'num_youth',
      'num_children',
      'status',
      'total_price',
      'created_at',
      'updated_at',
      'customer_id',
      'quote_id',
      'extras',
    ]);
    expect(reply.json).toMatchObject({
      id: 4,
      guest_first_name: 'Eva',
      guest_last_name: 'Muster',
      guest_email: 'eva@example.ch',
      site_id: 1,
      site_number: 'A01',
      check_in_date: '2026-09-01',
      check_out_date: '2026-09-04',
      num_adults: 2,
      num_youth: 1,
      num_children: 0,
      status: 'pending',
      total_price: '105.00',
      created_at: '2026-06-01T12:00:30Z',
      updated_at: '2026-06-01T12:00:30Z',
      quote_id: null,
      extras: [],
    });
    expect(reply.json.booking_reference).toMatch(/^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{10}$/);
    expect(world.store.bookings.find((b) => b.id === 4)?.source).toBe('online');

    const fetched = await server.get(reply.headers.location as string, token);
    expect(fetched.status).toBe(200);
    expect(fetched.text).toBe(reply.text);
  });

  it('defaults the optional fields and ignores server-assigned and unknown fields', async () => {
    const reply = await post({
      ...VALID,
      status: 'confirmed',
      total_price: '1.00',
      booking_reference: 'HACKED0000',
      created_at: '2000-01-01T00:00:00Z',
      id: 999,
      source: 'evil',
      whatever: { nested: true },
    });
    expect(reply.status).toBe(201);
    expect(reply.json).toMatchObject({ id: 4, status: 'pending', total_price: '105.00', created_at: '2026-06-01T12:00:30Z' });
    expect(reply.json).toMatchObject({ num_youth: 0, num_children: 0, guest_first_name: '', guest_last_name: '', guest_email: '' });
    expect(reply.json.booking_reference).not.toBe('HACKED0000');
    expect(reply.json).not.toHaveProperty('source');
    expect(world.store.bookings.find((b) => b.id === 4)?.source).toBe('online');
  });

  it('numbers ids per tenant', async () => {
    const [birch] = await Promise.all([world.keys.create('birch', 'k', ['bookings:write'], null)]);
    const reply = await server.request('POST', `${API}/bookings/`, { token: birch?.raw, body: { ...VALID, site_id: 9 } });
    expect(reply.status).toBe(201);
    expect(reply.json.id).toBe(1);
    expect(reply.headers.location).toBe(`${server.origin}${API}/bookings/1/`);
  });

  it('accepts the empty string for the optional guest fields', async () => {
    const reply = await post({ ...VALID, guest_first_name: '', guest_last_name: '   ', guest_email: '' });
    expect(reply.status).toBe(201);
    expect(reply.json).toMatchObject({ guest_first_name: '', guest_last_name: '', guest_email: '' });
  });
});
