import { beforeEach, describe, expect, it } from 'vitest';
import type { Booking } from '../bookings/booking';
import { anInvoice } from '../testing/mothers';
import { type SellingWorld, aQuoteInput, aSellingWorld, fromQuote } from '../testing/selling-world';
import { rejectionOf } from '../testing/test-world';
import { IssueInvoice } from './issue-invoice';

// docs/accounting.md, "Issuing an invoice".

let s: SellingWorld;
let issue: IssueInvoice;
/** Booked from a quote on camper pitch 4 with a dog: lines at two VAT rates and a tourist tax. */
let booking: Booking;

beforeEach(async () => {
  s = await aSellingWorld();
  issue = new IssueInvoice(s.tenants, s.bookings, s.invoices, s.clock);
  booking = await s.book(fromQuote((await s.quote(aQuoteInput({ siteId: 4 }, {}, [{ code: 'dog', quantity: 1 }]))).id));
});

/** Stores an invoice of `tenantId` as another writer would. */
function seedInvoice(overrides: Parameters<typeof anInvoice>[0], tenantId = s.alpineId) {
  const invoice = anInvoice({ id: s.store.nextId(s.store.invoices, tenantId), ...overrides });
  s.store.invoices.push({ ...invoice, tenantId, updatedAt: invoice.issuedAt });
}
const codeOf = async (slug: string, bookingId: number) => (await rejectionOf(issue.execute(slug, bookingId))).code;

describe('IssueInvoice: what it refuses, storing nothing', () => {
  it('gives tenant_not_found for an unknown tenant', async () => {
    expect(await codeOf('nowhere', booking.id)).toBe('tenant_not_found');
  });

  it('gives not_found for an absent booking and for another tenant’s', async () => {
    expect(await codeOf('alpine', booking.id + 1)).toBe('not_found');
    expect(await codeOf('lakeside', booking.id)).toBe('not_found');
    expect(s.store.invoices).toEqual([]);
  });

  it('gives no_priced_lines for a booking with a placeholder price', async () => {
    const placeholder = await s.book({ siteId: 1, fields: aQuoteInput({}).fields! });
    expect(await codeOf('alpine', placeholder.id)).toBe('no_priced_lines');
    expect(s.store.invoices).toEqual([]);
  });

  it('gives invoice_exists while the booking has an invoice that is not STORNIERT, and issues again after', async () => {
    const first = await issue.execute('alpine', booking.id);
    expect(await codeOf('alpine', booking.id)).toBe('invoice_exists');
    s.store.invoices.find((i) => i.id === first.id)!.status = 'ERLEDIGT';
    expect(await codeOf('alpine', booking.id)).toBe('invoice_exists');
    s.store.invoices.find((i) => i.id === first.id)!.status = 'STORNIERT';
    const second = await issue.execute('alpine', booking.id);
    expect(second).toMatchObject({ bookingId: booking.id, status: 'OFFEN', invoiceNumber: '2026-000002' });
    expect(await codeOf('alpine', booking.id)).toBe('invoice_exists');
    expect(s.store.invoices).toHaveLength(2);
  });
});

describe('IssueInvoice: the invoice', () => {
  it('is OFFEN, issued now, for the booking, its total the booking’s', async () => {
    s.clock.set('2026-06-02T09:30:00Z');
    const invoice = await issue.execute('alpine', booking.id);
    expect(invoice).toEqual({
      id: 1,
      tenantId: s.alpineId,
      invoiceNumber: '2026-000001',
      bookingId: booking.id,
      totalChf: booking.totalPrice,
      status: 'OFFEN',
      issuedAt: s.clock.now(),
      updatedAt: s.clock.now(),
    });
    expect(await s.invoices.findById(s.alpineId, invoice.id)).toEqual(invoice);
  });

  it('copies the booking’s lines: positions, descriptions, quantities, prices, VAT rates, amounts, kinds and codes', async () => {
    const invoice = await issue.execute('alpine', booking.id);
    const lines = await s.bookings.linesOf(s.alpineId, booking.id);
    expect(lines.map((l) => l.kind)).toEqual(['pitch', 'adult', 'extra', 'extra', 'tourist_tax']);
    expect(await s.invoices.linesOf(s.alpineId, invoice.id)).toEqual(lines.map(({ kind: _k, code: _c, ...line }) => line));
    const stored = s.store.invoiceLines.filter((l) => l.invoiceId === invoice.id).map(({ tenantId: _t, invoiceId: _i, ...line }) => line);
    expect(stored).toEqual(lines);
    expect(invoice.totalChf).toBe(lines.reduce((sum, l) => sum + l.amount, 0));
  });

  it('takes the booking’s total as it stands, even where it no longer is the sum of its lines', async () => {
    s.store.bookings.find((b) => b.tenantId === s.alpineId && b.id === booking.id)!.totalPrice = 12_345;
    expect((await issue.execute('alpine', booking.id)).totalChf).toBe(12_345);
  });

  it('numbers after the highest YYYY-NNNNNN of the issue year in the tenant, leaving other numbers alone', async () => {
    for (const invoiceNumber of [
      '2026-000041',
      '2026-000007',
      '2025-000099',
      '2026/000500',
      'R-2026-000900',
      '2026-0001000',
      '2026-00090',
    ]) {
      seedInvoice({ invoiceNumber });
    }
    seedInvoice({ invoiceNumber: '2026-000777' }, s.principal('lakeside').tenantId);
    expect((await issue.execute('alpine', booking.id)).invoiceNumber).toBe('2026-000042');
  });

  it('starts a new year at 000001, by the year of the issue time in Zurich', async () => {
    seedInvoice({ invoiceNumber: '2026-000041' });
    // 23:30 UTC on New Year's Eve is already 00:30 on 1 January in Zurich.
    s.clock.set('2026-12-31T23:30:00Z');
    expect((await issue.execute('alpine', booking.id)).invoiceNumber).toBe('2027-000001');
  });

  it('keeps the old year until midnight in Zurich', async () => {
    seedInvoice({ invoiceNumber: '2026-000041' });
    s.clock.set('2026-12-31T22:59:59Z');
    expect((await issue.execute('alpine', booking.id)).invoiceNumber).toBe('2026-000042');
  });
});
