import type { UserRole } from '../customers/customer';
import type { InvoiceLine } from '../invoices/invoice';
import type {
  BookingChange,
  CountedList,
  DatedFilter,
  InvoiceChange,
  RawBooking,
  RawInvoice,
  RawSite,
  RawWriter,
} from './contracts/raw-writer';
import { InMemoryTariffWriter } from './in-memory-tariff-writer';

/**
 * The in-memory backend's RawWriter: edits the store's arrays the way the SQL statements edit tables, and does for
 * each what the SQL triggers do (updated_at, the change log, the stamp). Totals need nothing: they are counted.
 */
export class InMemoryRawWriter extends InMemoryTariffWriter implements RawWriter {
  async setBookingStatus(tenantId: number, id: number, status: string) {
    const booking = this.row(this.store.bookings, tenantId, id);
    booking.status = status;
    this.touched(tenantId, 'booking', booking);
  }

  async renameSite(tenantId: number, id: number, name: string) {
    const site = this.row(this.store.sites, tenantId, id);
    site.name = name;
    this.touched(tenantId, 'site', site);
  }

  async renumberSite(tenantId: number, id: number, siteNumber: string) {
    const site = this.row(this.store.sites, tenantId, id);
    site.siteNumber = siteNumber;
    this.touched(tenantId, 'site', site);
    // A booking renders its site's number.
    for (const booking of this.store.bookings) {
      if (booking.tenantId === tenantId && booking.siteId === id) this.touched(tenantId, 'booking', booking);
    }
  }

  async setUserRole(tenantId: number, id: number, role: UserRole) {
    const user = this.row(this.store.users, tenantId, id);
    const wasCustomer = user.role === 'customer';
    user.role = role;
    user.updatedAt = this.store.clock.now();
    if (role === 'customer') this.store.record(tenantId, 'customer', id, false, user.updatedAt);
    else if (wasCustomer) this.store.record(tenantId, 'customer', id, true, user.updatedAt);
  }

  async setKeyRevokedAt(prefix: string, at: Date | null) {
    const key = this.store.apiKeys.find((k) => k.prefix === prefix);
    if (!key) throw new Error(`no key ${prefix}`);
    key.revokedAt = at;
    this.store.changed();
  }

  async setKeyExpiresAt(prefix: string, at: Date | null) {
    const key = this.store.apiKeys.find((k) => k.prefix === prefix);
    if (!key) throw new Error(`no key ${prefix}`);
    key.expiresAt = at;
    this.store.changed();
  }

  async insertSite(tenantId: number, site: RawSite) {
    if (this.store.sites.some((s) => s.tenantId === tenantId && s.id === site.id)) throw new Error('duplicate site');
    const stored = { ...site, tenantId, updatedAt: site.updatedAt ?? this.store.clock.now() };
    this.store.sites.push(stored);
    this.store.record(tenantId, 'site', site.id, false, stored.updatedAt);
  }

  async insertBooking(tenantId: number, booking: RawBooking) {
    const { store } = this;
    if (store.bookings.some((b) => b.tenantId === tenantId && b.id === booking.id)) throw new Error('duplicate booking');
    if (!store.sites.some((s) => s.tenantId === tenantId && s.id === booking.siteId)) throw new Error('FOREIGN KEY constraint failed');
    const stored = { ...booking, tenantId, updatedAt: booking.updatedAt ?? booking.createdAt, quoteId: null, extras: booking.extras ?? [] };
    store.bookings.push(stored);
    store.record(tenantId, 'booking', booking.id, false, stored.updatedAt);
  }

  async deleteBooking(tenantId: number, id: number) {
    const { store } = this;
    if (store.invoices.some((i) => i.tenantId === tenantId && i.bookingId === id)) throw new Error('FOREIGN KEY constraint failed');
    store.bookings = store.bookings.filter((b) => !(b.tenantId === tenantId && b.id === id));
    store.record(tenantId, 'booking', id, true, store.clock.now());
  }

  async insertInvoice(tenantId: number, invoice: RawInvoice) {
    const { store } = this;
    if (invoice.bookingId !== null && !store.bookings.some((b) => b.tenantId === tenantId && b.id === invoice.bookingId)) {
      throw new Error('FOREIGN KEY constraint failed');
    }
    const stored = { ...invoice, tenantId, updatedAt: invoice.updatedAt ?? invoice.issuedAt };
    store.invoices.push(stored);
    store.record(tenantId, 'invoice', invoice.id, false, stored.updatedAt);
  }

  async deleteInvoice(tenantId: number, id: number) {
    const { store } = this;
    store.invoices = store.invoices.filter((i) => !(i.tenantId === tenantId && i.id === id));
    store.invoiceLines = store.invoiceLines.filter((l) => !(l.tenantId === tenantId && l.invoiceId === id));
    store.record(tenantId, 'invoice', id, true, store.clock.now());
  }

