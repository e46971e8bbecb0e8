import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { SECURITY_HEADERS } from '@campsite/adapters-http';

// How the server's sockets behave before a request reaches the app (docs/security.md, "Transport" and "TLS").

/** docs/security.md, "Transport": an idle keep-alive connection is closed after this. */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/** A whole request, body included, must have arrived within this (or the head timeout, when that is longer). */
const REQUEST_TIMEOUT_MS = 30_000;
/** How often Node checks its connections against the timeouts (its default, 30 s, would let a head overstay by as much). */
const MAX_CHECKING_INTERVAL_MS = 1_000;

/**
 * Mozilla's "intermediate" TLS profile (docs/security.md, "TLS"): TLS 1.3 with its own suites, and TLS 1.2 with
 * ECDHE key exchange and AEAD ciphers only: no RSA key exchange, no CBC, no SHA-1. The client's order decides, as the
 * profile recommends, since every suite offered is strong.
 */
export const TLS_PROFILE = {
  minVersion: 'TLSv1.2',
  ciphers: [
    'TLS_AES_128_GCM_SHA256',
    'TLS_AES_256_GCM_SHA384',
    'TLS_CHACHA20_POLY1305_SHA256',
    'ECDHE-ECDSA-AES128-GCM-SHA256',
    'ECDHE-RSA-AES128-GCM-SHA256',
    'ECDHE-ECDSA-AES256-GCM-SHA384',
    'ECDHE-RSA-AES256-GCM-SHA384',
    'ECDHE-ECDSA-CHACHA20-POLY1305',
    'ECDHE-RSA-CHACHA20-POLY1305',
  ].join(':'),
  ecdhCurve: 'X25519:prime256v1:secp384r1',
  honorCipherOrder: false,
} as const;

/**
 * Node's own limits (docs/security.md, "Transport"): a request head must be complete within `headersTimeoutMs`, and
 * the connections are checked often enough for that to hold to the second. Node answers a head that began but did not
 * finish with 408 (through 'clientError'); a connection that sent nothing is just closed. The Host header is checked
 * by the app, so that a missing one gets the same JSON 400 as a malformed one.
 */
export function transportOptions(headersTimeoutMs: number) {
  return {
    headersTimeout: headersTimeoutMs,
    requestTimeout: Math.max(REQUEST_TIMEOUT_MS, headersTimeoutMs),
    connectionsCheckingInterval: Math.min(MAX_CHECKING_INTERVAL_MS, Math.ceil(headersTimeoutMs / 4)),
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    requireHostHeader: false,
  };
}

/** Closes `socket` when it has not delivered a single byte of a request within `timeoutMs`. */
export function closeIfSilent(socket: Socket, timeoutMs: number): void {
  // bytesRead counts what reached the HTTP layer (decrypted bytes on TLS), also when Node's parser reads natively.
  const timer = setTimeout(() => {
    if (socket.bytesRead === 0) socket.destroy();
  }, timeoutMs);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}

/** What Node's HTTP parser and timers report through 'clientError', as the JSON answers of docs/api-behaviour.md §2. */
const CLIENT_ERRORS: Record<string, { status: string; detail: string }> = {
  HPE_HEADER_OVERFLOW: { status: '431 Request Header Fields Too Large', detail: 'Request header fields too large.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: '408 Request Timeout', detail: 'Request timeout.' },
};
const MALFORMED = { status: '400 Bad Request', detail: 'Malformed request.' };

/**
 * docs/api-behaviour.md §2: every response is JSON and carries an X-Request-Id and the security headers, including the ones
 * Node's HTTP layer gives to a request it cannot read or that did not arrive in time (by default a bare status with no
 * body). Sockets that cannot be written are just closed.
 */
export function answerUnparsableRequest(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || (error as { code?: string }).code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const { status, detail } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED;
  const body = JSON.stringify({ detail });
  const security = Object.entries(SECURITY_HEADERS)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: ${randomUUID()}\r\n${security}Connection: close\r\n\r\n${body}`,
  );
}
