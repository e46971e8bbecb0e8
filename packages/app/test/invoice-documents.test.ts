import { INVOICE_TENANTS, describeInvoiceDocumentsOverHttp } from '../../adapters-http/test/support/invoice-scenarios';
import { jsonInvoiceRenderer } from '../../adapters-http/test/support/http-harness';
import { describeOnSqlBackends, serveWiredApp } from './support/sql-backends';

// The in-memory suite's rules on SQLite and PostgreSQL: customer_id, invoice detail, lines and the PDF's transport
// (the PDF itself is read back in invoice-pdf.test.ts).
await describeOnSqlBackends('invoices for accounting over HTTP', describeInvoiceDocumentsOverHttp, async (databaseUrl) => {
  const app = await serveWiredApp(databaseUrl, INVOICE_TENANTS, { invoiceRenderer: jsonInvoiceRenderer });
  return {
    request: app.server.request,
    origin: app.server.origin,
    tokens: {
      alpine: await app.keyOf('alpine'),
      birch: await app.keyOf('birch'),
      alpineBookingsOnly: await app.keyOf('alpine', ['bookings:read']),
    },
    alpineId: await app.tenantIdOf('alpine'),
    raw: app.raw,
    close: app.close,
  };
});
