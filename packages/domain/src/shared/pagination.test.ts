import { describe, expect, it } from 'vitest';
import { isDomainError } from './domain-error';
import { type Cursor, type PageRequest, paginate, resolvePage, toPage } from './pagination';

function invalidPageError(run: () => unknown): boolean {
  try {
    run();
  } catch (error) {
    return isDomainError(error, 'invalid_page') && error.message === 'Invalid page.';
  }
  return false;
}

describe('resolvePage', () => {
  const size = (pageSize: number, page: number | 'last' = 1): PageRequest => ({ page, pageSize });

  it('gives an empty list a page 1 and refuses its page 2', () => {
    expect(resolvePage(size(50), 0)).toEqual({ page: 1, window: { offset: 0, limit: 50 } });
    expect(invalidPageError(() => resolvePage(size(50, 2), 0))).toBe(true);
    expect(resolvePage(size(50, 'last'), 0).page).toBe(1);
  });

  it('resolves "last" against the total', () => {
    expect(resolvePage(size(50, 'last'), 230)).toEqual({ page: 5, window: { offset: 200, limit: 50 } });
    expect(resolvePage(size(50, 'last'), 200).page).toBe(4);
    expect(resolvePage(size(50, 'last'), 1).page).toBe(1);
  });

  it('accepts the last page and refuses the one past it', () => {
    expect(resolvePage(size(50, 5), 230).window).toEqual({ offset: 200, limit: 50 });
    expect(invalidPageError(() => resolvePage(size(50, 6), 230))).toBe(true);
    expect(invalidPageError(() => resolvePage(size(50, 5), 200))).toBe(true);
  });

  const after: Cursor = { key: '2026-01-01T00:00:00.000Z', id: 7 };

  it('uses a keyset hint issued for exactly this page and page size', () => {
    expect(resolvePage(size(50, 3), 230, { page: 3, pageSize: 50, after }).window).toEqual({ offset: 100, limit: 50, after });
  });

  it.each([
    ['another page', { page: 2, pageSize: 50, after }],
    ['another page size', { page: 3, pageSize: 20, after }],
  ])('ignores a hint for %s and reads by offset', (_label, hint) => {
    expect(resolvePage(size(50, 3), 230, hint).window).toEqual({ offset: 100, limit: 50 });
  });
});

describe('toPage', () => {
  const cursorOf = (n: number): Cursor => ({ key: `k${n}`, id: n });

  it('has a next page and a cursor at its last row before the end', () => {
    const page = toPage({ page: 1, pageSize: 2 }, 1, 5, [1, 2], cursorOf);
    expect(page).toEqual({ count: 5, page: 1, pageSize: 2, hasNext: true, hasPrevious: false, results: [1, 2], nextCursor: cursorOf(2) });
  });

  it('has both neighbours in the middle', () => {
    const page = toPage({ page: 2, pageSize: 2 }, 2, 5, [3, 4], cursorOf);
    expect([page.hasPrevious, page.hasNext]).toEqual([true, true]);
  });

  it('has no next page and no cursor on the last page', () => {
    const page = toPage({ page: 'last', pageSize: 2 }, 3, 5, [5], cursorOf);
    expect([page.hasPrevious, page.hasNext]).toEqual([true, false]);
    expect(page).not.toHaveProperty('nextCursor');
  });

  it('has neither neighbour when everything fits on page 1', () => {
    const page = toPage({ page: 1, pageSize: 50 }, 1, 0, [], cursorOf);
    expect(page).toEqual({ count: 0, page: 1, pageSize: 50, hasNext: false, hasPrevious: false, results: [] });
  });
});

describe('paginate', () => {
  const rows = Array.from({ length: 7 }, (_, i) => i + 1);
  const source = (data: number[]) => ({
    reads: 0,
    count: async () => data.length,
    async list(window: { offset: number; limit: number }) {
      this.reads++;
      return data.slice(window.offset, window.offset + window.limit);
    },
    cursorOf: (n: number): Cursor => ({ key: String(n), id: n }),
  });

  it('counts, resolves and reads one window', async () => {
    const page = await paginate({ page: 2, pageSize: 3 }, undefined, source(rows));
    expect(page).toMatchObject({ count: 7, page: 2, results: [4, 5, 6], hasNext: true, hasPrevious: true, nextCursor: { id: 6 } });
  });

  it('an empty list is page 1 with no results', async () => {
    expect(await paginate({ page: 1, pageSize: 3 }, undefined, source([]))).toMatchObject({
      count: 0,
      page: 1,
      results: [],
      hasNext: false,
    });
  });

  it('reads a numbered page together with the total, but checks an absurd page number against the total first', async () => {
    const numbered = source(rows);
    await paginate({ page: 2, pageSize: 3 }, undefined, numbered);
    expect(numbered.reads).toBe(1);
    const absurd = source(rows);
    await expect(paginate({ page: 2 ** 40, pageSize: 200 }, undefined, absurd)).rejects.toMatchObject({ code: 'invalid_page' });
    expect(absurd.reads).toBe(0);
  });

  it('resolves page=last from the total before reading rows', async () => {
    const last = source(rows);
    expect(await paginate({ page: 'last', pageSize: 3 }, undefined, last)).toMatchObject({ page: 3, results: [7] });
    expect(last.reads).toBe(1);
  });

  it('rejects a page past the end with invalid_page', async () => {
    await expect(paginate({ page: 4, pageSize: 3 }, undefined, source(rows))).rejects.toMatchObject({ code: 'invalid_page' });
  });

  describe('with a source that reads rows and total together', () => {
    const counted = (data: number[]) => {
      const calls: string[] = [];
      return {
        calls,
        count: async () => (calls.push('count'), data.length),
        list: async (w: { offset: number; limit: number }) => (calls.push('list'), data.slice(w.offset, w.offset + w.limit)),
        listWithCount: async (w: { offset: number; limit: number }) => (
          calls.push(`listWithCount@${w.offset}`),
          { rows: data.slice(w.offset, w.offset + w.limit), count: data.length }
        ),
        cursorOf: (n: number): Cursor => ({ key: String(n), id: n }),
      };
    };

    it('reads a page that holds rows in one call, with the same page as the counted way', async () => {
      const one = counted(rows);
      const page = await paginate({ page: 2, pageSize: 3 }, undefined, one);
      expect(one.calls).toEqual(['listWithCount@3']);
      expect(page).toEqual(await paginate({ page: 2, pageSize: 3 }, undefined, source(rows)));
    });

    it('counts first for page=last, an empty list, a page past the end and an absurd page number', async () => {
      const last = counted(rows);
      expect(await paginate({ page: 'last', pageSize: 3 }, undefined, last)).toMatchObject({ page: 3, results: [7] });
      expect(last.calls).toEqual(['count', 'list']);
      const empty = counted([]);
      expect(await paginate({ page: 1, pageSize: 3 }, undefined, empty)).toMatchObject({ count: 0, page: 1, results: [] });
      expect(empty.calls).toEqual(['listWithCount@0', 'count']);
      await expect(paginate({ page: 4, pageSize: 3 }, undefined, counted(rows))).rejects.toMatchObject({ code: 'invalid_page' });
      const absurd = counted(rows);
      await expect(paginate({ page: 1e20, pageSize: 200 }, undefined, absurd)).rejects.toMatchObject({ code: 'invalid_page' });
      expect(absurd.calls).toEqual(['count']);
    });
  });
});
