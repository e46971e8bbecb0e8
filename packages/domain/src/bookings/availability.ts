import type { Principal } from '../api-keys/api-key';
import type { Scope } from '../api-keys/scopes';
import { requireScope } from '../api-keys/required-scope';
import { daysBetween, isCalendarDate } from '../shared/calendar-date';
import { DomainError, type FieldErrors } from '../shared/domain-error';
import { type Page, type PageHint, type PageRequest, paginate } from '../shared/pagination';
import { type ReadSnapshots, noReadSnapshots } from '../shared/read-snapshots';
import type { Site, SiteRepository } from '../sites/site';
import type { BookingRepository } from './booking-repository';
import { type DateRange, type Stay, staysBySite } from './stay';

/** docs/channel-managers.md, "Availability": a window spans at most this many nights. */
export const MAX_AVAILABILITY_NIGHTS = 366;

export type { DateRange, Stay } from './stay';

/** A site of the page and the maximal runs of its free nights inside the window, in date order. */
export interface SiteAvailability {
  site: Site;
  free: DateRange[];
}

/**
 * Reads `from` and `to` of an availability request (docs/channel-managers.md, "Availability").
 * @throws DomainError `validation_failed` with field-keyed messages: required, not a date, not after `from`, too long
 */
export function readAvailabilityWindow(from: string | undefined, to: string | undefined): DateRange {
  const errors: FieldErrors = {};
  const read = (name: 'from' | 'to', raw: string | undefined) => {
    if (raw === undefined || raw === '') errors[name] = ['This field is required.'];
    else if (!isCalendarDate(raw)) errors[name] = ['Enter a valid date.'];
    else return raw;
    return undefined;
  };
  const start = read('from', from);
  const end = read('to', to);
  if (start === undefined || end === undefined) throw DomainError.validation(errors);
  if (end <= start) throw DomainError.validation({ to: ['Must be after from.'] });
  if (daysBetween(start, end) > MAX_AVAILABILITY_NIGHTS) {
    throw DomainError.validation({ to: [`At most ${MAX_AVAILABILITY_NIGHTS} nights from from.`] });
  }
  return { from: start, to: end };
}

/**
 * The maximal runs of nights in `window` that none of `stays` covers, in date order. `stays` are the occupying
 * stays of one site, in any order, and may reach outside the window.
 */
export function freeRuns(window: DateRange, stays: readonly Stay[]): DateRange[] {
  const sorted = [...stays].sort((a, b) => (a.checkInDate < b.checkInDate ? -1 : a.checkInDate > b.checkInDate ? 1 : 0));
  const runs: DateRange[] = [];
  let cursor = window.from;
  for (const stay of sorted) {
    if (cursor >= window.to) break;
    if (stay.checkInDate > cursor) runs.push({ from: cursor, to: stay.checkInDate < window.to ? stay.checkInDate : window.to });
    if (stay.checkOutDate > cursor) cursor = stay.checkOutDate;
  }
  if (cursor < window.to) runs.push({ from: cursor, to: window.to });
  return runs;
}

/**
 * `GET /availability/`: per site of the caller's tenant, in the sites' fixed order, the free runs of nights in the
 * window. It uses the create call's own rule (OCCUPYING_STATUSES, and only `active` sites take bookings), so a stay
 * inside one free run is accepted unless another booking commits in between. One read of the page's sites and one
 * of their occupying stays, whatever the page size.
 */
export class GetAvailability {
  readonly scope: Scope = 'bookings:read';

  constructor(
    private readonly sites: SiteRepository,
    private readonly bookings: BookingRepository,
    private readonly snapshots: ReadSnapshots = noReadSnapshots,
  ) {}

  async execute(principal: Principal, window: DateRange, request: PageRequest, hint?: PageHint): Promise<Page<SiteAvailability>> {
    requireScope(principal, this.scope);
    const { tenantId } = principal;
    // One snapshot (docs/database-rules.md): the count, the sites and their stays of the same moment, so that a
    // booking committed mid-answer cannot show on one site's runs while another read missed it.
    return this.snapshots.consistent(() => this.page(tenantId, window, request, hint));
  }

  private page(tenantId: number, window: DateRange, request: PageRequest, hint: PageHint | undefined): Promise<Page<SiteAvailability>> {
    return paginate(request, hint, {
      count: () => this.sites.count(tenantId),
      list: async (pageWindow) => {
        const sites = await this.sites.list(tenantId, pageWindow);
        const active = sites.filter((site) => site.status === 'active').map((site) => site.id);
        const stays = active.length === 0 ? [] : await this.bookings.listOccupyingStays(tenantId, active, window);
        const bySite = staysBySite(stays);
        return sites.map((site) => ({
          site,
          free: site.status === 'active' ? freeRuns(window, bySite.get(site.id) ?? []) : [],
        }));
      },
      cursorOf: ({ site }) => ({ key: site.siteNumber, id: site.id }),
    });
  }
}
