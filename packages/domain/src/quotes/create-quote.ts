import type { Principal } from '../api-keys/api-key';
import type { Scope } from '../api-keys/scopes';
import { requireScope } from '../api-keys/required-scope';
import type { BookingFields } from '../bookings/create-booking';
import type { BookingRepository } from '../bookings/booking-repository';
import type { BookingRuleViolation } from '../bookings/booking-rule';
import { stayViolations } from '../bookings/stay-fields';
import type { DateRange } from '../bookings/stay';
import { rangesOverlap } from '../shared/calendar-date';
import type { Clock } from '../shared/clock';
import { DomainError } from '../shared/domain-error';
import { isRecordId } from '../shared/record-id';
import type { Site, SiteRepository } from '../sites/site';
import type { SiteType, SiteTypeRepository } from '../sites/site-type';
import { priceStay } from '../pricing/price-stay';
import { checkStayRules } from '../pricing/stay-rules';
import type { ExtraRequest, Tariff } from '../pricing/tariff';
import type { TariffRepository } from '../pricing/tariff-repository';
import type { Quote, QuoteRepository } from './quote';

/** docs/channel-managers.md, "Quotes": how long a quote binds unless QUOTE_TTL_SECONDS says otherwise. */
export const DEFAULT_QUOTE_TTL_SECONDS = 1800;

/**
 * A quote request as the transport read it. `siteId` and `siteTypeId` are undefined when absent and null when sent
 * but not an id; `fields` and `extras` are null when the transport refused them (it words its own messages).
 */
export interface QuoteInput {
  siteId: number | null | undefined;
  siteTypeId: number | null | undefined;
  fields: BookingFields | null;
  extras: ExtraRequest[] | null;
}

function broken(violations: BookingRuleViolation[]): DomainError {
  return new DomainError('validation_failed', 'validation failed', { violations });
}

/** Where a quote is for: a site and its type, or a type alone. */
interface Place {
  site: Site | null;
  siteType: SiteType;
}

/** What CreateQuote.read gives; `tariff` is null when the place was refused. */
interface Read {
  place: Place | DomainError;
  tariff: Tariff | null;
  free(): Promise<boolean>;
}

/**
 * `POST /quotes/`: prices a stay by the tenant's tariff and keeps the price binding for a while. The checks come in
 * the order of docs/channel-managers.md, "Quotes": the fields (the extras' codes included) → the site or type of the
 * tenant → occupancy → the stay rules → `no_tariff` → availability.
 */
export class CreateQuote {
  readonly scope: Scope = 'bookings:write';

  constructor(
    private readonly quotes: QuoteRepository,
    private readonly sites: SiteRepository,
    private readonly types: SiteTypeRepository,
    private readonly bookings: BookingRepository,
    private readonly tariffs: TariffRepository,
    private readonly clock: Clock,
    private readonly ttlSeconds = DEFAULT_QUOTE_TTL_SECONDS,
  ) {}

  async execute(principal: Principal, input: QuoteInput): Promise<Quote> {
    requireScope(principal, this.scope);
    const { tenantId } = principal;
    const { fields, extras } = input;
    const stay = fields === null ? null : stayViolations(fields);
    const window = fields !== null && extras !== null && stay === null ? { from: fields.checkInDate, to: fields.checkOutDate } : null;
    // A request that may be quoted reads only its type's part of the tariff; one refused for its fields needs only
    // the extras' codes.
    const read = window === null ? null : await this.read(tenantId, input, fields!, window);
    const tariff = read?.tariff ?? (await this.tariffs.tariffOf(tenantId));
    const known = new Set(tariff.extras.map((extra) => extra.code));
    const violations: BookingRuleViolation[] = fields === null || extras === null ? [{ rule: 'invalid_fields' }] : [];
    for (const { code } of extras ?? []) if (!known.has(code)) violations.push({ rule: 'unknown_extra', code });
    if (violations.length > 0) throw broken(violations);
    if (stay) throw broken([stay]);
    if (read!.place instanceof DomainError) throw read!.place;

    const { site, siteType } = read!.place;
    const { checkInDate, checkOutDate, numAdults, numYouth, numChildren } = fields!;
    const occupants = numAdults + numYouth + numChildren;
    const maxOccupants = site ? site.maxOccupants : siteType.maxOccupants;
    if (occupants > maxOccupants) throw broken([{ rule: 'too_many_occupants', occupants, maxOccupants }]);
    checkStayRules(tariff.restrictions, siteType.id, checkInDate, checkOutDate);
    const priced = priceStay(tariff, {
      siteTypeId: siteType.id,
      checkInDate,
      checkOutDate,
      numAdults,
      numYouth,
      numChildren,
      extras: extras!,
    });
    if (!(await read!.free())) throw new DomainError('site_unavailable');

    const now = this.clock.now();
    return this.quotes.insert({
      tenantId,
      siteTypeId: siteType.id,
      siteId: site?.id ?? null,
      checkInDate,
      checkOutDate,
      numAdults,
      numYouth,
      numChildren,
      extras: priced.extras,
      lines: priced.lines,
      total: priced.total,
      expiresAt: new Date(now.getTime() + this.ttlSeconds * 1000),
      createdAt: now,
    });
  }

