import type { ApiKey } from '../api-keys/api-key';
import type { ApiKeyRepository, NewApiKey } from '../api-keys/api-key-repository';
import type { SecretHasher } from '../api-keys/secret-hasher';
import type { Booking, BookingFilter, NewBooking } from '../bookings/booking';
import type { ChangeBatch, ChangeFeedRepository, ChangeType, ChangedRecord } from '../changes/change-feed';
import type { DateRange, Stay } from '../bookings/availability';
import type { BookingRepository } from '../bookings/booking-repository';
import type { IdempotencyClaim, IdempotencyCompletion, IdempotencyStore } from '../bookings/idempotency';
import { isOccupying } from '../bookings/booking-status';
import type { Customer, CustomerRepository, UserRole } from '../customers/customer';
import type { BillingDetails, InvoiceIssuer, InvoiceIssuerRepository } from '../invoices/billing-details';
import type { Invoice, InvoiceFilter, InvoiceLine, InvoiceRepository } from '../invoices/invoice';
import { rangesOverlap } from '../shared/calendar-date';
import { type Clock, systemClock } from '../shared/clock';
import { DomainError } from '../shared/domain-error';
import type { Rappen } from '../shared/money';
import type { DataStamp, DataVersions } from '../shared/data-versions';
import type { Cursor, PageWindow, UpdatedSinceFilter } from '../shared/pagination';
import { MemoryRateLimiter } from '../rate-limiting/memory-rate-limiter';
import type { RateLimitDecision } from '../rate-limiting/rate-limiter';
import type { Site, SiteRepository } from '../sites/site';
import type { Tenant, TenantRepository } from '../tenants/tenant';
import type { TenantImporter, TenantSnapshot } from '../tenants/tenant-import';
import type { WebhookEndpoint } from '../webhooks/webhook-endpoint';
import { InMemoryWebhookEndpoints } from './in-memory-webhooks';
import type { CountedList, RawBooking, RawInvoice, RawSite, RawWriter } from './contracts/raw-writer';

export type StoredSite = Omit<Site, 'siteTypeName'>;
export type StoredUser = Customer & { role: UserRole };
export type StoredBooking = Omit<Booking, 'siteNumber'>;

/** A record's latest change: what the SQL backends keep in `change_log`. */
export interface LoggedChange {
  type: ChangeType;
  id: number;
  position: number;
  deleted: boolean;
  changedAt: Date;
}

/**
 * All tables in plain arrays. Every method does its checks and writes without an `await` in between, which is what
 * makes "check overlap, then insert" atomic here: JavaScript runs it to the end before anything else.
 */
export class InMemoryStore {
  tenants: Tenant[] = [];
  apiKeys: ApiKey[] = [];
  siteTypes: Array<{ tenantId: number; id: number; name: string }> = [];
  sites: StoredSite[] = [];
  users: StoredUser[] = [];
  bookings: StoredBooking[] = [];
  invoices: Invoice[] = [];
  invoiceLines: Array<InvoiceLine & { tenantId: number; invoiceId: number }> = [];
  billing = new Map<number, BillingDetails>();
  /** The `webhook_endpoints` table, and the last endpoint id handed out per tenant (ids are never reused). */
  webhookEndpoints: WebhookEndpoint[] = [];
  lastWebhookEndpointId = new Map<number, number>();
  /** Idempotency records by tenant id and key (InMemoryIdempotencyStore). */
  idempotency = new Map<string, IdempotencyRecord>();
  /** Bumped by every write through the repositories (DataVersions). */
  writes = 0;
  /** What the SQL triggers stamp updated_at and changes with; inMemoryAdapters sets the adapters' clock. */
  clock: Clock = systemClock;
  /** Per tenant: the last position handed out, and each record's latest change (the SQL `change_log`). */
  private readonly logs = new Map<number, { last: number; entries: Map<string, LoggedChange> }>();

  changed(): void {
    this.writes++;
  }

