import type {
  ApiKeyVerifier,
  CreateBooking,
  GetAvailability,
  GetBooking,
  GetInvoice,
  GetInvoiceDocument,
  ListInvoiceLines,
  ListBookings,
  ListCustomers,
  ListInvoices,
  ListSites,
  ManageWebhookEndpoints,
  ReadChanges,
  Throttle,
} from '@campsite/domain';

/** The structured logger the app hands in (pino in production). Fields never contain a token. */
export interface HttpLogger {
  info(fields: Record<string, unknown>, msg: string): void;
  warn(fields: Record<string, unknown>, msg: string): void;
  error(fields: Record<string, unknown>, msg: string): void;
  /** Whether `info` lines are written at all; when they are not, requests skip building theirs (pino has this). */
  isLevelEnabled?(level: 'info'): boolean;
}

export interface HttpDeps {
  verifier: ApiKeyVerifier;
  throttle: Throttle;
  listBookings: ListBookings;
  getBooking: GetBooking;
  createBooking: CreateBooking;
  getAvailability: GetAvailability;
  listSites: ListSites;
  listCustomers: ListCustomers;
  listInvoices: ListInvoices;
  readChanges: ReadChanges;
  getInvoice: GetInvoice;
  listInvoiceLines: ListInvoiceLines;
  getInvoiceDocument: GetInvoiceDocument;
  manageWebhookEndpoints: ManageWebhookEndpoints;
  logger: HttpLogger;
  /**
   * The external base URL (`PUBLIC_URL`, without a trailing slash needed): when set, links and `Location` are built
   * from it and the request's Host is not read (docs/security.md).
   */
  publicUrl?: string;
  /** What `/readyz` asks; without it the service reports ready whenever it answers. */
  database?: DatabaseProbe;
  /** Express 'trust proxy' value; when set, the scheme comes from X-Forwarded-Proto of trusted hops. */
  trustProxy?: string | boolean | number;
  /**
   * Told when an API request's handling starts and when it is over, success or failure. A server uses it to wait for
   * handlers still at work (a client that hung up does not stop its handler) before it closes the database.
   */
  activity?: RequestActivity;
  /** Test-only: called once a created booking has committed, before its answer is written (the crash test). */
  bookingCommitted?: () => void;
}

export interface RequestActivity {
  begin(): void;
  end(): void;
}

/** The database as the readiness probe sees it. */
export interface DatabaseProbe {
  /** Resolves once the database answered a trivial query; rejects when it cannot. */
  ping(): Promise<void>;
}
