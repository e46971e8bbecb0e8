/**
 * A throwaway Postgres database per run: created from the admin URL (BENCH_DATABASE_URL or TEST_DATABASE_URL) and
 * dropped at the end, whatever happened. `pg` is resolved from adapters-sql, whose dependency it is; bench/ is not a
 * workspace package.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

interface PgClient {
  connect(): Promise<void>;
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  end(): Promise<void>;
}
type PgModule = { Client: new (config: { connectionString: string }) => PgClient };

const requireFromSql = createRequire(fileURLToPath(new URL('../packages/adapters-sql/package.json', import.meta.url)));
const pg = requireFromSql('pg') as PgModule;

async function onAdmin(adminUrl: string, sql: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

export function adminDatabaseUrl(): string | null {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || null;
}

export interface ThrowawayDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
  /** What the server's connections are doing, for diagnosing a hang. */
  activity(): Promise<string>;
}

export async function createThrowawayDatabase(adminUrl: string, name: string): Promise<ThrowawayDatabase> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name ${name}`);
  const host = new URL(adminUrl).hostname;
  // A load test sends traffic to this machine only: the bench refuses any database that is not on loopback.
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) throw new Error(`refusing non-loopback Postgres ${host}`);
  await onAdmin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    name,
    async activity() {
      const rows = await onAdmin(
        adminUrl,
        `SELECT state, wait_event_type, wait_event, left(query, 120) AS query, count(*)::int AS n
           FROM pg_stat_activity WHERE datname = $1 GROUP BY 1, 2, 3, 4 ORDER BY n DESC`,
        [name],
      );
      const total = await onAdmin(adminUrl, 'SELECT count(*)::int AS n FROM pg_stat_activity');
      return `${rows.map((r) => JSON.stringify(r)).join('\n')}\n(all connections on the server: ${String(total[0]?.n)})`;
    },
    async drop() {
      if (dropped) return;
      dropped = true;
      await onAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