  /**
   * What the SQL triggers do for a write: move the record to the tenant's next position. Called by every write that
   * goes through the store's capture (the repositories and the test kit's raw writer); rows pushed straight into the
   * arrays by a test are not recorded.
   */
  record(tenantId: number, type: ChangeType, id: number, deleted: boolean, changedAt: Date): void {
    let log = this.logs.get(tenantId);
    if (!log) this.logs.set(tenantId, (log = { last: 0, entries: new Map() }));
    const key = `${type}:${id}`;
    log.entries.delete(key);
    log.entries.set(key, { type, id, position: ++log.last, deleted, changedAt });
    this.changed();
  }

  /** The tenant's log in position order. */
  changeLog(tenantId: number): LoggedChange[] {
    return [...(this.logs.get(tenantId)?.entries.values() ?? [])];
  }

  private readonly feedTokens = new Map<number, string>();

  /** The tenant's feed token (tenant_counters.feed_token): 32 random hex digits, made on first use. */
  feedToken(tenantId: number): string {
    let token = this.feedTokens.get(tenantId);
    if (token === undefined) {
      token = Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
      this.feedTokens.set(tenantId, token);
    }
    return token;
  }

  nextId(rows: ReadonlyArray<{ tenantId: number; id: number }>, tenantId: number): number {
    let max = 0;
    for (const row of rows) if (row.tenantId === tenantId && row.id > max) max = row.id;
    return max + 1;
  }

  siteView(site: StoredSite): Site {
    const type = this.siteTypes.find((t) => t.tenantId === site.tenantId && t.id === site.siteTypeId);
    return { ...site, siteTypeName: type?.name ?? '' };
  }

  bookingView(booking: StoredBooking): Booking {
    const site = this.sites.find((s) => s.tenantId === booking.tenantId && s.id === booking.siteId);
    return { ...booking, siteNumber: site?.siteNumber ?? '' };
  }
}

export interface IdempotencyRecord {
  fingerprint: string;
  token: string;
  claimedAt: Date;
  expiresAt: Date;
  response: string | null;
}

const idempotencyId = (tenantId: number, key: string) => `${tenantId}\u0000${key}`;

/** Byte-order comparison of strings, as SQLite BINARY and Postgres COLLATE "C" compare UTF-8. */
export function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

function updatedSince(row: { updatedAt: Date }, filter: UpdatedSinceFilter): boolean {
  return filter.updatedSince === undefined || row.updatedAt.getTime() >= filter.updatedSince.getTime();
}

function byDateDescThenIdDesc<T extends { id: number }>(dateOf: (row: T) => Date) {
  return (a: T, b: T) => dateOf(b).getTime() - dateOf(a).getTime() || b.id - a.id;
}

function windowOf<T>(sorted: T[], window: PageWindow, isAfter: (row: T, cursor: Cursor) => boolean): T[] {
  const after = window.after;
  if (!after) return sorted.slice(window.offset, window.offset + window.limit);
  const start = sorted.findIndex((row) => isAfter(row, after));
  return start < 0 ? [] : sorted.slice(start, start + window.limit);
}

function afterDesc<T extends { id: number }>(dateOf: (row: T) => Date) {
  return (row: T, cursor: Cursor) => {
    const key = dateOf(row).toISOString();
    return key < cursor.key || (key === cursor.key && row.id < cursor.id);
  };
}

export class InMemoryTenantRepository implements TenantRepository {
  constructor(private readonly store: InMemoryStore) {}

  async findBySlug(slug: string) {
    return this.store.tenants.find((t) => t.slug === slug) ?? null;
  }

  async create(tenant: { slug: string; name: string }) {
    if (this.store.tenants.some((t) => t.slug === tenant.slug)) {
      throw new DomainError('tenant_exists', `tenant "${tenant.slug}" already exists`);
    }
    const created = { id: this.store.tenants.length + 1, ...tenant };
    this.store.tenants.push(created);
    this.store.changed();
    return created;
  }

