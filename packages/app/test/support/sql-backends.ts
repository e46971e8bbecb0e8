import { type InvoiceRenderer, SCOPES, type Scope, type TenantSnapshot } from '@campsite/domain';
import { FakeSecretHasher, FixedClock, type RawWriter } from '@campsite/domain/testing';
import { describe, it } from 'vitest';
import { type Server, serve } from '../../../adapters-http/test/support/http-harness';
import { postgresForTests, tempDir } from '../../../adapters-sql/test/support/databases';
import { postgresRawWriter, sqliteRawWriter } from '../../../adapters-sql/test/support/raw-writer';
import { loadConfig } from '../../src/config';
import { type AppContainer, TOKENS, createContainer } from '../../src/container';

/** The run's plain pass: every accelerator off, on SQLite (ACCELERATORS=off; docs/testing.md). */
export function plainPass(): boolean {
  return process.env.ACCELERATORS === 'off';
}

/**
 * Runs an HTTP scenario suite (`describeSuite`) against the wired app on SQLite (a fresh file) and on Postgres (a
 * schema of this file's own; a visible skip without one). `openOn` opens the app over a database URL.
 */
export async function describeOnSqlBackends<W extends { close(): Promise<void> }>(
  title: string,
  describeSuite: (name: string, open: () => Promise<W>) => void,
  openOn: (databaseUrl: string) => Promise<W>,
): Promise<void> {
  describeSuite('sqlite', async () => {
    const dir = tempDir('http-scenarios');
    const world = await openOn(`sqlite:${dir.path}/campsite.db`);
    return {
      ...world,
      async close() {
        await world.close();
        dir.remove();
      },
    };
  });
  if (plainPass()) {
    describe(`${title}: postgres`, () => it.skip('the plain pass runs on SQLite; the main pass runs PostgreSQL (docs/testing.md)'));
    return;
  }
  const postgres = await postgresForTests();
  if (postgres) describeSuite('postgres', () => openOn(postgres.url));
  else describe(`${title}: postgres`, () => it.skip('Postgres unavailable (named at the end of the run)'));
}

/** The wired app over one database, serving on a loopback port: what the HTTP scenario suites drive on SQL. */
export interface WiredApp {
  container: AppContainer;
  server: Server;
  clock: FixedClock;
  /** A new key of the tenant `slug` holding `scopes` (all of them by default). */
  keyOf(slug: string, scopes?: Scope[]): Promise<string>;
  tenantIdOf(slug: string): Promise<number>;
  /** Another program writing the same database with plain SQL on its own connection. */
  raw(): Promise<RawWriter>;
  close(): Promise<void>;
}

/**
 * The container's app (real SQL adapters, a fixed clock, a fake hasher) over `databaseUrl`, migrated, with `tenants`
 * imported. `env` adds configuration (RATE_LIMIT_PER_MINUTE, say); `invoiceRenderer` replaces the worker pool.
 */
export async function serveWiredApp(
  databaseUrl: string,
  tenants: TenantSnapshot[],
  options: { env?: Record<string, string>; invoiceRenderer?: InvoiceRenderer } = {},
): Promise<WiredApp> {
  const clock = new FixedClock('2026-06-01T12:00:30Z');
  // The run's plain pass (ACCELERATORS=off; docs/testing.md) reaches the app here, unless the test sets its own.
  const plain = process.env.ACCELERATORS === 'off' ? { ACCELERATORS: 'off' } : {};
  const config = loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ...plain, ...options.env });
  const container = await createContainer(config, {
    clock,
    secretHasher: new FakeSecretHasher(),
    ...(options.invoiceRenderer ? { invoiceRenderer: options.invoiceRenderer } : {}),
  });
  await container.persistence.migrate();
  await container.persistence.importer.importTenants(tenants);
  const keys = container.resolve(TOKENS.ManageApiKeys);
  const server = await serve(container.resolve(TOKENS.HttpApp));
  return {
    container,
    server,
    clock,
    keyOf: async (slug, scopes = [...SCOPES]) => (await keys.create(slug, 'tests', scopes, null)).raw,
    tenantIdOf: async (slug) => (await container.persistence.tenants.findBySlug(slug))!.id,
    raw: () =>
      databaseUrl.startsWith('sqlite:')
        ? Promise.resolve(sqliteRawWriter(databaseUrl.slice('sqlite:'.length)))
        : postgresRawWriter(databaseUrl),
    async close() {
      await server.close();
      await container.close();
    },
  };
}