  /**
   * What a request with valid fields is checked against: the place, the tariff's part for its type and the stay, and
   * whether a site of it is free. By type, the three reads go out at once (on PostgreSQL, side by side); a request
   * that names a site first needs its type. A place refused is kept, to be thrown in its turn.
   */
  private async read(tenantId: number, input: QuoteInput, fields: BookingFields, window: DateRange): Promise<Read> {
    const party = fields.numAdults + fields.numYouth + fields.numChildren;
    const { siteId, siteTypeId } = input;
    if (siteTypeId !== undefined && siteTypeId !== null && isRecordId(siteTypeId)) {
      const byType = siteId === undefined;
      const [place, tariff, free] = await Promise.all([
        this.placeOf(tenantId, input),
        this.tariffs.tariffOfSiteType(tenantId, siteTypeId, window),
        byType ? this.types.hasFreeSite(tenantId, siteTypeId, party, window) : false,
      ]);
      return { place, tariff, free: () => (byType ? Promise.resolve(free) : this.siteIsFree(tenantId, place, window)) };
    }
    const place = await this.placeOf(tenantId, input);
    // Refused, the place needs no tariff part: the whole tariff gives the extras' codes.
    const tariff = place instanceof DomainError ? null : await this.tariffs.tariffOfSiteType(tenantId, place.siteType.id, window);
    return { place, tariff, free: () => this.siteIsFree(tenantId, place, window) };
  }

  /** The site and its type, or the type alone; `site_not_found`, `site_type_not_found` or a mismatch otherwise. */
  private async placeOf(tenantId: number, input: QuoteInput): Promise<Place | DomainError> {
    const { siteId, siteTypeId } = input;
    if (siteId === undefined && siteTypeId === undefined) return new DomainError('site_not_found');
    const site = siteId === undefined ? null : siteId !== null && isRecordId(siteId) ? await this.sites.findById(tenantId, siteId) : null;
    if (siteId !== undefined && site === null) return new DomainError('site_not_found');
    if (siteTypeId !== undefined) {
      const siteType = siteTypeId !== null && isRecordId(siteTypeId) ? await this.types.findById(tenantId, siteTypeId) : null;
      if (siteType === null) return new DomainError('site_type_not_found');
      if (site !== null && site.siteTypeId !== siteType.id) return broken([{ rule: 'site_type_mismatch' }]);
      return { site, siteType };
    }
    const siteType = await this.types.findById(tenantId, site!.siteTypeId);
    if (siteType === null) return new DomainError('site_type_not_found');
    return { site, siteType };
  }

  /**
   * A quote for one site: the site is active and no occupying booking holds it on a night of the stay, the site a
   * booking from the quote would be placed on (docs/channel-managers.md, "Booking from a quote").
   */
  private async siteIsFree(tenantId: number, place: Place | DomainError, window: DateRange): Promise<boolean> {
    if (place instanceof DomainError || place.site === null) throw new Error('a quote by site needs its site');
    const { site } = place;
    if (site.status !== 'active') return false;
    const stays = await this.bookings.listOccupyingStays(tenantId, [site.id], window);
    return !stays.some((stay) => rangesOverlap(stay.checkInDate, stay.checkOutDate, window.from, window.to));
  }
}