  /** A line change is a change of its invoice (migration 008's triggers). */
  async setLineDescription(tenantId: number, invoiceId: number, position: number, description: string) {
    const line = this.store.invoiceLines.find((l) => l.tenantId === tenantId && l.invoiceId === invoiceId && l.position === position);
    if (!line) throw new Error(`no line ${tenantId}/${invoiceId}/${position}`);
    line.description = description;
    this.touched(tenantId, 'invoice', this.row(this.store.invoices, tenantId, invoiceId));
  }

  async insertLine(tenantId: number, invoiceId: number, line: InvoiceLine) {
    const invoice = this.row(this.store.invoices, tenantId, invoiceId);
    if (this.store.invoiceLines.some((l) => l.tenantId === tenantId && l.invoiceId === invoiceId && l.position === line.position)) {
      throw new Error('duplicate line');
    }
    this.store.invoiceLines.push({ ...line, tenantId, invoiceId });
    this.touched(tenantId, 'invoice', invoice);
  }

  async setBillingIban(tenantId: number, iban: string) {
    const billing = this.store.billing.get(tenantId);
    if (!billing) throw new Error(`no billing details for tenant ${tenantId}`);
    billing.iban = iban;
    this.store.changed();
  }

  async setBookingCustomer(tenantId: number, bookingId: number, customerId: number | null) {
    const booking = this.row(this.store.bookings, tenantId, bookingId);
    if (customerId !== null && !this.store.users.some((u) => u.tenantId === tenantId && u.id === customerId && u.role === 'customer')) {
      throw new Error('bookings_customer_is_customer: not a customer of this tenant');
    }
    booking.customerId = customerId;
    this.touched(tenantId, 'booking', booking);
  }

  async updateBooking(tenantId: number, id: number, change: BookingChange) {
    const { store } = this;
    const booking = this.row(store.bookings, tenantId, id);
    const to = change.tenantId ?? tenantId;
    if (to !== tenantId) {
      if (store.bookings.some((b) => b.tenantId === to && b.id === id)) throw new Error('duplicate booking');
      if (!store.sites.some((s) => s.tenantId === to && s.id === booking.siteId)) throw new Error('FOREIGN KEY constraint failed');
      if (store.invoices.some((i) => i.tenantId === tenantId && i.bookingId === id)) throw new Error('FOREIGN KEY constraint failed');
    }
    if (change.status !== undefined) booking.status = change.status;
    if (change.checkInDate !== undefined) booking.checkInDate = change.checkInDate;
    if (change.checkOutDate !== undefined) booking.checkOutDate = change.checkOutDate;
    if (change.createdAt !== undefined) booking.createdAt = change.createdAt;
    if (to !== tenantId) {
      booking.tenantId = to;
      store.record(tenantId, 'booking', id, true, store.clock.now());
    }
    this.touched(to, 'booking', booking);
  }

  async updateInvoice(tenantId: number, id: number, change: InvoiceChange) {
    const { store } = this;
    const invoice = this.row(store.invoices, tenantId, id);
    const to = change.tenantId ?? tenantId;
    if (to !== tenantId) {
      if (store.invoices.some((i) => i.tenantId === to && i.id === id)) throw new Error('duplicate invoice');
      if (invoice.bookingId !== null) throw new Error('FOREIGN KEY constraint failed');
    }
    if (change.status !== undefined) invoice.status = change.status;
    if (change.issuedAt !== undefined) invoice.issuedAt = change.issuedAt;
    if (to !== tenantId) {
      invoice.tenantId = to;
      for (const line of store.invoiceLines) if (line.tenantId === tenantId && line.invoiceId === id) line.tenantId = to;
      store.record(tenantId, 'invoice', id, true, store.clock.now());
    }
    this.touched(to, 'invoice', invoice);
  }

  async matching(tenantId: number, list: 'bookings' | 'invoices', filter: DatedFilter) {
    const { store } = this;
    const inRange = (day: string) => (filter.from === undefined || day >= filter.from) && (filter.to === undefined || day <= filter.to);
    const rows = (
      list === 'bookings'
        ? store.bookings.map((b) => ({ tenantId: b.tenantId, id: b.id, status: b.status, day: b.checkInDate, key: b.createdAt.getTime() }))
        : store.invoices.map((i) => ({
            tenantId: i.tenantId,
            id: i.id,
            status: i.status,
            day: i.issuedAt.toISOString().slice(0, 10),
            key: i.issuedAt.getTime(),
          }))
    )
      .filter((r) => r.tenantId === tenantId && (filter.status === undefined || r.status === filter.status) && inRange(r.day))
      .sort((a, b) => b.key - a.key || b.id - a.id);
    return { count: rows.length, ids: rows.map((r) => r.id) };
  }

  async countRows(tenantId: number, list: CountedList, status?: string) {
    const { store } = this;
    const mine = <T extends { tenantId: number }>(rows: T[]) => rows.filter((r) => r.tenantId === tenantId);
    if (list === 'bookings') return mine(store.bookings).filter((b) => status === undefined || b.status === status).length;
    if (list === 'sites') return mine(store.sites).length;
    if (list === 'customers') return mine(store.users).filter((u) => u.role === 'customer').length;
    return mine(store.invoices).length;
  }

  async close() {
    // Memory holds no connection to give back.
  }
}
