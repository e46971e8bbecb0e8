import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type PageRequest, invalidPage } from '@campsite/domain';

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
 * Reads `page` and `page_size` as DRF's PageNumberPagination does (docs/api-behaviour.md §2). `page` missing or empty
 * is 1; `last` is the last page; anything that is not an integer, or is < 1, is `invalid_page`. `page_size` that is
 * missing, unreadable, zero or negative is 50; above 200 it is clamped to 200 (never an error).
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

/** `page_size` alone: the change feed reads it like every list does, and has no `page`. */
export function readPageSize(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_PAGE_SIZE;
  const value = parsePythonInt(raw);
  if (value === null || value <= 0) return DEFAULT_PAGE_SIZE;
  return Math.min(value, MAX_PAGE_SIZE);
}
