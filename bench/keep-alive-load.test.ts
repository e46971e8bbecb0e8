import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runKeepAliveLoad, type KeepAliveLoad } from './keep-alive-load';

const servers: Server[] = [];
const accepted = new Set<Socket>();
afterEach(async () => {
  for (const socket of accepted) socket.destroy();
  accepted.clear();
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function listen(server: Server): Promise<string> {
  servers.push(server);
  server.on('connection', (socket: Socket) => accepted.add(socket));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return `http://127.0.0.1:${port}`;
}

/** A node:http server: it parses what the load generator sends as any client's request would be parsed. */
function httpServer(handle: (req: IncomingMessage, body: string, res: ServerResponse) => void): Promise<string> {
  const server = createHttpServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => handle(req, body, res));
  });
  server.keepAliveTimeout = 10_000;
  return listen(server);
}

/**
 * A raw server that answers every request on a connection with the next of `answers`, written in pieces of `piece`
 * bytes one after the other: framing is then read across many socket reads, as a slow network would deliver it.
 */
function rawServer(answers: (n: number) => string, piece = Number.MAX_SAFE_INTEGER): Promise<string> {
  let n = 0;
  const server = createNetServer((socket: Socket) => {
    let pending = '';
    socket.on('data', async (chunk) => {
      pending += chunk.toString('latin1');
      while (pending.includes('\r\n\r\n')) {
        pending = pending.slice(pending.indexOf('\r\n\r\n') + 4);
        const answer = answers(n++);
        for (let at = 0; at < answer.length; at += piece) {
          socket.write(answer.slice(at, at + piece), 'latin1');
          if (piece < answer.length) await new Promise((r) => setImmediate(r));
        }
      }
    });
    socket.on('error', () => undefined);
  });
  return listen(server);
}

async function run(url: string, extra: Partial<KeepAliveLoad> = {}) {
  const statuses: number[] = [];
  const times: number[] = [];
  const totals = await runKeepAliveLoad({
    url,
    connections: 2,
    duration: 0.4,
    method: 'GET',
    headers: { accept: 'application/json' },
    timeout: 10,
    onResponse: (status, ms) => {
      statuses.push(status);
      times.push(ms);
    },
    ...extra,
  });
  return { statuses, times, totals };
}

