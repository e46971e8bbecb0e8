import { ManageApiKeys } from '@campsite/domain';
import { FakeSecretHasher, FixedClock, aSite, aTenant } from '@campsite/domain/testing';
import { serve } from '../../adapters-http/test/support/http-harness';
import { describeIdempotencyOverHttp } from '../../adapters-http/test/support/idempotency-scenarios';
import { describeOnSqlBackends } from './support/sql-backends';
import { loadConfig } from '../src/config';
import { type HttpApp, TOKENS, createContainer } from '../src/container';

/** The wired app (container, real SQL adapters) over `databaseUrl`, with two tenants and a key for each. */
async function openOn(databaseUrl: string) {
  const clock = new FixedClock('2026-06-01T12:00:30Z');
  const container = await createContainer(loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }), {
    clock,
    secretHasher: new FakeSecretHasher(),
  });
  await container.persistence.migrate();
  const sites = () => [aSite({ id: 1 }), aSite({ id: 2, siteNumber: 'B2' })];
  const suffix = Math.random().toString(36).slice(2, 8);
  const slugs = [`alpha-${suffix}`, `beta-${suffix}`] as const;
  await container.persistence.importer.importTenants(slugs.map((slug) => aTenant(slug, { sites: sites() })));
  const keys = container.resolve<ManageApiKeys>(TOKENS.ManageApiKeys);
  const tokens = [
    (await keys.create(slugs[0], 'cm', ['bookings:read', 'bookings:write'], null)).raw,
    (await keys.create(slugs[1], 'cm', ['bookings:read', 'bookings:write'], null)).raw,
  ] as const;
  const server = await serve(container.resolve<HttpApp>(TOKENS.HttpApp));
  return {
    request: server.request,
    tokens,
    clock,
    async close() {
      await server.close();
      await container.close();
    },
  };
}

await describeOnSqlBackends('idempotency over HTTP', describeIdempotencyOverHttp, openOn);
