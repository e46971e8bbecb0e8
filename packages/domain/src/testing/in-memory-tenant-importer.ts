import { type Clock } from '../shared/clock';
import { DomainError } from '../shared/domain-error';
import { type TenantImporter, type TenantSnapshot, tariffErrorOf } from '../tenants/tenant-import';
import { InMemoryStore } from './in-memory-store';

export class InMemoryTenantImporter implements TenantImporter {
  constructor(
    private readonly store: InMemoryStore,
    private readonly clock: Clock,
  ) {}

  async importTenants(snapshots: TenantSnapshot[], onProgress?: (rows: number) => void) {
    this.check(snapshots);
    this.write(snapshots, onProgress);
  }

  async replaceSandbox(snapshot: TenantSnapshot) {
    const old = this.store.tenants.find((t) => t.slug === snapshot.slug);
    if (!old) throw new DomainError('tenant_not_found', `unknown tenant "${snapshot.slug}"`);
    if (!this.store.sandboxes.has(old.id)) {
      throw new DomainError('not_a_sandbox', `tenant "${snapshot.slug}" is not a sandbox; only a sandbox can be reset`);
    }
    // Checked as if the old tenant were gone already, before anything changes: all or nothing, as one transaction.
    this.check([snapshot], old.id);
    this.store.forgetTenant(old.id);
    this.write([{ ...snapshot, sandbox: true }]);
  }

  /** The slugs and key prefixes of tenants other than `replaced`, then each snapshot's own keys. */
  private check(snapshots: TenantSnapshot[], replaced?: number) {
    const { store } = this;
    // All checks run before the first write: that is what makes this import all or nothing, as a database
    // transaction with its unique and foreign keys would.
    const slugs = new Set(store.tenants.filter((t) => t.id !== replaced).map((t) => t.slug));
    const prefixes = new Set(store.apiKeys.filter((k) => k.tenantId !== replaced).map((k) => k.prefix));
    for (const snapshot of snapshots) {
      if (slugs.has(snapshot.slug)) throw new DomainError('tenant_exists', `tenant "${snapshot.slug}" already exists`);
      slugs.add(snapshot.slug);
      for (const key of snapshot.apiKeys) {
        if (prefixes.has(key.prefix)) throw new DomainError('validation_failed', `key prefix ${key.prefix} is already in use`);
        prefixes.add(key.prefix);
      }
      checkSnapshotKeys(snapshot);
      const tariffError = tariffErrorOf(snapshot);
      if (tariffError) throw tariffError;
    }
  }

  private write(snapshots: TenantSnapshot[], onProgress?: (rows: number) => void) {
    const { store } = this;
    let rows = 0;
    let keyId = Math.max(0, ...store.apiKeys.map((k) => k.id));
    for (const snapshot of snapshots) {
      const tenantId = Math.max(0, ...store.tenants.map((t) => t.id)) + 1;
      store.tenants.push({ id: tenantId, slug: snapshot.slug, name: snapshot.name });
      if (snapshot.sandbox) store.sandboxes.add(tenantId);
      for (const key of snapshot.apiKeys) {
        const { revoked, ...rest } = key;
        const now = this.clock.now();
        store.apiKeys.push({
          ...rest,
          fastVerifier: rest.fastVerifier ?? null,
          id: ++keyId,
          tenantId,
          revokedAt: revoked ? now : null,
          lastUsedAt: null,
          createdAt: now,
        });
      }
      const importedAt = this.clock.now();
      store.siteTypes.push(...snapshot.siteTypes.map((t) => ({ ...t, tenantId, updatedAt: importedAt })));
      const sites = snapshot.sites.map((s) => ({ ...s, tenantId, updatedAt: s.updatedAt ?? importedAt }));
      const users = snapshot.users.map((u) => ({ ...u, tenantId, updatedAt: u.updatedAt ?? u.dateJoined }));
      const bookings = snapshot.bookings.map((b) => ({
        ...b,
        tenantId,
        updatedAt: b.updatedAt ?? b.createdAt,
        quoteId: null,
        extras: b.extras ?? [],
      }));
      const invoices = snapshot.invoices.map(({ lines: _lines, ...i }) => ({ ...i, tenantId, updatedAt: i.updatedAt ?? i.issuedAt }));
      store.sites.push(...sites);
      store.users.push(...users);
      store.bookings.push(...bookings);
      store.invoices.push(...invoices);
      for (const { id, lines = [] } of snapshot.invoices) {
        store.invoiceLines.push(...lines.map((line) => ({ ...line, tenantId, invoiceId: id })));
      }
      if (snapshot.billing) store.billing.set(tenantId, { ...snapshot.billing });
      if (snapshot.tariff) {
        const { seasons, restrictions, extras, touristTax } = snapshot.tariff;
        store.seasons.push(...seasons.map((row) => ({ ...row, tenantId })));
        store.restrictions.push(...restrictions.map((row) => ({ ...row, tenantId })));
        store.extras.push(
          ...extras.map((extra) => ({ ...extra, compulsoryFor: [...extra.compulsoryFor], tenantId, updatedAt: importedAt })),
        );
        if (touristTax) store.touristTaxes.set(tenantId, { ...touristTax });
      }
      // The same log the SQL import writes: site types, sites, customers, bookings, invoices, extras, each by id.
      const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
      for (const t of [...snapshot.siteTypes].sort(byId)) store.record(tenantId, 'site_type', t.id, false, importedAt);
      for (const s of sites.sort(byId)) store.record(tenantId, 'site', s.id, false, s.updatedAt);
      for (const u of users.filter((u) => u.role === 'customer').sort(byId)) store.record(tenantId, 'customer', u.id, false, u.updatedAt);
      for (const b of bookings.sort(byId)) store.record(tenantId, 'booking', b.id, false, b.updatedAt);
      for (const i of invoices.sort(byId)) store.record(tenantId, 'invoice', i.id, false, i.updatedAt);
      for (const e of [...(snapshot.tariff?.extras ?? [])].sort(byId)) store.record(tenantId, 'extra', e.id, false, importedAt);
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
      throw new DomainError(
        'validation_failed',
        `tenant "${slug}": booking ${booking.id}: user ${booking.customerId} is not a customer of this tenant`,
      );
    }
  }
  const bookingIds = new Set(snapshot.bookings.map((b) => b.id));
  for (const invoice of snapshot.invoices) {
    assertUnique(invoice.lines ?? [], (l) => l.position, `line position of invoice ${invoice.id}`, slug);
    if (invoice.bookingId !== null && !bookingIds.has(invoice.bookingId)) {
      throw new DomainError('validation_failed', `tenant "${slug}": invoice ${invoice.id} names unknown booking ${invoice.bookingId}`);
    }
  }
  for (const booking of snapshot.bookings) {
    if (!siteIds.has(booking.siteId)) throw new DomainError('validation_failed', `tenant "${slug}": unknown site ${booking.siteId}`);
  }
}
