import type { Principal } from '../api-keys/api-key';
import type { Scope } from '../api-keys/scopes';
import { requireScope } from '../api-keys/required-scope';
import { type DateRange, staysBySite } from '../bookings/stay';
import { type Page, type PageRequest, type PageSource, type PageWindow, paginate } from '../shared/pagination';
import { type ReadSnapshots, noReadSnapshots } from '../shared/read-snapshots';
import type { SiteType, SiteTypeRepository } from '../sites/site-type';
import { type CalendarDay, WindowNights, calendarDays, freeNightsByType } from './calendar';
import type { TariffRepository } from './tariff-repository';

/** One site type's calendar over the window (docs/channel-managers.md, "The calendar"). */
export interface SiteTypeCalendar {
  siteType: SiteType;
  days: CalendarDay[];
}

/**
 * `GET /calendar/`: per site type, in id order, every night of the window with its free pitches, its prices and its
 * stay rules, from the same tariff quotes are priced by. One read of the page's types, one of their active sites, one
 * of their occupying stays and one of the tariff's seasons and rules over the window, whatever the number of types and
 * nights; all in one snapshot, so that a booking committed meanwhile shows on every night or on none.
 */
export class GetCalendar {
  readonly scope: Scope = 'rates:read';

  constructor(
    private readonly types: SiteTypeRepository,
    private readonly tariffs: TariffRepository,
    private readonly snapshots: ReadSnapshots = noReadSnapshots,
  ) {}

  async execute(principal: Principal, window: DateRange, request: PageRequest, siteTypeId?: number): Promise<Page<SiteTypeCalendar>> {
    requireScope(principal, this.scope);
    const { tenantId } = principal;
    return this.snapshots.consistent(async () => {
      // Read by offset: a calendar page holds a handful of types.
      const page = await paginate(request, undefined, this.typesOf(tenantId, siteTypeId));
      const typeIds = page.results.map((type) => type.id);
      const [{ sites, stays }, tariff] = await Promise.all([
        typeIds.length === 0 ? { sites: [], stays: [] } : this.types.occupancy(tenantId, typeIds, window),
        this.tariffs.seasonsAndRulesOver(tenantId, window),
      ]);
      const nights = new WindowNights(window);
      const bySite = staysBySite(stays);
      const results = page.results.map((siteType) => {
        const own = sites.filter((site) => site.siteTypeId === siteType.id).map((site) => site.id);
        const free = freeNightsByType(nights, own, bySite);
        return { siteType, days: calendarDays(tariff, siteType.id, nights, (_date, night) => free[night]!) };
      });
      return { ...page, results };
    });
  }

  /** The types to page over: all of them, or only `siteTypeId` (none when the tenant has no such type). */
  private typesOf(tenantId: number, siteTypeId: number | undefined): PageSource<SiteType> {
    const cursorOf = (type: SiteType) => ({ key: String(type.id), id: type.id });
    if (siteTypeId === undefined) {
      return {
        count: () => this.types.count(tenantId),
        list: (window: PageWindow) => this.types.list(tenantId, window),
        listWithCount: (window: PageWindow) => this.types.listWithCount(tenantId, window),
        cursorOf,
      };
    }
    const one = async () => {
      const type = await this.types.findById(tenantId, siteTypeId);
      return type === null ? [] : [type];
    };
    return {
      count: async () => (await one()).length,
      list: async (window: PageWindow) => (await one()).slice(window.offset, window.offset + window.limit),
      listWithCount: async (window: PageWindow) => {
        const all = await one();
        return { rows: all.slice(window.offset, window.offset + window.limit), count: all.length };
      },
      cursorOf,
    };
  }
}
