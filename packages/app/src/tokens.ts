import type { Logger } from 'pino';
import type {
  AdmitRequest,
  ApiKeyVerifier,
  CancelBooking,
  ChangeBookingStatus,
  Clock,
  CreateBooking,
  CreateQuote,
  DeliverChanges,
  GetAvailability,
  GetBooking,
  GetCalendar,
  GetInvoice,
  GetInvoiceDocument,
  GetQuote,
  InvoiceRenderer,
  IssueInvoice,
  ListBookings,
  ListCustomers,
  ListExtras,
  ListInvoiceLines,
  ListInvoices,
  ListSiteTypes,
  ListSites,
  ManageApiKeys,
  ManageSandboxes,
  ManageTenants,
  ManageWebhookEndpoints,
  PricingEngine,
  RandomSource,
  RateLimiter,
  ReadChanges,
  SecretHasher,
  Throttle,
} from '@campsite/domain';
import type { AnswerCache, createApp } from '@campsite/adapters-http';
import type { Persistence } from '@campsite/adapters-sql';
import type { Config } from './config';
import type { RequestActivityCounter } from './request-activity';

/**
 * A registration token that carries the type it resolves to, so that `resolve` needs no cast. A Symbol, because
 * esbuild-based runners emit no decorator metadata to resolve classes by; `resolves` exists only for the compiler.
 */
export type Token<T> = symbol & { readonly resolves?: T };

/** The type a token resolves to; for a union of tokens, the union of their types. */
export type Resolved<K> = K extends Token<infer T> ? T : never;

function token<T>(name: string): Token<T> {
  return Symbol(name);
}

/** What createApp returns: a request listener for node's http/https servers. */
export type HttpApp = ReturnType<typeof createApp>;

/** One token per port and use case. */
export const TOKENS = {
  Config: token<Config>('Config'),
  Logger: token<Logger>('Logger'),
  Clock: token<Clock>('Clock'),
  Random: token<RandomSource>('RandomSource'),
  SecretHasher: token<SecretHasher>('SecretHasher'),
  Persistence: token<Persistence>('Persistence'),
  RateLimiter: token<RateLimiter>('RateLimiter'),
  Throttle: token<Throttle>('Throttle'),
  ApiKeyVerifier: token<ApiKeyVerifier>('ApiKeyVerifier'),
  AdmitRequest: token<AdmitRequest>('AdmitRequest'),
  AnswerCache: token<AnswerCache | undefined>('AnswerCache'),
  PricingEngine: token<PricingEngine>('PricingEngine'),
  ListBookings: token<ListBookings>('ListBookings'),
  GetBooking: token<GetBooking>('GetBooking'),
  CreateBooking: token<CreateBooking>('CreateBooking'),
  CancelBooking: token<CancelBooking>('CancelBooking'),
  ListSites: token<ListSites>('ListSites'),
  ListSiteTypes: token<ListSiteTypes>('ListSiteTypes'),
  ListExtras: token<ListExtras>('ListExtras'),
  GetCalendar: token<GetCalendar>('GetCalendar'),
  CreateQuote: token<CreateQuote>('CreateQuote'),
  GetQuote: token<GetQuote>('GetQuote'),
  IssueInvoice: token<IssueInvoice>('IssueInvoice'),
  GetAvailability: token<GetAvailability>('GetAvailability'),
  ListCustomers: token<ListCustomers>('ListCustomers'),
  ListInvoices: token<ListInvoices>('ListInvoices'),
  ReadChanges: token<ReadChanges>('ReadChanges'),
  GetInvoice: token<GetInvoice>('GetInvoice'),
  ListInvoiceLines: token<ListInvoiceLines>('ListInvoiceLines'),
  GetInvoiceDocument: token<GetInvoiceDocument>('GetInvoiceDocument'),
  InvoiceRenderer: token<InvoiceRenderer>('InvoiceRenderer'),
  ManageApiKeys: token<ManageApiKeys>('ManageApiKeys'),
  ManageWebhookEndpoints: token<ManageWebhookEndpoints>('ManageWebhookEndpoints'),
  ManageTenants: token<ManageTenants>('ManageTenants'),
  ManageSandboxes: token<ManageSandboxes>('ManageSandboxes'),
  ChangeBookingStatus: token<ChangeBookingStatus>('ChangeBookingStatus'),
  HttpApp: token<HttpApp>('HttpApp'),
  DeliverChanges: token<DeliverChanges>('DeliverChanges'),
  RequestActivity: token<RequestActivityCounter>('RequestActivity'),
} as const;
