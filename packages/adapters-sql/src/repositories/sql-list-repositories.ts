import type { Customer, CustomerRepository, Invoice, InvoiceRepository, PageWindow, Site, SiteRepository } from '@campsite/domain';
import type { SqlDatabase } from '../sql-executor';
import { CUSTOMER_SELECT, INVOICE_SELECT, SITE_SELECT, toCustomer, toInvoice, toSite } from './row-mappers';
import { readWindow, tenantCounter, timeKey } from './windowed-list';

/** Sites in byte order of `site_number` (the column is COLLATE "C" on Postgres, BINARY on SQLite), then id. */
export class SqlSiteRepository implements SiteRepository {
  constructor(private readonly db: SqlDatabase) {}

  count(tenantId: number): Promise<number> {
    return tenantCounter(this.db, tenantId, 'sites');
  }

  async list(tenantId: number, window: PageWindow): Promise<Site[]> {
    const order = { keyColumn: 's.site_number', idColumn: 's.id', descending: false, keyParam: (key: string) => key };
    return readWindow(this.db, { select: SITE_SELECT, where: ['s.tenant_id = ?'], params: [tenantId] }, order, window, toSite);
  }

  async findById(tenantId: number, id: number): Promise<Site | null> {
    const [row] = await this.db.rows(`${SITE_SELECT} WHERE s.tenant_id = ? AND s.id = ?`, [tenantId, id]);
    return row ? toSite(row) : null;
  }
}

/** Users whose role is `customer` (DECISIONS §3), served by the partial index on exactly that predicate. */
export class SqlCustomerRepository implements CustomerRepository {
  constructor(private readonly db: SqlDatabase) {}

  count(tenantId: number): Promise<number> {
    return tenantCounter(this.db, tenantId, 'customers');
  }

  async list(tenantId: number, window: PageWindow): Promise<Customer[]> {
    const order = { keyColumn: 'date_joined', idColumn: 'id', descending: true, keyParam: timeKey(this.db) };
    const query = { select: CUSTOMER_SELECT, where: ['tenant_id = ?', "role = 'customer'"], params: [tenantId] };
    return readWindow(this.db, query, order, window, (row) => toCustomer(this.db.dialect, row));
  }
}

/** Invoices by `issued_at` (DECISIONS §2: the spec's created_at of an invoice), then id, both descending. */
export class SqlInvoiceRepository implements InvoiceRepository {
  constructor(private readonly db: SqlDatabase) {}

  count(tenantId: number): Promise<number> {
    return tenantCounter(this.db, tenantId, 'invoices');
  }

  async list(tenantId: number, window: PageWindow): Promise<Invoice[]> {
    const order = { keyColumn: 'issued_at', idColumn: 'id', descending: true, keyParam: timeKey(this.db) };
    const query = { select: INVOICE_SELECT, where: ['tenant_id = ?'], params: [tenantId] };
    return readWindow(this.db, query, order, window, (row) => toInvoice(this.db.dialect, row));
  }
}
