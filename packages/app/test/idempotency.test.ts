import { aSite, aTenant } from '@campsite/domain/testing';
import { describeIdempotencyOverHttp } from '../../adapters-http/test/support/idempotency-scenarios';
import { describeOnSqlBackends, serveWiredApp } from './support/sql-backends';

/** The wired app (container, real SQL adapters) over `databaseUrl`, with two tenants and a key for each. */
async function openOn(databaseUrl: string) {
  const sites = () => [aSite({ id: 1 }), aSite({ id: 2, siteNumber: 'B2' })];
  const suffix = Math.random().toString(36).slice(2, 8);
  const slugs = [`alpha-${suffix}`, `beta-${suffix}`] as const;
  const app = await serveWiredApp(
    databaseUrl,
    slugs.map((slug) => aTenant(slug, { sites: sites() })),
  );
  const tokens = [
    await app.keyOf(slugs[0], ['bookings:read', 'bookings:write']),
    await app.keyOf(slugs[1], ['bookings:read', 'bookings:write']),
  ] as const;
  return { request: app.server.request, tokens, clock: app.clock, close: app.close };
}

await describeOnSqlBackends('idempotency over HTTP', describeIdempotencyOverHttp, openOn);
