import type { Principal } from '../api-keys/api-key';
import type { Scope } from '../api-keys/scopes';
import { requireScope } from '../api-keys/required-scope';
import type { BookingFields } from '../bookings/create-booking';
import type { BookingRepository } from '../bookings/booking-repository';
import type { BookingRuleViolation } from '../bookings/booking-rule';
import { stayViolations } from '../bookings/stay-fields';
import { rangesOverlap } from '../shared/calendar-date';
import type { Clock } from '../shared/clock';
import { DomainError } from '../shared/domain-error';
import { isRecordId } from '../shared/record-id';
import type { Site, SiteRepository } from '../sites/site';
import type { SiteType, SiteTypeRepository } from '../sites/site-type';
import { priceStay } from '../pricing/price-stay';
import { checkStayRules } from '../pricing/stay-rules';
import type { ExtraRequest } from '../pricing/tariff';
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
    const tariff = await this.tariffs.tariffOf(tenantId);
    const known = new Set(tariff.extras.map((extra) => extra.code));
    const violations: BookingRuleViolation[] = input.fields === null || input.extras === null ? [{ rule: 'invalid_fields' }] : [];
    for (const { code } of input.extras ?? []) if (!known.has(code)) violations.push({ rule: 'unknown_extra', code });
    if (violations.length > 0) throw broken(violations);
    const fields = input.fields!;
    const stay = stayViolations(fields);
    if (stay) throw broken([stay]);

    const { site, siteType } = await this.placeOf(tenantId, input);
    const occupants = fields.numAdults + fields.numYouth + fields.numChildren;
    const maxOccupants = site ? site.maxOccupants : siteType.maxOccupants;
    if (occupants > maxOccupants) throw broken([{ rule: 'too_many_occupants', occupants, maxOccupants }]);
    checkStayRules(tariff.restrictions, siteType.id, fields.checkInDate, fields.checkOutDate);
    const priced = priceStay(tariff, {
      siteTypeId: siteType.id,
      checkInDate: fields.checkInDate,
      checkOutDate: fields.checkOutDate,
      numAdults: fields.numAdults,
      numYouth: fields.numYouth,
      numChildren: fields.numChildren,
      extras: input.extras!,
    });
    if (!(await this.anyFree(tenantId, site, siteType, fields))) throw new DomainError('site_unavailable');

    const now = this.clock.now();
    return this.quotes.insert({
      tenantId,
      siteTypeId: siteType.id,
      siteId: site?.id ?? null,
      checkInDate: fields.checkInDate,
      checkOutDate: fields.checkOutDate,
      numAdults: fields.numAdults,
      numYouth: fields.numYouth,
      numChildren: fields.numChildren,
      extras: priced.extras,
      lines: priced.lines,
      total: priced.total,
      expiresAt: new Date(now.getTime() + this.ttlSeconds * 1000),
      createdAt: now,
    });
  }

  /** The site and its type, or the type alone; `site_not_found`, `site_type_not_found` or a mismatch otherwise. */
  private async placeOf(tenantId: number, input: QuoteInput): Promise<{ site: Site | null; siteType: SiteType }> {
    const { siteId, siteTypeId } = input;
    if (siteId === undefined && siteTypeId === undefined) throw new DomainError('site_not_found');
    const site = siteId === undefined ? null : siteId !== null && isRecordId(siteId) ? await this.sites.findById(tenantId, siteId) : null;
    if (siteId !== undefined && site === null) throw new DomainError('site_not_found');
    if (siteTypeId !== undefined) {
      const siteType = siteTypeId !== null && isRecordId(siteTypeId) ? await this.types.findById(tenantId, siteTypeId) : null;
      if (siteType === null) throw new DomainError('site_type_not_found');
      if (site !== null && site.siteTypeId !== siteType.id) throw broken([{ rule: 'site_type_mismatch' }]);
      return { site, siteType };
    }
    const siteType = await this.types.findById(tenantId, site!.siteTypeId);
    if (siteType === null) throw new DomainError('site_type_not_found');
    return { site, siteType };
  }

  /**
   * The site, or for a type at least one of its active sites that holds the party, is free for every night of the
   * stay: the site a booking from the quote would be placed on (docs/channel-managers.md, "Booking from a quote").
   */
  private async anyFree(tenantId: number, site: Site | null, siteType: SiteType, fields: BookingFields): Promise<boolean> {
    const party = fields.numAdults + fields.numYouth + fields.numChildren;
    const candidates =
      site !== null
        ? site.status === 'active'
          ? [site.id]
          : []
        : (await this.types.activeSites(tenantId, [siteType.id]))
            .filter((active) => active.maxOccupants >= party)
            .map((active) => active.id);
    if (candidates.length === 0) return false;
    const window = { from: fields.checkInDate, to: fields.checkOutDate };
    const stays = await this.bookings.listOccupyingStays(tenantId, candidates, window);
    const busy = new Set(
      stays.filter((stay) => rangesOverlap(stay.checkInDate, stay.checkOutDate, window.from, window.to)).map((stay) => stay.siteId),
    );
    return candidates.some((id) => !busy.has(id));
  }
}
