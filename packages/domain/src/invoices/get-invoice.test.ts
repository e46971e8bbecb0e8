import { beforeEach, describe, expect, it } from 'vitest';
import { aBooking, aSite, aTenant, anInvoice, someBillingDetails } from '../testing';
import { JsonInvoiceRenderer } from '../testing/json-invoice-renderer';
import { type World, aWorld, rejectionOf } from '../testing/test-world';
import { GetInvoice, GetInvoiceDocument, ListInvoiceLines } from './get-invoice';
import type { InvoiceLine } from './invoice';
import { vatContained, zurichDateOf } from './invoice-document';
import { isValidQrReference } from './payment-reference';

const billing = someBillingDetails({ language: 'fr' });
const line = (position: number, overrides: Partial<InvoiceLine> = {}): InvoiceLine => ({
  position,
  description: `Line ${position}`,
  quantity: 3000,
  unitPrice: 3500,
  vatRate: 810,
  amount: 10500,
  ...overrides,
});

let world: World;
let renderer: JsonInvoiceRenderer;
let documents: GetInvoiceDocument;

beforeEach(async () => {
  world = await aWorld([
    aTenant('alpine', {
      billing,
      sites: [aSite({ id: 1 })],
      bookings: [aBooking({ id: 4, bookingReference: 'K7Q2M4XZ9B' })],
      invoices: [
        anInvoice({
          id: 1,
          bookingId: 4,
          totalChf: 11240,
          issuedAt: new Date('2026-07-03T22:30:00Z'),
          lines: [line(2, { vatRate: 260, amount: 740, quantity: 2000, unitPrice: 370 }), line(1)],
        }),
        anInvoice({ id: 2, status: 'ERLEDIGT' }),
      ],
    }),
    aTenant('plain', { invoices: [anInvoice({ id: 1 })] }),
  ]);
  renderer = new JsonInvoiceRenderer();
  documents = new GetInvoiceDocument(world.invoices, world.bookings, world.issuers, renderer);
});

describe('GetInvoice and ListInvoiceLines', () => {
  it('reads one invoice; another tenant or an absent id is not_found', async () => {
    const get = new GetInvoice(world.invoices);
    expect(await get.execute(world.principal('alpine'), 2)).toMatchObject({ id: 2, status: 'ERLEDIGT' });
    expect((await rejectionOf(get.execute(world.principal('plain'), 2))).code).toBe('not_found');
    expect((await rejectionOf(get.execute(world.principal('alpine', ['bookings:read']), 1))).code).toBe('permission_denied');
  });

  it('pages the lines in position order; an invoice without lines has none; an absent one is not_found', async () => {
    const lines = new ListInvoiceLines(world.invoices);
    const page = await lines.execute(world.principal('alpine'), 1, { page: 1, pageSize: 1 });
    expect(page).toMatchObject({ count: 2, hasNext: true, results: [line(1)] });
    expect((await lines.execute(world.principal('alpine'), 1, { page: 2, pageSize: 1 })).results.map((l) => l.position)).toEqual([2]);
    expect(await lines.execute(world.principal('alpine'), 2, { page: 1, pageSize: 50 })).toMatchObject({ count: 0, results: [] });
    expect((await rejectionOf(lines.execute(world.principal('plain'), 2, { page: 1, pageSize: 50 }))).code).toBe('not_found');
  });
});

describe('GetInvoiceDocument (docs/accounting.md, "The invoice document")', () => {
  it('shows the issuer, the Zurich issue date, the booking, the lines, a VAT summary and a payment part for OFFEN', async () => {
    await documents.execute(world.principal('alpine'), 1);
    const [document] = renderer.documents;
    expect(document).toMatchObject({
      issuer: { tenantName: 'Camping alpine', billing },
      language: 'fr',
      invoiceNumber: '2026-000001',
      issueDate: '2026-07-04', // 22:30 UTC is past midnight in Zurich (summer time)
      status: 'OFFEN',
      total: 11240,
      booking: { reference: 'K7Q2M4XZ9B', checkInDate: '2026-07-01', checkOutDate: '2026-07-04' },
      vatSummary: [
        { vatRate: 810, amount: 10500, vat: 787 },
        { vatRate: 260, amount: 740, vat: 19 },
      ],
      payment: { amount: 11240, message: 'Invoice 2026-000001', reference: { type: 'QRR' } },
    });
    expect(document!.lines.map((l) => l.position)).toEqual([1, 2]);
    expect(isValidQrReference(document!.payment!.reference!.value)).toBe(true);
  });

  it('has no payment part for a settled invoice, nor for a tenant without billing details', async () => {
    await documents.execute(world.principal('alpine'), 2);
    await documents.execute(world.principal('plain'), 1);
    expect(renderer.documents.map((d) => d.payment)).toEqual([null, null]);
    expect(renderer.documents[1]).toMatchObject({
      issuer: { tenantName: 'Camping plain', billing: null },
      language: 'de',
      booking: null,
      lines: [],
    });
  });
});

describe('VAT and dates', () => {
  it('takes the VAT out of a gross amount, rounded half up', () => {
    expect(vatContained(10810, 810)).toBe(810);
    expect(vatContained(10500, 810)).toBe(787); // 786.79
    expect(vatContained(-10810, 810)).toBe(-810);
    expect(vatContained(12345, 0)).toBe(0);
  });

  it('gives the calendar date in Zurich, winter and summer', () => {
    expect(zurichDateOf(new Date('2026-01-15T22:59:59Z'))).toBe('2026-01-15');
    expect(zurichDateOf(new Date('2026-01-15T23:00:00Z'))).toBe('2026-01-16');
    expect(zurichDateOf(new Date('2026-07-15T21:59:59Z'))).toBe('2026-07-15');
    expect(zurichDateOf(new Date('2026-07-15T22:00:00Z'))).toBe('2026-07-16');
  });
});
