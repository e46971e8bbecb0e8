import type { ApiKey } from '../api-keys/api-key';
import type { Booking } from '../bookings/booking';
import type { ChangeType } from '../changes/change-feed';
import type { Customer, UserRole } from '../customers/customer';
import type { BillingDetails } from '../invoices/billing-details';
import type { Invoice, IssuedLine } from '../invoices/invoice';
import type { PricedLine, Restriction, Season, TouristTax } from '../pricing/tariff';
import type { ExtraRecord } from '../pricing/tariff-repository';
import type { Quote } from '../quotes/quote';
import { type Clock, systemClock } from '../shared/clock';
import type { Site } from '../sites/site';
import type { SiteType } from '../sites/site-type';
import type { Tenant } from '../tenants/tenant';
import type { DeliveryRecord, PendingMessage } from '../webhooks/webhook-delivery';
import type { WebhookEndpoint } from '../webhooks/webhook-endpoint';

/** The delivery columns of an endpoint (migration 011). */
export interface StoredDeliveryState {
  message: PendingMessage | null;
  attempts: number;
  failingSince: Date | null;
  nextAttemptAt: Date | null;
  idleThrough: number | null;
  leaseOwner: string | null;
  leaseUntil: Date | null;
}

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
  /** The ids of the tenants that are sandboxes (`tenants.sandbox`). */
  sandboxes = new Set<number>();
  apiKeys: ApiKey[] = [];
  siteTypes: Array<{ tenantId: number; id: number; name: string; updatedAt: Date }> = [];
  sites: StoredSite[] = [];
  users: StoredUser[] = [];
  bookings: StoredBooking[] = [];
  invoices: Invoice[] = [];
  invoiceLines: Array<Omit<IssuedLine, 'kind' | 'code'> & Partial<IssuedLine> & { tenantId: number; invoiceId: number }> = [];
  billing = new Map<number, BillingDetails>();
  /** The tariff tables (docs/pricing.md), and the tourist tax per tenant. */
  seasons: Array<Season & { tenantId: number }> = [];
  restrictions: Array<Restriction & { tenantId: number }> = [];
  extras: ExtraRecord[] = [];
  touristTaxes = new Map<number, TouristTax>();
  quotes: Quote[] = [];
  /** The last quote id handed out per tenant (quote_counters): ids are never reused, even after a purge. */
  lastQuoteId = new Map<number, number>();
  /** Each booking's priced lines, by `tenantId:bookingId`. */
  bookingLines = new Map<string, PricedLine[]>();
  /** The `webhook_endpoints` table, and the last endpoint id handed out per tenant (ids are never reused). */
  webhookEndpoints: WebhookEndpoint[] = [];
  lastWebhookEndpointId = new Map<number, number>();
  /** The sender's state and the deliveries log per endpoint, by `tenantId:id` (InMemoryWebhookDeliveries). */
  webhookDelivery = new Map<string, StoredDeliveryState>();
  webhookDeliveryLog = new Map<string, DeliveryRecord[]>();
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

  /** What deleting every row of a tenant does, in every table, its log and counters included. */
  forgetTenant(tenantId: number): void {
    const others = <T extends { tenantId: number }>(rows: T[]) => rows.filter((row) => row.tenantId !== tenantId);
    this.tenants = this.tenants.filter((t) => t.id !== tenantId);
    this.apiKeys = others(this.apiKeys);
    this.siteTypes = others(this.siteTypes);
    this.sites = others(this.sites);
    this.users = others(this.users);
    this.bookings = others(this.bookings);
    this.invoices = others(this.invoices);
    this.invoiceLines = others(this.invoiceLines);
    this.seasons = others(this.seasons);
    this.restrictions = others(this.restrictions);
    this.extras = others(this.extras);
    this.quotes = others(this.quotes);
    this.webhookEndpoints = others(this.webhookEndpoints);
    for (const map of [this.billing, this.touristTaxes, this.lastQuoteId, this.lastWebhookEndpointId, this.logs, this.feedTokens]) {
      map.delete(tenantId);
    }
    // Keyed by `tenantId:…` (idempotency records by `tenantId` and a NUL).
    for (const map of [this.bookingLines, this.webhookDelivery, this.webhookDeliveryLog, this.idempotency]) {
      for (const key of map.keys()) if (/^\d+/.exec(key)?.[0] === String(tenantId)) map.delete(key);
    }
    this.sandboxes.delete(tenantId);
    this.changed();
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

  /**
   * What the SQL triggers do when a type's seasons or restrictions change: the type changes too (its `updatedAt` and
   * its place in the feed).
   */
  siteTypeChanged(tenantId: number, siteTypeId: number): void {
    const type = this.siteTypes.find((t) => t.tenantId === tenantId && t.id === siteTypeId);
    if (!type) return;
    type.updatedAt = this.clock.now();
    this.record(tenantId, 'site_type', siteTypeId, false, type.updatedAt);
  }

  /** A site type as the SQL view computes it: what its active sites make of it. */
  siteTypeView(type: InMemoryStore['siteTypes'][number]): SiteType {
    const active = this.sites.filter((s) => s.tenantId === type.tenantId && s.siteTypeId === type.id && s.status === 'active');
    return {
      id: type.id,
      tenantId: type.tenantId,
      name: type.name,
      activeSites: active.length,
      maxOccupants: Math.max(0, ...active.map((s) => s.maxOccupants)),
      updatedAt: type.updatedAt,
    };
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
  /** The booking as created by the request that completed the claim; null while the claim is open. */
  booking: Booking | null;
}

/** Byte-order comparison of strings, as SQLite BINARY and Postgres COLLATE "C" compare UTF-8. */
export function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

export function isCustomerOf(store: InMemoryStore, tenantId: number, userId: number): boolean {
  return store.users.some((u) => u.tenantId === tenantId && u.id === userId && u.role === 'customer');
}
