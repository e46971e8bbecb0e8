import type { InvoiceDocument, InvoiceRenderer } from '../invoices/invoice-document';

/**
 * Renders the document as JSON and remembers what it was given: the fake of the PDF renderer. Not exported from
 * `./testing`: it serves this package's own `*.test.ts` files.
 */
export class JsonInvoiceRenderer implements InvoiceRenderer {
  documents: InvoiceDocument[] = [];

  async render(document: InvoiceDocument) {
    this.documents.push(document);
    return new TextEncoder().encode(JSON.stringify(document));
  }
}
