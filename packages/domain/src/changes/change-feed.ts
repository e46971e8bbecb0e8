import type { Scope } from '../api-keys/scopes';
import type { Booking } from '../bookings/booking';
import type { Customer } from '../customers/customer';
import type { Invoice } from '../invoices/invoice';
import type { ExtraRecord } from '../pricing/tariff-repository';
import type { Site } from '../sites/site';
import type { SiteType } from '../sites/site-type';

/** The record types of the change feed, and the read scope that shows each (docs/change-feed.md). */
export const CHANGE_TYPES = ['booking', 'site', 'customer', 'invoice', 'site_type', 'extra'] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

export const READ_SCOPE_OF: Readonly<Record<ChangeType, Scope>> = {
  booking: 'bookings:read',
  site: 'sites:read',
  customer: 'customers:read',
  invoice: 'invoices:read',
  site_type: 'sites:read',
  extra: 'rates:read',
};

export type ChangedRecord = Booking | Site | Customer | Invoice | SiteType | ExtraRecord;

/** A record's latest change. */
export interface Change {
  type: ChangeType;
  id: number;
  /** The change's place in the tenant's commit order; higher is later. */
  position: number;
  deleted: boolean;
  changedAt: Date;
  /** The record as its list renders it now; null when deleted (or no longer in the API's view). */
  record: ChangedRecord | null;
}

/** A page of the feed without its count. */
export interface ChangePage {
  /** The tenant's feed token, which binds a cursor to its tenant. */
  token: string;
  changes: Change[];
}

export interface ChangeBatch extends ChangePage {
  /** Changes after the position asked for, of the types asked for. */
  count: number;
}

/**
 * The tenant's change log. The store records a change of every record in the writing transaction, whoever writes,
 * at a position taken in commit order: a change that commits later never gets a lower position than one already
 * visible (docs/database-rules.md). A record appears once, at its latest change; deletions stay.
 */
export interface ChangeFeedRepository {
  /**
   * Reads, in one snapshot, the tenant's feed token, the number of changes after position `after` whose type is one
   * of `types`, and the first `limit` of them in position order, each with its record as it is in that snapshot.
   * @throws Error when the tenant does not exist (a principal always names an existing tenant).
   */
  read(tenantId: number, after: number, types: readonly ChangeType[], limit: number): Promise<ChangeBatch>;
  /**
   * `read` without the count, for the webhook sender: counting the rest of a long backlog would cost more than the
   * page itself, at every message.
   * @throws Error when the tenant does not exist.
   */
  page(tenantId: number, after: number, types: readonly ChangeType[], limit: number): Promise<ChangePage>;
}
