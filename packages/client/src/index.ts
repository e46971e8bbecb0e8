export { CampsiteClient, type ClientOptions, type Polled } from './client.js';
export { type Listing, type NestedListing, type QueriedListing } from './lists.js';
export type {
  AvailabilityQuery,
  Booking,
  BookingQuery,
  CalendarDay,
  CalendarQuery,
  Change,
  ChangePage,
  ChangesQuery,
  CreateBookingFromQuoteInput,
  CreateBookingInput,
  CreateQuoteInput,
  CreateWebhookEndpointInput,
  CreatedWebhookEndpoint,
  Customer,
  CustomerQuery,
  DeliveryQuery,
  Extra,
  ExtraChoice,
  ExtraQuery,
  Health,
  Invoice,
  InvoiceLine,
  InvoiceLineQuery,
  InvoiceQuery,
  Page,
  PricedLine,
  Quote,
  Readiness,
  ReplayInput,
  RotateSecretInput,
  RotatedSecret,
  Site,
  SiteAvailability,
  SiteQuery,
  SiteType,
  SiteTypeCalendar,
  SiteTypeQuery,
  UpdateWebhookEndpointInput,
  WebhookDelivery,
  WebhookEndpoint,
} from './operations.js';
export type { Availability, Bookings, Changes, CreateOptions, FollowOptions, Invoices, Service } from './resources.js';
export type { ApiPromise, RateLimit, ResponseMeta, WithResponse } from './response.js';
export type { RequestOptions, RetryPolicy } from './transport.js';
export { VERSION } from './version.js';
export type { Calendar, Quotes } from './selling.js';
export type { WebhookEndpoints } from './webhook-endpoints.js';
export {
  ApiError,
  AuthenticationError,
  NetworkError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServerError,
  TimeoutError,
  ValidationError,
  type FieldErrors,
} from './errors.js';
export {
  WebhookVerificationError,
  chainStep,
  verifyWebhook,
  type ChangesMessage,
  type PingMessage,
  type VerifyOptions,
  type WebhookHeaders,
  type WebhookMessage,
  type WebhookVerificationReason,
} from './webhooks.js';
export type { components, operations, paths, webhooks } from './schema.js';
