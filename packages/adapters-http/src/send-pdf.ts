import { createHash } from 'node:crypto';
import type { RenderedInvoice } from '@campsite/domain';
import type { RenderedAnswer } from './send-json';

/** `<invoice_number>.pdf`, with every character outside `A-Za-z0-9._-` turned into `_` (one per code point). */
export function pdfFileName(invoiceNumber: string): string {
  return `${invoiceNumber.replace(/[^A-Za-z0-9._-]/gu, '_')}.pdf`;
}

/**
 * The one answer that is not JSON (docs/accounting.md, "The PDF"): 200 `application/pdf` as an attachment. Like every
 * GET it goes back to the pipeline, which answers 304 instead when the client already holds these bytes
 * (docs/channel-managers.md, "Polling cheaply").
 */
export function pdfAnswer(rendered: RenderedInvoice): RenderedAnswer {
  return {
    bytes: rendered.pdf,
    length: rendered.pdf.byteLength,
    // Equal documents render equal bytes, so the tag changes exactly when the invoice, its lines or billing do.
    etag: `"${createHash('sha256').update(rendered.pdf).digest('base64url')}"`,
    contentType: 'application/pdf',
    headers: { 'Content-Disposition': `attachment; filename="${pdfFileName(rendered.invoiceNumber)}"` },
  };
}
