import type { DateRange } from '../bookings/stay';
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
   * The `active` sites of the given types, in `site_number` order (byte order): the order in which a booking by type
   * is placed (docs/channel-managers.md, "Booking from a quote").
   */
  activeSites(tenantId: number, siteTypeIds: readonly number[]): Promise<Array<{ id: number; siteTypeId: number; maxOccupants: number }>>;
  /**
   * Whether the type has an `active` site that holds `guests` and that no occupying booking (OCCUPYING_STATUSES)
   * holds on a night of `window`: the site a booking by type would be placed on (docs/channel-managers.md, "Booking
   * from a quote"). One read, which stops at the first such site.
   */
  hasFreeSite(tenantId: number, siteTypeId: number, guests: number, window: DateRange): Promise<boolean>;
}
