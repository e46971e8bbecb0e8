import type { Customer, CustomerRepository, Invoice, InvoiceRepository, PageWindow, Site, SiteRepository } from '@campsite/domain';
import type { SqlDatabase } from '../sql-executor';
import { CUSTOMERS, INVOICES, SITES, byIdSql, toCustomer, toInvoice, toSite } from './row-mappers';
import { readWindow, tenantCounter, timeKey } from './windowed-list';

const SITE_BY_ID = byIdSql(SITES);

/** Sites in byte order of `site_number` (the column is COLLATE "C" on Postgres, BINARY on SQLite), then id. */
export class SqlSiteRepository implements SiteRepository {
  constructor(private readonly db: SqlDatabase) {}

  count(tenantId: number): Promise<number> {
    return tenantCounter(this.db, tenantId, 'sites');
  }

  async list(tenantId: number, window: PageWindow): Promise<Site[]> {
    const order = { keyColumn: 's.site_number', idColumn: 's.id', descending: false, keyParam: (key: string) => key };
    return readWindow(this.db, SITES, { where: ['s.tenant_id = ?'], params: [tenantId] }, order, window, (row) => toSite(this.db.dialect, row));
  }

  async findById(tenantId: number, id: number): Promise<Site | null> {
    const [row] = await this.db.rows(SITE_BY_ID, [tenantId, id]);
    return row ? toSite(this.db.dialect, row) : null;
  }
}

/** Users whose role is `customer` (DECISIONS §3), served by the partial index on exactly that predicate. */
export class SqlCustomerRepository implements CustomerRepository {
  constructor(private readonly db: SqlDatabase) {}

  count(tenantId: number): Promise<number> {
    return tenantCounter(this.db, tenantId, 'customers');
  }

  async list(tenantId: number, window: PageWindow): Promise<Customer[]> {
    const order = { keyColumn: 'u.date_joined', idColumn: 'u.id', descending: true, keyParam: timeKey(this.db) };
    const filter = { where: ['u.tenant_id = ?', "u.role = 'customer'"], params: [tenantId] };
    return readWindow(this.db, CUSTOMERS, filter, order, window, (row) => toCustomer(this.db.dialect, row));
  }
}

/** Invoices by `issued_at` (DECISIONS §2: the spec's created_at of an invoice), then id, both descending. */
export class SqlInvoiceRepository implements InvoiceRepository {
  constructor(private readonly db: SqlDatabase) {}

  count(tenantId: number): Promise<number> {
    return tenantCounter(this.db, tenantId, 'invoices');
  }

  async list(tenantId: number, window: PageWindow): Promise<Invoice[]> {
    const order = { keyColumn: 'i.issued_at', idColumn: 'i.id', descending: true, keyParam: timeKey(this.db) };
    const filter = { where: ['i.tenant_id = ?'], params: [tenantId] };
    return readWindow(this.db, INVOICES, filter, order, window, (row) => toInvoice(this.db.dialect, row));
  }
}
