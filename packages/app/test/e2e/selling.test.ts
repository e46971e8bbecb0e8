import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pdfText, pdfToolsThere, qrAmount, qrPayloads } from '../support/pdf-reading';
import { FULL_KEY, type HttpsOptions, type ServeProcess, describeOnBackends, https, runCli } from './harness';
import { API } from './support/sample-server';
import { importSellingTenant } from './support/selling-tenant';

// Selling a stay end to end, as a channel manager and the operator do it (docs/channel-managers.md, "Selling a stay";
// docs/pricing.md; docs/accounting.md, "Issuing an invoice"): the tariff imported by `campsite import`, the calendar,
// a quote and the booking made from it over real HTTPS, confirmation and the invoice by the real CLI, and the quoted
// total on the invoice, its lines and its QR-bill, to the Rappen.

const STAY = { check_in_date: '2027-06-29', check_out_date: '2027-07-02' };
const NIGHTS = ['2027-06-29', '2027-06-30', '2027-07-01'];
const FAMILY_QUOTE = { site_type_id: 1, ...STAY, num_adults: 2, num_children: 1, extras: [{ code: 'dog', quantity: 2 }] };
const GUEST = { guest_first_name: 'Anna', guest_last_name: 'Muster', guest_email: 'anna@example.ch' };

/** docs/pricing.md's rule, worked by hand for FAMILY_QUOTE: [position, kind, code, quantity, unit price, VAT, amount]. */
const FAMILY_LINES = [
  [1, 'pitch', null, '2.000', '22.00', '3.80', '44.00'],
  [2, 'adult', null, '4.000', '8.50', '3.80', '34.00'],
  [3, 'child', null, '2.000', '3.00', '3.80', '6.00'],
  [4, 'pitch', null, '1.000', '30.00', '3.80', '30.00'],
  [5, 'adult', null, '2.000', '9.50', '3.80', '19.00'],
  [6, 'child', null, '1.000', '4.00', '3.80', '4.00'],
  [7, 'extra', 'dog', '6.000', '5.00', '8.10', '30.00'],
  [8, 'extra', 'waste', '1.000', '3.00', '8.10', '3.00'],
  // Two nights at most; the children's tax is 0.00 and left out.
  [9, 'tourist_tax', 'adult', '4.000', '2.50', '0.00', '10.00'],
];
const FAMILY_TOTAL = '180.00';

const lineRows = (lines: any[]) => lines.map((l) => [l.position, l.kind, l.code, l.quantity, l.unit_price, l.vat_rate, l.amount]);
/** An invoice line is a quote line without its kind and code. */
const invoiceLinesOf = (lines: any[]) => lines.map(({ kind: _kind, code: _code, ...line }) => line);
const zurichYear = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric' }).format(new Date());

