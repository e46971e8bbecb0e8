import { ChangeBookingStatus, ManageApiKeys, SCOPES } from '@campsite/domain';
import { FakeSecretHasher, FixedClock, aBooking, aSite, aTenant, aUser, anInvoice } from '@campsite/domain/testing';
import { RATE_LIMIT, describeConditionalRequests } from '../../adapters-http/test/support/conditional-scenarios';
import { serve } from '../../adapters-http/test/support/http-harness';
import { postgresRawWriter, sqliteRawWriter } from '../../adapters-sql/test/support/raw-writer';
import { describeOnSqlBackends } from './support/sql-backends';
import { loadConfig } from '../src/config';
import { type AppContainer, type HttpApp, TOKENS, createContainer } from '../src/container';

const open = (databaseUrl: string, clock: FixedClock): Promise<AppContainer> =>
  createContainer(loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) }), {
    clock,
    secretHasher: new FakeSecretHasher(),
  });

/** The wired app over `databaseUrl`; the "other writer" is a second container on the same database, as the CLI is. */
async function openOn(databaseUrl: string) {
  const clock = new FixedClock('2026-06-01T12:00:30Z');
  const container = await open(databaseUrl, clock);
  await container.persistence.migrate();
  const slug = `polling-${Math.random().toString(36).slice(2, 8)}`;
  await container.persistence.importer.importTenants([
    aTenant(slug, {
      sites: [aSite({ id: 1 }), aSite({ id: 2, siteNumber: 'B2' })],
      bookings: [aBooking({ id: 1, status: 'pending' }), aBooking({ id: 2, siteId: 2 })],
      users: [aUser({ id: 1 })],
      invoices: [anInvoice({ id: 1 })],
    }),
  ]);
  const keys = container.resolve<ManageApiKeys>(TOKENS.ManageApiKeys);
  const newToken = async (scopes = [...SCOPES]) => (await keys.create(slug, 'poller', scopes, null)).raw;
  const token = await newToken();
  const server = await serve(container.resolve<HttpApp>(TOKENS.HttpApp));
  return {
    request: server.request,
    token,
    newToken,
    async confirmBookingElsewhere() {
      const cli = await open(databaseUrl, clock);
      try {
        await cli.resolve<ChangeBookingStatus>(TOKENS.ChangeBookingStatus).execute(slug, 1, 'confirmed');
      } finally {
        await cli.close();
      }
    },
    revoke: (raw: string) => keys.revoke(slug, raw.slice(0, 8)),
    raw: () => (databaseUrl.startsWith('sqlite:') ? Promise.resolve(sqliteRawWriter(databaseUrl.slice('sqlite:'.length))) : postgresRawWriter(databaseUrl)),
    tenantId: (await container.persistence.tenants.findBySlug(slug))!.id,
    async close() {
      await server.close();
      await container.close();
    },
  };
}

await describeOnSqlBackends('conditional requests over HTTP', describeConditionalRequests, openOn);
