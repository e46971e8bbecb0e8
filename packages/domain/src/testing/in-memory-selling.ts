import type { PageWindow, UpdatedSinceFilter } from '../shared/pagination';

/** `updated_since`: rows changed at or after the time. */
const since = (row: { updatedAt: Date }, { updatedSince }: UpdatedSinceFilter) =>
  updatedSince === undefined || row.updatedAt.getTime() >= updatedSince.getTime();
import { isOccupying } from '../bookings/booking-status';
import type { DateRange } from '../bookings/stay';
import { rangesOverlap } from '../shared/calendar-date';
import type { SiteTypeRepository } from '../sites/site-type';
import type { Restriction, SeasonsAndRules, Tariff } from '../pricing/tariff';
import { compareAscii } from '../pricing/tariff';
import type { ExtraRecord, ExtraRepository, TariffRepository } from '../pricing/tariff-repository';
import type { NewQuote, Quote, QuoteRepository } from '../quotes/quote';
import { InMemoryBookingRepository } from './in-memory-booking-repository';
import type { InMemoryStore } from './in-memory-store';

/** Site types with what their active sites make of them, as the SQL view computes it. */
export class InMemorySiteTypeRepository implements SiteTypeRepository {
  constructor(private readonly store: InMemoryStore) {}

  async count(tenantId: number, filter: UpdatedSinceFilter = {}) {
    return this.store.siteTypes.filter((t) => t.tenantId === tenantId && since(t, filter)).length;
  }

  async list(tenantId: number, window: PageWindow, filter: UpdatedSinceFilter = {}) {
    const types = this.store.siteTypes.filter((t) => t.tenantId === tenantId && since(t, filter)).sort((a, b) => a.id - b.id);
    return types.slice(window.offset, window.offset + window.limit).map((t) => this.store.siteTypeView(t));
  }

  async findById(tenantId: number, id: number) {
    const type = this.store.siteTypes.find((t) => t.tenantId === tenantId && t.id === id);
    return type ? this.store.siteTypeView(type) : null;
  }

  async listWithCount(tenantId: number, window: PageWindow) {
    return { rows: await this.list(tenantId, window), count: await this.count(tenantId) };
  }

  async occupancy(tenantId: number, siteTypeIds: readonly number[], window: DateRange) {
    const wanted = new Set(siteTypeIds);
    const sites = this.store.sites
      .filter((s) => s.tenantId === tenantId && wanted.has(s.siteTypeId) && s.status === 'active')
      .map((s) => ({ id: s.id, siteTypeId: s.siteTypeId }));
    const stays = await new InMemoryBookingRepository(this.store).listOccupyingStays(
      tenantId,
      sites.map((s) => s.id),
      window,
    );
    return { sites, stays };
  }

  async hasFreeSite(tenantId: number, siteTypeId: number, guests: number, window: DateRange) {
    const { sites, bookings } = this.store;
    const taken = (siteId: number) =>
      bookings.some(
        (b) =>
          b.tenantId === tenantId &&
          b.siteId === siteId &&
          isOccupying(b.status) &&
          rangesOverlap(b.checkInDate, b.checkOutDate, window.from, window.to),
      );
    return sites.some(
      (s) => s.tenantId === tenantId && s.siteTypeId === siteTypeId && s.status === 'active' && s.maxOccupants >= guests && !taken(s.id),
    );
  }
}

const strip = <T extends { tenantId: number }>({ tenantId: _tenantId, ...row }: T) => row;

/** The tariff tables of the store. */
export class InMemoryTariffRepository implements TariffRepository, ExtraRepository {
  constructor(private readonly store: InMemoryStore) {}

  async tariffOf(tenantId: number): Promise<Tariff> {
    return this.whole(tenantId);
  }

  async tariffOfSiteType(tenantId: number, siteTypeId: number, stay: DateRange): Promise<Tariff> {
    const whole = this.whole(tenantId);
    const own = <T extends { siteTypeId: number; from: string }>(rows: T[], touches: (row: T) => boolean) =>
      rows.filter((row) => row.siteTypeId === siteTypeId && touches(row)).sort((a, b) => compareAscii(a.from, b.from));
    return {
      ...whole,
      seasons: own(whole.seasons, (season) => season.from < stay.to && season.to >= stay.from),
      restrictions: own(whole.restrictions, (rule) => rule.from <= stay.to && rule.to >= stay.from),
    };
  }

  async seasonsAndRulesOver(tenantId: number, window: DateRange): Promise<SeasonsAndRules> {
    const { seasons, restrictions } = this.whole(tenantId);
    const over = <T extends { siteTypeId: number; from: string; to: string }>(rows: T[]) =>
      rows
        .filter((row) => row.from < window.to && row.to >= window.from)
        .sort((a, b) => a.siteTypeId - b.siteTypeId || compareAscii(a.from, b.from));
    return { seasons: over(seasons), restrictions: over(restrictions) };
  }

  /** What tariffOf answers, for the part to be cut from without counting as a read of the whole. */
  private whole(tenantId: number): Tariff {
    const { store } = this;
    return {
      seasons: store.seasons.filter((row) => row.tenantId === tenantId).map(strip),
      restrictions: store.restrictions.filter((row) => row.tenantId === tenantId).map(strip),
      extras: store.extras
        .filter((row) => row.tenantId === tenantId)
        .sort((a, b) => compareAscii(a.code, b.code))
        .map(({ tenantId: _t, updatedAt: _u, ...extra }) => ({ ...extra, compulsoryFor: [...extra.compulsoryFor] })),
      touristTax: store.touristTaxes.get(tenantId) ?? null,
    };
  }

  async restrictionsOf(tenantId: number, siteTypeId: number): Promise<Restriction[]> {
    return this.store.restrictions
      .filter((row) => row.tenantId === tenantId && row.siteTypeId === siteTypeId)
      .map(strip)
      .sort((a, b) => compareAscii(a.from, b.from));
  }

  async count(tenantId: number, filter: UpdatedSinceFilter = {}) {
    return this.store.extras.filter((e) => e.tenantId === tenantId && since(e, filter)).length;
  }

  async list(tenantId: number, window: PageWindow, filter: UpdatedSinceFilter = {}): Promise<ExtraRecord[]> {
    const extras = this.store.extras
      .filter((e) => e.tenantId === tenantId && since(e, filter))
      .sort((a, b) => compareAscii(a.code, b.code));
    return extras.slice(window.offset, window.offset + window.limit).map((e) => ({ ...e, compulsoryFor: [...e.compulsoryFor] }));
  }
}

export class InMemoryQuoteRepository implements QuoteRepository {
  constructor(private readonly store: InMemoryStore) {}

  async insert(quote: NewQuote): Promise<Quote> {
    const id = (this.store.lastQuoteId.get(quote.tenantId) ?? 0) + 1;
    this.store.lastQuoteId.set(quote.tenantId, id);
    const stored: Quote = { ...structuredClone(quote), id, bookingId: null };
    this.store.quotes.push(stored);
    return structuredClone(stored);
  }

  async findById(tenantId: number, id: number): Promise<Quote | null> {
    const quote = this.store.quotes.find((q) => q.tenantId === tenantId && q.id === id);
    return quote ? structuredClone(quote) : null;
  }

  async purgeExpired(before: Date): Promise<number> {
    const keep = this.store.quotes.filter((q) => q.bookingId !== null || q.expiresAt.getTime() >= before.getTime());
    const purged = this.store.quotes.length - keep.length;
    this.store.quotes = keep;
    return purged;
  }
}
