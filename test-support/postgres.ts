import pg from 'pg';
import { LOCAL_POSTGRES } from './needs';

/** What the run's search for a PostgreSQL server found. */
export interface FoundPostgres {
  /** The server's URL for the test files, or null when none answered. */
  url: string | null;
  /** Where it came from, or why there is none: for the run's closing line. */
  story: string;
  /** Stops what the search started (a container); a no-op otherwise. */
  stop(): Promise<void>;
}

const nothingToStop = async (): Promise<void> => undefined;

/** The URL without its password, fit to print. */
export function printable(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(a TEST_DATABASE_URL that is not a URL)';
  }
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch((error: unknown) => console.warn('closing the PostgreSQL probe failed', error));
  }
}

/**
 * A throwaway server in Docker, when a Docker engine answers: the same everywhere, whatever the machine has. Null with
 * the reason when there is no engine; a container that would not start is reported too, as it is not what the
 * developer meant.
 */
async function container(): Promise<{ found: FoundPostgres } | { why: string }> {
  const { getContainerRuntimeClient } = await import('testcontainers');
  try {
    await getContainerRuntimeClient();
  } catch {
    return { why: 'no Docker' };
  }
  try {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const started = await new PostgreSqlContainer('postgres:16-alpine').start();
    const url = started.getConnectionUri();
    return {
      found: { url, story: `a PostgreSQL container (${printable(url)})`, stop: async () => void (await started.stop()) },
    };
  } catch (error) {
    return { why: `Docker answers but its PostgreSQL container did not start: ${(error as Error).message.split('\n')[0]}` };
  }
}

/**
 * The server the PostgreSQL suites run against, searched once per run: `TEST_DATABASE_URL` when set (it always wins,
 * and is not replaced when it does not answer), else a testcontainers server where Docker answers, else the local
 * server of docs/testing.md on 127.0.0.1:5432.
 */
export async function findPostgres(explicit: string | undefined): Promise<FoundPostgres> {
  if (explicit) {
    return (await answers(explicit))
      ? { url: explicit, story: `TEST_DATABASE_URL=${printable(explicit)}`, stop: nothingToStop }
      : { url: null, story: `TEST_DATABASE_URL=${printable(explicit)} does not answer`, stop: nothingToStop };
  }
  const docker = await container();
  if ('found' in docker) return docker.found;
  if (await answers(LOCAL_POSTGRES)) return { url: LOCAL_POSTGRES, story: `the server on 127.0.0.1:5432`, stop: nothingToStop };
  return { url: null, story: `${docker.why}, nothing on 127.0.0.1:5432`, stop: nothingToStop };
}
