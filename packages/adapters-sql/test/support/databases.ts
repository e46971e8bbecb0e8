import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FixedClock } from '@campsite/domain/testing';
import type { AdapterSet, AdapterSetup } from '@campsite/domain/testing';
import pg from 'pg';
import { afterAll } from 'vitest';
import { openPersistence } from '../../src';
import { postgresRawWriter, sqliteRawWriter } from './raw-writer';

/**
 * Adapter set of a persistence on `url`, driven by a fixed clock the contract suites may move. `reopen` opens a second
 * persistence (connection, pool) on the same database, as another process would.
 */
async function adapterSet(url: string, clock: FixedClock, cleanup: () => Promise<void> = async () => {}): Promise<AdapterSet> {
  const persistence = await openPersistence(url, { clock, poolSize: 4 });
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

/** True in the first test file of this vitest run to ask (files run in worker processes of one parent). */
function firstInThisRun(): boolean {
  try {
    writeFileSync(join(tmpdir(), `campsite-pg-skip-${process.ppid}`), '', { flag: 'wx' });
    return true;
  } catch {
    return false;
  }
}

let containerUrl: Promise<string | null> | undefined;

async function startContainer(): Promise<string | null> {
  try {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:16-alpine').start();
    afterAll(async () => {
      await container.stop();
    });
    return container.getConnectionUri();
  } catch {
    return null;
  }
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch((error: unknown) => console.warn('closing the probe connection failed', error));
  }
}

/**
 * Postgres for this test file, in a schema of its own (dropped after the file) so that parallel runs and files never
 * collide: `TEST_DATABASE_URL` when set, otherwise a testcontainers Postgres when Docker is there. Without either the
 * tests skip with one loud line, unless `REQUIRE_POSTGRES=1` (CI), where an unreachable Postgres fails the run.
 */
export async function postgresForTests(label: string): Promise<{ url: string; baseUrl: string } | null> {
  const baseUrl = await availablePostgres(label);
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
export async function postgresDatabaseForTests(label: string): Promise<{ url: string; baseUrl: string } | null> {
  const baseUrl = await availablePostgres(label);
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

async function availablePostgres(label: string): Promise<string | null> {
  let baseUrl: string | null = process.env.TEST_DATABASE_URL ?? null;
  if (!baseUrl) baseUrl = await (containerUrl ??= startContainer());
  if (!baseUrl || !(await reachable(baseUrl))) {
    const why = process.env.TEST_DATABASE_URL
      ? `TEST_DATABASE_URL is unreachable`
      : 'no TEST_DATABASE_URL and no Docker for testcontainers';
    if (process.env.REQUIRE_POSTGRES === '1') throw new Error(`REQUIRE_POSTGRES=1 but Postgres is not available: ${why}`);
    if (firstInThisRun()) console.warn(`!!! POSTGRES TESTS SKIPPED: ${why}. Set TEST_DATABASE_URL to run them (${label} and others). !!!`);
    return null;
  }
  return baseUrl;
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
