import type { DateRange, Stay } from '../bookings/stay';
import type { PageWindow, UpdatedSinceFilter } from '../shared/pagination';

/**
 * A pitch type as channel managers sell it (docs/channel-managers.md, "Selling a stay"): its name, how many of its
 * pitches take bookings, and the most guests one of those holds.
 */
export interface SiteType {
  id: number;
  tenantId: number;
  name: string;
  /** The type's sites whose status is `active`. */
  activeSites: number;
  /** The largest `maxOccupants` among its active sites; 0 when it has none. */
  maxOccupants: number;
  /** When the type, its seasons or its restrictions last changed, by any writer (its sites do not move it). */
  updatedAt: Date;
}

/** Site types of one tenant, in `id` order. */
export interface SiteTypeRepository {
  count(tenantId: number, filter?: UpdatedSinceFilter): Promise<number>;
  list(tenantId: number, window: PageWindow, filter?: UpdatedSinceFilter): Promise<SiteType[]>;
  /** The type, or null when it does not exist in this tenant. */
  findById(tenantId: number, id: number): Promise<SiteType | null>;
  /**
   * The tenant's types in the window of `id` order, and how many types it has in all: one read where the window
   * holds a type, so that a page of types costs one round trip (the calendar's, docs/channel-managers.md).
   */
  listWithCount(tenantId: number, window: PageWindow): Promise<{ rows: SiteType[]; count: number }>;
  /**
   * The `active` sites of the given types, in no particular order, and the occupying stays (OCCUPYING_STATUSES) on
   * them that hold a night of `window`, read together: what the calendar counts its free pitches from.
   */
  occupancy(tenantId: number, siteTypeIds: readonly number[], window: DateRange): Promise<SiteTypeOccupancy>;
  /**
   * Whether the type has an `active` site that holds `guests` and that no occupying booking (OCCUPYING_STATUSES)
   * holds on a night of `window`: the site a booking by type would be placed on (docs/channel-managers.md, "Booking
   * from a quote"). One read, which stops at the first such site.
   */
  hasFreeSite(tenantId: number, siteTypeId: number, guests: number, window: DateRange): Promise<boolean>;
}

/** The active sites of some types, and the occupying stays on them over a window (`SiteTypeRepository.occupancy`). */
export interface SiteTypeOccupancy {
  sites: Array<{ id: number; siteTypeId: number }>;
  stays: Stay[];
}
