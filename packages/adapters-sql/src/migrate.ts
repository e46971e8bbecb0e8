import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SqlDatabase } from './sql-database';

const MIGRATIONS_ROOT = fileURLToPath(new URL('../migrations/', import.meta.url));

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The numbered scripts of one dialect, in order: `migrations/<dialect>/NNN_name.sql`. */
export function loadMigrations(dialect: 'sqlite' | 'postgres'): Migration[] {
  const dir = `${MIGRATIONS_ROOT}${dialect}/`;
  return readdirSync(dir)
    .filter((file) => /^\d+_.+\.sql$/.test(file))
    .map((file) => ({ version: Number(file.slice(0, file.indexOf('_'))), name: file, sql: readFileSync(dir + file, 'utf8') }))
    .sort((a, b) => a.version - b.version);
}

/**
 * Applies the scripts not yet recorded in `schema_migrations`, all in one transaction. Idempotent, and safe when two
 * processes start at once: Postgres takes an advisory lock first, SQLite's IMMEDIATE transaction holds the write
 * lock, so the second process waits and then finds nothing left to do. Returns the migrations it applied, in order.
 */
export async function migrate(db: SqlDatabase): Promise<Migration[]> {
  const migrations = loadMigrations(db.dialect.name);
  return db.transaction(async (tx) => {
    await db.dialect.lockMigrations(tx);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at text NOT NULL)',
    );
    const applied = new Set((await tx.all<{ version: unknown }>('SELECT version FROM schema_migrations')).map((r) => Number(r.version)));
    const done: Migration[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [
        migration.version,
        migration.name,
        new Date().toISOString(),
      ]);
      done.push(migration);
    }
    return done;
  });
}
