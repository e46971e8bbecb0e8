import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { SqliteDatabase } from '../src/sqlite/sqlite-database';
import { tempDir } from './support/databases';

// docs/performance.md, "Memory": the connection's page cache is SQLite's default of 2 MB, not the 16 MB better-sqlite3
// builds SQLite with, which a server of thousands of small tenants filled with pages it read once.

const dir = tempDir('page-cache');
afterEach(() => dir.remove());

it("holds the connection's page cache to 2,000 KiB, where better-sqlite3 alone would give 16,000", async () => {
  const file = join(dir.path, 'campsite.db');
  const plain = new Database(file);
  expect(plain.pragma('cache_size', { simple: true })).toBe(-16_000);
  plain.close();
  const db = new SqliteDatabase(file);
  try {
    expect(await db.get<{ cache_size: number }>('PRAGMA cache_size')).toEqual({ cache_size: -2000 });
  } finally {
    await db.close();
  }
});
