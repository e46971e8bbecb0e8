import type { SeededSandbox } from '@campsite/domain';
import type { Config } from './config';
import { hostForUrl, reachableHost } from './host-address';

const TRY_PATH = '/api/v1/public/bookings/';

type Address = Pick<Config, 'publicUrl' | 'host' | 'port' | 'trustProxy'>;

/**
 * A curl line that lists the sandbox's bookings, where the configuration tells where the API answers: PUBLIC_URL, the
 * address integrators reach, else this host's HOST and PORT. Null for PORT=0, whose port each start chooses anew.
 */
export function curlLine(rawKey: string, config: Address): string | null {
  const auth = `-H "Authorization: Bearer ${rawKey}"`;
  if (config.publicUrl !== null) return `curl ${auth} ${config.publicUrl}${TRY_PATH}`;
  if (config.port === 0) return null;
  const base = `${hostForUrl(reachableHost(config.host))}:${config.port}`;
  // Behind a proxy the service insists on https as forwarded by a trusted hop (docs/api-behaviour.md §1); without
  // one, its certificate may be the self-signed development one, as in the first start's line.
  return config.trustProxy === null
    ? `curl -k ${auth} https://${base}${TRY_PATH}`
    : `curl -H "X-Forwarded-Proto: https" ${auth} http://${base}${TRY_PATH}`;
}

/** What `tenants create --demo` and `tenants reset` print: the sandbox, its new key once, and a curl line that fits. */
export function sandboxBanner(done: 'created' | 'reset', { tenant, raw }: SeededSandbox, config: Address): string {
  const curl = curlLine(raw, config);
  const what = `sandbox tenant ${tenant.slug} (${tenant.name})`;
  return [
    done === 'created'
      ? `created ${what} with the demo content; its full-scope API key is shown only this once:`
      : `reset ${what}: everything in it and its keys are gone, the demo content is back; its new full-scope API key ` +
        'is shown only this once:',
    '',
    `    ${raw}`,
    ...(curl === null ? [] : ['', 'Try it:', '', `    ${curl}`]),
    '',
  ].join('\n');
}
