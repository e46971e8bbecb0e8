import type { Cursor, PageWindow, UpdatedSinceFilter } from '../shared/pagination';

export function updatedSince(row: { updatedAt: Date }, filter: UpdatedSinceFilter): boolean {
  return filter.updatedSince === undefined || row.updatedAt.getTime() >= filter.updatedSince.getTime();
}

export function byDateDescThenIdDesc<T extends { id: number }>(dateOf: (row: T) => Date) {
  return (a: T, b: T) => dateOf(b).getTime() - dateOf(a).getTime() || b.id - a.id;
}

export function windowOf<T>(sorted: T[], window: PageWindow, isAfter: (row: T, cursor: Cursor) => boolean): T[] {
  const after = window.after;
  if (!after) return sorted.slice(window.offset, window.offset + window.limit);
  const start = sorted.findIndex((row) => isAfter(row, after));
  return start < 0 ? [] : sorted.slice(start, start + window.limit);
}

export function afterDesc<T extends { id: number }>(dateOf: (row: T) => Date) {
  return (row: T, cursor: Cursor) => {
    const key = dateOf(row).toISOString();
    return key < cursor.key || (key === cursor.key && row.id < cursor.id);
  };
}
