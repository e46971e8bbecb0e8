import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@campsite/domain';
import { z } from 'zod';

/**
 * The paging parameters of every list, for the OpenAPI document. The domain reads them (`readPageRequest`, DRF's
 * PageNumberPagination) and pagination-links.ts reads `cursor`; the limits in these descriptions are the domain's own
 * constants, so the text follows the code.
 */
export const pagingQuerySchema = z.object({
  page: z
    .union([z.literal('last'), z.string().regex(/^\s*[+-]?\d+(?:_\d+)*\s*$/)])
    .optional()
    .meta({
      description:
        "The 1-based page number, read like Python's `int()` (surrounding whitespace and a sign are fine), or " +
        '`last` for the last page. Missing or empty: 1. Not an integer, below 1, or past the end: 404 ' +
        '`{"detail":"Invalid page."}`. An empty list still has page 1.',
      examples: ['2'],
    }),
  page_size: z
    .string()
    .optional()
    .meta({
      description:
        `Records per page, default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}. A larger value is ` +
        `clamped to ${MAX_PAGE_SIZE}; a value that is missing, empty, not an integer, 0 or negative means ` +
        `${DEFAULT_PAGE_SIZE}. Never an error.`,
      examples: ['200'],
    }),
  cursor: z
    .string()
    .optional()
    .meta({
      description:
        'An opaque position that `next` links carry so that the next page is read without an offset scan. Do not ' +
        'build it; a malformed or stale one is ignored.',
    }),
});

/** The query of GET /changes/: a stored cursor and the page size (read like every list's). */
export const changesQuerySchema = z.object({
  after: z
    .string()
    .optional()
    .meta({
      description:
        'The `cursor` of an earlier answer: the feed continues right after it. Absent or empty: from the beginning. ' +
        'Malformed, or from another tenant: 400 `{"detail":"invalid_cursor"}`.',
    }),
  page_size: pagingQuerySchema.shape.page_size,
});
