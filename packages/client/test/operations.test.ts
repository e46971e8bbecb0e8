import { buildOpenApiDocument } from '@campsite/adapters-http';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { CampsiteClient, type InvoiceQuery, type SiteQuery } from '../src/index';
import { ROUTES } from '../src/operations';

// Every operation of the published document has a client method that sends it: a new operation fails here until the
// client has a method for it and a line below.

/** The document's operations the client leaves out on purpose: the reference page, its files and the guides are for a browser. */
const FOR_A_BROWSER = ['getApiReference', 'getApiReferenceAsset', 'getGuides', 'getGuide'];

const ID = 7;
const CALLS: Record<string, (api: CampsiteClient) => Promise<unknown>> = {
  listBookings: (api) => api.bookings.list(),
  createBooking: (api) => api.bookings.create({ site_id: 1, check_in_date: '2027-07-01', check_out_date: '2027-07-04', num_adults: 2 }),
  getBooking: (api) => api.bookings.get(ID),
  cancelBooking: (api) => api.bookings.cancel(ID),
  listSiteTypes: (api) => api.siteTypes.list(),
  listExtras: (api) => api.extras.list(),
  getCalendar: (api) => api.calendar.list({ from: '2027-07-01', to: '2027-07-08', site_type_id: '1' }),
  createQuote: (api) => api.quotes.create({ site_type_id: 1, check_in_date: '2027-07-01', check_out_date: '2027-07-04', num_adults: 2 }),
  getQuote: (api) => api.quotes.get(ID),
  getAvailability: (api) => api.availability.list({ from: '2027-07-01', to: '2027-07-08' }),
  listSites: (api) => api.sites.list(),
  listCustomers: (api) => api.customers.list(),
  listInvoices: (api) => api.invoices.list(),
  getInvoice: (api) => api.invoices.get(ID),
  listInvoiceLines: (api) => api.invoices.lines.list(ID),
  getInvoicePdf: (api) => api.invoices.pdf(ID),
  listChanges: (api) => api.changes.list(),
  listWebhookEndpoints: (api) => api.webhookEndpoints.list(),
  createWebhookEndpoint: (api) => api.webhookEndpoints.create({ url: 'https://hooks.example.com/c' }),
  getWebhookEndpoint: (api) => api.webhookEndpoints.get(ID),
  updateWebhookEndpoint: (api) => api.webhookEndpoints.update(ID, { status: 'paused' }),
  deleteWebhookEndpoint: (api) => api.webhookEndpoints.delete(ID),
  rotateWebhookSecret: (api) => api.webhookEndpoints.rotateSecret(ID, { expire_previous: true }),
  replayWebhookEndpoint: (api) => api.webhookEndpoints.replay(ID, { after: '' }),
  pingWebhookEndpoint: (api) => api.webhookEndpoints.ping(ID),
  listWebhookDeliveries: (api) => api.webhookEndpoints.deliveries.list(ID),
  getHealth: (api) => api.service.health(),
  getReadiness: (api) => api.service.readiness(),
  getOpenApiDocument: (api) => api.service.openApiDocument(),
};

interface Operation {
  operationId: string;
  method: string;
  path: string;
}

function documentOperations(): Operation[] {
  const paths = buildOpenApiDocument().paths as Record<string, Record<string, { operationId?: string }>>;
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'put', 'post', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({ operationId: operation.operationId ?? `${method} ${path}`, method: method.toUpperCase(), path })),
  );
}

