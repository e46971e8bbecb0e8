import { aSite, aTenant } from '@campsite/domain/testing';
import { describeIdempotencyOverHttp } from './support/idempotency-scenarios';
import { seed, start } from './support/http-harness';

describeIdempotencyOverHttp('in-memory', async () => {
  const { world, server } = await start();
  const sites = () => [aSite({ id: 1 }), aSite({ id: 2, siteNumber: 'B2' })];
  const [alpha, beta] = (await seed(world, [aTenant('alpha', { sites: sites() }), aTenant('beta', { sites: sites() })])) as [string, string];
  return { request: server.request, tokens: [alpha, beta], clock: world.clock, close: server.close };
});
