import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpsWebhookTransport } from '../src/index';

// docs/webhooks.md, "Message format" and "Which URLs are accepted": a real HTTPS receiver on loopback; signatures are
// checked with the standardwebhooks package, not with our code.

const NEW_SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const OLD_SECRET = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
const OTHER_SECRET = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
const MESSAGE = { id: 'msg_abc123', body: JSON.stringify({ type: 'ping', timestamp: '2026-06-01T12:00:30Z', data: { endpoint_id: 1 } }) };

let server: Server;
let ca: string;
let origin: string;
let received: Array<{ headers: IncomingMessage['headers']; body: string; path: string }> = [];
let answer: (res: ServerResponse, req: IncomingMessage) => void;
let connections = 0;

beforeAll(async () => {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  } as Parameters<typeof generate>[1]);
  ca = pems.cert;
  server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body, path: req.url ?? '' });
      answer(res, req);
    });
  });
  server.on('secureConnection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received = [];
  connections = 0;
  answer = (res) => res.writeHead(204).end();
});

const transport = (overrides: Partial<ConstructorParameters<typeof HttpsWebhookTransport>[0]> = {}) =>
  new HttpsWebhookTransport({ allowLoopback: true, timeoutMs: 5_000, ca, ...overrides });
const sentAt = new Date();

