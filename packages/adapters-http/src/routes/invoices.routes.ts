import type { HttpDeps } from '../http-deps';
import { invoiceJson, invoiceLineJson } from '../presenters';
import { pdfAnswer } from '../send-pdf';
import { jsonAnswer } from '../send-json';
import { readInvoiceFilter } from '../schemas/list-filter.schema';
import { type Resource, listEndpoint, queryOf, readPaging, recordIdOf, renderPage, resource } from './endpoint';

/** The invoice list, and per invoice its detail, its lines and its PDF (docs/accounting.md). */
export function invoiceResources(deps: HttpDeps): { collection: Resource; detail: Resource; lines: Resource; pdf: Resource } {
  return {
    collection: resource({ GET: listEndpoint(deps.listInvoices, readInvoiceFilter, invoiceJson) }),
    detail: resource({
      GET: {
        scope: deps.getInvoice.scope,
        cacheable: true,
        async handle(_req, _res, principal, pathId) {
          return jsonAnswer(invoiceJson(await deps.getInvoice.execute(principal, recordIdOf(pathId))));
        },
      },
    }),
    lines: resource({
      GET: {
        scope: deps.listInvoiceLines.scope,
        cacheable: true,
        async handle(req, res, principal, pathId) {
          const id = recordIdOf(pathId);
          const query = queryOf(req);
          const { request } = readPaging(query);
          return renderPage(req, res, query, await deps.listInvoiceLines.execute(principal, id, request), invoiceLineJson);
        },
      },
    }),
    pdf: resource({
      GET: {
        scope: deps.getInvoiceDocument.scope,
        cacheable: true,
        async handle(_req, _res, principal, pathId) {
          return pdfAnswer(await deps.getInvoiceDocument.execute(principal, recordIdOf(pathId)));
        },
      },
    }),
  };
}
