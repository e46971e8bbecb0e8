import { randomUUID } from 'node:crypto';
import type { Principal } from '@campsite/domain';
import type { RequestHandler, Response } from 'express';
import type { HttpLogger, RequestObserver, RequestOutcome } from './http-deps';

// A client's own id is echoed only when it is short and harmless in logs and headers.
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;
/** The Strict-Transport-Security value of every response (docs/api-behaviour.md §1), also for answers written outside Express. */
export const HSTS = 'max-age=31536000';
/**
 * Headers every answer carries, also the ones written outside Express (docs/security.md, "Response headers"): HSTS,
 * no MIME sniffing, and no caching: authenticated answers hold personal data, and the rest are not worth keeping.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': HSTS,
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
};
// Raw keys are `ck_` + 29 characters; one pasted into a URL must not reach a log line (docs/api-behaviour.md §1).
const RAW_KEY = /ck_[A-Za-z0-9]{29}/g;
const HAS_RAW_KEY = /ck_[A-Za-z0-9]{29}/;
const PERCENT_ESCAPE = /%([0-9A-Fa-f]{2})/g;
// Enough for a key escaped twice or three times over (`%255F`); each round undoes one level.
const MAX_DECODING_ROUNDS = 4;

/** Replaces anything shaped like a raw API key. */
export function redactKeys(text: string): string {
  return text.includes('ck_') ? text.replace(RAW_KEY, 'ck_[redacted]') : text;
}

/**
 * A request path as it may be logged: when the path, with its percent escapes undone (any number of times, and
 * whether or not they form valid UTF-8), holds a raw key, the decoded path is logged with the key redacted
 * (docs/security.md, "Keys never reach a log line").
 */
export function redactPath(path: string): string {
  let decoded = path;
  for (let round = 0; round < MAX_DECODING_ROUNDS && decoded.includes('%'); round++) {
    const next = decoded.replace(PERCENT_ESCAPE, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (next === decoded) break;
    decoded = next;
    if (HAS_RAW_KEY.test(decoded)) return redactKeys(decoded);
  }
  return redactKeys(path);
}

export function requestIdOf(res: Response): string {
  return res.getHeader('X-Request-Id') as string;
}

export function setPrincipal(res: Response, principal: Principal): void {
  res.locals.principal = principal;
}

/** The route label of a request that matched no route: one fixed value, so an unknown path never becomes a label. */
export const UNMATCHED_ROUTE = 'unmatched';

/** What the adapter learns about a request while handling it; read once the response is done. */
export interface RequestFacts {
  route: string;
  authMs: number;
  renderMs: number;
  errorCode: string | undefined;
}

/** The request's facts, or undefined for a response that did not pass through requestContext (some unit tests). */
export function factsOf(res: Response): RequestFacts | undefined {
  return res.locals.facts as RequestFacts | undefined;
}

/** Names the route template that answers the request (docs/observability.md: the `route` label). */
export function setRoute(res: Response, template: string): void {
  const facts = factsOf(res);
  if (facts) facts.route = template;
}

/**
 * Runs first for every request: the headers every response carries (X-Request-Id and SECURITY_HEADERS, see
 * docs/security.md, "Response headers"), one log line when the response is done, and the observer's view of the
 * request (docs/observability.md). The line has method, path without query, status, duration, request id and the key
 * prefix, never the Authorization header.
 */
export function requestContext(logger: HttpLogger, observer?: RequestObserver): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const sent = req.headers['x-request-id'];
    // A key sent as the request id would be echoed and logged: such an id is replaced (docs/security.md).
    const requestId = typeof sent === 'string' && CLIENT_REQUEST_ID.test(sent) && !HAS_RAW_KEY.test(sent) ? sent : randomUUID();
    res.setHeader('X-Request-Id', requestId);
    for (const name in SECURITY_HEADERS) res.setHeader(name, SECURITY_HEADERS[name] as string);
    const facts: RequestFacts = { route: UNMATCHED_ROUTE, authMs: 0, renderMs: 0, errorCode: undefined };
    res.locals.facts = facts;
    const logs = logger.isLevelEnabled?.('info') !== false;
    if (!logs && !observer) {
      next();
      return;
    }
    let finish: ((outcome: RequestOutcome) => void) | undefined;
    res.once('close', () => {
      const principal = res.locals.principal as Principal | undefined;
      const durationMs = performance.now() - started;
      const aborted = !res.writableFinished;
      if (logs) {
        const fields: Record<string, unknown> = {
          method: req.method,
          path: redactPath(req.path),
          status: res.statusCode,
          durationMs: Math.round(durationMs * 1000) / 1000,
          requestId,
        };
        if (principal) fields.keyPrefix = principal.prefix;
        if (aborted) fields.aborted = true;
        logger.info(fields, 'request');
      }
      finish?.({
        requestId,
        method: req.method,
        route: facts.route,
        status: res.statusCode,
        durationMs,
        authMs: facts.authMs,
        renderMs: facts.renderMs,
        authenticated: principal !== undefined,
        errorCode: facts.errorCode,
        aborted,
      });
    });
    if (observer) finish = observer.begin({ requestId, method: req.method, headers: req.headers }, next);
    else next();
  };
}
