import { aBooking, aSite, aTenant, aUser, anInvoice } from '@campsite/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type Server, seed, start } from './support/http-harness';

// Spec "Resources and their fields" and the endpoint table: exact JSON shapes, orders, filters, tenant isolation.

let server: Server;
let alpine: string;
let birch: string;

beforeAll(async () => {
  const started = await start();
  server = started.server;
  [alpine, birch] = (await seed(started.world, [
    aTenant('alpine', {
      siteTypes: [
        { id: 1, name: 'Tent pitch' },
        { id: 2, name: 'Camper • 10A' },
      ],
      sites: [
        aSite({ id: 1, siteNumber: 'A01', name: 'Riverside', maxOccupants: 4, basePricePerNight: 3500, siteTypeId: 1 }),
        aSite({ id: 2, siteNumber: 'B7', name: '', maxOccupants: 6, basePricePerNight: 4205, status: 'inactive', siteTypeId: 2 }),
      ],
      bookings: [
        aBooking({
          id: 1,
          bookingReference: 'K7Q2M4XZ9B',
          guestFirstName: 'Anna',
          guestLastName: 'Müller',
          guestEmail: 'anna@example.ch',
          siteId: 1,
          checkInDate: '2026-07-01',
          checkOutDate: '2026-07-04',
          numAdults: 2,
          numYouth: 1,
          numChildren: 0,
          status: 'confirmed',
          totalPrice: 10500,
          createdAt: new Date('2026-05-01T08:30:00Z'),
          source: 'admin',
        }),
        aBooking({
          id: 2,
          siteId: 2,
          status: 'pending',
          checkInDate: '2026-07-10',
          checkOutDate: '2026-07-12',
          createdAt: new Date('2026-05-02T09:00:00.123Z'),
        }),
        aBooking({
          id: 3,
          status: 'cancelled',
          checkInDate: '2026-08-01',
          checkOutDate: '2026-08-02',
          guestFirstName: '',
          guestLastName: '',
          guestEmail: '',
        }),
        aBooking({ id: 4, status: 'legacy_state', checkInDate: '2026-06-30', checkOutDate: '2026-07-01' }),
      ],
      users: [
        aUser({
          id: 1,
          email: 'gast@example.ch',
          firstName: 'Gabi',
          lastName: 'Gast',
          phoneNumber: '+41 79 000 00 00',
          dateJoined: new Date('2025-03-04T05:06:07Z'),
        }),
        aUser({ id: 2, role: 'staff' }),
        aUser({ id: 3, role: 'operator' }),
        aUser({ id: 4, role: 'admin' }),
      ],
      invoices: [
        anInvoice({
          id: 1,
          invoiceNumber: '2026-000001',
          bookingId: 1,
          totalChf: 11240,
          status: 'OFFEN',
          issuedAt: new Date('2026-05-03T10:00:00Z'),
        }),
        anInvoice({
          id: 2,
          invoiceNumber: '2026-000002',
          bookingId: null,
          totalChf: 5,
          status: 'KAPUTT',
          issuedAt: new Date('2026-05-04T10:00:00Z'),
        }),
      ],
    }),
    aTenant('birch', { sites: [aSite({ id: 1, siteNumber: 'Z99' })], bookings: [aBooking({ id: 1, bookingReference: 'BIRCH00001' })] }),
  ])) as [string, string];
});
afterAll(() => server.close());

const BOOKING_1 =
  '{"id":1,"booking_reference":"K7Q2M4XZ9B","guest_first_name":"Anna","guest_last_name":"Müller",' +
  '"guest_email":"anna@example.ch","site_id":1,"site_number":"A01","check_in_date":"2026-07-01",' +
  '"check_out_date":"2026-07-04","num_adults":2,"num_youth":1,"num_children":0,"status":"confirmed",' +
  '"total_price":"105.00","created_at":"2026-05-01T08:30:00Z","updated_at":"2026-05-01T08:30:00Z","customer_id":null,' +
  '"quote_id":null,"extras":[]}';

describe('GET /bookings/{id}/', () => {
  it('returns the Booking object with exact fields in order, never source', async () => {
    const reply = await server.get(`${API}/bookings/1/`, alpine);
    expect(reply.status).toBe(200);
    expect(reply.text).toBe(BOOKING_1);
    expect(reply.headers['content-length']).toBe(String(Buffer.byteLength(BOOKING_1)));
  });

  it('accepts the id without trailing slash and in Python int() forms', async () => {
    for (const id of ['1', '01', '%2B1', '%201']) {
      const reply = await server.get(`${API}/bookings/${id}`, alpine);
      expect(reply.status, id).toBe(200);
      expect(reply.json.id).toBe(1);
    }
  });

  it('keeps milliseconds and empty guest fields', async () => {
    expect((await server.get(`${API}/bookings/2/`, alpine)).json).toMatchObject({
      site_number: 'B7',
      created_at: '2026-05-02T09:00:00.123Z',
    });
    expect((await server.get(`${API}/bookings/3/`, alpine)).json).toMatchObject({ guest_first_name: '', guest_email: '' });
  });

  it('answers 404 not_found for an absent booking or one of another tenant', async () => {
    for (const id of ['999', '0', '-1', '99999999999999999999']) {
      const reply = await server.get(`${API}/bookings/${id}/`, alpine);
      expect(reply.status).toBe(404);
      expect(reply.text).toBe('{"detail":"not_found"}');
    }
    // birch has booking 1 too; its key sees its own, never alpine's.
    expect((await server.get(`${API}/bookings/1/`, birch)).json.booking_reference).toBe('BIRCH00001');
    expect((await server.get(`${API}/bookings/2/`, birch)).status).toBe(404);
  });
});

