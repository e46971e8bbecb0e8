import type { WebhookUrlPolicy } from '@campsite/domain';
import ipaddr from 'ipaddr.js';

export interface AddressRules {
  /** `WEBHOOK_ALLOW_LOOPBACK=1`: loopback addresses pass too, for local development and tests only. */
  allowLoopback: boolean;
}

/**
 * Whether a webhook may go to this IP address (docs/webhooks.md, "Which URLs are accepted"): only ipaddr.js's
 * `unicast` range passes, which leaves out loopback, private, link-local, shared (100.64/10), unique-local, multicast,
 * broadcast, unspecified, documentation and other reserved ranges. An IPv4-mapped IPv6 address is judged as the IPv4
 * address it carries. Not an address at all: false.
 */
export function isAllowedAddress(address: string, rules: AddressRules): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  return range === 'unicast' || (rules.allowLoopback && range === 'loopback');
}

/** `localhost` and its subdomains always name loopback (RFC 6761), whatever a resolver says. */
function isLocalhostName(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost');
}

/**
 * The URL rule at creation and update: `https`, no user info, and a host that is a public address, or a name (checked
 * again on the address actually connected to, at every delivery). The WHATWG parser has already normalised the
 * host: IPv4 in any notation becomes dotted decimal, IPv6 is bracketed and compressed.
 */
export function webhookUrlPolicy(rules: AddressRules): WebhookUrlPolicy {
  return {
    accepts(url) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return false;
      }
      if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '') return false;
      const host = parsed.hostname.replace(/\.$/, '').toLowerCase();
      if (host === '') return false;
      if (host.startsWith('[')) return isAllowedAddress(host.slice(1, -1), rules);
      if (ipaddr.IPv4.isValidFourPartDecimal(host)) return isAllowedAddress(host, rules);
      if (isLocalhostName(host)) return rules.allowLoopback;
      return true;
    },
  };
}
