import { SCOPES, isDomainError } from '@campsite/domain';
import { type AppContainer, TOKENS, importDependencies } from '../container';
import { importFixture } from '../fixtures/import-fixture';
import { readFixture } from '../fixtures/parse-fixture';
import { hostForUrl, reachableHost } from '../host-address';
import { DEMO_TENANT_SLUG, demoFixture } from './demo-fixture';

/** Seeds an empty database (seedDemoTenant) and, when it did, prints the demo key with a curl line for this server. */
export async function seedAndPrintDemoKey(
  container: AppContainer,
  address: { scheme: 'http' | 'https'; port: number },
  print: (text: string) => void,
): Promise<void> {
  const demoKey = await seedDemoTenant(container);
  if (demoKey === null) return;
  const base = `${address.scheme}://${hostForUrl(reachableHost(container.config.host))}:${address.port}`;
  print(demoBanner(demoKey, base, address.scheme === 'http'));
}

/**
 * On a database without any tenant, loads the demo tenant through the importer and creates a fresh full-scope key
 * for it. Returns the raw key, or null when the database already had data. No fixed demo key exists anywhere.
 */
export async function seedDemoTenant(container: AppContainer): Promise<string | null> {
  const { persistence, logger } = container;
  if (!(await persistence.tenants.isEmpty())) return null;
  try {
    await importFixture(readFixture(demoFixture()), importDependencies(container));
  } catch (error) {
    // A second process starting on the same empty database seeded it first: nothing to do.
    if (isDomainError(error, 'tenant_exists') || (await persistence.tenants.findBySlug(DEMO_TENANT_SLUG))) return null;
    throw error;
  }
  const keys = container.resolve(TOKENS.ManageApiKeys);
  const { key, raw } = await keys.create(DEMO_TENANT_SLUG, 'demo key (created on first start)', [...SCOPES], null);
  logger.warn({ tenant: DEMO_TENANT_SLUG, prefix: key.prefix }, 'empty database: seeded the demo tenant and created a full-scope demo key');
  return raw;
}

function demoBanner(rawKey: string, baseUrl: string, behindProxy: boolean): string {
  const insecure = behindProxy ? '' : '-k ';
  // Behind a proxy the service insists on https as forwarded by a trusted hop (docs/api-behaviour.md §1).
  const forwarded = behindProxy ? '-H "X-Forwarded-Proto: https" ' : '';
  return [
    '',
    `Demo tenant "${DEMO_TENANT_SLUG}" seeded. Its full-scope API key is shown only this once:`,
    '',
    `    ${rawKey}`,
    '',
    'Try it:',
    '',
    `    curl ${insecure}${forwarded}-H "Authorization: Bearer ${rawKey}" ${baseUrl}/api/v1/public/bookings/`,
    '',
  ].join('\n');
}
