import type {
  BillingLanguage,
  Customer,
  CustomerRepository,
  Invoice,
  InvoiceIssuer,
  InvoiceIssuerRepository,
  InvoiceLine,
  InvoiceFilter,
  InvoiceRepository,
  NewInvoice,
  PageWindow,
  Site,
  SiteRepository,
  UpdatedSinceFilter,
} from '@campsite/domain';
import type { SqlAccelerators } from '../accelerators';
import { type RawRow, byIdSql } from '../sql-executor';
import type { SqlDatabase } from '../sql-database';
import { translatingSqlErrors } from '../translate-sql-error';
import { issueInvoice } from './invoice-issue';
import { CUSTOMERS, INVOICES, INVOICE_LINES_SELECT, SITES, toCustomer, toInvoice, toInvoiceLine, toSite } from './row-mappers';
import { type ListFilter, countWhere, keptTotalSql, readWindow, tenantCounter, timeKey, updatedSinceWhere } from './windowed-list';

/** A customer read by id is a user whose role is `customer`. */
const CUSTOMER_BY_ID = { ...CUSTOMERS, where: "u.role = 'customer'" };

/** Sites in byte order of `site_number` (the column is COLLATE "C" on Postgres, BINARY on SQLite), then id. */
export class SqlSiteRepository implements SiteRepository {
  constructor(
    private readonly db: SqlDatabase,
    private readonly accelerators: SqlAccelerators,
  ) {}

  count(tenantId: number, filter: UpdatedSinceFilter = {}): Promise<number> {
    if (filter.updatedSince === undefined && this.accelerators.keptTotals) return tenantCounter(this.db, tenantId, 'sites');
    return countWhere(this.db, SITES, this.filterOf(tenantId, filter));
  }

  async list(tenantId: number, window: PageWindow, filter: UpdatedSinceFilter = {}): Promise<Site[]> {
    const order = { keyColumn: 's.site_number', idColumn: 's.id', descending: false, keyParam: (key: string) => key };
    const map = (row: RawRow) => toSite(this.db.dialect, row);
    return readWindow(this.db, SITES, this.filterOf(tenantId, filter), order, window, map, this.accelerators);
  }

  private filterOf(tenantId: number, filter: UpdatedSinceFilter): ListFilter {
    return updatedSinceWhere(this.db, 's', { where: ['s.tenant_id = ?'], params: [tenantId] }, filter);
  }

  async findById(tenantId: number, id: number): Promise<Site | null> {
    const [row] = await this.db.rows(byIdSql(SITES), [tenantId, id]);
    return row ? toSite(this.db.dialect, row) : null;
  }
}

/** Users whose role is `customer` (docs/api-behaviour.md §3), served by the partial index on exactly that predicate. */
export class SqlCustomerRepository implements CustomerRepository {
  constructor(
    private readonly db: SqlDatabase,
    private readonly accelerators: SqlAccelerators,
  ) {}

  count(tenantId: number, filter: UpdatedSinceFilter = {}): Promise<number> {
    if (filter.updatedSince === undefined && this.accelerators.keptTotals) return tenantCounter(this.db, tenantId, 'customers');
    return countWhere(this.db, CUSTOMERS, this.filterOf(tenantId, filter));
  }

  async list(tenantId: number, window: PageWindow, filter: UpdatedSinceFilter = {}): Promise<Customer[]> {
    const order = { keyColumn: 'u.date_joined', idColumn: 'u.id', descending: true, keyParam: timeKey(this.db) };
    const map = (row: RawRow) => toCustomer(this.db.dialect, row);
    return readWindow(this.db, CUSTOMERS, this.filterOf(tenantId, filter), order, window, map, this.accelerators);
  }

  private filterOf(tenantId: number, filter: UpdatedSinceFilter): ListFilter {
    return updatedSinceWhere(this.db, 'u', { where: ['u.tenant_id = ?', "u.role = 'customer'"], params: [tenantId] }, filter);
  }

  async findById(tenantId: number, id: number): Promise<Customer | null> {
    const [row] = await this.db.rows(byIdSql(CUSTOMER_BY_ID), [tenantId, id]);
    return row ? toCustomer(this.db.dialect, row) : null;
  }
}

/** Invoices by `issued_at` (docs/api-behaviour.md §2: the spec's created_at of an invoice), then id, both descending. */
export class SqlInvoiceRepository implements InvoiceRepository {
  constructor(
    private readonly db: SqlDatabase,
    private readonly accelerators: SqlAccelerators,
  ) {}

