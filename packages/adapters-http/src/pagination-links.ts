import { isRecordId, type Page, type PageHint } from '@campsite/domain';
import { encodeQuery, groupQuery, lastValue, type QueryPairs } from './drf-compat/urlencode';

/**
 * `next` and `previous` exactly as DRF's PageNumberPagination builds them (docs/api-behaviour.md §2): from the request's absolute
 * URL, keeping every other query parameter as sent, replacing `page`, keys sorted and `quote_plus`-encoded; a
 * `previous` to page 1 drops `page`. `next` also carries the keyset hint `cursor`, so the next page reads on after the
 * last row instead of counting past the earlier ones (docs/pagination-and-sync.md); `previous` never does.
 */
export function pageLinks(base: string, query: QueryPairs, page: Page<unknown>): { next: string | null; previous: string | null } {
  let next: string | null = null;
  let previous: string | null = null;
  if (page.hasNext) {
    const groups = groupQuery(query);
    groups.set('page', [String(page.page + 1)]);
    if (page.nextCursor) {
      groups.set('cursor', [encodeCursor({ page: page.page + 1, pageSize: page.pageSize, after: page.nextCursor })]);
    } else {
      groups.delete('cursor');
    }
    next = withQuery(base, encodeQuery(groups));
  }
  if (page.hasPrevious) {
    const groups = groupQuery(query);
    groups.delete('cursor');
    if (page.page - 1 === 1) groups.delete('page');
    else groups.set('page', [String(page.page - 1)]);
    previous = withQuery(base, encodeQuery(groups));
  }
  return { next, previous };
}

function withQuery(base: string, query: string): string {
  return query === '' ? base : `${base}?${query}`;
}

/**
 * base64url of `{"p":page,"s":pageSize,"k":key,"i":id}`: the page it leads to and its size, and the sort key and id of
 * the row that page starts right after. Clients treat it as opaque (docs/pagination-and-sync.md); only `readPageHint`
 * reads it back.
 */
export function encodeCursor(hint: PageHint): string {
  const json = JSON.stringify({ p: hint.page, s: hint.pageSize, k: hint.after.key, i: hint.after.id });
  return Buffer.from(json, 'utf8').toString('base64url');
}

/** The hint a client sent back, or undefined when absent or malformed: the domain then reads by offset. */
export function readPageHint(query: QueryPairs): PageHint | undefined {
  const raw = lastValue(query, 'cursor');
  if (raw === undefined || raw === '' || !/^[A-Za-z0-9_-]+$/.test(raw)) return undefined;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof decoded !== 'object' || decoded === null) return undefined;
  const { p, s, k, i } = decoded as Record<string, unknown>;
  // A crafted hint is ignored (the page is read by offset), never passed on: an id no backend stores, or a key with
  // text Postgres refuses, would otherwise reach the database (docs/security.md, "No input produces a server error").
  if (!isPositiveInteger(p) || !isPositiveInteger(s) || typeof k !== 'string' || !isStorableText(k) || !isRecordId(i as number)) {
    return undefined;
  }
  return { page: p, pageSize: s, after: { key: k, id: i as number } };
}

// Longer than any sort key a list hands out (an ISO datetime, a site number).
const MAX_KEY_LENGTH = 256;
// eslint-disable-next-line no-control-regex -- NUL is exactly what this pattern must find.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function isStorableText(text: string): boolean {
  return text.length <= MAX_KEY_LENGTH && !UNSTORABLE.test(text);
}

function isPositiveInteger(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 1;
}
