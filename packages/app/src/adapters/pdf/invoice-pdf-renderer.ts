import { availableParallelism } from 'node:os';
import type { InvoiceDocument, InvoiceRenderer } from '@campsite/domain';
import { Piscina } from 'piscina';
import { pdfContentOf } from './invoice-pdf-content';

/**
 * Renders on the calling thread: for tests and tools. A server uses PooledInvoiceRenderer. The layout (pdfkit and its
 * fonts, about 28 MiB resident) is loaded on the first PDF, so that a server, whose PDFs the pool's threads lay out,
 * never holds it on its main thread.
 */
export class PdfkitInvoiceRenderer implements InvoiceRenderer {
  async render(document: InvoiceDocument): Promise<Uint8Array> {
    const { renderInvoicePdf } = await import('./invoice-pdf-layout.mjs');
    return renderInvoicePdf(pdfContentOf(document));
  }
}

/**
 * Renders on a pool of worker threads, so that the ~10 ms of CPU a PDF takes never stalls the event loop that answers
 * every other request (docs/accounting.md, "Performance"). The content is prepared here; the worker only lays it out.
 * One core is left to the event loop, so that other requests keep their latency while PDFs render.
 */
export class PooledInvoiceRenderer implements InvoiceRenderer {
  private readonly pool: Piscina;

  constructor(threads = Math.max(1, availableParallelism() - 1)) {
    this.pool = new Piscina({
      filename: new URL('./invoice-pdf-layout.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: threads,
      // An idle server gives the threads' memory back after a minute without PDFs.
      idleTimeout: 60_000,
    });
  }

  render(document: InvoiceDocument): Promise<Uint8Array> {
    return this.pool.run(pdfContentOf(document)) as Promise<Uint8Array>;
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
