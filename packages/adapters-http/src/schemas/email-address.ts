import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { pyLength } from '../drf-compat/text';

// Django's EmailValidator (DRF's EmailField uses it unchanged): dot-atom or quoted local part, then a domain of
// LDH labels with a 2+ character TLD, an address literal, or "localhost"; internationalised domains via punycode.
const USER_PART =
  // eslint-disable-next-line no-control-regex -- a quoted local part may hold control characters (RFC 5321).
  /^[-!#$%&'*+/=?^_`{}|~0-9A-Z]+(?:\.[-!#$%&'*+/=?^_`{}|~0-9A-Z]+)*$|^"(?:[\x01-\x08\x0b\x0c\x0e-\x1f!#-[\]-\x7f]|\\[\x01-\x09\x0b\x0c\x0e-\x7f])*"$/i;
const DOMAIN_PART = /^(?:[A-Z0-9](?:[A-Z0-9-]{0,61}[A-Z0-9])?\.)+(?:[A-Z0-9-]{2,63}(?<!-))$/i;
const LITERAL_PART = /^\[([A-F0-9:.]+)\]$/i;
const MAX_EMAIL_LENGTH = 320; // RFC 3696 section 3, as Django checks it

export function isDjangoEmail(value: string): boolean {
  if (value === '' || !value.includes('@') || pyLength(value) > MAX_EMAIL_LENGTH) return false;
  const at = value.lastIndexOf('@');
  const user = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (!USER_PART.test(user)) return false;
  if (domain === 'localhost' || isValidDomain(domain)) return true;
  const ascii = domainToASCII(domain);
  return ascii !== '' && ascii !== domain && isValidDomain(ascii);
}

function isValidDomain(domain: string): boolean {
  if (DOMAIN_PART.test(domain)) return true;
  const literal = LITERAL_PART.exec(domain);
  return literal !== null && isIP(literal[1] as string) !== 0;
}