/** A client whose fetch records each request and answers it with an empty page. */
function recordingClient(): { api: CampsiteClient; sent: { method: string; path: string }[] } {
  const sent: { method: string; path: string }[] = [];
  const fetchFake: typeof fetch = async (input, init) => {
    sent.push({ method: init?.method ?? 'GET', path: new URL(String(input)).pathname });
    const page = { count: 0, next: null, previous: null, cursor: 'c0', results: [] };
    return new Response(JSON.stringify(page), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
  return { api: new CampsiteClient({ baseUrl: 'https://api.camping.example', apiKey: 'ck_x', fetch: fetchFake }), sent };
}

describe('the client covers the OpenAPI document', () => {
  const operations = documentOperations();
  const called = operations.filter((op) => !FOR_A_BROWSER.includes(op.operationId));

  it('leaves out only the operations named here, and names only operations the document has', () => {
    expect(operations.filter((op) => FOR_A_BROWSER.includes(op.operationId)).map((op) => op.operationId)).toEqual(FOR_A_BROWSER);
    const missing = called.map((op) => op.operationId).filter((id) => !(id in CALLS));
    expect(missing, `operations without a client method: ${missing.join(', ')}`).toEqual([]);
    expect(Object.keys(CALLS).sort()).toEqual(called.map((op) => op.operationId).sort());
  });

  it('routes each operation by the method and path of the document', () => {
    const routes: Record<string, { method: string; path: string }> = ROUTES;
    expect(Object.fromEntries(Object.entries(routes).map(([id, route]) => [id, `${route.method} ${route.path}`]))).toEqual(
      Object.fromEntries(called.map((op) => [op.operationId, `${op.method} ${op.path}`])),
    );
  });

  for (const op of called) {
    it(`${op.operationId}: a client method sends ${op.method} ${op.path}`, async () => {
      const { api, sent } = recordingClient();
      await CALLS[op.operationId]!(api);
      expect(sent).toEqual([{ method: op.method, path: op.path.replace(/\{id\}/, String(ID)) }]);
    });
  }
});

describe('answers that are not a JSON page', () => {
  it('invoices.pdf resolves to the bytes, and delete and ping to nothing', async () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff]);
    const answers = [
      new Response(pdf, { status: 200, headers: { 'Content-Type': 'application/pdf', ETag: '"p1"' } }),
      new Response(null, { status: 204 }),
      new Response(null, { status: 202 }),
    ];
    const api = new CampsiteClient({ baseUrl: 'https://h', apiKey: 'ck_x', fetch: async () => answers.shift()! });
    const { data, response } = await api.invoices.pdf(ID).withResponse();
    expect(data).toBeInstanceOf(Uint8Array);
    expect([...data]).toEqual([...pdf]);
    expect(response.etag).toBe('"p1"');
    expect(await api.webhookEndpoints.delete(ID)).toBeUndefined();
    expect(await api.webhookEndpoints.ping(ID)).toBeUndefined();
  });

  it('service.readiness returns the 503 `unavailable` rather than throwing it', async () => {
    const api = new CampsiteClient({
      baseUrl: 'https://h',
      apiKey: 'ck_x',
      fetch: async () => Response.json({ status: 'unavailable' }, { status: 503, headers: { 'Retry-After': '1' } }),
    });
    const { data, response } = await api.service.readiness().withResponse();
    expect(data).toEqual({ status: 'unavailable' });
    expect(response.status).toBe(503);
  });
});

describe('each list takes its own operation’s filters', () => {
  it('invoices take the invoice filters (not the sites’ query) and send them', async () => {
    expectTypeOf<Parameters<CampsiteClient['invoices']['list']>[0]>().toEqualTypeOf<InvoiceQuery | undefined>();
    expectTypeOf<InvoiceQuery>().not.toEqualTypeOf<SiteQuery>();
    const urls: string[] = [];
    const api = new CampsiteClient({
      baseUrl: 'https://h',
      apiKey: 'ck_x',
      fetch: async (input) => (urls.push(String(input)), Response.json({ count: 0, next: null, previous: null, results: [] })),
    });
    await api.invoices.list({ status: 'OFFEN', issued_from: '2026-01-01', issued_to: '2026-06-30' });
    expect(urls).toEqual(['https://h/api/v1/public/invoices/?status=OFFEN&issued_from=2026-01-01&issued_to=2026-06-30']);
  });
});
