import type { TenantSnapshot } from '@campsite/domain';
import { aBooking, aSite, aTenant, aUser, anInvoice, someBillingDetails } from '@campsite/domain/testing';
import type { RawWriter } from '@campsite/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type Reply, type RequestOptions } from './http-harness';

// docs/accounting.md: customer_id on bookings, invoice detail, lines and the PDF, as an integration sees them, on every
// backend alike.

/** The API over INVOICE_TENANTS, with its PDFs rendered as JSON (jsonInvoiceRenderer): the app tests the real PDF. */
export interface InvoiceWorld {
  request(method: string, path: string, options?: RequestOptions): Promise<Reply>;
  origin: string;
  /** A key of every scope for each tenant, and one of alpine's holding only bookings:read. */
  tokens: { alpine: string; birch: string; alpineBookingsOnly: string };
  alpineId: number;
  /** Another program writing the same data (the console, psql). */
  raw(): Promise<RawWriter>;
  close(): Promise<void>;
}

const billing = someBillingDetails();

/** alpine: billing details, a staff user, bookings with and without a customer, an open and a settled invoice. */
export const INVOICE_TENANTS: TenantSnapshot[] = [
  aTenant('alpine', {
    billing,
    sites: [aSite({ id: 1, maxOccupants: 10 })],
    users: [aUser({ id: 1 }), aUser({ id: 2, role: 'staff' }), aUser({ id: 3 })],
    bookings: [
      aBooking({ id: 1, customerId: 1, createdAt: new Date('2026-05-01T00:00:00Z') }),
      aBooking({ id: 2, checkInDate: '2026-07-10', checkOutDate: '2026-07-12', createdAt: new Date('2026-05-02T00:00:00Z') }),
      aBooking({
        id: 3,
        customerId: 3,
        checkInDate: '2026-07-20',
        checkOutDate: '2026-07-22',
        createdAt: new Date('2026-05-03T00:00:00Z'),
      }),
    ],
    invoices: [
      anInvoice({
        id: 1,
        invoiceNumber: '2026/000001 ü',
        bookingId: 1,
        totalChf: 11240,
        status: 'OFFEN',
        issuedAt: new Date('2026-05-03T10:00:00Z'),
        lines: [
          { position: 2, description: 'Kurtaxe', quantity: 2000, unitPrice: 370, vatRate: 0, amount: 740 },
          { position: 1, description: 'Pitch A01, 3 nights', quantity: 3000, unitPrice: 3500, vatRate: 810, amount: 10500 },
        ],
      }),
      anInvoice({ id: 2, invoiceNumber: '2026-000002', totalChf: 500, status: 'ERLEDIGT', issuedAt: new Date('2026-05-04T10:00:00Z') }),
    ],
  }),
  aTenant('birch', { users: [aUser({ id: 9 })], invoices: [anInvoice({ id: 3 })] }),
];

