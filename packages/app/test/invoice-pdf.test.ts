import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetInvoiceDocument, isValidCreditorReference, isValidQrReference } from '@campsite/domain';
import {
  FixedClock,
  InMemoryStore,
  InMemoryTenantImporter,
  aBooking,
  aSite,
  aTenant,
  anInvoice,
  inMemoryAdapters,
  someBillingDetails,
} from '@campsite/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PdfkitInvoiceRenderer, PooledInvoiceRenderer } from '../src/adapters/pdf/invoice-pdf-renderer';
import { pdfText, pdfToolsThere, qrPayloads } from './support/pdf-reading';

// docs/accounting.md, "The invoice document" and "The payment part": the PDF read back with tools nobody here wrote
// (poppler's pdfinfo, pdftotext and pdftoppm; jsQR decodes the QR code from the rendered page).

const toolsThere = pdfToolsThere();

const qrBilling = someBillingDetails();
const lines = [
  { position: 1, description: 'Stellplatz A01, 3 Nächte', quantity: 3000, unitPrice: 3500, vatRate: 810, amount: 10500 },
  { position: 2, description: 'Kurtaxe, 2 Personen', quantity: 2000, unitPrice: 370, vatRate: 0, amount: 740 },
];

let dir: string;
let documents: GetInvoiceDocument;
const renderer = new PdfkitInvoiceRenderer();
const ids = new Map<string, number>();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'campsite-pdf-'));
  const store = new InMemoryStore();
  const clock = new FixedClock();
  const invoice = (id: number, status: string) =>
    anInvoice({
      id,
      invoiceNumber: `2026-00000${id}`,
      bookingId: 1,
      totalChf: 11240,
      status,
      issuedAt: new Date('2026-07-04T22:30:00Z'),
      lines,
    });
  const tenant = (slug: string, rows: Partial<Parameters<typeof aTenant>[1]>) =>
    aTenant(slug, {
      name: 'Camping Alpenblick',
      sites: [aSite({ id: 1 })],
      bookings: [aBooking({ id: 1, bookingReference: 'K7Q2M4XZ9B' })],
      ...rows,
    });
  await new InMemoryTenantImporter(store, clock).importTenants([
    tenant('qr', { billing: qrBilling, invoices: [invoice(1, 'OFFEN'), invoice(2, 'ERLEDIGT')] }),
    tenant('iban', { billing: { ...qrBilling, iban: 'CH9300762011623852957', language: 'fr' }, invoices: [invoice(1, 'OFFEN')] }),
    tenant('none', { invoices: [invoice(1, 'OFFEN')] }),
  ]);
  for (const t of store.tenants) ids.set(t.slug, t.id);
  const a = inMemoryAdapters(store, clock);
  documents = new GetInvoiceDocument(a.invoices, a.bookings, a.issuers, renderer);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function pdfOf(slug: string, invoiceId: number): Promise<{ bytes: Uint8Array; path: string }> {
  const bytes = await renderer.render(await documents.documentOf(ids.get(slug)!, invoiceId));
  const path = join(dir, `${slug}-${invoiceId}.pdf`);
  writeFileSync(path, bytes);
  return { bytes, path };
}

describe.skipIf(!toolsThere)('invoice PDF, read back with poppler and jsQR', () => {
  it('is one A4 page with the issuer, invoice, booking, lines, VAT summary and total', async () => {
    const { path } = await pdfOf('qr', 1);
    const info = execFileSync('pdfinfo', ['-isodates', path], { encoding: 'utf8' });
    expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
    expect(info).toMatch(/Pages:\s+1\n/);
    // The file's creation date is the invoice's issue time, never the clock: equal data, equal bytes.
    expect(info).toMatch(/CreationDate:\s+2026-07-04T22:30:00/);
    const content = pdfText(path);
    for (const expected of [
      'Camping Alpenblick AG',
      'Seestrasse 12',
      'CH-3800 Interlaken',
      'CHE-123.456.789 MWST',
      'Rechnung 2026-000001',
      '2026-07-05',
      'OFFEN',
      'K7Q2M4XZ9B',
      '2026-07-01 – 2026-07-04',
      'Stellplatz A01, 3 Nächte',
      '3.000',
      '35.00',
      '8.10 %',
      '105.00',
      '7.87',
      '112.40',
    ]) {
      expect(content, expected).toContain(expected);
    }
  });

  it('carries a QR-bill for exactly the total, with the QR-IBAN and a QR reference with a valid check digit', async () => {
    const { path } = await pdfOf('qr', 1);
    const [payload, ...others] = qrPayloads(path);
    expect(others).toEqual([]);
    const fields = payload!.split(/\r?\n/);
    expect(fields.slice(0, 4)).toEqual(['SPC', '0200', '1', 'CH4431999123000889012']);
    expect(fields.slice(4, 11)).toEqual(['S', 'Camping Alpenblick AG', 'Seestrasse', '12', '3800', 'Interlaken', 'CH']);
    expect(fields.slice(18, 20)).toEqual(['112.40', 'CHF']);
    expect(fields[27]).toBe('QRR');
    expect(isValidQrReference(fields[28]!)).toBe(true);
    expect(fields[29]).toBe('Invoice 2026-000001');
    expect(fields[30]).toBe('EPD');
  });

  it('uses a creditor reference with an ordinary IBAN, and the tenant language for the labels', async () => {
    const { path } = await pdfOf('iban', 1);
    const fields = qrPayloads(path)[0]!.split(/\r?\n/);
    expect(fields[3]).toBe('CH9300762011623852957');
    expect(fields[27]).toBe('SCOR');
    expect(isValidCreditorReference(fields[28]!)).toBe(true);
    const content = pdfText(path);
    expect(content).toContain('Facture 2026-000001');
    expect(content).toContain('Section paiement');
  });

  it('has no payment part for a settled invoice, nor for a tenant without billing details', async () => {
    for (const [slug, id] of [
      ['qr', 2],
      ['none', 1],
    ] as const) {
      const { path } = await pdfOf(slug, id);
      expect(qrPayloads(path), `${slug} ${id}`).toEqual([]);
      expect(pdfText(path)).not.toContain('Zahlteil');
      expect(pdfText(path)).toContain('112.40');
    }
  });
});

describe('invoice PDF bytes', () => {
  it('are the same twice for the same data (golden: fixed creation date and file id), also from the worker pool', async () => {
    const document = await documents.documentOf(ids.get('qr')!, 1);
    const first = await renderer.render(document);
    const second = await renderer.render(document);
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    const pool = new PooledInvoiceRenderer(1);
    try {
      expect(Buffer.from(await pool.render(document)).equals(Buffer.from(first))).toBe(true);
    } finally {
      await pool.close();
    }
  });

  it('change when a line changes', async () => {
    const document = await documents.documentOf(ids.get('qr')!, 1);
    const changed = { ...document, lines: [{ ...document.lines[0]!, description: 'Stellplatz A02, 3 Nächte' }, document.lines[1]!] };
    expect(Buffer.from(await renderer.render(changed)).equals(Buffer.from(await renderer.render(document)))).toBe(false);
  });
});