  async listWithCounts() {
    const count = (rows: ReadonlyArray<{ tenantId: number }>, tenantId: number) => rows.filter((row) => row.tenantId === tenantId).length;
    return [...this.store.tenants]
      .sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0))
      .map((t) => ({ ...t, sites: count(this.store.sites, t.id), bookings: count(this.store.bookings, t.id) }));
  }

  async isEmpty() {
    return this.store.tenants.length === 0;
  }
}

export class InMemoryApiKeyRepository implements ApiKeyRepository {
  private lastId = 0;

  constructor(
    private readonly store: InMemoryStore,
    private readonly clock: Clock,
  ) {}

  async findByPrefix(prefix: string) {
    const key = this.store.apiKeys.find((k) => k.prefix === prefix);
    return key ? { ...key, scopes: [...key.scopes] } : null;
  }

  async listByTenant(tenantId: number) {
    return this.store.apiKeys
      .filter((k) => k.tenantId === tenantId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)
      .map((k) => ({ ...k }));
  }

  async create(key: NewApiKey) {
    if (this.store.apiKeys.some((k) => k.prefix === key.prefix)) {
      throw new DomainError('validation_failed', `prefix ${key.prefix} is already in use`);
    }
    this.lastId = Math.max(this.lastId, ...this.store.apiKeys.map((k) => k.id)) + 1;
    const created: ApiKey = {
      ...key,
      id: this.lastId,
      revokedAt: key.revokedAt ?? null,
      lastUsedAt: null,
      createdAt: this.clock.now(),
    };
    this.store.apiKeys.push(created);
    this.store.changed();
    return { ...created };
  }

  async revoke(tenantId: number, prefix: string, at: Date) {
    const key = this.store.apiKeys.find((k) => k.tenantId === tenantId && k.prefix === prefix);
    if (!key) return false;
    key.revokedAt ??= at;
    this.store.changed();
    return true;
  }

  async replaceSecretHash(keyId: number, current: string, next: string) {
    const key = this.store.apiKeys.find((k) => k.id === keyId && k.secretHash === current);
    if (!key) return false;
    key.secretHash = next;
    this.store.changed();
    return true;
  }

  async touchLastUsed(keyId: number, at: Date) {
    const key = this.store.apiKeys.find((k) => k.id === keyId);
    if (key) key.lastUsedAt = at;
    this.store.changed();
  }
}

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

function matches(booking: StoredBooking, tenantId: number, filter: BookingFilter): boolean {
  return (
    booking.tenantId === tenantId &&
    (filter.status === undefined || booking.status === filter.status) &&
    (filter.checkInFrom === undefined || booking.checkInDate >= filter.checkInFrom) &&
    (filter.checkInTo === undefined || booking.checkInDate <= filter.checkInTo) &&
    (filter.customerId === undefined || booking.customerId === filter.customerId) &&
    updatedSince(booking, filter)
  );
}

export class InMemoryBookingRepository implements BookingRepository {
  constructor(private readonly store: InMemoryStore) {}

  async count(tenantId: number, filter: BookingFilter) {
    return this.store.bookings.filter((b) => matches(b, tenantId, filter)).length;
  }

  async list(tenantId: number, filter: BookingFilter, window: PageWindow) {
    const createdAt = (b: StoredBooking) => b.createdAt;
    const sorted = this.store.bookings.filter((b) => matches(b, tenantId, filter)).sort(byDateDescThenIdDesc(createdAt));
    return windowOf(sorted, window, afterDesc(createdAt)).map((b) => this.store.bookingView(b));
  }

  async listOccupyingStays(tenantId: number, siteIds: readonly number[], window: DateRange): Promise<Stay[]> {
    const wanted = new Set(siteIds);
    return this.store.bookings
      .filter((b) => b.tenantId === tenantId && wanted.has(b.siteId) && isOccupying(b.status))
      .filter((b) => rangesOverlap(b.checkInDate, b.checkOutDate, window.from, window.to))
      .map(({ siteId, checkInDate, checkOutDate }) => ({ siteId, checkInDate, checkOutDate }));
  }