  /**
   * Without updated_since, from the kept totals (migration 012): all invoices from tenant_counters, one status from
   * invoice_counts, an issued range from invoice_day_counts (at most one row per status and day).
   */
  async count(tenantId: number, filter: InvoiceFilter = {}): Promise<number> {
    const { status, issuedFrom, issuedTo, updatedSince } = filter;
    if (updatedSince !== undefined || !this.accelerators.keptTotals) return countWhere(this.db, INVOICES, this.filterOf(tenantId, filter));
    if (issuedFrom === undefined && issuedTo === undefined) {
      if (status === undefined) return tenantCounter(this.db, tenantId, 'invoices');
      const row = await this.db.get<{ n: unknown }>('SELECT n FROM invoice_counts WHERE tenant_id = ? AND status = ?', [tenantId, status]);
      return row ? Number(row.n) : 0;
    }
    const { dayParam } = this.db.dialect;
    const bounds: Array<[string, '>=' | '<=', unknown]> = [];
    if (issuedFrom !== undefined) bounds.push(['issued_day', '>=', dayParam(issuedFrom)]);
    if (issuedTo !== undefined) bounds.push(['issued_day', '<=', dayParam(issuedTo)]);
    const { sql, params } = keptTotalSql('invoice_day_counts', tenantId, status, bounds);
    const row = await this.db.get<{ n: unknown }>(`SELECT ${sql} AS n`, params);
    return Number(row?.n ?? 0);
  }

  async list(tenantId: number, window: PageWindow, filter: InvoiceFilter = {}): Promise<Invoice[]> {
    const order = { keyColumn: 'i.issued_at', idColumn: 'i.id', descending: true, keyParam: timeKey(this.db) };
    const map = (row: RawRow) => toInvoice(this.db.dialect, row);
    return readWindow(this.db, INVOICES, this.filterOf(tenantId, filter), order, window, map, this.accelerators);
  }

  /** `issued_from` / `issued_to` are UTC dates of issued_at: a range of instants from the first day's start to the day after the last. */
  private filterOf(tenantId: number, filter: InvoiceFilter): ListFilter {
    const where = ['i.tenant_id = ?'];
    const params: unknown[] = [tenantId];
    const { time } = this.db.dialect;
    if (filter.status !== undefined) {
      where.push('i.status = ?');
      params.push(filter.status);
    }
    if (filter.issuedFrom !== undefined) {
      where.push('i.issued_at >= ?');
      params.push(time(new Date(`${filter.issuedFrom}T00:00:00Z`)));
    }
    if (filter.issuedTo !== undefined) {
      where.push('i.issued_at < ?');
      params.push(time(new Date(Date.parse(`${filter.issuedTo}T00:00:00Z`) + 86_400_000)));
    }
    return updatedSinceWhere(this.db, 'i', { where, params }, filter);
  }

  async findById(tenantId: number, id: number): Promise<Invoice | null> {
    const [row] = await this.db.rows(byIdSql(INVOICES), [tenantId, id]);
    return row ? toInvoice(this.db.dialect, row) : null;
  }

  async linesOf(tenantId: number, invoiceId: number): Promise<InvoiceLine[]> {
    return (await this.db.rows(INVOICE_LINES_SELECT, [tenantId, invoiceId])).map(toInvoiceLine);
  }

  issue(tenantId: number, invoice: NewInvoice): Promise<Invoice> {
    return translatingSqlErrors(() => issueInvoice(this.db, tenantId, invoice));
  }
}

/** The tenant's name and its row of `tenant_billing`, when it has one. */
export class SqlInvoiceIssuerRepository implements InvoiceIssuerRepository {
  constructor(private readonly db: SqlDatabase) {}

  async issuerOf(tenantId: number): Promise<InvoiceIssuer | null> {
    const [row] = await this.db.rows(
      'SELECT t.name, b.name, b.street, b.building_number, b.postal_code, b.town, b.country, b.iban, b.vat_number, b.language ' +
        'FROM tenants t LEFT JOIN tenant_billing b ON b.tenant_id = t.id WHERE t.id = ?',
      [tenantId],
    );
    if (!row) return null;
    const [tenantName, name, street, buildingNumber, postalCode, town, country, iban, vatNumber, language] = row as string[];
    return {
      tenantName: tenantName as string,
      billing:
        name === null || name === undefined
          ? null
          : {
              name,
              street: street!,
              buildingNumber: buildingNumber!,
              postalCode: postalCode!,
              town: town!,
              country: country!,
              iban: iban!,
              vatNumber: vatNumber!,
              language: language as BillingLanguage,
            },
    };
  }
}
