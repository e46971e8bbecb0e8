// How a printed line names the server's address (the first start's banner, the sandbox's curl line, the listening
// line). Apart from http-transport.ts, so that the one-shot commands that print such a line load no HTTP module.

/** A wildcard address is where the server listens, not where a client connects: a line to try it uses loopback. */
export function reachableHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '::1';
  return host;
}

/** An address as the host part of a URL: an IPv6 address in brackets. */
export function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}
