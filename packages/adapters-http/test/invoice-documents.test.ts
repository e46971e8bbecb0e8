import { InMemoryRawWriter } from '@campsite/domain/testing';
import { INVOICE_TENANTS, describeInvoiceDocumentsOverHttp } from './support/invoice-scenarios';
import { issueKey, seed, start } from './support/http-harness';

describeInvoiceDocumentsOverHttp('in-memory', async () => {
  const { world, server } = await start();
  const [alpine, birch] = (await seed(world, INVOICE_TENANTS)) as [string, string];
  return {
    request: server.request,
    origin: server.origin,
    tokens: { alpine, birch, alpineBookingsOnly: await issueKey(world, 'alpine', ['bookings:read']) },
    alpineId: world.store.tenants.find((t) => t.slug === 'alpine')!.id,
    raw: async () => new InMemoryRawWriter(world.store),
    close: server.close,
  };
});
