/**
 * Invoice PDFs (docs/accounting.md, "Performance"): distinct documents rendered on the server's worker threads,
 * repeated fetches of one (kept, and answered 304 for its ETag), and page 1's latency while 4 clients fetch distinct
 * PDFs, in the same run.
 */
import { recordAll, type MainContext } from './case-context';
import { DEFAULT_SPEC } from './generate';
import { request } from './harness';
import { hammer, type LoadRequest } from './load';
import { API, options } from './options';

const PDF_CLIENTS = 4;
let nextInvoice = 0;

export async function pdfCases(ctx: MainContext): Promise<void> {
  const { add, headers, server } = ctx;
  const base = server.base;
  const invoices = DEFAULT_SPEC.invoices; // the main tenant's
  // Every request a document not rendered before: the cache keeps each one, so a repeated id would not measure rendering.
  const distinct = (req: LoadRequest): LoadRequest => ({ ...req, path: `${API}/invoices/${(nextInvoice++ % invoices) + 1}/pdf/` });
  // The pool starts its threads on the first PDFs (each loads pdfkit once): paid here, not inside the case.
  await Promise.all(Array.from({ length: 8 }, () => request(base, distinct({ method: 'GET', path: '', headers }).path, { headers })));
  await add('invoice_pdf_distinct', 'GET /invoices/{id}/pdf/, each a new invoice', {
    path: `${API}/invoices/1/pdf/`,
    headers,
    setupRequest: distinct,
  });
  const one = await request(base, `${API}/invoices/2/pdf/`, { method: 'GET', headers });
  const etag = one.headers.etag;
  if (one.status !== 200 || typeof etag !== 'string') throw new Error(`PDF sanity check: ${one.status}`);
  await add('invoice_pdf_repeated', 'GET /invoices/2/pdf/ again (kept)', { path: `${API}/invoices/2/pdf/`, headers });
  await add('invoice_pdf_304', 'GET /invoices/2/pdf/ with If-None-Match (304)', {
    path: `${API}/invoices/2/pdf/`,
    headers: { ...headers, 'if-none-match': etag },
  });
  const readers = Math.max(1, options.connections - PDF_CLIENTS);
  const [page1, pdfs] = await Promise.all([
    hammer({ url: `${base}${API}/bookings/`, headers, duration: options.duration, connections: readers }),
    hammer({ url: `${base}${API}/invoices/1/pdf/`, headers, duration: options.duration, connections: PDF_CLIENTS, setupRequest: distinct }),
  ]);
  recordAll(ctx, [
    ['bookings_page1_during_pdfs', `GET /bookings/ page 1 while ${PDF_CLIENTS} clients fetch new PDFs (${readers} conns)`, page1],
    ['invoice_pdf_during_reads', `GET /invoices/{id}/pdf/ during page-1 reads (${PDF_CLIENTS} conns)`, pdfs],
  ]);
}