  async findById(tenantId: number, id: number) {
    const booking = this.store.bookings.find((b) => b.tenantId === tenantId && b.id === id);
    return booking ? this.store.bookingView(booking) : null;
  }

  async insertIfAvailable(booking: NewBooking, completion?: IdempotencyCompletion) {
    const { store } = this;
    const site = store.sites.find((s) => s.tenantId === booking.tenantId && s.id === booking.siteId);
    const taken = store.bookings.some(
      (b) =>
        b.tenantId === booking.tenantId &&
        b.siteId === booking.siteId &&
        isOccupying(b.status) &&
        rangesOverlap(b.checkInDate, b.checkOutDate, booking.checkInDate, booking.checkOutDate),
    );
    if (!site || site.status !== 'active' || taken) throw new DomainError('site_unavailable');
    if (booking.customerId !== null && !isCustomerOf(store, booking.tenantId, booking.customerId)) {
      throw new DomainError('customer_not_found');
    }
    if (store.bookings.some((b) => b.tenantId === booking.tenantId && b.bookingReference === booking.bookingReference)) {
      throw new DomainError('duplicate_booking_reference');
    }
    const record = completion && store.idempotency.get(idempotencyId(booking.tenantId, completion.key));
    if (completion && (!record || record.token !== completion.token || record.response !== null)) {
      throw new DomainError('idempotency_key_in_use');
    }
    const stored: StoredBooking = { ...booking, id: booking.id ?? store.nextId(store.bookings, booking.tenantId), updatedAt: booking.createdAt };
    if (record && completion) {
      record.response = completion.responseOf(store.bookingView(stored));
      record.expiresAt = completion.expiresAt;
    }
    store.bookings.push(stored);
    store.record(stored.tenantId, 'booking', stored.id, false, stored.updatedAt);
    return store.bookingView(stored);
  }

  async updateStatus(tenantId: number, id: number, from: string, to: string, totalPrice: Rappen) {
    const booking = this.store.bookings.find((b) => b.tenantId === tenantId && b.id === id);
    if (!booking || booking.status !== from) return null;
    booking.status = to;
    booking.totalPrice = totalPrice;
    booking.updatedAt = this.store.clock.now();
    this.store.record(tenantId, 'booking', id, false, booking.updatedAt);
    return this.store.bookingView(booking);
  }
}

export class InMemoryIdempotencyStore implements IdempotencyStore {
  private tokens = 0;

  constructor(private readonly store: InMemoryStore) {}

  async claim(tenantId: number, key: string, fingerprint: string, now: Date, staleBefore: Date, expiresAt: Date): Promise<IdempotencyClaim> {
    const id = idempotencyId(tenantId, key);
    const held = this.store.idempotency.get(id);
    const free = !held || held.expiresAt <= now || (held.response === null && held.claimedAt < staleBefore);
    if (held && !free) {
      return held.response === null
        ? { kind: 'in_use', fingerprint: held.fingerprint }
        : { kind: 'completed', fingerprint: held.fingerprint, response: held.response };
    }
    const token = `claim-${++this.tokens}`;
    this.store.idempotency.set(id, { fingerprint, token, claimedAt: now, expiresAt, response: null });
    return { kind: 'claimed', token };
  }

  async release(tenantId: number, key: string, token: string): Promise<void> {
    const id = idempotencyId(tenantId, key);
    const held = this.store.idempotency.get(id);
    if (held && held.token === token && held.response === null) this.store.idempotency.delete(id);
  }

