import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@campsite/domain';
import { GUIDES } from '../docs-site/guides.generated';
import { GUIDES_PATH, guidePath } from '../docs-site/paths';
import { HEADERS, type ResponseObject, componentSchemas, headerRef, queryParameters, shared, sharedResponses } from './building-blocks';
import { operations } from './operations';
import { webhookMessages } from './webhook-messages';

export { DOCS_ASSETS, DOCS_PATH, GUIDES_PATH, OPENAPI_PATH } from './building-blocks';

/**
 * The OpenAPI 3.1 document of the whole service, built from the zod schemas that parse requests and type the
 * presenters (zod 4's own JSON Schema output speaks draft 2020-12, OpenAPI 3.1's dialect). Nothing here is a copy
 * of a body: schemas come from `components`, parameters from the request schemas' shapes. What is written here by
 * hand is only which operation answers what, and the HTTP test harness holds that to every answer the suites get.
 */
const INFO_DESCRIPTION =
  'A tenant-scoped, HTTPS-only JSON API for campsite bookings, pitches (sites), customers and invoices, and for ' +
  'selling stays: pitch types, extras, a calendar of prices and stay rules, and binding quotes.\n\n' +
  '**Authentication.** Send `Authorization: Bearer <API_KEY>` (32 characters: `ck_`, 5 characters, then a ' +
  '24-character secret). The key decides the tenant and what you may do: each operation names the one scope it ' +
  'needs. A missing scope gives 403; a bad, revoked or expired key 401. Never retry a 401 or 403 with the same ' +
  'key.\n\n' +
  `**Paging.** Lists return \`{count, next, previous, results}\`, never a bare array. \`page_size\` defaults to ` +
  `${DEFAULT_PAGE_SIZE}; larger values than ${MAX_PAGE_SIZE} are clamped. Follow \`next\` instead of building ` +
  `URLs.\n\n` +
  '**Paths and methods.** Every path is accepted with or without its trailing slash. `HEAD` is `GET` without a ' +
  'body. A wrong method gives 405 with `Allow`; an unknown path under `/api/v1/public/` gives 404 ' +
  '`{"detail":"Not found."}`. The order of checks: HTTPS, path, key, method, scope, rate limit, body, ' +
  'validation, domain rules.\n\n' +
  '**Errors** come in two shapes: `{"detail": "..."}` (a machine code such as `invalid_key`, `key_inactive`, ' +
  '`not_found`, `site_not_found`, `site_unavailable`, `min_stay`, `quote_expired`, `not_cancellable`, ' +
  '`invalid_cursor`, `webhook_endpoint_limit`, `https_required`, or a human sentence that is not a contract) and ' +
  'field errors `{"field": ["message", ...]}` ' +
  'with `non_field_errors` for rules across fields.\n\n' +
  '**Rate limits.** Authenticated answers carry `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`; a ' +
  '429 carries `Retry-After`. Every answer carries `X-Request-Id`.';

/**
 * The description ends with the guides, linked where this service serves them: below the document's server (`base`,
 * '' for `/`), so that the links hold wherever the document is read from.
 */
function infoDescription(base: string): string {
  const guides = GUIDES.map((guide) => `- [${guide.title}](${base}${guidePath(guide.name)}): ${guide.summary.replace(/\.$/, '')}.`);
  return `${INFO_DESCRIPTION}\n\n**[Guides](${base}${GUIDES_PATH})** explain all of this at length:\n\n${guides.join('\n')}`;
}

/** docs/channel-managers.md, "Polling cheaply": every 200 to a GET carries an ETag, and a matching tag gets a 304. */
const IF_NONE_MATCH = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description:
    'One or more `ETag`s from earlier answers (or `*`). When the answer would carry one of them: 304, no body, no rate-limit cost.',
  schema: { type: 'string' },
};

