import {
  DomainError,
  type Page,
  type PageHint,
  type PageRequest,
  type Principal,
  type RequiredScope,
  type Scope,
  isRecordId,
} from '@campsite/domain';
import type { Request, Response } from 'express';
import { pageLinks, readPageHint } from '../pagination-links';
import { parsePythonInt, readPageRequest } from '../drf-compat/paging';
import { lastValue, parseQuery, type QueryPairs } from '../drf-compat/urlencode';
import { originOf } from '../public-origin';
import { type RenderedAnswer, jsonAnswer } from '../send-json';

/**
 * One method of one path: the scope its use case requires (or a list of which any one will do), and the work after
 * the checks of docs/api-behaviour.md §2. A GET returns its 200 body instead of sending it, so that the pipeline can answer 304
 * to a matching `If-None-Match` (docs/channel-managers.md, "Polling cheaply"); a POST sends its own answer.
 */
export interface Endpoint {
  readonly scope: RequiredScope;
  /**
   * Set on a GET whose answer depends on nothing but the request's URL and the tenant's data: its rendered answer may
   * be kept while the tenant's data version holds (AnswerCache, docs/performance.md).
   */
  readonly cacheable?: true;
  handle(req: Request, res: Response, principal: Principal, pathId: string | undefined): Promise<RenderedAnswer | void>;
}

/** A path and its methods. HEAD is GET without a body; OPTIONS and the rest are wrong methods (docs/api-behaviour.md §2). */
export interface Resource {
  readonly allow: string;
  endpointFor(method: string): Endpoint | undefined;
}

type Methods = { GET?: Endpoint; POST?: Endpoint; PATCH?: Endpoint; DELETE?: Endpoint };

export function resource(methods: Methods): Resource {
  const table = new Map<string, Endpoint>();
  if (methods.GET) table.set('GET', methods.GET).set('HEAD', methods.GET);
  for (const method of ['POST', 'PATCH', 'DELETE'] as const) if (methods[method]) table.set(method, methods[method]);
  // Allow lists the methods in the order of Django's http_method_names.
  const allow = [methods.GET && 'GET', methods.POST && 'POST', methods.PATCH && 'PATCH', methods.DELETE && 'DELETE', methods.GET && 'HEAD']
    .filter(Boolean)
    .join(', ');
  return { allow, endpointFor: (method) => table.get(method) };
}

/**
 * The id of a detail path. docs/api-behaviour.md §2: an id that is not an integer is the same 404 `not_found` as an
 * absent record; so is one no row can have.
 */
export function recordIdOf(pathId: string | undefined): number {
  const id = pathId === undefined ? null : parsePythonInt(pathId);
  if (id === null || !isRecordId(id)) throw new DomainError('not_found');
  return id;
}

/** The query string as Django's QueryDict reads it. */
export function queryOf(req: Request): QueryPairs {
  const url = req.originalUrl;
  const mark = url.indexOf('?');
  return mark < 0 ? parseQuery('') : parseQuery(url.slice(mark + 1));
}

/** `page`, `page_size` and the keyset hint of a list request; throws `invalid_page` for a bad `page`. */
export function readPaging(query: QueryPairs): { request: PageRequest; hint: PageHint | undefined } {
  return {
    request: readPageRequest(lastValue(query, 'page'), lastValue(query, 'page_size')),
    hint: readPageHint(query),
  };
}

/** The pagination envelope (spec: count, next, previous, results; never a bare array). */
export function renderPage<T>(req: Request, res: Response, query: QueryPairs, page: Page<T>, present: (row: T) => unknown): RenderedAnswer {
  const { next, previous } = pageLinks(`${originOf(res)}${req.path}`, query, page);
  return jsonAnswer({ count: page.count, next, previous, results: page.results.map(present) });
}

/**
 * renderPage for rows whose writer turns them into bytes itself, byte for byte the UTF-8 of jsonText of the page's
 * body, and gives their strong tag: for pages so large that building their objects and text, and hashing their
 * bytes, weigh on the answer's cost. `writePage` gets the envelope as JSON.stringify writes it, up to the results'
 * array.
 */
export function renderPageBytes<T>(
  req: Request,
  res: Response,
  query: QueryPairs,
  page: Page<T>,
  writePage: (envelope: string, rows: readonly T[]) => { bytes: Buffer; etag: string },
): RenderedAnswer {
  const started = performance.now();
  const { next, previous } = pageLinks(`${originOf(res)}${req.path}`, query, page);
  const envelope = JSON.stringify({ count: page.count, next, previous, results: [] }).slice(0, -'[]}'.length);
  const { bytes, etag } = writePage(envelope, page.results);
  return { bytes, length: bytes.length, etag, renderMs: performance.now() - started };
}

/** The sites, customers and invoices lists share one shape; each reads its own filters. */
export function listEndpoint<T, F>(
  useCase: { readonly scope: Scope; execute(p: Principal, r: PageRequest, h?: PageHint, f?: F): Promise<Page<T>> },
  readFilter: (query: QueryPairs) => F,
  present: (row: T) => unknown,
): Endpoint {
  return {
    scope: useCase.scope,
    cacheable: true,
    async handle(req, res, principal) {
      const query = queryOf(req);
      // DRF filters the queryset (400) before it paginates (404 Invalid page.).
      const filter = readFilter(query);
      const { request, hint } = readPaging(query);
      return renderPage(req, res, query, await useCase.execute(principal, request, hint, filter), present);
    },
  };
}
