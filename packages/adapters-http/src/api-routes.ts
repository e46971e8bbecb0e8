import { type Principal, isDomainError, type RateLimitDecision } from '@campsite/domain';
import type { Request, RequestHandler, Response } from 'express';
import type { HttpDeps } from './http-deps';
import { factsOf, setPrincipal, setRoute } from './request-context';
import { availabilityResources } from './routes/availability.routes';
import { bookingResources } from './routes/bookings.routes';
import { customerResources } from './routes/customers.routes';
import type { Resource } from './routes/endpoint';
import { changeResources } from './routes/changes.routes';
import { invoiceResources } from './routes/invoices.routes';
import { sellingResources } from './routes/selling.routes';
import { siteResources } from './routes/sites.routes';
import { headerValues } from './raw-headers';
import { webhookEndpointResources } from './routes/webhook-endpoints.routes';
import { originOf } from './public-origin';
import { type RenderedAnswer, ifNoneMatchHolds, sendAnswer, sendNotModified } from './send-json';
import { TransportError } from './transport-error';

export const API_PREFIX = '/api/v1/public/';

interface RouteMatch {
  resource: Resource;
  /** The path as a template, ids as `{id}`: the `route` of metrics and traces (docs/observability.md). */
  template: string;
  pathId: string | undefined;
}

const BOOKING_DETAIL_TEMPLATE = `${API_PREFIX}bookings/{id}/`;
const QUOTE_DETAIL_TEMPLATE = `${API_PREFIX}quotes/{id}/`;
const INVOICE_DETAIL_TEMPLATE = `${API_PREFIX}invoices/{id}/`;
const WEBHOOK_ENDPOINT_TEMPLATE = `${API_PREFIX}webhook-endpoints/{id}/`;

/**
 * The endpoints as a table, matched with and without the trailing slash and without redirects (docs/api-behaviour.md §2).
 * Matching is done here rather than by Express' router so that the order of checks is explicit and an undecodable id
 * is a 404 `not_found` like any other bad id, not a router error.
 */
function routeTable(deps: HttpDeps): (path: string) => RouteMatch | null {
  const bookings = bookingResources(deps);
  const invoices = invoiceResources(deps);
  const selling = sellingResources(deps);
  const collections = new Map<string, Resource>([
    ['bookings', bookings.collection],
    ['site-types', selling.siteTypes],
    ['extras', selling.extras],
    ['calendar', selling.calendar],
    ['quotes', selling.quotes],
    ['sites', siteResources(deps).collection],
    ['customers', customerResources(deps).collection],
    ['invoices', invoices.collection],
    ['changes', changeResources(deps).collection],
    ['availability', availabilityResources(deps).collection],
  ]);
  const invoiceParts = new Map<string, Resource>([
    ['lines', invoices.lines],
    ['pdf', invoices.pdf],
  ]);
  const webhooks = webhookEndpointResources(deps);
  collections.set('webhook-endpoints', webhooks.collection);
  return (path) => {
    if (!path.startsWith(API_PREFIX)) return null;
    const rest = path.endsWith('/') ? path.slice(API_PREFIX.length, -1) : path.slice(API_PREFIX.length);
    const collection = collections.get(rest);
    if (collection) return { resource: collection, template: `${API_PREFIX}${rest}/`, pathId: undefined };
    if (rest.startsWith('bookings/')) {
      const [segment = '', action, ...more] = rest.slice('bookings/'.length).split('/');
      if (segment !== '' && action === undefined) {
        return { resource: bookings.detail, template: BOOKING_DETAIL_TEMPLATE, pathId: decodeSegment(segment) };
      }
      if (segment !== '' && action === 'cancel' && more.length === 0) {
        return { resource: bookings.cancel, template: `${BOOKING_DETAIL_TEMPLATE}cancel/`, pathId: decodeSegment(segment) };
      }
    }
    if (rest.startsWith('quotes/')) {
      const segment = rest.slice('quotes/'.length);
      if (segment !== '' && !segment.includes('/')) {
        return { resource: selling.quote, template: QUOTE_DETAIL_TEMPLATE, pathId: decodeSegment(segment) };
      }
    }
    if (rest.startsWith('invoices/')) {
      const [segment = '', part, ...more] = rest.slice('invoices/'.length).split('/');
      if (segment === '' || more.length > 0) return null;
      const resource = part === undefined ? invoices.detail : invoiceParts.get(part);
      if (resource) {
        const template = part === undefined ? INVOICE_DETAIL_TEMPLATE : `${INVOICE_DETAIL_TEMPLATE}${part}/`;
        return { resource, template, pathId: decodeSegment(segment) };
      }
    }
    if (rest.startsWith('webhook-endpoints/')) {
      const [id, action, ...more] = rest.slice('webhook-endpoints/'.length).split('/');
      if (id === undefined || id === '' || more.length > 0) return null;
      if (action === undefined) return { resource: webhooks.detail, template: WEBHOOK_ENDPOINT_TEMPLATE, pathId: decodeSegment(id) };
      const sub = webhooks.actions.get(action);
      if (sub) return { resource: sub, template: `${WEBHOOK_ENDPOINT_TEMPLATE}${action}/`, pathId: decodeSegment(id) };
    }
    return null;
  };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // not an integer either way: the endpoint answers 404 not_found
  }
}

