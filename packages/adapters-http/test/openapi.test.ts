import { SCOPES, type Scope } from '@campsite/domain';
import { aBooking, aSite, aTenant, anInvoice } from '@campsite/domain/testing';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterEach, describe, expect, it } from 'vitest';
import { buildOpenApiDocument, createApp } from '../src/index';
import { AnswerValidator } from '../src/testing/index';
import { API, buildWorld, closeServers, issueKey, serve, startWith } from './support/http-harness';

// docs/api-behaviour.md: GET /openapi.json and GET /docs, outside /api/v1/public/, no key, HTTPS only.

afterEach(closeServers);

const tenant = () =>
  aTenant('alpine', {
    sites: [aSite({ id: 1 })],
    bookings: [aBooking({ id: 1, siteId: 1 })],
    invoices: [anInvoice({ id: 1, bookingId: 1 })],
  });

type Operation = { operationId: string; security: Array<Record<string, string[]>>; requestBody?: unknown };

function operations(): Array<{ path: string; method: string; operation: Operation }> {
  const paths = buildOpenApiDocument().paths as Record<string, Record<string, Operation>>;
  return Object.entries(paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation })));
}

describe('GET /openapi.json', () => {
  it('serves the OpenAPI 3.1 document without a key, and it is the one the code builds', async () => {
    const { server } = await startWith(tenant());
    const reply = await server.get('/openapi.json');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json');
    expect(reply.json.openapi).toBe('3.1.0');
    expect(reply.json).toEqual(buildOpenApiDocument());
  });

  it('is refused over plain HTTP like everything else', async () => {
    const world = buildWorld();
    const server = await serve(createApp(world.deps), { tls: false });
    const reply = await server.get('/openapi.json');
    expect(reply.status).toBe(403);
    expect(reply.json).toEqual({ detail: 'https_required' });
  });

  it('answers other methods with 405 and Allow', async () => {
    const { server } = await startWith(tenant());
    const reply = await server.request('POST', '/openapi.json');
    expect(reply.status).toBe(405);
    expect(reply.headers.allow).toBe('GET, HEAD');
  });

  it('passes the Redocly linter without a problem', async () => {
    const config = await createConfig({
      extends: ['recommended-strict'],
      rules: {
        // The contract's paths end in a slash (DRF style); the server accepts both forms.
        'no-path-trailing-slash': 'off',
        // The probes and documents outside the API have no 4xx of their own besides 405.
        'operation-4xx-response': 'off',
        // MethodNotAllowed belongs to paths, which OpenAPI cannot give answers; the test harness checks 405s with it.
        'no-unused-components': 'off',
      },
    });
    const problems = await lintFromString({ source: JSON.stringify(buildOpenApiDocument(), null, 2), absoluteRef: 'openapi.json', config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  }, 60_000);

  it('is deterministic: the same code gives the same bytes', () => {
    expect(JSON.stringify(buildOpenApiDocument())).toBe(JSON.stringify(buildOpenApiDocument()));
  });
});

describe('each operation names the scope it requires', () => {
  const apiOperations = operations().filter(({ operation }) => operation.security.length > 0);

  it('covers every endpoint of the API', () => {
    expect(apiOperations.map(({ operation }) => operation.operationId).sort()).toEqual(
      [
        'createBooking',
        'cancelBooking',
        'listSiteTypes',
        'listExtras',
        'getCalendar',
        'createQuote',
        'getQuote',
        'getAvailability',
        'getBooking',
        'getInvoice',
        'getInvoicePdf',
        'listBookings',
        'listChanges',
        'listCustomers',
        'listInvoiceLines',
        'listInvoices',
        'listSites',
        'listWebhookEndpoints',
        'createWebhookEndpoint',
        'getWebhookEndpoint',
        'updateWebhookEndpoint',
        'deleteWebhookEndpoint',
        'rotateWebhookSecret',
        'replayWebhookEndpoint',
        'pingWebhookEndpoint',
        'listWebhookDeliveries',
      ].sort(),
    );
  });

  for (const { path, method, operation } of apiOperations) {
    // `security` alternatives: any one of the scopes will do.
    const scopes = operation.security.map((alternative) => (Object.values(alternative)[0] as Scope[])[0] as Scope);
    it(`${method.toUpperCase()} ${path}: ${scopes.join(' | ')}`, async () => {
      for (const scope of scopes) expect(SCOPES).toContain(scope);
      const { server, world } = await startWith(tenant());
      const url = path.replace('{id}', '1');
      // Id 1 is a booking and an invoice (no webhook endpoint: 404); anything but 403 shows the scope sufficed.
      const options = method === 'post' || method === 'patch' ? { body: {} } : {};
      const others = await issueKey(
        world,
        'alpine',
        SCOPES.filter((s) => !scopes.includes(s)),
      );
      const without = await server.request(method.toUpperCase(), url, { ...options, token: others });
      expect(without.status).toBe(403);
      for (const scope of scopes) {
        const only = await issueKey(world, 'alpine', [scope]);
        const withIt = await server.request(method.toUpperCase(), url, { ...options, token: only });
        expect(withIt.status, scope).not.toBe(403);
        expect(withIt.status, scope).toBeLessThan(500);
      }
    });
  }
});

describe('the answer validator the harnesses use', () => {
  const validator = new AnswerValidator();
  const common = {
    'x-request-id': 'r1',
    'strict-transport-security': 'max-age=31536000',
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
    'content-type': 'application/json',
  };
  const limits = { 'ratelimit-limit': '600', 'ratelimit-remaining': '599', 'ratelimit-reset': '30' };
  const emptyPage = JSON.stringify({ count: 0, next: null, previous: null, results: [] });

  it('accepts a described answer, with or without the trailing slash', () => {
    for (const url of [`${API}/sites/`, `${API}/sites?page=1`]) {
      expect(
        validator.problems({ method: 'GET', url, status: 200, headers: { ...common, ...limits, etag: '"abc"' }, body: emptyPage }),
      ).toEqual([]);
    }
  });

  it('wants an ETag on every 200 to a GET, and takes a bodiless 304', () => {
    const untagged = validator.problems({
      method: 'GET',
      url: `${API}/sites/`,
      status: 200,
      headers: { ...common, ...limits },
      body: emptyPage,
    });
    expect(untagged.join()).toContain('ETag');
    expect(
      validator.problems({
        method: 'GET',
        url: `${API}/bookings/3/`,
        status: 304,
        headers: { ...common, ...limits, etag: '"abc"' },
        body: '',
      }),
    ).toEqual([]);
    expect(validator.problems({ method: 'GET', url: `${API}/bookings/3/`, status: 304, headers: common, body: '' }).join()).toContain(
      'ETag',
    );
  });

  it('refuses a status the operation does not list', () => {
    expect(validator.problems({ method: 'GET', url: `${API}/sites/`, status: 418, headers: common, body: '{}' })).toHaveLength(1);
  });

  it('refuses a body outside the schema, a field too many, and a missing required header', () => {
    const extra = JSON.stringify({ count: 0, next: null, previous: null, results: [], cursor: 'x' });
    expect(
      validator.problems({
        method: 'GET',
        url: `${API}/sites/`,
        status: 200,
        headers: { ...common, ...limits, etag: '"abc"' },
        body: extra,
      }),
    ).not.toEqual([]);
    const noLimits = validator.problems({ method: 'GET', url: `${API}/sites/`, status: 200, headers: common, body: emptyPage });
    expect(noLimits.join()).toContain('RateLimit-Limit');
    const no401Header = validator.problems({
      method: 'GET',
      url: `${API}/sites/`,
      status: 401,
      headers: common,
      body: '{"detail":"invalid_key"}',
    });
    expect(no401Header.join()).toContain('WWW-Authenticate');
  });

  it('refuses an undescribed machine code and an undescribed media type', () => {
    const unknownCode = validator.problems({
      method: 'GET',
      url: `${API}/sites/`,
      status: 401,
      headers: { ...common, 'www-authenticate': 'Bearer' },
      body: '{"detail":"expired"}',
    });
    expect(unknownCode).not.toEqual([]);
    const html = validator.problems({
      method: 'GET',
      url: `${API}/sites/`,
      status: 200,
      headers: { ...common, ...limits, etag: '"abc"', 'content-type': 'text/html' },
      body: '<p>',
    });
    expect(html.join()).toContain('Content-Type');
  });

  it('refuses anything but 404 on an unknown path, and anything but the early answers on a wrong method', () => {
    expect(validator.problems({ method: 'GET', url: `${API}/nope/`, status: 200, headers: common, body: '{}' })).not.toEqual([]);
    expect(
      validator.problems({ method: 'GET', url: `${API}/nope/`, status: 404, headers: common, body: '{"detail":"Not found."}' }),
    ).toEqual([]);
    expect(validator.problems({ method: 'PUT', url: `${API}/sites/`, status: 200, headers: common, body: emptyPage })).not.toEqual([]);
  });
});

describe('GET /docs', () => {
  it('serves an HTML page whose scripts and styles come from this server', async () => {
    const { server } = await startWith(tenant());
    const page = await server.get('/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const sources = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(source.startsWith('/docs/assets/'), source).toBe(true);
      const asset = await server.get(source);
      expect(asset.status, source).toBe(200);
      expect(asset.text.length).toBeGreaterThan(0);
    }
    const init = await server.get('/docs/assets/init.js');
    expect(init.text).toContain("url: '/openapi.json'");
    expect(init.text).toContain('validatorUrl: null');
  });
});
