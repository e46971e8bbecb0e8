import { DomainError } from '../shared/domain-error';
import type { Customer, CustomerRepository, UserRole } from '../customers/customer';
import type { InvoiceIssuer, InvoiceIssuerRepository } from '../invoices/billing-details';
import type { Invoice, InvoiceFilter, InvoiceRepository, NewInvoice } from '../invoices/invoice';
import type { Cursor, PageWindow, UpdatedSinceFilter } from '../shared/pagination';
import type { SiteRepository } from '../sites/site';
import { InMemoryStore, type StoredSite, compareBytes } from './in-memory-store';
import { afterDesc, byDateDescThenIdDesc, updatedSince, windowOf } from './in-memory-paging';

export class InMemorySiteRepository implements SiteRepository {
  constructor(private readonly store: InMemoryStore) {}

  private sorted(tenantId: number, filter: UpdatedSinceFilter = {}) {
    return this.store.sites
      .filter((s) => s.tenantId === tenantId && updatedSince(s, filter))
      .sort((a, b) => compareBytes(a.siteNumber, b.siteNumber) || a.id - b.id);
  }

  async count(tenantId: number, filter: UpdatedSinceFilter = {}) {
    return this.sorted(tenantId, filter).length;
  }

  async list(tenantId: number, window: PageWindow, filter: UpdatedSinceFilter = {}) {
    const isAfter = (s: StoredSite, c: Cursor) => {
      const order = compareBytes(s.siteNumber, c.key);
      return order > 0 || (order === 0 && s.id > c.id);
    };
    return windowOf(this.sorted(tenantId, filter), window, isAfter).map((s) => this.store.siteView(s));
  }

  async findById(tenantId: number, id: number) {
    const site = this.store.sites.find((s) => s.tenantId === tenantId && s.id === id);
    return site ? this.store.siteView(site) : null;
  }
}

export class InMemoryCustomerRepository implements CustomerRepository {
  constructor(private readonly store: InMemoryStore) {}

  private customers(tenantId: number, filter: UpdatedSinceFilter): Customer[] {
    return this.store.users.filter((u) => u.tenantId === tenantId && u.role === 'customer' && updatedSince(u, filter));
  }

  async count(tenantId: number, filter: UpdatedSinceFilter = {}) {
    return this.customers(tenantId, filter).length;
  }

  async findById(tenantId: number, id: number) {
    const user = this.store.users.find((u) => u.tenantId === tenantId && u.id === id && u.role === 'customer');
    if (!user) return null;
    const { role: _role, ...customer } = user;
    return customer;
  }

  async list(tenantId: number, window: PageWindow, filter: UpdatedSinceFilter = {}) {
    const joined = (c: Customer) => c.dateJoined;
    const sorted = this.customers(tenantId, filter).sort(byDateDescThenIdDesc(joined));
    return windowOf(sorted, window, afterDesc(joined)).map(({ role: _role, ...customer }: Customer & { role?: UserRole }) => customer);
  }
}

export class InMemoryInvoiceRepository implements InvoiceRepository {
  constructor(private readonly store: InMemoryStore) {}

  private invoices(tenantId: number, filter: InvoiceFilter): Invoice[] {
    return this.store.invoices.filter((i) => {
      const day = i.issuedAt.toISOString().slice(0, 10);
      return (
        i.tenantId === tenantId &&
        (filter.status === undefined || i.status === filter.status) &&
        (filter.issuedFrom === undefined || day >= filter.issuedFrom) &&
        (filter.issuedTo === undefined || day <= filter.issuedTo) &&
        updatedSince(i, filter)
      );
    });
  }

  async count(tenantId: number, filter: InvoiceFilter = {}) {
    return this.invoices(tenantId, filter).length;
  }

  async list(tenantId: number, window: PageWindow, filter: InvoiceFilter = {}) {
    const issued = (i: Invoice) => i.issuedAt;
    const sorted = this.invoices(tenantId, filter).sort(byDateDescThenIdDesc(issued));
    return windowOf(sorted, window, afterDesc(issued)).map((i) => ({ ...i }));
  }

  async findById(tenantId: number, id: number) {
    const invoice = this.store.invoices.find((i) => i.tenantId === tenantId && i.id === id);
    return invoice ? { ...invoice } : null;
  }

  async linesOf(tenantId: number, invoiceId: number) {
    return this.store.invoiceLines
      .filter((l) => l.tenantId === tenantId && l.invoiceId === invoiceId)
      .sort((a, b) => a.position - b.position)
      .map(({ tenantId: _t, invoiceId: _i, kind: _k, code: _c, ...line }) => line);
  }

  async issue(tenantId: number, invoice: NewInvoice): Promise<Invoice> {
    const { store } = this;
    const taken = store.invoices.some((i) => i.tenantId === tenantId && i.bookingId === invoice.bookingId && i.status !== 'STORNIERT');
    if (taken) throw new DomainError('invoice_exists', `booking ${invoice.bookingId} already has an invoice`);
    const year = invoice.numberYear;
    const numbers = store.invoices
      .filter((i) => i.tenantId === tenantId && new RegExp(`^${year}-\\d{6}$`).test(i.invoiceNumber))
      .map((i) => Number(i.invoiceNumber.slice(5)));
    const stored: Invoice = {
      id: store.nextId(store.invoices, tenantId),
      tenantId,
      invoiceNumber: `${year}-${String(Math.max(0, ...numbers) + 1).padStart(6, '0')}`,
      bookingId: invoice.bookingId,
      totalChf: invoice.totalChf,
      status: invoice.status,
      issuedAt: invoice.issuedAt,
      updatedAt: invoice.issuedAt,
    };
    store.invoices.push(stored);
    store.invoiceLines.push(...invoice.lines.map((line) => ({ ...line, tenantId, invoiceId: stored.id })));
    store.record(tenantId, 'invoice', stored.id, false, stored.updatedAt);
    return { ...stored };
  }
}

export class InMemoryInvoiceIssuerRepository implements InvoiceIssuerRepository {
  constructor(private readonly store: InMemoryStore) {}

  async issuerOf(tenantId: number): Promise<InvoiceIssuer | null> {
    const tenant = this.store.tenants.find((t) => t.id === tenantId);
    if (!tenant) return null;
    const billing = this.store.billing.get(tenantId);
    return { tenantName: tenant.name, billing: billing ? { ...billing } : null };
  }
}