/**
 * The one Authorization header of a request. A request with more than one is refused as `invalid_key`
 * (docs/security.md, "One Authorization header"), here by handing the verifier a value no key can match, so it is
 * counted as a failed authentication like any other bad header.
 */
function singleAuthorization(rawHeaders: string[]): string | undefined {
  const values = headerValues(rawHeaders, 'authorization');
  return values.length > 1 ? SEVERAL_AUTHORIZATIONS : values[0];
}

const SEVERAL_AUTHORIZATIONS = '';

/**
 * Admission's refusals as HTTP: a refused key and its standing are shown (docs/authentication.md), and
 * `no_such_operation` is 405 with the path's allowed methods. Anything else goes on to the error handler unchanged.
 */
function asHttp(error: unknown, req: Request, res: Response, allow: string): unknown {
  if (!isDomainError(error)) return error;
  const { refusedKey } = error.details;
  if (refusedKey) {
    setPrincipal(res, refusedKey.principal);
    setRateLimitHeaders(res, refusedKey.standing);
  }
  return error.code === 'no_such_operation' ? new TransportError({ kind: 'method_not_allowed', method: req.method, allow }) : error;
}

function setRateLimitHeaders(res: Response, decision: RateLimitDecision): void {
  res.setHeader('RateLimit-Limit', String(decision.limit));
  res.setHeader('RateLimit-Remaining', String(decision.remaining));
  res.setHeader('RateLimit-Reset', String(decision.resetSeconds));
}

/**
 * Everything after the HTTPS check, in the order of docs/api-behaviour.md §2: unknown path (404), then admission
 * (AdmitRequest: 401 → 405 → 403 → 429), then the endpoint (body, validation, domain rules). 401, 403 and 405 end
 * before the limiter, so they never count against the key; nor does a 304 (see the conditional GET below).
 */
export function apiRoutes(deps: HttpDeps): RequestHandler {
  const handle = pipeline(deps);
  const { activity } = deps;
  if (!activity) return handle;
  return async (req, res, next) => {
    activity.begin();
    try {
      await handle(req, res, next);
    } finally {
      activity.end();
    }
  };
}

function pipeline(deps: HttpDeps): RequestHandler {
  const match = routeTable(deps);
  const { admission, answers } = deps;
  return async (req, res) => {
    const route = match(req.path);
    if (!route) throw new TransportError({ kind: 'unknown_path' });
    setRoute(res, route.template);
    const endpoint = route.resource.endpointFor(req.method);
    const credentials = singleAuthorization(req.rawHeaders);
    const address = req.ip ?? req.socket.remoteAddress ?? '';
    const ifNoneMatch = req.method === 'GET' || req.method === 'HEAD' ? req.get('if-none-match') : undefined;
    // The slow-request log tells the checks apart from the endpoint's own work (docs/observability.md).
    const authStarted = performance.now();
    const timed = async <T>(admitting: Promise<T>): Promise<T> => {
      try {
        return await admitting;
      } catch (error) {
        throw asHttp(error, req, res, route.resource.allow);
      } finally {
        const facts = factsOf(res);
        if (facts) facts.authMs = performance.now() - authStarted;
      }
    };

    if (!endpoint) {
      // Refused by admission: 401 for a bad key, else 405 with the key's standing.
      await timed(admission.admit(credentials, address, null));
      throw new Error('AdmitRequest let in a request that names no operation');
    }
    const answerFor = (principal: Principal): Promise<RenderedAnswer | void> => {
      const handle = () => endpoint.handle(req, res, principal, route.pathId);
      if (!endpoint.cacheable || !answers) return handle();
      // The answer's links are built from the origin, so the origin is part of what it depends on.
      return answers.answer(principal.tenantId, `${originOf(res)}${req.originalUrl}`, async () => {
        const answer = await handle();
        if (!answer) throw new Error(`a cacheable endpoint (${route.template}) answered without a body`);
        return answer;
      });
    };

    if (ifNoneMatch === undefined) {
      const admitted = await timed(admission.admit(credentials, address, endpoint.scope));
      setPrincipal(res, admitted.principal);
      setRateLimitHeaders(res, admitted.standing);
      const answer = await answerFor(admitted.principal);
      if (answer) sendAnswer(res, answer);
      return;
    }

    // docs/channel-managers.md, "Polling cheaply": a 304 does not count against the rate limit, so a conditional
    // GET is admitted without counting (a revoked key still hears 401, and the scopes are the key's current ones);
    // any answer other than 304 is then counted as usual, and a key past its limit hears 429 rather than the
    // endpoint's own error.
    const admitted = await timed(admission.admitUncounted(credentials, address, endpoint.scope));
    setPrincipal(res, admitted.principal);
    const count = async () => {
      try {
        setRateLimitHeaders(res, await admitted.count());
      } catch (error) {
        throw asHttp(error, req, res, route.resource.allow);
      }
    };
    let answer: RenderedAnswer | void;
    try {
      answer = await answerFor(admitted.principal);
    } catch (error) {
      await count();
      throw error;
    }
    if (answer && ifNoneMatchHolds(ifNoneMatch, answer.etag)) {
      setRateLimitHeaders(res, await admitted.standing());
      sendNotModified(res, answer.etag);
      return;
    }
    await count();
    if (answer) sendAnswer(res, answer);
  };
}
