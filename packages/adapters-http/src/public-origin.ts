import { isIPv6 } from 'node:net';
import type { RequestHandler, Response } from 'express';
import { headerValues } from './raw-headers';
import { TransportError } from './transport-error';

// RFC 3986 §3.2.2: IPv4address, or a reg-name of unreserved characters, percent escapes and sub-delims.
const DEC_OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = `${DEC_OCTET}(?:\\.${DEC_OCTET}){3}`;
const REG_NAME = "(?:[A-Za-z0-9\\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})+";
const NAME_OR_IPV4 = new RegExp(`^(?:${IPV4}|${REG_NAME})(?::\\d*)?$`);
const IP_LITERAL = /^\[([0-9A-Fa-f:.]+)\](?::\d*)?$/;

/**
 * True for a syntactically valid `host[:port]` (RFC 3986 authority without userinfo): a reg-name, an IPv4 address or
 * a bracketed IPv6 address, optionally followed by a port. Anything else (`a@b`, `a/b`, spaces, an empty value)
 * could turn a link built from it into a link to somewhere else.
 */
export function isValidHost(host: string): boolean {
  if (NAME_OR_IPV4.test(host)) return true;
  const literal = IP_LITERAL.exec(host);
  return literal !== null && isIPv6(literal[1] as string);
}

/**
 * Decides the origin every link and `Location` is built from (docs/security.md, "Links and Location"): `PUBLIC_URL`
 * when it is set; otherwise the request's scheme and `Host` (or a trusted `X-Forwarded-Host`), only when that is a
 * valid `host[:port]`: any other value is refused with 400 before the path, the key or anything else is looked at.
 * A request with several Host headers is refused either way.
 */
export function publicOrigin(publicUrl: string | undefined): RequestHandler {
  const fixed = publicUrl?.replace(/\/+$/, '');
  return (req, res, next) => {
    // RFC 9112 §3.2: more than one Host is refused, as parties could disagree on which one counts.
    if (headerValues(req.rawHeaders, 'host').length > 1) throw new TransportError({ kind: 'invalid_host' });
    if (fixed !== undefined) {
      res.locals.origin = fixed;
    } else {
      const host = req.host;
      if (host === undefined || !isValidHost(host)) throw new TransportError({ kind: 'invalid_host' });
      res.locals.origin = `${req.protocol}://${host}`;
    }
    next();
  };
}

/** The origin `publicOrigin` decided for this request. */
export function originOf(res: Response): string {
  return res.locals.origin as string;
}
