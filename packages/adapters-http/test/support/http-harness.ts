import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import {
  AdmitRequest,
  ApiKeyVerifier,
  CancelBooking,
  CreateBooking,
  CreateQuote,
  GetAvailability,
  GetBooking,
  GetCalendar,
  GetInvoice,
  GetInvoiceDocument,
  GetQuote,
  type InvoiceRenderer,
  ListExtras,
  ListInvoiceLines,
  ListBookings,
  ListCustomers,
  ListInvoices,
  ListSiteTypes,
  ListSites,
  ReadChanges,
  ManageApiKeys,
  ManageWebhookEndpoints,
  Throttle,
  type Scope,
  type TenantSnapshot,
  type ThrottleLimits,
} from '@campsite/domain';
import {
  FakeSecretHasher,
  FixedClock,
  InMemoryStore,
  type InMemoryTenantImporter,
  MemoryRateLimiter,
  RecordingWebhookTransport,
  SeededRandom,
  inMemoryAdapters,
} from '@campsite/domain/testing';
import type { Express } from 'express';
import { generate } from 'selfsigned';
import { AnswerCache, createApp, type HttpDeps, type HttpLogger, webhookUrlPolicy } from '../../src/index';
import { answerValidator } from '../../src/testing/index';

/** Shared set-up for the HTTP tests: the real app over in-memory adapters, served over real TLS. */

export const API = '/api/v1/public';
/** Seconds left in the rate-limit window at the fixed clock's start (12:00:30 → the window resets at 12:01:00). */
export const WINDOW_SECONDS_LEFT = 30;

export interface LogLine {
  level: 'info' | 'warn' | 'error';
  fields: Record<string, unknown>;
  msg: string;
}

export interface World {
  store: InMemoryStore;
  clock: FixedClock;
  hasher: FakeSecretHasher;
  keys: ManageApiKeys;
  importer: InMemoryTenantImporter;
  logs: LogLine[];
  deps: HttpDeps;
  /** What was sent to webhook receivers. */
  webhooks: RecordingWebhookTransport;
}

export interface WorldOptions extends Partial<ThrottleLimits> {
  trustProxy?: string | boolean | number;
  activity?: HttpDeps['activity'];
  /**
   * Keep rendered answers while the store's version holds, as the app does by default. Default: on, except in the
   * run's plain pass (ACCELERATORS=off; docs/testing.md).
   */
  answerCache?: boolean;
  /** The PDF renderer (the app's own in its tests; a JSON fake here by default). */
  renderer?: InvoiceRenderer;
  /** WEBHOOK_ALLOW_LOOPBACK (default off, as in production). */
  webhookAllowLoopback?: boolean;
}

/** Renders the document as JSON: the HTTP tests check transport rules, the app's tests check the real PDF. */
export const jsonInvoiceRenderer: InvoiceRenderer = {
  render: async (document) => new TextEncoder().encode(JSON.stringify(document)),
};

export function buildWorld(options: WorldOptions = {}): World {
  const store = new InMemoryStore();
  const clock = new FixedClock('2026-06-01T12:00:30Z');
  const hasher = new FakeSecretHasher();
  const random = new SeededRandom(7);
  // Every port over one store, on the world's clock (what the store stamps `updated_at` and changes with).
  const ports = inMemoryAdapters(store, clock);
  const { bookings, sites, invoices, siteTypes, tariffs, quotes } = ports;
  const throttle = new Throttle(new MemoryRateLimiter(clock), {
    perKeyPerMinute: options.perKeyPerMinute ?? 600,
    authFailuresPerMinute: options.authFailuresPerMinute ?? 10_000,
  });
  const logs: LogLine[] = [];
  const webhooks = new RecordingWebhookTransport();
  const logger: HttpLogger = {
    info: (fields, msg) => logs.push({ level: 'info', fields, msg }),
    warn: (fields, msg) => logs.push({ level: 'warn', fields, msg }),
    error: (fields, msg) => logs.push({ level: 'error', fields, msg }),
  };
  // Wired as the app wires it: rendered answers reused while the store's version holds still.
  const deps: HttpDeps = {
    admission: new AdmitRequest(new ApiKeyVerifier(ports.apiKeys, hasher, clock, throttle), throttle),
    ...((options.answerCache ?? process.env.ACCELERATORS !== 'off') ? { answers: new AnswerCache(ports.versions, 32 * 1024 * 1024) } : {}),
    listBookings: new ListBookings(bookings),
    getBooking: new GetBooking(bookings),
    createBooking: new CreateBooking({
      bookings,
      sites,
      customers: ports.customers,
      quotes,
      tariffs,
      idempotency: ports.idempotency,
      clock,
      random,
    }),
    cancelBooking: new CancelBooking(bookings),
    listSites: new ListSites(sites),
    listSiteTypes: new ListSiteTypes(siteTypes),
    listExtras: new ListExtras(ports.extras),
    getCalendar: new GetCalendar(siteTypes, tariffs),
    createQuote: new CreateQuote(quotes, sites, siteTypes, bookings, tariffs, clock),
    getQuote: new GetQuote(quotes),
    getAvailability: new GetAvailability(sites, bookings),
    listCustomers: new ListCustomers(ports.customers),
    listInvoices: new ListInvoices(invoices),
    getInvoice: new GetInvoice(invoices),
    listInvoiceLines: new ListInvoiceLines(invoices),
    getInvoiceDocument: new GetInvoiceDocument(invoices, bookings, ports.issuers, options.renderer ?? jsonInvoiceRenderer),
    readChanges: new ReadChanges(ports.changes),
    manageWebhookEndpoints: new ManageWebhookEndpoints(
      ports.webhooks,
      webhookUrlPolicy({ allowLoopback: options.webhookAllowLoopback ?? false }),
      clock,
      random,
      webhooks,
      ports.deliveries,
    ),
    logger,
    ...(options.trustProxy === undefined ? {} : { trustProxy: options.trustProxy }),
    ...(options.activity === undefined ? {} : { activity: options.activity }),
  };
  return {
    store,
    clock,
    hasher,
    keys: new ManageApiKeys(ports.tenants, ports.apiKeys, hasher, random, clock),
    importer: ports.importer,
    logs,
    deps,
    webhooks,
  };
}

