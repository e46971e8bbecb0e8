import { DomainError } from './domain-error';

/**
 * Pagination as DRF's PageNumberPagination does it (docs/api-behaviour.md §2). The HTTP adapter reads `page` and
 * `page_size` and builds the links; the domain decides which page that is and whether it exists.
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

/** 404 `Invalid page.`: a page number that is not one, below 1, or past the end. */
export function invalidPage(): DomainError {
  return new DomainError('invalid_page', 'Invalid page.');
}

/** What `paginate` reads a list through. */
export interface PageSource<T> {
  count(): Promise<number>;
  list(window: PageWindow): Promise<T[]>;
  cursorOf(row: T): Cursor;
  /**
   * The window's rows and the total in one read, where the list can give both at once. A page that holds a row is
   * then read with no count before it; `last`, and a page with no rows (an empty list, or past the end), count first.
   */
  listWithCount?(window: PageWindow): Promise<{ rows: T[]; count: number }>;
}

/**
 * The one paging routine every list use case shares: count, resolve the page (404 past the end), read the window.
 */
export async function paginate<T>(request: PageRequest, hint: PageHint | undefined, source: PageSource<T>): Promise<Page<T>> {
  const cursorOf = (row: T) => source.cursorOf(row);
  if (source.listWithCount && request.page !== 'last') {
    const guess = windowFor(request.page, request.pageSize, hint);
    // Only a window a database can be asked for: a page number past any list (1e20) goes the counted way, to its 404.
    if (Number.isSafeInteger(guess.offset) && guess.offset >= 0) {
      const { rows, count } = await source.listWithCount(guess);
      if (rows.length > 0) return toPage(request, request.page, count, rows, cursorOf);
    }
  }
  const count = await source.count();
  const { page, window } = resolvePage(request, count, hint);
  const results = count === 0 ? [] : await source.list(window);
  return toPage(request, page, count, results, cursorOf);
}

/** Cursor of a row ordered by a datetime and then id. */
export function dateCursor(at: Date, id: number): Cursor {
  return { key: at.toISOString(), id };
}

const EARLIEST_KEY_MS = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST_KEY_MS = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * True for a key `dateCursor` can have written: an ISO datetime in its exact form, within the years storage holds.
 * Any other text in a date list's hint was not issued by the service, and is not followed: every backend then reads
 * the page by its number alike (docs/security.md, "No input produces a server error").
 */
export function isDateKey(key: string): boolean {
  const at = Date.parse(key);
  return at >= EARLIEST_KEY_MS && at <= LATEST_KEY_MS && new Date(at).toISOString() === key;
}

/** The hint when its key belongs to the list's order (`accepts`); otherwise none, and the page is read by offset. */
export function followableHint(hint: PageHint | undefined, accepts: (key: string) => boolean): PageHint | undefined {
  return hint && accepts(hint.after.key) ? hint : undefined;
}
