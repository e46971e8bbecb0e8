import { describe, expect, it } from 'vitest';
import { isAllowedAddress, webhookUrlPolicy } from '../src/index';

// docs/webhooks.md, "Which URLs are accepted": public unicast only; WEBHOOK_ALLOW_LOOPBACK admits loopback and nothing
// else.

const strict = webhookUrlPolicy({ allowLoopback: false });
const loopbackAllowed = webhookUrlPolicy({ allowLoopback: true });

const REFUSED_ALWAYS = [
  ['10/8', 'https://10.0.0.1/'],
  ['172.16/12', 'https://172.31.255.254/'],
  ['192.168/16', 'https://192.168.0.10/'],
  ['link-local (cloud metadata)', 'https://169.254.169.254/'],
  ['shared 100.64/10', 'https://100.127.0.1/'],
  ['unspecified', 'https://0.0.0.0/'],
  ['multicast', 'https://224.0.0.251/'],
  ['broadcast', 'https://255.255.255.255/'],
  ['documentation TEST-NET-1', 'https://192.0.2.10/'],
  ['documentation TEST-NET-2', 'https://198.51.100.10/'],
  ['documentation TEST-NET-3', 'https://203.0.113.10/'],
  ['IPv6 unique-local', 'https://[fd00::1]/'],
  ['IPv6 link-local', 'https://[fe80::1]/'],
  ['IPv6 multicast', 'https://[ff02::1]/'],
  ['IPv6 unspecified', 'https://[::]/'],
  ['IPv6 documentation', 'https://[2001:db8::1]/'],
  ['IPv4-mapped private', 'https://[::ffff:10.0.0.1]/'],
  ['IPv4-mapped link-local', 'https://[::ffff:169.254.169.254]/'],
  ['private in hex notation', 'https://0x0a000001/'],
  ['private in short notation', 'https://10.1/'],
  ['http', 'http://hooks.example.com/'],
  ['user info', 'https://user@hooks.example.com/'],
  ['password', 'https://:secret@hooks.example.com/'],
  ['not a URL', 'hooks.example.com'],
] as const;

const LOOPBACK = [
  'https://127.0.0.1:9443/',
  'https://127.8.9.10/',
  'https://[::1]/',
  'https://[::ffff:127.0.0.1]/',
  'https://localhost/',
  'https://api.localhost./',
];

describe('webhookUrlPolicy', () => {
  it.each(REFUSED_ALWAYS)('refuses %s (%s), with or without WEBHOOK_ALLOW_LOOPBACK', (_name, url) => {
    expect(strict.accepts(url)).toBe(false);
    expect(loopbackAllowed.accepts(url)).toBe(false);
  });

  it.each(LOOPBACK)('refuses loopback %s unless WEBHOOK_ALLOW_LOOPBACK is on', (url) => {
    expect(strict.accepts(url)).toBe(false);
    expect(loopbackAllowed.accepts(url)).toBe(true);
  });

  it.each(['https://hooks.example.com/campsite?x=1', 'https://8.8.8.8/', 'https://[2606:4700::1111]:8443/x', 'https://[::ffff:8.8.8.8]/'])(
    'accepts the public %s',
    (url) => {
      expect(strict.accepts(url)).toBe(true);
    },
  );
});

describe('isAllowedAddress (the check on the address actually connected to)', () => {
  it('passes public unicast only, judges IPv4-mapped forms as IPv4, and refuses what is not an address', () => {
    expect(isAllowedAddress('93.184.216.34', { allowLoopback: false })).toBe(true);
    expect(isAllowedAddress('2606:4700::1111', { allowLoopback: false })).toBe(true);
    expect(isAllowedAddress('::ffff:192.168.1.1', { allowLoopback: true })).toBe(false);
    expect(isAllowedAddress('127.0.0.1', { allowLoopback: false })).toBe(false);
    expect(isAllowedAddress('127.0.0.1', { allowLoopback: true })).toBe(true);
    expect(isAllowedAddress('example.com', { allowLoopback: true })).toBe(false);
  });
});