describe('the keep-alive load generator', () => {
  it('sends the method, path, headers and body it is given, one request after the other on each connection', async () => {
    const seen: string[] = [];
    const url = await httpServer((req, body, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers['x-n']} ${body} ${req.headers['content-length']}`);
      res.writeHead(201, { 'content-type': 'text/plain' }).end('ok');
    });
    let n = 0;
    const { statuses, totals } = await run(`${url}/first?x=1`, {
      method: 'POST',
      next: (request) => {
        n++;
        return { ...request, path: `${request.path}&n=${n}`, headers: { ...request.headers, 'x-n': String(n) }, body: `{"n":${n}}` };
      },
    });
    expect(totals.errors).toBe(0);
    expect(statuses.length).toBeGreaterThan(10);
    expect(new Set(statuses)).toEqual(new Set([201]));
    expect(seen[0]).toBe('POST /first?x=1&n=1 1 {"n":1} 7');
    expect(seen.every((line, i) => line === `POST /first?x=1&n=${i + 1} ${i + 1} {"n":${i + 1}} ${String(`{"n":${i + 1}}`.length)}`)).toBe(
      true,
    );
  });

  it('reads a body framed by Content-Length to its end, even across many reads, before the next request', async () => {
    const body = 'x'.repeat(70_000);
    const url = await rawServer((n) => `HTTP/1.1 200 OK\r\ncontent-length: ${body.length}\r\nx-n: ${n}\r\n\r\n${body}`, 1_000);
    const { statuses, totals } = await run(url);
    expect(totals.errors).toBe(0);
    expect(statuses.length).toBeGreaterThan(2);
    expect(new Set(statuses)).toEqual(new Set([200]));
  });

  it('reads chunked bodies, with chunk sizes and CRLFs split across reads, and trailers', async () => {
    const answer = (n: number) =>
      'HTTP/1.1 207 Multi-Status\r\nTransfer-Encoding: chunked\r\n\r\n' +
      `a\r\n0123456789\r\n1F4;ext=1\r\n${'y'.repeat(500)}\r\n0\r\nx-trailer: ${n}\r\n\r\n`;
    for (const piece of [3, 7, Number.MAX_SAFE_INTEGER]) {
      const { statuses, totals } = await run(await rawServer(answer, piece));
      expect(totals.errors).toBe(0);
      expect(statuses.length).toBeGreaterThan(2);
      expect(new Set(statuses)).toEqual(new Set([207]));
    }
  });

  it('answers without a body (304, 204, a zero length) count at once, and bodies after them are framed anew', async () => {
    const kinds = [
      // A 304 may give the length of the body it does not send.
      'HTTP/1.1 304 Not Modified\r\netag: "a"\r\ncontent-length: 20\r\n\r\n',
      'HTTP/1.1 204 No Content\r\n\r\n',
      'HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n',
      'HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc',
    ];
    const { statuses, totals } = await run(await rawServer((n) => kinds[n % kinds.length]!));
    expect(totals.errors).toBe(0);
    expect(new Set(statuses)).toEqual(new Set([304, 204, 200]));
  });

  it('opens a new connection after an answer that says Connection: close, and counts no error for it', async () => {
    let connections = 0;
    const server = createHttpServer((_req, res) => res.writeHead(200, { connection: 'close', 'content-length': '2' }).end('ok'));
    server.on('connection', () => connections++);
    const { statuses, totals } = await run(await listen(server));
    expect(totals.errors).toBe(0);
    expect(statuses.length).toBeGreaterThan(5);
    expect(connections).toBeGreaterThanOrEqual(statuses.length);
  });

  it('counts a connection the server drops mid-answer as an error, and goes on with a new one', async () => {
    const server = createNetServer((socket) => {
      socket.once('data', () => socket.end('HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\nabc'));
      socket.on('error', () => undefined);
    });
    const { statuses, totals } = await run(await listen(server));
    expect(statuses).toEqual([]);
    expect(totals.errors).toBeGreaterThan(2);
  });

  it('counts a request left unanswered past the timeout, and replaces its connection', async () => {
    let connections = 0;
    const server = createNetServer((socket) => {
      connections++;
      socket.on('error', () => undefined);
    });
    const { statuses, totals } = await run(await listen(server), { timeout: 0.1, connections: 1, duration: 0.45 });
    expect(statuses).toEqual([]);
    expect(totals.timeouts).toBeGreaterThanOrEqual(3);
    expect(connections).toBeGreaterThanOrEqual(4);
  });

  it('with a warm-up, measures only once every connection has had an answer, and counts nothing sent before', async () => {
    // Each connection's first answer comes later than the one before, as from a busy server that accepts one
    // connection at a time; every later answer comes at once.
    let opened = 0;
    let served = 0;
    const server = createNetServer((socket) => {
      const delay = 150 * opened++;
      let first = true;
      socket.on('data', () => {
        served++;
        const answer = () => socket.write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok');
        if (first) setTimeout(answer, delay);
        else answer();
        first = false;
      });
      socket.on('error', () => undefined);
    });
    const url = await listen(server);
    const started = performance.now();
    const { times, totals } = await run(url, { connections: 4, duration: 0.3, warmup: 0.05 });
    const wall = (performance.now() - started) / 1000;
    // The last connection's first answer took 450 ms; none of the first answers is among the counted ones.
    expect(times.length).toBeGreaterThan(10);
    expect(Math.max(...times)).toBeLessThan(100);
    expect(times.length).toBeLessThan(served);
    expect(Math.abs(totals.seconds - 0.3)).toBeLessThan(0.1);
    expect(wall).toBeGreaterThanOrEqual(0.7);
  });

  it('without a warm-up, measures from the first request, waiting for no connection', async () => {
    let opened = 0;
    const server = createNetServer((socket) => {
      const delay = 150 * opened++;
      socket.once('data', () => setTimeout(() => socket.write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok'), delay));
      socket.on('error', () => undefined);
    });
    const { times } = await run(await listen(server), { connections: 4, duration: 0.6 });
    expect(times.length).toBe(4);
    expect(Math.max(...times)).toBeGreaterThanOrEqual(440);
  });

  it('times each answer from its request to its last byte', async () => {
    const url = await httpServer((_req, _body, res) => setTimeout(() => res.end('late'), 30));
    const { times, totals } = await run(url, { connections: 1 });
    expect(totals.errors).toBe(0);
    expect(times.length).toBeGreaterThan(3);
    for (const ms of times) expect(ms).toBeGreaterThanOrEqual(29);
    expect(Math.abs(totals.seconds - 0.4)).toBeLessThan(0.1);
  });
});
