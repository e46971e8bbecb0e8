import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FixedClock } from '@campsite/domain/testing';
import type { AdapterSet, AdapterSetup } from '@campsite/domain/testing';
import pg from 'pg';
import { afterAll } from 'vitest';
import { testDatabaseUrl } from '../../../../test-support/skips';
import { ALL_SQL_ACCELERATORS, NO_SQL_ACCELERATORS, openPersistence } from '../../src';
import { postgresRawWriter, sqliteRawWriter } from './raw-writer';

/**
 * Adapter set of a persistence on `url`, driven by a fixed clock the contract suites may move. `reopen` opens a second
 * persistence (connection, pool) on the same database, as another process would.
 */
/** The contract suites seal signing secrets as the service does, under this key. */
export const TEST_SEALING_KEY = Buffer.alloc(32, 7);

/** Every accelerator, or none in the run's plain pass (ACCELERATORS=off; docs/testing.md). */
export const RUN_ACCELERATORS = process.env.ACCELERATORS === 'off' ? NO_SQL_ACCELERATORS : ALL_SQL_ACCELERATORS;

async function adapterSet(url: string, clock: FixedClock, cleanup: () => Promise<void> = async () => {}): Promise<AdapterSet> {
  const persistence = await openPersistence(url, { clock, poolSize: 4, accelerators: RUN_ACCELERATORS, sealingKeys: [TEST_SEALING_KEY] });
  await persistence.migrate();
  return {
    ...persistence,
    clock,
    reopen: () => adapterSet(url, clock),
    raw: async () => (url.startsWith('sqlite:') ? sqliteRawWriter(url.slice('sqlite:'.length)) : postgresRawWriter(url)),
    close: async () => {
      await persistence.close();
      await cleanup();
    },
  };
}

/** A fresh temporary directory, removed when the caller is done. */
export function tempDir(label: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), `campsite-${label}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** Each call opens a new SQLite file in its own temp directory, migrated. */
export const sqliteSetup: AdapterSetup = async () => {
  const dir = tempDir('sqlite');
  return adapterSet(`sqlite:${join(dir.path, 'data', 'campsite.db')}`, new FixedClock(), async () => dir.remove());
};

/** The URL of `base` with `search_path` pinned to `schema` on every connection of a pool. */
export function withSchema(base: string, schema: string): string {
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

/**
 * Postgres for this test file, in a schema of its own (dropped after the file) so that parallel runs and files never
 * collide, on the run's server (docs/testing.md). Null without one: the caller skips its suite, which the run's
 * closing line names (or fails, under `REQUIRE_POSTGRES=1`).
 */
export async function postgresForTests(): Promise<{ url: string; baseUrl: string } | null> {
  const baseUrl = testDatabaseUrl();
  if (baseUrl === null) return null;
  const schema = `campsite_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await adminQuery(baseUrl, `CREATE SCHEMA ${schema}`);
  afterAll(async () => {
    await adminQuery(baseUrl, `DROP SCHEMA ${schema} CASCADE`);
  });
  return { url: withSchema(baseUrl, schema), baseUrl };
}

/**
 * A throwaway database of its own for this test file (dropped afterwards), for connections that cannot pin a schema
 * with the `options` startup parameter: PgBouncer refuses that parameter.
 */
export async function postgresDatabaseForTests(): Promise<{ url: string; baseUrl: string } | null> {
  const baseUrl = testDatabaseUrl();
  if (baseUrl === null) return null;
  const name = `campsite_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
  afterAll(async () => {
    await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), baseUrl };
}

export async function adminQuery(url: string, sql: string, params: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

/** Each call opens a new pool on the run's schema; the first migrates it, later ones find it migrated. */
export function postgresSetup(url: string): AdapterSetup {
  return () => adapterSet(url, new FixedClock());
}
