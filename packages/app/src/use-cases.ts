import {
  CancelBooking,
  ChangeBookingStatus,
  type Clock,
  CreateBooking,
  CreateQuote,
  GetAvailability,
  GetBooking,
  GetCalendar,
  GetInvoice,
  GetQuote,
  IssueInvoice,
  ListBookings,
  ListCustomers,
  ListExtras,
  ListInvoiceLines,
  ListInvoices,
  ListSiteTypes,
  ListSites,
  ManageSandboxes,
  ManageTenants,
  ReadChanges,
  TariffPricingEngine,
} from '@campsite/domain';
import type { Persistence } from '@campsite/adapters-sql';
import type { Config } from './config';
import { sandboxContent } from './demo/sandbox';
import { TOKENS, type Token } from './tokens';

/** How the container registers a lazily built singleton and resolves one. */
export interface Registrar {
  single<T>(token: Token<T>, build: () => T): void;
  get<T>(token: Token<T>): T;
}

/**
 * The use cases behind the API's routes and the operator's commands, on the opened persistence. A page's count and
 * rows come from one snapshot of the database (docs/database-rules.md §4); one tariff prices the calendar, quotes and
 * confirmations (docs/pricing.md).
 */
export function registerUseCases({ single, get }: Registrar, persistence: Persistence, config: Config, clock: Clock): void {
  const { snapshots, bookings, sites, siteTypes, tariffs, quotes, invoices } = persistence;
  single(TOKENS.PricingEngine, () => new TariffPricingEngine(tariffs));
  single(TOKENS.ListBookings, () => new ListBookings(bookings, snapshots));
  single(TOKENS.GetBooking, () => new GetBooking(bookings));
  single(
    TOKENS.CreateBooking,
    () =>
      new CreateBooking({
        bookings,
        sites,
        customers: persistence.customers,
        quotes,
        tariffs,
        idempotency: persistence.idempotency,
        clock,
        random: get(TOKENS.Random),
      }),
  );
  single(TOKENS.CancelBooking, () => new CancelBooking(bookings));
  single(TOKENS.ListSites, () => new ListSites(sites, snapshots));
  single(TOKENS.ListSiteTypes, () => new ListSiteTypes(siteTypes, snapshots));
  single(TOKENS.GetAvailability, () => new GetAvailability(sites, bookings, snapshots));
  single(TOKENS.ListExtras, () => new ListExtras(persistence.extras, snapshots));
  single(TOKENS.GetCalendar, () => new GetCalendar(siteTypes, tariffs, snapshots));
  single(TOKENS.CreateQuote, () => new CreateQuote(quotes, sites, siteTypes, bookings, tariffs, clock, config.quoteTtlSeconds));
  single(TOKENS.GetQuote, () => new GetQuote(quotes));
  single(TOKENS.ListCustomers, () => new ListCustomers(persistence.customers, snapshots));
  single(TOKENS.ListInvoices, () => new ListInvoices(invoices, snapshots));
  single(TOKENS.ReadChanges, () => new ReadChanges(persistence.changes));
  single(TOKENS.GetInvoice, () => new GetInvoice(invoices));
  single(TOKENS.ListInvoiceLines, () => new ListInvoiceLines(invoices, snapshots));
  single(TOKENS.ManageTenants, () => new ManageTenants(persistence.tenants));
  single(
    TOKENS.ManageSandboxes,
    () =>
      new ManageSandboxes({
        tenants: persistence.tenants,
        apiKeys: persistence.apiKeys,
        importer: persistence.importer,
        hasher: get(TOKENS.SecretHasher),
        random: get(TOKENS.Random),
        content: sandboxContent,
      }),
  );
  single(TOKENS.ChangeBookingStatus, () => new ChangeBookingStatus(persistence.tenants, bookings, sites, get(TOKENS.PricingEngine)));
  single(TOKENS.IssueInvoice, () => new IssueInvoice(persistence.tenants, bookings, invoices, clock));
}