function conditional(responses: Record<string, unknown>): Record<string, unknown> {
  const ok = responses['200'] as ResponseObject | undefined;
  if (ok === undefined || '$ref' in ok) return responses;
  const headers = (ok.headers ?? {}) as Record<string, unknown>;
  return {
    ...responses,
    '200': { ...ok, headers: { ...headers, ETag: headerRef('ETag') } },
    '304': responses['304'] ?? shared('NotModified'),
  };
}

/** Every operation that needs a key reads the database (the key itself), so each can meet a lost connection. */
function withServiceUnavailable(responses: Record<string, unknown>, needsKey: boolean): Record<string, unknown> {
  return needsKey ? { ...responses, '503': shared('ServiceUnavailable') } : responses;
}

/**
 * Builds the document. Pure and deterministic: the same code and options give the same bytes (the client's types
 * depend on it). `serverUrl` is the service's external base URL (`PUBLIC_URL`, docs/operations.md); without it the
 * document's server is `/`, the host it was fetched from.
 */
export function buildOpenApiDocument(options: { serverUrl?: string | undefined } = {}): Record<string, unknown> {
  const serverUrl = options.serverUrl?.replace(/\/+$/, '') || undefined;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations()) {
    const parameters: unknown[] = [];
    if (op.pathId) {
      parameters.push({
        name: 'id',
        in: 'path',
        required: true,
        description: op.pathId,
        schema: { type: 'integer', minimum: 1 },
        example: 17,
      });
    }
    if (op.pathParameters) parameters.push(...op.pathParameters);
    if (op.query) parameters.push(...queryParameters(op.query));
    if (op.headerParameters) parameters.push(...op.headerParameters);
    if (op.method === 'get') parameters.push(IF_NONE_MATCH);
    const scopes = op.scope === null ? [] : typeof op.scope === 'string' ? [op.scope] : op.scope;
    const scopeText = scopes.map((scope) => `\`${scope}\``).join(', ');
    const operation: Record<string, unknown> = {
      operationId: op.operationId,
      tags: [op.tag],
      summary: op.summary,
      description:
        scopes.length === 0 ? op.description : `${op.description}\n\nScope: ${scopes.length > 1 ? 'any one of ' : ''}${scopeText}.`,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(op.requestBody ? { requestBody: { required: false, content: { 'application/json': { schema: op.requestBody } } } } : {}),
      responses: withServiceUnavailable(op.method === 'get' ? conditional(op.responses) : op.responses, scopes.length > 0),
      // Alternatives in `security` mean "any one of them".
      security: scopes.map((scope) => ({ apiKey: [scope] })),
    };
    (paths[op.path] ??= {})[op.method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Campsite Management Public API',
      version: '1.2.0',
      description: infoDescription(serverUrl ?? ''),
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: serverUrl ?? '/', description: 'This server' }],
    tags: [
      { name: 'Bookings', description: 'List, read, create and cancel bookings.' },
      { name: 'Selling', description: 'Pitch types, extras, the calendar and quotes: what a channel manager sells.' },
      { name: 'Sites', description: 'The pitches.' },
      { name: 'Customers', description: 'Registered guest-portal accounts (personal data).' },
      { name: 'Invoices', description: 'Invoice headers.' },
      { name: 'Changes', description: 'Every change, by any writer, resumable from a stored cursor.' },
      { name: 'Webhooks', description: 'Endpoints that receive the changes as signed messages (scope `webhooks:manage`).' },
      { name: 'Service', description: 'Probes and this documentation; outside /api/v1/public/, no key needed.' },
    ],
    paths,
    webhooks: webhookMessages(),
    components: {
      schemas: componentSchemas(),
      responses: sharedResponses(),
      headers: HEADERS,
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A tenant API key issued in the admin console: `Authorization: Bearer ck_XXXXX...` (32 characters). ' +
            'The scheme word is case-insensitive. Each operation lists the one scope it needs.',
        },
      },
    },
  };
}
