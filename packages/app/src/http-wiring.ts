import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { type Clock, DeliverChanges, GetInvoiceDocument, type InvoiceRenderer, ManageWebhookEndpoints } from '@campsite/domain';
import { AnswerCache, HttpsWebhookTransport, createApp, feedChangeRenderer, webhookUrlPolicy } from '@campsite/adapters-http';
import type { Persistence } from '@campsite/adapters-sql';
import { PooledInvoiceRenderer } from './adapters/pdf/invoice-pdf-renderer';
import type { Config } from './config';
import type { ServerMetrics } from './observability/metrics';
import type { Observer } from './observability/request-observer';
import { RequestActivityCounter } from './request-activity';
import { TOKENS } from './tokens';
import type { Registrar } from './use-cases';

/**
 * How much longer than an attempt's time limit a webhook lease lasts: room for the database writes around the attempt.
 * It is also how long endpoints wait after their sender died; a lease that ran out under a slow live sender costs at
 * most a duplicate message, never a wrong position (every write after the claim checks the lease's owner).
 */
const WEBHOOK_LEASE_MARGIN_MS = 10_000;

/** What the HTTP side is wired from: the container's own parts, and the options that stand in for some of them. */
export interface HttpParts {
  config: Config;
  persistence: Persistence;
  clock: Clock;
  logger: Logger;
  observer: Observer | undefined;
  metrics: ServerMetrics | undefined;
  /** Stands in for the pool of PDF threads (tests). */
  invoiceRenderer: InvoiceRenderer | undefined;
}

/**
 * The serving side of the container: the Express app, the answer cache, webhook delivery and invoice PDFs. It lives
 * apart from the rest so that the one-shot commands, which use none of it, never load Express, the OpenAPI document
 * or the PDF pool. Returns what closing the container must also stop.
 */
export function registerHttp({ single, get }: Registrar, parts: HttpParts): { close(): Promise<void> } {
  const { config, persistence, clock, logger, observer } = parts;
  // docs/performance.md, "Answer cache": rendered answers kept while the tenant's data version holds.
  single(TOKENS.AnswerCache, () =>
    config.accelerators.answerCache
      ? new AnswerCache(persistence.versions, config.cacheBudgetBytes, { compressed: config.accelerators.compressedAnswers })
      : undefined,
  );
  // A scrape reads the cache's figures; without the cache, the budget is there and nothing draws on it.
  parts.metrics?.watchCache(
    () => get(TOKENS.AnswerCache)?.stats() ?? { budgetBytes: config.cacheBudgetBytes, usedBytes: 0, entries: 0, evictions: 0 },
  );
  let pool: PooledInvoiceRenderer | undefined;
  single(TOKENS.InvoiceRenderer, () => parts.invoiceRenderer ?? (pool = new PooledInvoiceRenderer()));
  single(
    TOKENS.GetInvoiceDocument,
    () =>
      new GetInvoiceDocument(
        persistence.invoices,
        persistence.bookings,
        persistence.issuers,
        get(TOKENS.InvoiceRenderer),
        persistence.snapshots,
      ),
  );
  const transport = () => new HttpsWebhookTransport({ allowLoopback: config.webhookAllowLoopback, timeoutMs: config.webhookTimeoutMs });
  single(
    TOKENS.ManageWebhookEndpoints,
    () =>
      new ManageWebhookEndpoints(
        persistence.webhooks,
        webhookUrlPolicy({ allowLoopback: config.webhookAllowLoopback }),
        clock,
        get(TOKENS.Random),
        transport(),
        persistence.deliveries,
      ),
  );
  single(
    TOKENS.DeliverChanges,
    (): DeliverChanges =>
      new DeliverChanges(persistence.changes, persistence.deliveries, transport(), feedChangeRenderer, clock, get(TOKENS.Random), {
        owner: `${hostname()}:${process.pid}:${randomUUID()}`,
        leaseMs: config.webhookTimeoutMs + WEBHOOK_LEASE_MARGIN_MS,
      }),
  );
  single(TOKENS.RequestActivity, () => new RequestActivityCounter());
  single(TOKENS.HttpApp, () =>
    createApp({
      activity: get(TOKENS.RequestActivity),
      admission: get(TOKENS.AdmitRequest),
      ...optional('answers', get(TOKENS.AnswerCache)),
      listBookings: get(TOKENS.ListBookings),
      getBooking: get(TOKENS.GetBooking),
      createBooking: get(TOKENS.CreateBooking),
      cancelBooking: get(TOKENS.CancelBooking),
      listSiteTypes: get(TOKENS.ListSiteTypes),
      listExtras: get(TOKENS.ListExtras),
      getCalendar: get(TOKENS.GetCalendar),
      createQuote: get(TOKENS.CreateQuote),
      getQuote: get(TOKENS.GetQuote),
      listSites: get(TOKENS.ListSites),
      getAvailability: get(TOKENS.GetAvailability),
      listCustomers: get(TOKENS.ListCustomers),
      listInvoices: get(TOKENS.ListInvoices),
      readChanges: get(TOKENS.ReadChanges),
      getInvoice: get(TOKENS.GetInvoice),
      listInvoiceLines: get(TOKENS.ListInvoiceLines),
      getInvoiceDocument: get(TOKENS.GetInvoiceDocument),
      manageWebhookEndpoints: get(TOKENS.ManageWebhookEndpoints),
      logger,
      database: persistence,
      ...(config.publicUrl === null ? {} : { publicUrl: config.publicUrl }),
      ...(config.trustProxy === null ? {} : { trustProxy: config.trustProxy }),
      ...(observer ? { observer } : {}),
    }),
  );
  return { close: async () => pool?.close() };
}

/** `{ [name]: value }` when the value is there, else nothing: for options that must be absent rather than undefined. */
function optional<K extends string, V>(name: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [name]: value }) as { [P in K]?: V };
}
