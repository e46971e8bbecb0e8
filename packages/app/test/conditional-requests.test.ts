import { FakeSecretHasher, aBooking, aSite, aTenant, aUser, anInvoice } from '@campsite/domain/testing';
import { RATE_LIMIT, describeConditionalRequests } from '../../adapters-http/test/support/conditional-scenarios';
import { describeOnSqlBackends, serveWiredApp } from './support/sql-backends';
import { loadConfig } from '../src/config';
import { TOKENS, createContainer } from '../src/container';

/** The wired app over `databaseUrl`; the "other writer" is a second container on the same database, as the CLI is. */
async function openOn(databaseUrl: string) {
  const slug = `polling-${Math.random().toString(36).slice(2, 8)}`;
  const tenant = aTenant(slug, {
    sites: [aSite({ id: 1 }), aSite({ id: 2, siteNumber: 'B2' })],
    bookings: [aBooking({ id: 1, status: 'pending' }), aBooking({ id: 2, siteId: 2 })],
    users: [aUser({ id: 1 })],
    invoices: [anInvoice({ id: 1 })],
  });
  const app = await serveWiredApp(databaseUrl, [tenant], { env: { RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) } });
  const newToken = (scopes?: Parameters<typeof app.keyOf>[1]) => app.keyOf(slug, scopes);
  return {
    request: app.server.request,
    token: await newToken(),
    newToken,
    async confirmBookingElsewhere() {
      const cli = await createContainer(loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }), {
        clock: app.clock,
        secretHasher: new FakeSecretHasher(),
      });
      try {
        await cli.resolve(TOKENS.ChangeBookingStatus).execute(slug, 1, 'confirmed');
      } finally {
        await cli.close();
      }
    },
    revoke: (raw: string) => app.container.resolve(TOKENS.ManageApiKeys).revoke(slug, raw.slice(0, 8)),
    raw: app.raw,
    tenantId: await app.tenantIdOf(slug),
    close: app.close,
  };
}

await describeOnSqlBackends('conditional requests over HTTP', describeConditionalRequests, openOn);
