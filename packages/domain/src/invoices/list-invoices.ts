import type { Principal } from '../api-keys/api-key';
import type { Scope } from '../api-keys/scopes';
import { requireScope } from '../api-keys/verify-api-key';
import { type Page, type PageHint, type PageRequest, dateCursor, paginate } from '../shared/pagination';
import type { Invoice, InvoiceRepository } from './invoice';

export class ListInvoices {
  readonly scope: Scope = 'invoices:read';

  constructor(private readonly invoices: InvoiceRepository) {}

  async execute(principal: Principal, request: PageRequest, hint?: PageHint): Promise<Page<Invoice>> {
    requireScope(principal, this.scope);
    const { tenantId } = principal;
    return paginate(request, hint, {
      count: () => this.invoices.count(tenantId),
      list: (window) => this.invoices.list(tenantId, window),
      cursorOf: (invoice) => dateCursor(invoice.issuedAt, invoice.id),
    });
  }
}