  async purgeExpired(now: Date): Promise<number> {
    let purged = 0;
    for (const [id, record] of this.store.idempotency) {
      if (record.expiresAt <= now) {
        this.store.idempotency.delete(id);
        purged++;
      }
    }
    return purged;
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
      .map(({ tenantId: _t, invoiceId: _i, ...line }) => line);
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

function isCustomerOf(store: InMemoryStore, tenantId: number, userId: number): boolean {
  return store.users.some((u) => u.tenantId === tenantId && u.id === userId && u.role === 'customer');
}

export class InMemoryTenantImporter implements TenantImporter {
  constructor(
    private readonly store: InMemoryStore,
    private readonly clock: Clock,
  ) {}

  async importTenants(snapshots: TenantSnapshot[], onProgress?: (rows: number) => void) {
    const { store } = this;
    // All checks run before the first write: that is what makes this import all or nothing, as a database
    // transaction with its unique and foreign keys would.
    const slugs = new Set(store.tenants.map((t) => t.slug));
    const prefixes = new Set(store.apiKeys.map((k) => k.prefix));
    for (const snapshot of snapshots) {
      if (slugs.has(snapshot.slug)) throw new DomainError('tenant_exists', `tenant "${snapshot.slug}" already exists`);
      slugs.add(snapshot.slug);
      for (const key of snapshot.apiKeys) {
        if (prefixes.has(key.prefix)) throw new DomainError('validation_failed', `key prefix ${key.prefix} is already in use`);
        prefixes.add(key.prefix);
      }
      checkSnapshotKeys(snapshot);
    }
    let rows = 0;
    let keyId = Math.max(0, ...store.apiKeys.map((k) => k.id));
    for (const snapshot of snapshots) {
      const tenantId = Math.max(0, ...store.tenants.map((t) => t.id)) + 1;
      store.tenants.push({ id: tenantId, slug: snapshot.slug, name: snapshot.name });
      for (const key of snapshot.apiKeys) {
        const { revoked, ...rest } = key;
        const now = this.clock.now();
        store.apiKeys.push({ ...rest, id: ++keyId, tenantId, revokedAt: revoked ? now : null, lastUsedAt: null, createdAt: now });
      }
      store.siteTypes.push(...snapshot.siteTypes.map((t) => ({ ...t, tenantId })));
      const importedAt = this.clock.now();
      const sites = snapshot.sites.map((s) => ({ ...s, tenantId, updatedAt: s.updatedAt ?? importedAt }));
      const users = snapshot.users.map((u) => ({ ...u, tenantId, updatedAt: u.updatedAt ?? u.dateJoined }));
      const bookings = snapshot.bookings.map((b) => ({ ...b, tenantId, updatedAt: b.updatedAt ?? b.createdAt }));
      const invoices = snapshot.invoices.map(({ lines: _lines, ...i }) => ({ ...i, tenantId, updatedAt: i.updatedAt ?? i.issuedAt }));
      store.sites.push(...sites);
      store.users.push(...users);
      store.bookings.push(...bookings);
      store.invoices.push(...invoices);
      for (const { id, lines = [] } of snapshot.invoices) {
        store.invoiceLines.push(...lines.map((line) => ({ ...line, tenantId, invoiceId: id })));
      }
      if (snapshot.billing) store.billing.set(tenantId, { ...snapshot.billing });
      // The same log the SQL import writes: sites, customers, bookings, invoices, each by id.
      const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
      for (const s of sites.sort(byId)) store.record(tenantId, 'site', s.id, false, s.updatedAt);
      for (const u of users.filter((u) => u.role === 'customer').sort(byId)) store.record(tenantId, 'customer', u.id, false, u.updatedAt);
      for (const b of bookings.sort(byId)) store.record(tenantId, 'booking', b.id, false, b.updatedAt);
      for (const i of invoices.sort(byId)) store.record(tenantId, 'invoice', i.id, false, i.updatedAt);
      store.changed();
      rows += snapshot.sites.length + snapshot.users.length + snapshot.bookings.length + snapshot.invoices.length;
      onProgress?.(rows);
    }
  }
}

function assertUnique<T>(rows: readonly T[], keyOf: (row: T) => string | number, what: string, slug: string): void {
  const seen = new Set<string | number>();
  for (const row of rows) {
    const key = keyOf(row);
    if (seen.has(key)) throw new DomainError('validation_failed', `tenant "${slug}": duplicate ${what} ${key}`);
    seen.add(key);
  }
}

/** The unique and foreign keys of the SQL schema, checked up front. */
function checkSnapshotKeys(snapshot: TenantSnapshot): void {
  const { slug } = snapshot;
  assertUnique(snapshot.siteTypes, (t) => t.id, 'site type id', slug);
  assertUnique(snapshot.sites, (s) => s.id, 'site id', slug);
  assertUnique(snapshot.users, (u) => u.id, 'user id', slug);
  assertUnique(snapshot.bookings, (b) => b.id, 'booking id', slug);
  assertUnique(snapshot.bookings, (b) => b.bookingReference, 'booking reference', slug);
  assertUnique(snapshot.invoices, (i) => i.id, 'invoice id', slug);
  const typeIds = new Set(snapshot.siteTypes.map((t) => t.id));
  const siteIds = new Set(snapshot.sites.map((s) => s.id));
  for (const site of snapshot.sites) {
    if (!typeIds.has(site.siteTypeId)) throw new DomainError('validation_failed', `tenant "${slug}": unknown site type ${site.siteTypeId}`);
  }
  const customerIds = new Set(snapshot.users.filter((u) => u.role === 'customer').map((u) => u.id));
  for (const booking of snapshot.bookings) {
    if (booking.customerId !== null && !customerIds.has(booking.customerId)) {
      throw new DomainError('validation_failed', `tenant "${slug}": booking ${booking.id}: user ${booking.customerId} is not a customer of this tenant`);
    }
  }
  for (const invoice of snapshot.invoices) {
    assertUnique(invoice.lines ?? [], (l) => l.position, `line position of invoice ${invoice.id}`, slug);
  }
  for (const booking of snapshot.bookings) {
    if (!siteIds.has(booking.siteId)) throw new DomainError('validation_failed', `tenant "${slug}": unknown site ${booking.siteId}`);
  }
}

/**
 * A hasher for tests: fast and deterministic, and it counts its calls so tests can prove when no hash work was done.
 * Its "hash" is not secure and never leaves tests.
 */
export class FakeSecretHasher implements SecretHasher {
  hashCalls = 0;
  verifyCalls = 0;

  async hash(secret: string) {
    this.hashCalls++;
    return `fake$${[...secret].reverse().join('')}`;
  }

  async verify(secret: string, hash: string) {
    this.verifyCalls++;
    return hash === `fake$${[...secret].reverse().join('')}` || hash === `cheap$${[...secret].reverse().join('')}`;
  }

  /** `cheap$…` hashes stand for hashes made at a lower cost than the configured one; anything else is malformed. */
  async isCheaper(hash: string) {
    return !hash.startsWith('fake$');
  }
}

/** Every repository port over one store: the in-memory backend as a whole. */
/**
 * Every tenant shares the store's stamp. Tests also seed by pushing to the arrays directly, so their lengths are part
 * of it; an in-place edit that bypasses the repositories must call `store.changed()`.
 */
export class InMemoryDataVersions implements DataVersions {
  constructor(private readonly store: InMemoryStore) {}

  async stampOf(tenantId: number): Promise<DataStamp> {
    return this.stampNow(tenantId);
  }

  stampNow(_tenantId: number): DataStamp {
    const s = this.store;
    return [s.writes, s.tenants.length, s.apiKeys.length, s.sites.length, s.users.length, s.bookings.length, s.invoices.length, s.invoiceLines.length, s.billing.size].join('.');
  }
}

/**
 * The memory limiter with the guarded hit of a limiter that shares the stamp's database (RateLimiter.hitIfUnchanged):
 * lets the in-memory world take the path Postgres takes. The check and the count run without an await between them.
 */
export class GuardedMemoryRateLimiter extends MemoryRateLimiter {
  constructor(
    clock: Clock,
    private readonly versions: InMemoryDataVersions,
  ) {
    super(clock);
  }

  async hitIfUnchanged(key: string, limit: number, guard: { tenantId: number; stamp: DataStamp }): Promise<RateLimitDecision | null> {
    if (this.versions.stampNow(guard.tenantId) !== guard.stamp) return null;
    return this.hit(key, limit);
  }

  async peekIfUnchanged(key: string, limit: number, guard: { tenantId: number; stamp: DataStamp }): Promise<RateLimitDecision | null> {
    if (this.versions.stampNow(guard.tenantId) !== guard.stamp) return null;
    return this.peek(key, limit);
  }
}

export function inMemoryAdapters(store: InMemoryStore, clock: Clock) {
  store.clock = clock;
  return {
    versions: new InMemoryDataVersions(store),
    tenants: new InMemoryTenantRepository(store),
    apiKeys: new InMemoryApiKeyRepository(store, clock),
    sites: new InMemorySiteRepository(store),
    customers: new InMemoryCustomerRepository(store),
    invoices: new InMemoryInvoiceRepository(store),
    issuers: new InMemoryInvoiceIssuerRepository(store),
    bookings: new InMemoryBookingRepository(store),
    idempotency: new InMemoryIdempotencyStore(store),
    importer: new InMemoryTenantImporter(store, clock),
    changes: new InMemoryChangeFeed(store),
    webhooks: new InMemoryWebhookEndpoints(store),
  };
}

/**
 * The in-memory backend's RawWriter: edits the store's arrays the way the SQL statements edit tables, and does for
 * each what the SQL triggers do (updated_at, the change log, the stamp). Totals need nothing: they are counted.
 */
export class InMemoryRawWriter implements RawWriter {
  constructor(private readonly store: InMemoryStore) {}

  private row<T extends { tenantId: number; id: number }>(rows: T[], tenantId: number, id: number): T {
    const row = rows.find((r) => r.tenantId === tenantId && r.id === id);
    if (!row) throw new Error(`no row ${tenantId}/${id}`);
    return row;
  }

  private touched(tenantId: number, type: ChangeType, row: { id: number; updatedAt: Date }): void {
    row.updatedAt = this.store.clock.now();
    this.store.record(tenantId, type, row.id, false, row.updatedAt);
  }

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
    const stored = { ...booking, tenantId, updatedAt: booking.updatedAt ?? booking.createdAt };
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

  async countRows(tenantId: number, list: CountedList, status?: string) {
    const { store } = this;
    const mine = <T extends { tenantId: number }>(rows: T[]) => rows.filter((r) => r.tenantId === tenantId);
    if (list === 'bookings') return mine(store.bookings).filter((b) => status === undefined || b.status === status).length;
    if (list === 'sites') return mine(store.sites).length;
    if (list === 'customers') return mine(store.users).filter((u) => u.role === 'customer').length;
    return mine(store.invoices).length;
  }

  async close() {}
}

/** The change log of the store, with each record as its repository renders it. */
export class InMemoryChangeFeed implements ChangeFeedRepository {
  constructor(private readonly store: InMemoryStore) {}

  async read(tenantId: number, after: number, types: readonly ChangeType[], limit: number): Promise<ChangeBatch> {
    const { store } = this;
    if (!store.tenants.some((t) => t.id === tenantId)) throw new Error(`no tenant ${tenantId}`);
    const visible = store.changeLog(tenantId).filter((c) => c.position > after && types.includes(c.type));
    const changes = visible.slice(0, limit).map((c) => ({ ...c, record: c.deleted ? null : this.recordOf(tenantId, c.type, c.id) }));
    return { token: store.feedToken(tenantId), count: visible.length, changes };
  }

  private recordOf(tenantId: number, type: ChangeType, id: number): ChangedRecord | null {
    const { store } = this;
    const mine = <T extends { tenantId: number; id: number }>(rows: T[]) => rows.find((r) => r.tenantId === tenantId && r.id === id);
    if (type === 'booking') {
      const booking = mine(store.bookings);
      return booking ? store.bookingView(booking) : null;
    }
    if (type === 'site') {
      const site = mine(store.sites);
      return site ? store.siteView(site) : null;
    }
    if (type === 'customer') {
      const user = mine(store.users);
      if (!user || user.role !== 'customer') return null;
      const { role: _role, ...customer } = user;
      return customer;
    }
    const invoice = mine(store.invoices);
    return invoice ? { ...invoice } : null;
  }
}