describe('HttpsWebhookTransport', () => {
  it('posts the body with Standard Webhooks headers; each secret of a rotation verifies it with standardwebhooks', async () => {
    const attempt = await transport().deliver(`${origin}/in?x=1`, MESSAGE, [NEW_SECRET, OLD_SECRET], sentAt);
    expect(attempt).toMatchObject({ statusCode: 204, error: null, retryAfterSeconds: null });
    expect(received).toHaveLength(1);
    const [{ headers, body, path }] = received as [(typeof received)[0]];
    expect(path).toBe('/in?x=1');
    expect(body).toBe(MESSAGE.body);
    expect(headers['content-type']).toBe('application/json');
    expect(headers['webhook-id']).toBe('msg_abc123');
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(sentAt.getTime() / 1000)));
    expect(String(headers['webhook-signature']).split(' ')).toHaveLength(2);
    const plain = {
      'webhook-id': String(headers['webhook-id']),
      'webhook-timestamp': String(headers['webhook-timestamp']),
      'webhook-signature': String(headers['webhook-signature']),
    };
    expect(new Webhook(NEW_SECRET.slice('whsec_'.length)).verify(body, plain)).toEqual(JSON.parse(MESSAGE.body));
    expect(new Webhook(OLD_SECRET.slice('whsec_'.length)).verify(body, plain)).toEqual(JSON.parse(MESSAGE.body));
    expect(() => new Webhook(OTHER_SECRET.slice('whsec_'.length)).verify(body, plain)).toThrow();
  });

  it('reports a non-2xx as http_status, a 3xx as redirect without following it, and Retry-After of 429/503', async () => {
    answer = (res) => res.writeHead(500).end('oops');
    expect(await transport().deliver(origin, MESSAGE, [NEW_SECRET], sentAt)).toMatchObject({ statusCode: 500, error: 'http_status' });
    answer = (res) => res.writeHead(302, { Location: `${origin}/elsewhere` }).end();
    expect(await transport().deliver(origin, MESSAGE, [NEW_SECRET], sentAt)).toMatchObject({ statusCode: 302, error: 'redirect' });
    expect(received.map((r) => r.path)).toEqual(['/', '/']);
    answer = (res) => res.writeHead(503, { 'Retry-After': '7' }).end();
    expect(await transport().deliver(origin, MESSAGE, [NEW_SECRET], sentAt)).toMatchObject({
      statusCode: 503,
      error: 'http_status',
      retryAfterSeconds: 7,
    });
    answer = (res) => res.writeHead(500, { 'Retry-After': '7' }).end();
    expect((await transport().deliver(origin, MESSAGE, [NEW_SECRET], sentAt)).retryAfterSeconds).toBeNull();
  });

  it('gives up after WEBHOOK_TIMEOUT_MS with error timeout', async () => {
    answer = () => {}; // never answers
    const attempt = await transport({ timeoutMs: 300 }).deliver(origin, MESSAGE, [NEW_SECRET], sentAt);
    expect(attempt).toMatchObject({ statusCode: null, error: 'timeout' });
    expect(attempt.durationMs).toBeGreaterThanOrEqual(250);
  });

  it('refuses a certificate it does not trust with error tls', async () => {
    const attempt = await new HttpsWebhookTransport({ allowLoopback: true, timeoutMs: 5_000 }).deliver(
      origin,
      MESSAGE,
      [NEW_SECRET],
      sentAt,
    );
    expect(attempt).toMatchObject({ statusCode: null, error: 'tls' });
    expect(received).toHaveLength(0);
  });

  it('checks the address actually connected to: loopback is blocked without WEBHOOK_ALLOW_LOOPBACK, and nothing is sent', async () => {
    const attempt = await transport({ allowLoopback: false }).deliver(origin, MESSAGE, [NEW_SECRET], sentAt);
    expect(attempt).toMatchObject({ statusCode: null, error: 'blocked_address' });
    expect(received).toHaveLength(0);
  });

  it('refuses a name whose resolver answers a private address (DNS rebinding), before connecting', async () => {
    const calls: string[] = [];
    const rebinding = ((
      hostname: string,
      _options: unknown,
      callback: (e: null, a: Array<{ address: string; family: number }>) => void,
    ) => {
      calls.push(hostname);
      callback(null, [{ address: '10.0.0.5', family: 4 }]);
    }) as never;
    const port = new URL(origin).port;
    const attempt = await transport({ allowLoopback: true, lookup: rebinding }).deliver(
      `https://hooks.example.com:${port}/`,
      MESSAGE,
      [NEW_SECRET],
      sentAt,
    );
    expect(calls).toEqual(['hooks.example.com']);
    expect(attempt).toMatchObject({ statusCode: null, error: 'blocked_address' });
    const mixed = ((_h: string, _o: unknown, callback: (e: null, a: Array<{ address: string; family: number }>) => void) =>
      callback(null, [
        { address: '127.0.0.1', family: 4 },
        { address: '169.254.169.254', family: 4 },
      ])) as never;
    expect((await transport({ lookup: mixed }).deliver(`https://localhost:${port}/`, MESSAGE, [NEW_SECRET], sentAt)).error).toBe(
      'blocked_address',
    );
    expect(received).toHaveLength(0);
    // The same resolver path delivers when every answer is allowed.
    const loopbackOnly = ((_h: string, _o: unknown, callback: (e: null, a: Array<{ address: string; family: number }>) => void) =>
      callback(null, [{ address: '127.0.0.1', family: 4 }])) as never;
    expect(
      (await transport({ lookup: loopbackOnly }).deliver(`https://localhost:${port}/`, MESSAGE, [NEW_SECRET], sentAt)).error,
    ).toBeNull();
    expect(received).toHaveLength(1);
  });

  it('keeps the connection between messages: a backlog costs one TLS handshake, not one per message', async () => {
    const sender = transport();
    for (let i = 0; i < 3; i += 1) expect((await sender.deliver(origin, MESSAGE, [NEW_SECRET], sentAt)).statusCode).toBe(204);
    expect(received).toHaveLength(3);
    expect(connections).toBe(1);
  });

  it('sends once more on a new connection when the receiver closed the kept one unanswered', async () => {
    const sender = transport();
    expect((await sender.deliver(origin, MESSAGE, [NEW_SECRET], sentAt)).statusCode).toBe(204);
    const served = new WeakSet<object>();
    // The receiver drops a reused connection without answering, as one does that closes an idle connection.
    answer = (res, req) => {
      if (!served.has(req.socket) && connections === 1) req.socket.destroy();
      else res.writeHead(204).end();
      served.add(req.socket);
    };
    const attempt = await sender.deliver(origin, MESSAGE, [NEW_SECRET], sentAt);
    expect(attempt).toMatchObject({ statusCode: 204, error: null });
    expect(connections).toBe(2);
  });

  it('does not send again when a new connection fails: that is a failed attempt for the schedule', async () => {
    answer = (_res, req) => req.socket.destroy();
    const attempt = await transport().deliver(origin, MESSAGE, [NEW_SECRET], sentAt);
    expect(attempt).toMatchObject({ statusCode: null, error: 'connection' });
    expect(received).toHaveLength(1);
  });
});
