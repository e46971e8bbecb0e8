import { READ_SCOPE_OF } from '@campsite/domain';
import {
  invoiceFilterErrorsSchema,
  invoiceFilterSchema,
  updatedSinceErrorsSchema,
  updatedSinceQuerySchema,
} from '../schemas/list-filter.schema';
import { changesQuerySchema, pagingQuerySchema } from '../schemas/paging.schema';
import {
  customerPageSchema,
  changePageSchema,
  invalidHostSchema,
  invalidCursorSchema,
  invoiceLinePageSchema,
  invoicePageSchema,
  invoiceSchema,
  sitePageSchema,
} from '../schemas/responses.schema';
import {
  API,
  type OperationSpec,
  answer,
  detailExamples,
  filterErrors,
  headerRef,
  listOperation,
  rateLimitHeaders,
  recordErrors,
  recordOperation,
  ref,
  shared,
} from './building-blocks';
import { bookingOperations } from './booking-operations';
import { sellingOperations } from './selling-operations';
import { serviceOperations } from './service-operations';
import { webhookOperations } from './webhook-operations';

/**
 * Every operation of the API and of the service's own paths, as document.ts lists them: which answers each gives, in
 * the words of docs/api-behaviour.md. The bookings, selling a stay, the webhook endpoints and the service's own paths
 * are in their own files.
 */
export function operations(): OperationSpec[] {
  return [
    ...bookingOperations(),
    ...sellingOperations(),
    listOperation('Site', 'sites', 'sites:read', sitePageSchema, 'by `site_number` in byte order (ties: lower `id` first)', {
      query: pagingQuerySchema.extend(updatedSinceQuerySchema.shape),
      responses: { '400': filterErrors(updatedSinceErrorsSchema, 'updated_since', ['Enter a valid date/time.']) },
    }),
    listOperation('Customer', 'customers', 'customers:read', customerPageSchema, 'newest `date_joined` first (ties: higher `id` first)', {
      query: pagingQuerySchema.extend(updatedSinceQuerySchema.shape),
      responses: { '400': filterErrors(updatedSinceErrorsSchema, 'updated_since', ['Enter a valid date/time.']) },
    }),
    listOperation('Invoice', 'invoices', 'invoices:read', invoicePageSchema, 'newest `issued_at` first (ties: higher `id` first)', {
      query: pagingQuerySchema.extend(invoiceFilterSchema.shape),
      responses: { '400': filterErrors(invoiceFilterErrorsSchema, 'issued_from', ['Enter a valid date.']) },
    }),
    recordOperation({
      path: `${API}/invoices/{id}/`,
      operationId: 'getInvoice',
      tag: 'Invoices',
      summary: 'One invoice',
      scope: 'invoices:read',
      noun: 'invoice',
      schema: invoiceSchema,
    }),
    {
      method: 'get',
      path: `${API}/invoices/{id}/lines/`,
      operationId: 'listInvoiceLines',
      tag: 'Invoices',
      summary: 'The lines of one invoice',
      description:
        "The invoice's lines in `position` order, paged like every list. An invoice without lines (a legacy " +
        'header) has none. An absent invoice: 404 `not_found`.',
      scope: 'invoices:read',
      pathId: "The invoice's `id`.",
      query: pagingQuerySchema,
      responses: {
        '200': answer('One page of lines.', { schema: ref(invoiceLinePageSchema), headers: rateLimitHeaders(false) }),
        ...recordErrors,
      },
    },
    {
      method: 'get',
      path: `${API}/invoices/{id}/pdf/`,
      operationId: 'getInvoicePdf',
      tag: 'Invoices',
      summary: 'One invoice as a PDF',
      description:
        'An A4 PDF of the invoice (for an open invoice of a tenant with billing details, with a Swiss QR-bill ' +
        'payment part). The only answer that is not JSON; its errors are JSON. Send the `ETag` back as ' +
        '`If-None-Match` to get 304 while the document is unchanged.',
      scope: 'invoices:read',
      pathId: "The invoice's `id`.",
      responses: {
        '200': answer('The PDF.', {
          schema: { type: 'string', contentMediaType: 'application/pdf' },
          mediaType: 'application/pdf',
          headers: { ETag: headerRef('ETag'), 'Content-Disposition': headerRef('Content-Disposition'), ...rateLimitHeaders(false) },
        }),
        '304': answer("Not modified: `If-None-Match` named this document's `ETag`. No body.", {
          headers: { ETag: headerRef('ETag'), ...rateLimitHeaders(false) },
        }),
        ...recordErrors,
      },
    },
    {
      method: 'get',
      path: `${API}/changes/`,
      operationId: 'listChanges',
      tag: 'Changes',
      summary: 'The change feed',
      description:
        'Every record created, changed or deleted by any writer (this API, the operator tools, the admin console, ' +
        'plain SQL), in commit order, each at its latest change, of the types the key can read (`bookings:read` ' +
        '→ booking, `sites:read` → site and site_type, `customers:read` → customer, `invoices:read` → invoice, ' +
        "`rates:read` → extra). A change to a site type's seasons or stay rules moves the site type. Follow `next` " +
        'to the end, store `cursor`, and resume later with `after=<cursor>`: nothing committed after that point ' +
        'is missed, including changes that committed while you were reading. A record may come again when it ' +
        'changed again.',
      scope: [...new Set(Object.values(READ_SCOPE_OF))],
      query: changesQuerySchema,
      responses: {
        '200': answer('One page of changes.', { schema: ref(changePageSchema), headers: rateLimitHeaders(false) }),
        '400': answer('`after` is malformed or belongs to another tenant, or a malformed `Host`.', {
          schema: { oneOf: [ref(invalidCursorSchema), ref(invalidHostSchema)] },
          headers: rateLimitHeaders(true),
          examples: detailExamples('invalid_cursor'),
        }),
        '401': shared('Unauthorized'),
        '403': shared('Forbidden'),
        '429': shared('Throttled'),
        '500': shared('ServerError'),
      },
    },
    ...webhookOperations(),
    ...serviceOperations(),
  ];
}
