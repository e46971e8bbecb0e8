import { createHash } from 'node:crypto';
import type { RenderedInvoice } from '@campsite/domain';
import type { Request, Response } from 'express';

const tags = new WeakMap<RenderedInvoice, string>();

/** A strong validator of the exact bytes: any change of the document changes it (DECISIONS-style ETag, RFC 9110). */
function etagOf(rendered: RenderedInvoice): string {
  let tag = tags.get(rendered);
  if (tag === undefined) {
    tag = `"${createHash('sha256').update(rendered.pdf).digest('base64url')}"`;
    tags.set(rendered, tag);
  }
  return tag;
}

/** RFC 9110 §13.1.2: `*`, or any listed tag equal to ours (weak comparison, so `W/"x"` matches `"x"` too). */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/** `<invoice_number>.pdf`, with every character outside `A-Za-z0-9._-` turned into `_` (one per code point). */
export function pdfFileName(invoiceNumber: string): string {
  return `${invoiceNumber.replace(/[^A-Za-z0-9._-]/gu, '_')}.pdf`;
}

/**
 * The one answer that is not JSON (docs/accounting.md, "The PDF"): 200 `application/pdf` as an attachment, or 304
 * without a body when the client already holds these bytes.
 */
export function sendPdf(req: Request, res: Response, rendered: RenderedInvoice): void {
  const etag = etagOf(rendered);
  res.setHeader('ETag', etag);
  if (matchesIfNoneMatch(req.headers['if-none-match'], etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `attachment; filename="${pdfFileName(rendered.invoiceNumber)}"`);
  res.setHeader('Content-Length', rendered.pdf.byteLength);
  res.end(rendered.pdf);
}