describeOnBackends('selling a stay: tariff, calendar, quote, booking, confirmation, invoice, cancellation', (backend) => {
  let cwd: string;
  let env: NodeJS.ProcessEnv;
  let server: ServeProcess;
  const api = (path: string, options: HttpsOptions = {}) => https(`${server.url}${API}${path}`, { key: FULL_KEY, ...options });
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) => api(path, { method: 'POST', body, headers });
  const cli = (...args: string[]) => runCli([...args, '--tenant', 'alpenblick'], env, cwd);
  const freeNights = async () => {
    const calendar = await api(`/calendar/?from=${STAY.check_in_date}&to=${STAY.check_out_date}&site_type_id=1`);
    return calendar.body.results[0].days.map((day: any) => day.free);
  };
  let quote: any;
  let booking: any;
  let invoice: { id: number; number: string };

  beforeAll(async () => {
    ({ cwd, env, server } = await importSellingTenant(backend()));
  });

  afterAll(async () => {
    await server?.stop('SIGKILL');
  });

  it("shows each night's season prices, stay rule and free pitches on the calendar", async () => {
    const calendar = await api(`/calendar/?from=${STAY.check_in_date}&to=${STAY.check_out_date}`);
    expect(calendar.status).toBe(200);
    const rule = { closed_to_arrival: false, closed_to_departure: false, stop_sell: false };
    const low = { pitch: '22.00', adult: '8.50', youth: '5.00', child: '3.00', min_stay: 1, max_stay: null, ...rule };
    const high = { pitch: '30.00', adult: '9.50', youth: '5.00', child: '4.00', min_stay: 2, max_stay: 21, ...rule };
    const none = { pitch: null, adult: null, youth: null, child: null, min_stay: 1, max_stay: null, ...rule };
    expect(calendar.body).toMatchObject({ count: 2, next: null, previous: null });
    expect(calendar.body.results).toEqual([
      // A00 and A02 are free; A01 is taken by the imported booking.
      { site_type_id: 1, name: 'Tent pitch', days: NIGHTS.map((date, i) => ({ date, free: 2, ...(i < 2 ? low : high) })) },
      { site_type_id: 2, name: 'Camper pitch', days: NIGHTS.map((date) => ({ date, free: 0, ...none })) },
    ]);
    expect(await freeNights()).toEqual([2, 2, 2]);
  });

  it('quotes by site type with extras, and books the quote once on the lowest free pitch number, for its total', async () => {
    const quoted = await post('/quotes/', FAMILY_QUOTE);
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(201);
    quote = quoted.body;
    expect(quoted.headers.location).toMatch(new RegExp(`/api/v1/public/quotes/${quote.id}/?$`));
    expect(quote).toMatchObject({ site_type_id: 1, site_id: null, ...STAY, num_adults: 2, num_youth: 0, num_children: 1 });
    // The compulsory waste fee is added to what was asked for.
    expect(quote.extras).toEqual([
      { code: 'dog', quantity: 2 },
      { code: 'waste', quantity: 1 },
    ]);
    expect(lineRows(quote.lines)).toEqual(FAMILY_LINES);
    expect(quote.vat).toEqual([
      { rate: '8.10', amount: '2.47' },
      { rate: '3.80', amount: '5.02' },
    ]);
    expect(quote.total_price).toBe(FAMILY_TOTAL);
    expect((await api(`/quotes/${quote.id}/`)).body).toEqual(quote);

    const before = (await api('/bookings/')).body.count;
    const keyed = { 'Idempotency-Key': `selling-${quote.id}` };
    const created = await post('/bookings/', { quote_id: quote.id, ...GUEST }, keyed);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    booking = created.body;
    // A00 (site 4) is the lowest free number of the type, though A02 (site 2) has the lower id.
    expect(booking).toMatchObject({ site_id: 4, site_number: 'A00', ...STAY, num_adults: 2, num_youth: 0, num_children: 1 });
    expect(booking).toMatchObject({ status: 'pending', total_price: FAMILY_TOTAL, quote_id: quote.id, extras: quote.extras, ...GUEST });

    expect(await post('/bookings/', { quote_id: quote.id, ...GUEST, guest_first_name: 'Lea' })).toMatchObject({
      status: 400,
      body: { detail: 'quote_used' },
    });
    const replay = await post('/bookings/', { quote_id: quote.id, ...GUEST }, keyed);
    expect(replay).toMatchObject({ status: 201, body: booking });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.headers.location).toBe(created.headers.location);
    expect((await api('/bookings/')).body.count).toBe(before + 1);
    expect(await freeNights()).toEqual([1, 1, 1]);
  });

  it('confirms the booking for its quoted total and issues its invoice with the quote’s lines and total', async () => {
    const confirmed = await cli('bookings', 'confirm', String(booking.id));
    expect(confirmed).toEqual({
      code: 0,
      stdout: `booking ${booking.id} (${booking.booking_reference}) is confirmed, total ${FAMILY_TOTAL} CHF\n`,
      stderr: '',
    });
    expect((await api(`/bookings/${booking.id}/`)).body).toMatchObject({ status: 'confirmed', total_price: FAMILY_TOTAL });

    const issued = await cli('invoices', 'issue', '--booking', String(booking.id));
    expect(issued.stderr).toBe('');
    expect(issued.code).toBe(0);
    const printed = /^issued invoice (\d+) \((\S+)\) for booking (\d+), total (\S+) CHF\n$/.exec(issued.stdout);
    expect(printed, issued.stdout).not.toBeNull();
    invoice = { id: Number(printed![1]), number: printed![2]! };
    expect([printed![3], printed![4]]).toEqual([String(booking.id), FAMILY_TOTAL]);
    expect(invoice.number).toMatch(new RegExp(`^${zurichYear()}-\\d{6}$`));

    expect((await api(`/invoices/${invoice.id}/`)).body).toMatchObject({
      invoice_number: invoice.number,
      booking_id: booking.id,
      status: 'OFFEN',
      total_chf: FAMILY_TOTAL,
    });
    const lines = await api(`/invoices/${invoice.id}/lines/?page_size=100`);
    expect(lines.body.count).toBe(quote.lines.length);
    expect(lines.body.results).toEqual(invoiceLinesOf(quote.lines));
  });

  it.skipIf(!pdfToolsThere())("asks for exactly the quoted total in the invoice PDF's QR-bill", async () => {
    const pdf = await api(`/invoices/${invoice.id}/pdf/`);
    expect(pdf.status).toBe(200);
    const path = join(cwd, 'invoice.pdf');
    writeFileSync(path, Buffer.from(pdf.body, 'latin1'));
    const payloads = qrPayloads(path);
    expect(payloads).toHaveLength(1);
    expect(qrAmount(payloads[0]!)).toEqual([FAMILY_TOTAL, 'CHF']);
    expect(pdfText(path)).toContain(invoice.number);
  });

  it('refuses to issue with one line on stderr and exit 1, changing nothing', async () => {
    // A booking made without a quote has the placeholder price and no priced lines.
    const placeholder = await post('/bookings/', { site_id: 2, check_in_date: '2027-06-10', check_out_date: '2027-06-12', num_adults: 1 });
    expect(placeholder.body).toMatchObject({ status: 'pending', total_price: '57.00', quote_id: null, extras: [] });
    const state = async () => [(await api('/invoices/?page_size=100')).body, (await api('/changes/?page_size=200')).body.cursor];
    const before = await state();
    const refusals = await Promise.all([
      cli('invoices', 'issue', '--booking', String(booking.id)),
      cli('invoices', 'issue', '--booking', String(placeholder.body.id)),
      cli('invoices', 'issue', '--booking', '999'),
      runCli(['invoices', 'issue', '--booking', String(booking.id), '--tenant', 'nowhere'], env, cwd),
    ]);
    // docs/accounting.md, "Issuing an invoice": exit 1 and one line.
    expect(refusals.map(({ code, stdout, stderr }) => [code, stdout, stderr])).toEqual([
      [1, '', `campsite: booking ${booking.id} already has an invoice\n`],
      [1, '', `campsite: booking ${placeholder.body.id} has no priced lines: confirm it with a tariff first\n`],
      [1, '', 'campsite: booking 999 not found in tenant "alpenblick"\n'],
      [1, '', 'campsite: unknown tenant "nowhere"\n'],
    ]);
    expect(await state()).toEqual(before);

    // Confirmed, it is priced by the rule with its compulsory extras only: A02 for two June nights, one adult, the waste
    // fee and two nights of tourist tax (44.00 + 17.00 + 3.00 + 5.00).
    const confirmed = await cli('bookings', 'confirm', String(placeholder.body.id));
    expect(confirmed.stdout).toMatch(/is confirmed, total 69\.00 CHF\n$/);
    expect((await api(`/bookings/${placeholder.body.id}/`)).body.total_price).toBe('69.00');
  });

  it('frees the nights of a cancelled booking at once, for the calendar and for a new quote', async () => {
    // A02 is free, but holds two: a quote by type needs a free pitch that holds the party.
    expect(await post('/quotes/', FAMILY_QUOTE)).toMatchObject({ status: 400, body: { detail: 'site_unavailable' } });
    const couple = { site_type_id: 1, ...STAY, num_adults: 2 };
    const second = await post('/bookings/', { quote_id: (await post('/quotes/', couple)).body.id, ...GUEST });
    expect(second.body).toMatchObject({ site_number: 'A02', quote_id: expect.any(Number) });
    expect(await freeNights()).toEqual([0, 0, 0]);
    expect(await post('/quotes/', { ...couple, num_adults: 1 })).toMatchObject({ status: 400, body: { detail: 'site_unavailable' } });

    const cancelled = await post(`/bookings/${booking.id}/cancel/`, {});
    expect(cancelled).toMatchObject({ status: 200, body: { id: booking.id, status: 'cancelled', total_price: FAMILY_TOTAL } });
    expect(await freeNights()).toEqual([1, 1, 1]);
    const again = await post('/quotes/', FAMILY_QUOTE);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body).toMatchObject({ lines: quote.lines, total_price: FAMILY_TOTAL });
    const rebooked = await post('/bookings/', { quote_id: again.body.id, ...GUEST });
    expect(rebooked.body).toMatchObject({ site_number: 'A00', total_price: FAMILY_TOTAL });
    expect(await freeNights()).toEqual([0, 0, 0]);
  });
});
