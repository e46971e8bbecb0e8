import type { Socket } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import { describe, expect, it } from 'vitest';
import { API, HEADERS_TIMEOUT_MS, plain, tls, untilClosed, useServers } from './support/hardening-server';

// docs/security.md: the transport limits and the TLS profile, through real sockets against the server `campsite serve`
// starts.

const serve = useServers();

describe('transport limits (HEADERS_TIMEOUT_MS, keep-alive, MAX_CONNECTIONS)', () => {
  it('closes a TLS connection that finished its handshake and sent nothing within HEADERS_TIMEOUT_MS + 1 s', async () => {
    const { port } = await serve();
    const closed = await untilClosed(await tls(port));
    expect(closed.ms).toBeLessThanOrEqual(HEADERS_TIMEOUT_MS + 1_000);
    expect(closed.ms).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 200);
  });

  it('closes a plain connection that sends nothing, on the shared port and behind a proxy alike', async () => {
    for (const env of [{}, { TRUST_PROXY: 'loopback' }] as Array<Record<string, string>>) {
      const { port } = await serve(env);
      const closed = await untilClosed(await plain(port));
      expect(closed.ms).toBeLessThanOrEqual(HEADERS_TIMEOUT_MS + 1_000);
    }
  });

  it('answers a trickled request head with 408 in JSON, over TLS and plain HTTP', async () => {
    const paths: Array<[Record<string, string>, (port: number) => Promise<Socket>]> = [
      [{}, tls],
      [{ TRUST_PROXY: 'loopback' }, plain],
    ];
    for (const [env, open] of paths) {
      const { port } = await serve(env);
      const socket = await open(port);
      const closed = untilClosed(socket);
      socket.write(`GET ${API}/sites/ HTTP/1.1\r\nHost: localhost\r\n`);
      const trickle = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 200);
      const { ms, received } = await closed;
      clearInterval(trickle);
      expect(ms).toBeLessThanOrEqual(HEADERS_TIMEOUT_MS + 1_000);
      expect(received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect(received).toContain('X-Content-Type-Options: nosniff');
      expect(received.endsWith('\r\n\r\n{"detail":"Request timeout."}')).toBe(true);
    }
  });

  it('closes an idle keep-alive connection about 5 s after its last answer', async () => {
    const { port } = await serve();
    const socket = await tls(port);
    const answered = new Promise<number>((resolve) => socket.once('data', () => resolve(Date.now())));
    const closed = untilClosed(socket);
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const at = await answered;
    await closed;
    const idleMs = Date.now() - at;
    expect(idleMs).toBeGreaterThanOrEqual(4_500);
    expect(idleMs).toBeLessThanOrEqual(6_500);
  }, 15_000);

  it('keeps at most MAX_CONNECTIONS open: one more is closed at once, and room is made when one goes', async () => {
    const { port } = await serve({ MAX_CONNECTIONS: '3', HEADERS_TIMEOUT_MS: '30000' });
    const open = await Promise.all([tls(port), tls(port), tls(port)]);
    const refused = await untilClosed(await plain(port));
    expect(refused.received).toBe('');
    expect(refused.ms).toBeLessThan(1_000);
    await expect(tls(port)).rejects.toThrow();
    const gone = open.pop()!;
    const goneClosed = untilClosed(gone);
    gone.destroy();
    await goneClosed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const next = await tls(port);
    expect(next.getProtocol()).toBe('TLSv1.3');
    for (const socket of [...open, next]) socket.destroy();
  });
});

describe('TLS: Mozilla intermediate profile', () => {
  const handshake = async (port: number, options: ConnectionOptions) => {
    try {
      const socket = await tls(port, options);
      const agreed = { protocol: socket.getProtocol(), cipher: socket.getCipher().standardName };
      socket.destroy();
      return agreed;
    } catch {
      return 'refused';
    }
  };

  it('speaks TLS 1.3, and TLS 1.2 only with ECDHE and AEAD suites', async () => {
    const { port } = await serve();
    expect(await handshake(port, {})).toMatchObject({ protocol: 'TLSv1.3' });
    const tls12 = (ciphers: string) => handshake(port, { ciphers, maxVersion: 'TLSv1.2' });
    for (const accepted of ['ECDHE-RSA-AES128-GCM-SHA256', 'ECDHE-RSA-AES256-GCM-SHA384', 'ECDHE-RSA-CHACHA20-POLY1305']) {
      expect(await tls12(accepted), accepted).toMatchObject({ protocol: 'TLSv1.2' });
    }
    const refusedSuites = [
      'AES128-GCM-SHA256', // RSA key exchange
      'AES256-SHA256', // RSA key exchange, CBC
      'DHE-RSA-AES128-GCM-SHA256', // finite-field DH
      'ECDHE-RSA-AES128-SHA', // CBC with SHA-1
      'ECDHE-RSA-AES128-SHA256', // CBC
      'ECDHE-RSA-AES256-SHA384', // CBC
    ];
    for (const refused of refusedSuites) expect(await tls12(`${refused}:@SECLEVEL=0`), refused).toBe('refused');
    expect(await handshake(port, { minVersion: 'TLSv1', maxVersion: 'TLSv1.1', ciphers: 'DEFAULT:@SECLEVEL=0' })).toBe('refused');
  });
});
