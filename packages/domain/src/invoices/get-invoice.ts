import type { Principal } from '../api-keys/api-key';
import type { Scope } from '../api-keys/scopes';
import { requireScope } from '../api-keys/required-scope';
import type { BookingRepository } from '../bookings/booking-repository';
import { DomainError } from '../shared/domain-error';
import { type Page, type PageRequest, paginate } from '../shared/pagination';
import { type ReadSnapshots, noReadSnapshots } from '../shared/read-snapshots';
import type { InvoiceIssuerRepository } from './billing-details';
import type { Invoice, InvoiceLine, InvoiceRepository } from './invoice';
import { type InvoiceDocument, type InvoiceRenderer, paymentPartFor, vatSummaryOf, zurichDateOf } from './invoice-document';

const SCOPE: Scope = 'invoices:read';

/** The invoice, or `not_found` when it is absent or another tenant's (the rule of a booking's detail). */
async function invoiceOf(invoices: InvoiceRepository, tenantId: number, id: number): Promise<Invoice> {
  const invoice = await invoices.findById(tenantId, id);
  if (!invoice) throw new DomainError('not_found');
  return invoice;
}

export class GetInvoice {
  readonly scope = SCOPE;

  constructor(private readonly invoices: InvoiceRepository) {}

  async execute(principal: Principal, id: number): Promise<Invoice> {
    requireScope(principal, this.scope);
    return invoiceOf(this.invoices, principal.tenantId, id);
  }
}

export class ListInvoiceLines {
  readonly scope = SCOPE;

  constructor(
    private readonly invoices: InvoiceRepository,
    private readonly snapshots: ReadSnapshots = noReadSnapshots,
  ) {}

  /** The invoice's lines in `position` order, paged like every list; `not_found` for an absent invoice. */
  async execute(principal: Principal, invoiceId: number, request: PageRequest): Promise<Page<InvoiceLine>> {
    requireScope(principal, this.scope);
    const { tenantId } = principal;
    // One snapshot: the invoice's existence and its lines of the same moment.
    return this.snapshots.consistent(async () => {
      await invoiceOf(this.invoices, tenantId, invoiceId);
      // An invoice has a handful of lines: reading them all and slicing costs less than a count and a window.
      const lines = await this.invoices.linesOf(tenantId, invoiceId);
      return paginate(request, undefined, {
        count: async () => lines.length,
        list: async (window) => lines.slice(window.offset, window.offset + window.limit),
        cursorOf: (line) => ({ key: String(line.position), id: line.position }),
      });
    });
  }
}

/** A rendered invoice: its number (the file's name) and the PDF's bytes. */
export interface RenderedInvoice {
  invoiceNumber: string;
  pdf: Uint8Array;
}

export class GetInvoiceDocument {
  readonly scope = SCOPE;

  constructor(
    private readonly invoices: InvoiceRepository,
    private readonly bookings: BookingRepository,
    private readonly issuers: InvoiceIssuerRepository,
    private readonly renderer: InvoiceRenderer,
    private readonly snapshots: ReadSnapshots = noReadSnapshots,
  ) {}

  /** The invoice as a PDF (docs/accounting.md, "The invoice document"). */
  async execute(principal: Principal, id: number): Promise<RenderedInvoice> {
    requireScope(principal, this.scope);
    // One snapshot: the total, the lines and the payment part of the same moment always agree.
    const document = await this.snapshots.consistent(() => this.documentOf(principal.tenantId, id));
    return { invoiceNumber: document.invoiceNumber, pdf: await this.renderer.render(document) };
  }

  /** What the PDF shows (docs/accounting.md, "The invoice document"). */
  async documentOf(tenantId: number, id: number): Promise<InvoiceDocument> {
    const invoice = await invoiceOf(this.invoices, tenantId, id);
    const [lines, issuer, booking] = await Promise.all([
      this.invoices.linesOf(tenantId, id),
      this.issuers.issuerOf(tenantId),
      invoice.bookingId === null ? null : this.bookings.findById(tenantId, invoice.bookingId),
    ]);
    if (!issuer) throw new DomainError('not_found');
    return {
      issuer,
      language: issuer.billing?.language ?? 'de',
      invoiceNumber: invoice.invoiceNumber,
      issueDate: zurichDateOf(invoice.issuedAt),
      issuedAt: invoice.issuedAt,
      status: invoice.status,
      total: invoice.totalChf,
      booking: booking && { reference: booking.bookingReference, checkInDate: booking.checkInDate, checkOutDate: booking.checkOutDate },
      lines,
      vatSummary: vatSummaryOf(lines),
      payment: paymentPartFor(invoice, issuer.billing),
    };
  }
}
