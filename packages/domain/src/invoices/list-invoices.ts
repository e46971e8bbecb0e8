import { type ReadSnapshots, noReadSnapshots } from '../shared/read-snapshots';
import { ListTenantRows } from '../shared/list-tenant-rows';
import { dateCursor, isDateKey } from '../shared/pagination';
import type { Invoice, InvoiceFilter, InvoiceRepository } from './invoice';

/** Invoice headers, newest issued_at first. */
export class ListInvoices extends ListTenantRows<Invoice, InvoiceFilter> {
  constructor(invoices: InvoiceRepository, snapshots: ReadSnapshots = noReadSnapshots) {
    super('invoices:read', invoices, (invoice) => dateCursor(invoice.issuedAt, invoice.id), isDateKey, snapshots);
  }
}
