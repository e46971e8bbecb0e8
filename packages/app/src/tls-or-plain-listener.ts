import type { Server } from 'node:http';
import { type Server as NetServer, createServer as createNetServer } from 'node:net';

const TLS_HANDSHAKE_RECORD = 0x16;

/**
 * One port for both protocols: docs/api-behaviour.md §1 wants plain HTTP answered with 403 `https_required`, not a dropped
 * connection, so the first byte of each connection decides. A TLS handshake record (0x16) goes to the HTTPS server;
 * anything else goes to a plain HTTP server running the same app, which the https check then refuses.
 */
export function tlsOrPlainListener(https: Server, plain: Server, headersTimeoutMs: number): NetServer {
  const listener = createNetServer((socket) => {
    // A connection that never says anything must not hold a slot: it gets the time a request head gets. From the
    // first byte on, the HTTPS server's handshake timeout and both servers' head timeout take over.
    socket.setTimeout(headersTimeoutMs, () => socket.destroy());
    socket.once('data', (chunk: Buffer) => {
      socket.setTimeout(0);
      socket.pause();
      socket.unshift(chunk);
      (chunk[0] === TLS_HANDSHAKE_RECORD ? https : plain).emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
    socket.on('error', () => socket.destroy());
  });
  // Handing a socket to a server by emitting 'connection' is what Node documents for it (http, Event 'connection').
  // The servers behind this listener never listen themselves: one socket owns the port, and the first byte decides.
  // Node starts an http.Server's connection tracking (its head and request timeouts, closeIdleConnections) only in
  // that server's own 'listening' handler and offers no other way to start it, so they hear of the port from here,
  // once, when it is bound.
  listener.on('listening', () => {
    https.emit('listening');
    plain.emit('listening');
  });
  return listener;
}
