import type { Rappen } from '../shared/money';
import type { PageWindow, UpdatedSinceFilter } from '../shared/pagination';

/** A pitch. `status` is stored verbatim; only `active` pitches take new bookings. */
export interface Site {
  id: number;
  tenantId: number;
  siteNumber: string;
  name: string;
  maxOccupants: number;
  basePricePerNight: Rappen;
  status: string;
  siteTypeId: number;
  siteTypeName: string;
  /** When the stored row last changed, by any writer; creation counts as a change (docs/change-feed.md). */
  updatedAt: Date;
}

/**
 * Sites of one tenant. Order of `list`: `siteNumber` ascending by byte order (SQLite BINARY, Postgres COLLATE "C"),
 * then `id` ascending. A cursor for this order is `{ key: siteNumber, id }`.
 */
export interface SiteRepository {
  /** Sites matching `filter` (none: all); without a filter served from a total kept in the writing transaction. */
  count(tenantId: number, filter?: UpdatedSinceFilter): Promise<number>;
  list(tenantId: number, window: PageWindow, filter?: UpdatedSinceFilter): Promise<Site[]>;
  /** The site, or null when it does not exist in this tenant. */
  findById(tenantId: number, id: number): Promise<Site | null>;
}