export function describeInvoiceDocumentsOverHttp(name: string, open: () => Promise<InvoiceWorld>): void {
  describe(`invoices for accounting: ${name}`, () => {
    let world: InvoiceWorld;
    let alpine: string;
    let birch: string;
    beforeAll(async () => {
      world = await open();
      ({ alpine, birch } = world.tokens);
    });
    afterAll(() => world?.close());
    const get = (path: string, token: string) => world.request('GET', path, { token });

    const post = (body: unknown) => world.request('POST', `${API}/bookings/`, { token: alpine, body });
    const stay = (day: number) => ({
      site_id: 1,
      check_in_date: `2027-01-${String(day).padStart(2, '0')}`,
      check_out_date: `2027-01-${String(day + 1).padStart(2, '0')}`,
      num_adults: 1,
    });

    describe('customer_id on bookings', () => {
      it('is on every booking, null when it has none', async () => {
        expect((await get(`${API}/bookings/1/`, alpine)).json.customer_id).toBe(1);
        expect((await get(`${API}/bookings/2/`, alpine)).json.customer_id).toBeNull();
      });

      it.each([
        [1, 1, 1],
        ['3', 3, 2],
        [3.0, 3, 3],
        ['1.0', 1, 4],
        [null, null, 5],
      ])('accepts %j on create as %j', async (value, stored, day) => {
        const reply = await post({ ...stay(day), customer_id: value });
        expect(reply.status).toBe(201);
        expect(reply.json.customer_id).toBe(stored);
        expect((await get(reply.headers.location as string, alpine)).json.customer_id).toBe(stored);
      });

      it('defaults to null when absent', async () => {
        expect((await post(stay(6))).json.customer_id).toBeNull();
      });

      it.each([
        ['"abc"', 'str'],
        ['"5.5"', 'str'],
        ['""', 'str'],
        ['5.5', 'float'],
        ['true', 'bool'],
        ['[1]', 'list'],
        ['{"id":1}', 'dict'],
      ])('refuses %s naming the Python type %s', async (json, type) => {
        const reply = await world.request('POST', `${API}/bookings/`, {
          token: alpine,
          body: `{"site_id":1,"check_in_date":"2027-02-01","check_out_date":"2027-02-02","num_adults":1,"customer_id":${json}}`,
          headers: { 'Content-Type': 'application/json' },
        });
        expect(reply.status).toBe(400);
        expect(reply.text).toBe(`{"customer_id":["Incorrect type. Expected pk value, received ${type}."]}`);
      });

      it.each([
        [2, '2'], // a staff user
        [9, '9'], // another tenant's customer
        ['999', '999'],
        ['99999999999999999999', '99999999999999999999'],
      ])("refuses %j, which is no customer of the tenant, with DRF's message", async (value, shown) => {
        const reply = await post({ ...stay(8), customer_id: value });
        expect(reply.status).toBe(400);
        expect(reply.text).toBe(`{"customer_id":["Invalid pk \\"${shown}\\" - object does not exist."]}`);
      });

      it('shows the value as sent: 4.0 stays "4.0"', async () => {
        const reply = await world.request('POST', `${API}/bookings/`, {
          token: alpine,
          body: '{"site_id":1,"check_in_date":"2027-02-01","check_out_date":"2027-02-02","num_adults":1,"customer_id":4.0}',
          headers: { 'Content-Type': 'application/json' },
        });
        expect(reply.text).toBe('{"customer_id":["Invalid pk \\"4.0\\" - object does not exist."]}');
      });

      it('reports it together with the other field errors, after the site check', async () => {
        const reply = await post({ site_id: 1, check_in_date: 'x', check_out_date: '2027-02-02', num_adults: 1, customer_id: 2 });
        expect(reply.json).toEqual({
          check_in_date: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
          customer_id: ['Invalid pk "2" - object does not exist.'],
        });
        expect(
          (await post({ site_id: 99, ...{ check_in_date: '2027-02-01', check_out_date: '2027-02-02', num_adults: 1 }, customer_id: 'x' }))
            .text,
        ).toBe('{"detail":"site_not_found"}');
      });

      it('filters the list exactly; empty means not applied; malformed gives Enter a number.', async () => {
        const ids = async (query: string) => (await get(`${API}/bookings/${query}`, alpine)).json.results.map((b: { id: number }) => b.id);
        expect(await ids('?customer_id=1&check_in_to=2026-12-31')).toEqual([1]);
        expect(await ids('?customer_id=%203%20&check_in_to=2026-12-31')).toEqual([3]);
        expect(await ids('?customer_id=3.0&check_in_to=2026-12-31')).toEqual([3]);
        expect(await ids('?customer_id=2')).toEqual([]);
        expect(await ids('?customer_id=99999999999999999999')).toEqual([]);
        expect(await ids('?customer_id=&check_in_to=2026-12-31')).toEqual([3, 2, 1]);
        for (const bad of ['abc', '1x', 'NaN', 'Infinity', '1,5']) {
          const reply = await get(`${API}/bookings/?customer_id=${bad}`, alpine);
          expect(reply.status, bad).toBe(400);
          expect(reply.text).toBe('{"customer_id":["Enter a number."]}');
        }
      });
    });

    describe('GET /invoices/{id}/', () => {
      it('answers one Invoice object, the same as in the list', async () => {
        const reply = await get(`${API}/invoices/1/`, alpine);
        expect(reply.status).toBe(200);
        expect(reply.text).toBe(
          '{"id":1,"invoice_number":"2026/000001 ü","booking_id":1,"total_chf":"112.40","status":"OFFEN",' +
            '"issued_at":"2026-05-03T10:00:00Z","updated_at":"2026-05-03T10:00:00Z"}',
        );
        const listed = (await get(`${API}/invoices/`, alpine)).json.results.find((i: { id: number }) => i.id === 1);
        expect(reply.json).toEqual(listed);
        expect((await get(`${API}/invoices/1`, alpine)).status).toBe(200);
      });

      it.each([
        '/invoices/3/',
        '/invoices/999/',
        '/invoices/0/',
        '/invoices/-1/',
        '/invoices/abc/',
        '/invoices/1.5/',
        '/invoices/99999999999999999999/',
        '/invoices/3/lines/',
        '/invoices/abc/lines/',
        '/invoices/3/pdf/',
        '/invoices/abc/pdf/',
      ])('%s is 404 not_found (absent, another tenant, not an integer)', async (path) => {
        const reply = await get(`${API}${path}`, alpine);
        expect(reply.status).toBe(404);
        expect(reply.text).toBe('{"detail":"not_found"}');
        expect(reply.headers['content-type']).toBe('application/json');
      });

      it('needs invoices:read on all three paths: 403 otherwise', async () => {
        for (const path of ['/invoices/1/', '/invoices/1/lines/', '/invoices/1/pdf/']) {
          const reply = await get(`${API}${path}`, world.tokens.alpineBookingsOnly);
          expect(reply.status).toBe(403);
          expect(reply.json).toEqual({ detail: 'You do not have permission to perform this action.' });
        }
      });

      it('answers other methods with 405 and Allow', async () => {
        for (const path of ['/invoices/1/', '/invoices/1/lines/', '/invoices/1/pdf/']) {
          const reply = await world.request('DELETE', `${API}${path}`, { token: alpine });
          expect(reply.status).toBe(405);
          expect(reply.headers.allow).toBe('GET, HEAD');
        }
      });
    });

    describe('GET /invoices/{id}/lines/', () => {
      it('pages the lines in position order with exact decimal formats', async () => {
        const reply = await get(`${API}/invoices/1/lines/`, alpine);
        expect(reply.status).toBe(200);
        expect(reply.text).toBe(
          '{"count":2,"next":null,"previous":null,"results":[' +
            '{"position":1,"description":"Pitch A01, 3 nights","quantity":"3.000","unit_price":"35.00",' +
            '"vat_rate":"8.10","amount":"105.00"},' +
            '{"position":2,"description":"Kurtaxe","quantity":"2.000","unit_price":"3.70","vat_rate":"0.00","amount":"7.40"}]}',
        );
        const second = await get(`${API}/invoices/1/lines/?page=2&page_size=1`, alpine);
        expect(second.json).toMatchObject({
          count: 2,
          next: null,
          previous: `${world.origin}${API}/invoices/1/lines/?page_size=1`,
          results: [{ position: 2 }],
        });
        expect((await get(`${API}/invoices/1/lines/?page=3&page_size=1`, alpine)).text).toBe('{"detail":"Invalid page."}');
      });

      it('is an empty page for an invoice without lines', async () => {
        expect((await get(`${API}/invoices/2/lines/`, alpine)).text).toBe('{"count":0,"next":null,"previous":null,"results":[]}');
      });
    });

    describe('GET /invoices/{id}/pdf/', () => {
      it('is an attachment named after the invoice number, with a strong ETag', async () => {
        const reply = await get(`${API}/invoices/1/pdf/`, alpine);
        expect(reply.status).toBe(200);
        expect(reply.headers['content-type']).toBe('application/pdf');
        expect(reply.headers['content-disposition']).toBe('attachment; filename="2026_000001__.pdf"');
        expect(reply.headers.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
        expect(Number(reply.headers['content-length'])).toBe(Buffer.byteLength(reply.text));
        // The harness renders the document as JSON; the real PDF is the app's test (invoice-pdf.test.ts).
        expect(JSON.parse(reply.text)).toMatchObject({ invoiceNumber: '2026/000001 ü', total: 11240, payment: { amount: 11240 } });
      });

      it('answers 304 with the ETag and no body for a matching If-None-Match, and 200 otherwise', async () => {
        const first = await get(`${API}/invoices/1/pdf/`, alpine);
        const etag = first.headers.etag as string;
        for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
          const again = await world.request('GET', `${API}/invoices/1/pdf/`, { token: alpine, headers: { 'If-None-Match': header } });
          expect(again.status, header).toBe(304);
          expect(again.headers.etag).toBe(etag);
          expect(again.text).toBe('');
        }
        const other = await world.request('GET', `${API}/invoices/1/pdf/`, { token: alpine, headers: { 'If-None-Match': '"other"' } });
        expect(other.status).toBe(200);
        expect(other.text).toBe(first.text);
      });

      it('keeps its ETag through writes it does not show, and changes it with a line or the billing details', async () => {
        const pdf = () => get(`${API}/invoices/1/pdf/`, alpine);
        const before = (await pdf()).headers.etag;
        const raw = await world.raw();
        try {
          await raw.setBookingStatus(world.alpineId, 2, 'cancelled');
          expect((await pdf()).headers.etag).toBe(before);
          await raw.setLineDescription(world.alpineId, 1, 2, 'Kurtaxe 2 Personen');
          const afterLine = await pdf();
          expect(afterLine.headers.etag).not.toBe(before);
          expect(afterLine.text).toContain('Kurtaxe 2 Personen');
          expect((await get(`${API}/invoices/1/lines/`, alpine)).text).toContain('Kurtaxe 2 Personen');
          await raw.setBillingIban(world.alpineId, 'CH9300762011623852957');
          const afterBilling = await pdf();
          expect(afterBilling.headers.etag).not.toBe(afterLine.headers.etag);
          expect(JSON.parse(afterBilling.text)).toMatchObject({ payment: { creditor: { iban: 'CH9300762011623852957' } } });
        } finally {
          await raw.close();
        }
      });

      it('keeps errors JSON, and HEAD gives the headers without a body', async () => {
        expect((await get(`${API}/invoices/1/pdf/`, birch)).text).toBe('{"detail":"not_found"}');
        const head = await world.request('HEAD', `${API}/invoices/2/pdf/`, { token: alpine });
        expect(head.status).toBe(200);
        expect(head.headers['content-type']).toBe('application/pdf');
        expect(head.text).toBe('');
      });
    });
  });
}