describe('GET /bookings/', () => {
  const ids = async (query: string, token = alpine) => {
    const reply = await server.get(`${API}/bookings/${query}`, token);
    expect(reply.status, query).toBe(200);
    return reply.json.results.map((b: { id: number }) => b.id);
  };

  it('lists newest first in the envelope, with the same Booking objects', async () => {
    const reply = await server.get(`${API}/bookings/`, alpine);
    expect(reply.json.count).toBe(4);
    expect(reply.json.results.map((b: { id: number }) => b.id)).toEqual([2, 1, 4, 3]);
    expect(JSON.stringify(reply.json.results[1])).toBe(BOOKING_1);
    expect(await ids('', birch)).toEqual([1]);
  });

  it('filters status exactly; an unknown value gives an empty page and an empty value is not applied', async () => {
    expect(await ids('?status=pending')).toEqual([2]);
    expect(await ids('?status=legacy_state')).toEqual([4]);
    expect(await ids('?status=PENDING')).toEqual([]);
    expect(await ids('?status=pend')).toEqual([]);
    expect(await ids('?status=nonsense')).toEqual([]);
    expect(await ids('?status=')).toEqual([2, 1, 4, 3]);
    expect(await ids('?status=cancelled&status=confirmed')).toEqual([1]);
  });

  it('filters check_in_from and check_in_to inclusively', async () => {
    expect(await ids('?check_in_from=2026-07-01')).toEqual([2, 1, 3]);
    expect(await ids('?check_in_to=2026-07-01')).toEqual([1, 4]);
    expect(await ids('?check_in_from=2026-07-01&check_in_to=2026-07-10')).toEqual([2, 1]);
    expect(await ids('?check_in_from=&check_in_to=')).toEqual([2, 1, 4, 3]);
    expect(await ids('?check_in_from=2026-07-02&status=pending')).toEqual([2]);
  });

  it('ignores unsupported parameters', async () => {
    expect(await ids('?ordering=id&search=anna&site_id=2&guest_email=x')).toEqual([2, 1, 4, 3]);
  });

  it.each(['2026-7-1', '2026-07-01T00:00:00', '01.07.2026', '2026-02-30', '20260701', 'yesterday', '2026-13-01'])(
    'answers 400 Enter a valid date. for %s',
    async (bad) => {
      const from = await server.get(`${API}/bookings/?check_in_from=${bad}`, alpine);
      expect(from.status).toBe(400);
      expect(from.text).toBe('{"check_in_from":["Enter a valid date."]}');
      const to = await server.get(`${API}/bookings/?check_in_to=${bad}`, alpine);
      expect(to.text).toBe('{"check_in_to":["Enter a valid date."]}');
    },
  );

  it('reports both bad dates, and filter errors before page errors', async () => {
    const both = await server.get(`${API}/bookings/?check_in_to=x&check_in_from=y&page=abc`, alpine);
    expect(both.status).toBe(400);
    expect(both.text).toBe('{"check_in_from":["Enter a valid date."],"check_in_to":["Enter a valid date."]}');
  });
});

describe('GET /sites/', () => {
  it('returns Site objects in site_number order with exact fields', async () => {
    const reply = await server.get(`${API}/sites/`, alpine);
    expect(reply.text).toBe(
      '{"count":2,"next":null,"previous":null,"results":[' +
        // Sites carry no creation time: an imported site's updated_at is the time of the import.
        '{"id":1,"site_number":"A01","name":"Riverside","max_occupants":4,"base_price_per_night":"35.00",' +
        '"status":"active","site_type_id":1,"site_type_name":"Tent pitch","updated_at":"2026-06-01T12:00:30Z"},' +
        '{"id":2,"site_number":"B7","name":"","max_occupants":6,"base_price_per_night":"42.05","status":"inactive",' +
        '"site_type_id":2,"site_type_name":"Camper • 10A","updated_at":"2026-06-01T12:00:30Z"}]}',
    );
  });

  it('is scoped to the key tenant', async () => {
    const reply = await server.get(`${API}/sites/`, birch);
    expect(reply.json.results.map((s: { site_number: string }) => s.site_number)).toEqual(['Z99']);
  });
});

describe('GET /customers/', () => {
  it('returns only customer accounts with exact fields', async () => {
    const reply = await server.get(`${API}/customers/`, alpine);
    expect(reply.text).toBe(
      '{"count":1,"next":null,"previous":null,"results":[' +
        '{"id":1,"email":"gast@example.ch","first_name":"Gabi","last_name":"Gast","phone_number":"+41 79 000 00 00",' +
        '"date_joined":"2025-03-04T05:06:07Z","updated_at":"2025-03-04T05:06:07Z"}]}',
    );
    expect((await server.get(`${API}/customers/`, birch)).json.count).toBe(0);
  });
});

describe('GET /invoices/', () => {
  it('returns invoice headers newest first, booking_id null when untied, unknown status verbatim', async () => {
    const reply = await server.get(`${API}/invoices/`, alpine);
    expect(reply.text).toBe(
      '{"count":2,"next":null,"previous":null,"results":[' +
        '{"id":2,"invoice_number":"2026-000002","booking_id":null,"total_chf":"0.05","status":"KAPUTT",' +
        '"issued_at":"2026-05-04T10:00:00Z","updated_at":"2026-05-04T10:00:00Z"},' +
        '{"id":1,"invoice_number":"2026-000001","booking_id":1,"total_chf":"112.40","status":"OFFEN",' +
        '"issued_at":"2026-05-03T10:00:00Z","updated_at":"2026-05-03T10:00:00Z"}]}',
    );
    expect((await server.get(`${API}/invoices/`, birch)).json.count).toBe(0);
  });
});
