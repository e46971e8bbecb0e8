import { type Page, type Route, exchangeOf } from './operations.js';
import type { ApiPromise } from './response.js';
import type { RequestOptions, Transport } from './transport.js';

/**
 * A paged list. `pages` and `all` follow the service's `next` links to the end; each page is one call with its own
 * retries (and `options` apply to every one), so a long walk survives a hiccup without starting over.
 */
export interface Listing<T, Q> {
  /** One page; `query` takes `page`, `page_size` and the list's filters. */
  list(query?: Q, options?: RequestOptions): ApiPromise<Page<T>>;
  /** Every page from the first (or `query.page`), following `next` to the end. */
  pages(query?: Q, options?: RequestOptions): AsyncGenerator<Page<T>, void, undefined>;
  /** Every record, page after page, following `next` to the end. */
  all(query?: Q, options?: RequestOptions): AsyncGenerator<T, void, undefined>;
}

/** A paged list whose query is required (a window of nights): its links keep the query to the last page. */
export interface QueriedListing<T, Q> {
  list(query: Q, options?: RequestOptions): ApiPromise<Page<T>>;
  pages(query: Q, options?: RequestOptions): AsyncGenerator<Page<T>, void, undefined>;
  all(query: Q, options?: RequestOptions): AsyncGenerator<T, void, undefined>;
}

/** A paged list that belongs to one record (an invoice's lines, an endpoint's deliveries): its id comes first. */
export interface NestedListing<T, Q> {
  /** One page of the record's list. */
  list(id: number, query?: Q, options?: RequestOptions): ApiPromise<Page<T>>;
  /** Every page, following `next` to the end. */
  pages(id: number, query?: Q, options?: RequestOptions): AsyncGenerator<Page<T>, void, undefined>;
  /** Every record, page after page. */
  all(id: number, query?: Q, options?: RequestOptions): AsyncGenerator<T, void, undefined>;
}

export function nestedListing<T, Q extends object>(transport: Transport, route: Route): NestedListing<T, Q> {
  return {
    list: (id, query, options) => listing<T, Q>(transport, route, id).list(query, options),
    pages: (id, query, options) => listing<T, Q>(transport, route, id).pages(query, options),
    all: (id, query, options) => listing<T, Q>(transport, route, id).all(query, options),
  };
}

/** The list of `route`; with `id`, the list of that record. */
export function listing<T, Q extends object>(transport: Transport, route: Route, id?: number): Listing<T, Q> {
  return {
    list: (query, options) => transport.call<Page<T>>(exchangeOf(route, id, query), options),
    pages: (query, options) => followPages<Page<T>>(transport, exchangeOf(route, id, query).target, options),
    all: (query, options) => records(followPages<Page<T>>(transport, exchangeOf(route, id, query).target, options)),
  };
}

/** Pages from `first` to the last, by each page's `next` link. */
export async function* followPages<P extends { next: string | null }>(
  transport: Transport,
  first: string,
  options?: RequestOptions,
): AsyncGenerator<P, void, undefined> {
  let target: string | null = first;
  while (target !== null) {
    const page: P = await transport.call<P>({ method: 'GET', target }, options);
    yield page;
    target = page.next;
  }
}

async function* records<T>(pages: AsyncIterable<Page<T>>): AsyncGenerator<T, void, undefined> {
  for await (const page of pages) yield* page.results;
}
