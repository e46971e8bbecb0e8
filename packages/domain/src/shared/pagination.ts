import { DomainError } from './domain-error';

/**
 * Pagination as DRF's PageNumberPagination does it (docs/api-behaviour.md §2). The domain decides the numbers; the HTTP adapter
 * builds the links.
 */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/**
 * The filter every list accepts (docs/change-feed.md): records whose `updatedAt` is at or after `updatedSince`.
 * Absent: not applied.
 */
export interface UpdatedSinceFilter {
  updatedSince?: Date;
}

/** A page request as the client sent it, already read: `'last'` or a 1-based number that may still be out of range. */
export interface PageRequest {
  page: number | 'last';
  pageSize: number;
}

/**
 * A position in a list's fixed, total order: the sort key of a row (a datetime, or a site number) and its id.
 * Lists hand out the position of their last row so that `next` can continue from it without an OFFSET scan.
 */
export interface Cursor {
  key: string;
  id: number;
}

/**
 * Which rows of a list to read. `after`, when present, names the row just before the window: the repository then
 * starts right after it and ignores `offset` (the two must describe the same rows when the data is unchanged).
 */
export interface PageWindow {
  offset: number;
  limit: number;
  after?: Cursor;
}

export interface Page<T> {
  /** Total matching records across all pages. */
  count: number;
  /** The 1-based number of this page. */
  page: number;
  pageSize: number;
  hasNext: boolean;
  hasPrevious: boolean;
  results: T[];
  /** The position of the last result, when a next page exists: a keyset hint for the `next` link. */
  nextCursor?: Cursor;
}

// Python's int(): optional surrounding whitespace, an optional sign, digits (underscores between digits allowed).
const PY_INT = /^\s*[+-]?\d+(?:_\d+)*\s*$/;

/**
 * Reads a query value the way Python's `int()` does; null when it would raise. Python has no integer overflow, so a
 * value beyond 2^53 comes back approximate (possibly ±Infinity) rather than null: callers only compare it with bounds,
 * and DRF clamps a huge `page_size` to the maximum instead of falling back to the default.
 */
export function parsePythonInt(raw: string): number | null {
  if (!PY_INT.test(raw)) return null;
  return Number(raw.trim().replace(/_/g, ''));
}

/**
 * Reads `page` and `page_size`. `page` missing or empty is 1; `last` is the last page; anything that is not an
 * integer, or is < 1, is `invalid_page`. `page_size` that is missing, unreadable, zero or negative is 50; above 200
 * it is clamped to 200 (never an error).
 */
export function readPageRequest(page: string | undefined, pageSize: string | undefined): PageRequest {
  return { page: readPageNumber(page), pageSize: readPageSize(pageSize) };
}

function readPageNumber(raw: string | undefined): number | 'last' {
  if (raw === undefined || raw === '') return 1;
  if (raw === 'last') return 'last';
  const value = parsePythonInt(raw);
  if (value === null || value < 1) throw invalidPage();
  return value;
}

function readPageSize(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_PAGE_SIZE;
  const value = parsePythonInt(raw);
  if (value === null || value <= 0) return DEFAULT_PAGE_SIZE;
  return Math.min(value, MAX_PAGE_SIZE);
}

/** The number of pages for `count` rows; an empty list still has page 1. */
export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/**
 * Resolves a request against a known total, or throws `invalid_page` for a page past the end. A keyset hint is
 * used only when it was issued for exactly this page and page size; a hand-built `?page=N` reads by offset.
 */
export function resolvePage(request: PageRequest, count: number, hint?: PageHint): { page: number; window: PageWindow } {
  const last = pageCount(count, request.pageSize);
  const page = request.page === 'last' ? last : request.page;
  if (page > last) throw invalidPage();
  return { page, window: windowFor(page, request.pageSize, hint) };
}

function windowFor(page: number, pageSize: number, hint?: PageHint): PageWindow {
  const window: PageWindow = { offset: (page - 1) * pageSize, limit: pageSize };
  if (hint && hint.page === page && hint.pageSize === pageSize) window.after = hint.after;
  return window;
}

/** Names one page of a list in a cache key: the request, and the hint only when it applies to this very page. */
export function pageKey(request: PageRequest, hint?: PageHint): string {
  const base = `${request.page}/${request.pageSize}`;
  if (!hint || hint.page !== request.page || hint.pageSize !== request.pageSize) return base;
  return `${base}/${hint.after.key}/${hint.after.id}`;
}

/** The weight of a page in a ReadCache: its rows. */
export const pageWeight = (page: Page<unknown>): number => page.results.length + 1;

/** A keyset hint carried in a `next` link: "page `page` of size `pageSize` starts right after `after`". */
export interface PageHint {
  page: number;
  pageSize: number;
  after: Cursor;
}

export function toPage<T>(request: PageRequest, page: number, count: number, results: T[], cursorOf: (row: T) => Cursor): Page<T> {
  const hasNext = page < pageCount(count, request.pageSize);
  const lastRow = results[results.length - 1];
  return {
    count,
    page,
    pageSize: request.pageSize,
    hasNext,
    hasPrevious: page > 1,
    results,
    ...(hasNext && lastRow !== undefined ? { nextCursor: cursorOf(lastRow) } : {}),
  };
}

function invalidPage(): DomainError {
  return new DomainError('invalid_page', 'Invalid page.');
}

/**
 * The one paging routine every list use case shares: count, resolve the page (404 past the end), read the window.
 */
export async function paginate<T>(
  request: PageRequest,
  hint: PageHint | undefined,
  source: { count(): Promise<number>; list(window: PageWindow): Promise<T[]>; cursorOf(row: T): Cursor },
): Promise<Page<T>> {
  const cursorOf = (row: T) => source.cursorOf(row);
  const { page: requested, pageSize } = request;
  if (requested !== 'last' && requested * pageSize <= MAX_SPECULATIVE_OFFSET) {
    // A numbered page knows its window without the total, so both reads go out together (one database round trip
    // less per list request); the total then decides whether the page exists at all.
    const [count, rows] = await Promise.all([source.count(), source.list(windowFor(requested, pageSize, hint))]);
    const { page } = resolvePage(request, count, hint);
    return toPage(request, page, count, count === 0 ? [] : rows, cursorOf);
  }
  const count = await source.count();
  const { page, window } = resolvePage(request, count, hint);
  const results = count === 0 ? [] : await source.list(window);
  return toPage(request, page, count, results, cursorOf);
}

// Absurd page numbers are checked against the total before any query uses them as an OFFSET.
const MAX_SPECULATIVE_OFFSET = 2 ** 31;

/** Cursor of a row ordered by a datetime and then id. */
export function dateCursor(at: Date, id: number): Cursor {
  return { key: at.toISOString(), id };
}

const EARLIEST_KEY_MS = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST_KEY_MS = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * True for a key `dateCursor` can have written: an ISO datetime in its exact form, within the years storage holds.
 * Any other text in a date list's hint is a crafted cursor; backends would read it differently (a string, a timestamp,
 * an error), so it is not followed (docs/security.md, "No input produces a server error").
 */
export function isDateKey(key: string): boolean {
  const at = Date.parse(key);
  return at >= EARLIEST_KEY_MS && at <= LATEST_KEY_MS && new Date(at).toISOString() === key;
}

/** The hint when its key belongs to the list's order (`accepts`); otherwise none, and the page is read by offset. */
export function followableHint(hint: PageHint | undefined, accepts: (key: string) => boolean): PageHint | undefined {
  return hint && accepts(hint.after.key) ? hint : undefined;
}