export const ALL_SCOPES: Scope[] = ['bookings:read', 'bookings:write', 'sites:read', 'customers:read', 'invoices:read', 'rates:read'];

/** Stores tenants (see the domain's Object Mothers) and returns one raw key per tenant, holding `scopes`. */
export async function seed(world: World, tenants: TenantSnapshot[], scopes: Scope[] = ALL_SCOPES): Promise<string[]> {
  await world.importer.importTenants(tenants);
  return Promise.all(tenants.map((tenant) => issueKey(world, tenant.slug, scopes)));
}

export async function issueKey(world: World, slug: string, scopes: Scope[], expiresAt: Date | null = null): Promise<string> {
  return (await world.keys.create(slug, `key for ${slug}`, scopes, expiresAt)).raw;
}

let tlsCredentials: Promise<{ key: string; cert: string }> | undefined;

/** One self-signed certificate per test file (EC keys: generated in milliseconds). */
function credentials(): Promise<{ key: string; cert: string }> {
  tlsCredentials ??= generate([{ name: 'commonName', value: 'localhost' }], { keyType: 'ec', algorithm: 'sha256' }).then((pems) => ({
    key: pems.private,
    cert: pems.cert,
  }));
  return tlsCredentials;
}

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The parsed body; undefined when the body is empty or not JSON (the reference page). */
  json: any;
}

export interface RequestOptions {
  token?: string;
  headers?: Record<string, string>;
  /** A string or bytes is sent as is; anything else as JSON with `Content-Type: application/json`. */
  body?: unknown;
}

export interface Server {
  origin: string;
  /** `path` is relative to the origin; a full URL (e.g. a `next` link) is accepted too. */
  request(method: string, path: string, options?: RequestOptions): Promise<Reply>;
  get(path: string, token?: string): Promise<Reply>;
  close(): Promise<void>;
}

/** Starts `app` on an ephemeral loopback port, over TLS unless `tls` is false. */
export async function serve(app: Express, { tls = true }: { tls?: boolean } = {}): Promise<Server> {
  const server = tls ? https.createServer(await credentials(), app) : http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  const agent = tls ? new https.Agent({ keepAlive: true, rejectUnauthorized: false }) : new http.Agent({ keepAlive: true });
  const client = tls ? https : http;

  const request = (method: string, path: string, options: RequestOptions = {}) =>
    new Promise<Reply>((resolve, reject) => {
      const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
      if (options.token !== undefined) headers.Authorization = `Bearer ${options.token}`;
      let payload: Buffer | undefined;
      if (options.body !== undefined) {
        if (typeof options.body === 'string' || options.body instanceof Uint8Array) {
          payload = Buffer.from(options.body as string | Uint8Array);
        } else {
          payload = Buffer.from(JSON.stringify(options.body));
          headers['Content-Type'] ??= 'application/json';
        }
        headers['Content-Length'] ??= String(payload.length);
      }
      const url = new URL(path, origin);
      const req = client.request(url, { method, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = res.statusCode ?? 0;
          try {
            // Every answer a test receives must be one the published OpenAPI document describes.
            answerValidator().check({ method, url: url.pathname + url.search, status, headers: res.headers, body: text });
          } catch (error) {
            reject(error);
            return;
          }
          const isJson = res.headers['content-type'] === 'application/json';
          resolve({ status, headers: res.headers, text, json: text === '' || !isJson ? undefined : JSON.parse(text) });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });

  const handle: Server = {
    origin,
    request,
    get: (path, token) => request('GET', path, token === undefined ? {} : { token }),
    close: async () => {
      running.delete(handle);
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  running.add(handle);
  return handle;
}

const running = new Set<Server>();

/** Closes every server still running; files that start servers per test call it in afterEach. */
export async function closeServers(): Promise<void> {
  await Promise.all([...running].map((server) => server.close()));
}

/** A world, its app and a running TLS server. */
export async function start(options: WorldOptions = {}): Promise<{ world: World; server: Server }> {
  const world = buildWorld(options);
  const server = await serve(createApp(world.deps));
  return { world, server };
}

/** `start` with one tenant stored and a key holding every scope. */
export async function startWith(
  tenant: TenantSnapshot,
  options: WorldOptions = {},
): Promise<{ world: World; server: Server; token: string }> {
  const started = await start(options);
  const [token] = (await seed(started.world, [tenant])) as [string];
  return { ...started, token };
}
