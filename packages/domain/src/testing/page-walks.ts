import { expect } from 'vitest';
import { type Cursor, type Page, type PageHint, type PageRequest, type PageWindow, paginate } from '../shared/pagination';

type ReadPage<T> = (request: PageRequest, hint?: PageHint) => Promise<Page<T>>;

/**
 * Reads a list from page 1 to the end the way a client following `next` links does: each request carries the keyset
 * hint of the page before. `between` runs after each page, e.g. to change the data mid-walk.
 */
export async function walkByCursor<T>(read: ReadPage<T>, pageSize: number, between?: (page: Page<T>) => void): Promise<Page<T>[]> {
  const pages = [await read({ page: 1, pageSize })];
  for (let last = pages[0]!; last.hasNext; last = pages[pages.length - 1]!) {
    between?.(last);
    if (!last.nextCursor) throw new Error(`page ${last.page} has a next page but no cursor`);
    const hint: PageHint = { page: last.page + 1, pageSize, after: last.nextCursor };
    pages.push(await read({ page: last.page + 1, pageSize }, hint));
  }
  return pages;
}

/** Reads every page by number alone (no hint), as a client building `?page=N` itself does. */
export async function walkByOffset<T>(read: ReadPage<T>, pageSize: number): Promise<Page<T>[]> {
  const pages = [await read({ page: 1, pageSize })];
  while (pages[pages.length - 1]!.hasNext) pages.push(await read({ page: pages.length + 1, pageSize }));
  return pages;
}

/**
 * docs/api-behaviour.md §2: following `next` never skips or repeats a record. Walks the list both ways and checks that the cursor
 * walk visits each of `total` rows exactly once, page for page as offset reads see them.
 */
export async function expectCursorWalkMatchesOffsets<T extends { id: number }>(read: ReadPage<T>, pageSize: number, total: number) {
  const byCursor = (await walkByCursor(read, pageSize)).map((page) => page.results.map((row) => row.id));
  const byOffset = (await walkByOffset(read, pageSize)).map((page) => page.results.map((row) => row.id));
  expect(byCursor.map((ids) => ids.length)).toEqual(byOffset.map((ids) => ids.length));
  expect(new Set(byCursor.flat()).size).toBe(total);
  expect(byCursor.flat()).toHaveLength(total);
  expect(byCursor).toEqual(byOffset);
}

/**
 * A repository's `list` walked both ways, page by page through the domain's own `paginate`: once by page number
 * (offsets) and once following each page's cursor. Returns the ids of each page.
 */
export async function walkBothWays<T extends { id: number }>(
  total: number,
  pageSize: number,
  list: (window: PageWindow) => Promise<T[]>,
  cursorOf: (row: T) => Cursor,
): Promise<{ byOffset: number[][]; byCursor: number[][] }> {
  const read: ReadPage<T> = (request, hint) => paginate(request, hint, { count: async () => total, list, cursorOf });
  const ids = (pages: Page<T>[]) => pages.map((page) => page.results.map((row) => row.id));
  return { byOffset: ids(await walkByOffset(read, pageSize)), byCursor: ids(await walkByCursor(read, pageSize)) };
}
