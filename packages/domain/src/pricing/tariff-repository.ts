import type { DateRange } from '../bookings/stay';
import type { PageWindow, UpdatedSinceFilter } from '../shared/pagination';
import type { Extra, Restriction, SeasonsAndRules, Tariff } from './tariff';

/** An extra as `GET /extras/` shows it: the tariff's row and when it last changed, by any writer. */
export interface ExtraRecord extends Extra {
  tenantId: number;
  updatedAt: Date;
}

/**
 * A tenant's tariff as the platform stores it (docs/pricing.md): seasons and restrictions per site type, extras and
 * the tourist tax. Any writer may change it (the admin console does); every read sees the committed rows.
 */
export interface TariffRepository {
  /**
   * The tenant's whole tariff: seasons and restrictions by type and date, extras in `code` order; empty lists and no
   * tourist tax for a tenant without one.
   */
  tariffOf(tenantId: number): Promise<Tariff>;
  /**
   * What prices and checks one stay of one site type, in one read: the type's seasons that cover a night of `stay`
   * and its restrictions on a date from arrival to departure (both included), in date order, with every extra of
   * the tenant (in `code` order) and the tourist tax. For that type and stay it gives what `tariffOf` would.
   */
  tariffOfSiteType(tenantId: number, siteTypeId: number, stay: DateRange): Promise<Tariff>;
  /**
   * What a calendar of `window` shows, in one read: every type's seasons that cover a night of the window and its
   * restrictions on a date of it, by type and date. For every type and night of the window it gives what `tariffOf`
   * would.
   */
  seasonsAndRulesOver(tenantId: number, window: DateRange): Promise<SeasonsAndRules>;
  /** The stay rules of one site type, in date order: what every create checks (docs/channel-managers.md). */
  restrictionsOf(tenantId: number, siteTypeId: number): Promise<Restriction[]>;
}

/** The tenant's extras in `code` order (ASCII). */
export interface ExtraRepository {
  count(tenantId: number, filter?: UpdatedSinceFilter): Promise<number>;
  list(tenantId: number, window: PageWindow, filter?: UpdatedSinceFilter): Promise<ExtraRecord[]>;
}
