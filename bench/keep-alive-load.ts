/**
 * The bench's load generator: a fixed number of HTTP/1.1 keep-alive connections, each sending its next request as soon
 * as the previous answer has fully arrived, for a fixed time.
 *
 * It shares the machine's two cores with the server it measures, so every microsecond it spends on a request is taken
 * from the server. It therefore does the least a client can do while still reading every answer to its end: it builds
 * each request as one buffer, reads the status line and the two headers that frame the body (Content-Length,
 * Transfer-Encoding: chunked) plus Connection, and counts body bytes without decoding them. Timing starts when a
 * request is written and stops when its answer's last byte is read, in float milliseconds.
 *
 * A warm-up runs on the same connections, and the measured time starts only once every connection has had an answer:
 * a Node server whose event loop is busy accepts new connections one per turn of its loop (measured on this machine:
 * fifty connections opened at once against a server spending 5 ms per request were accepted over six seconds), so the
 * first requests of connections opened at once would wait seconds in the server's accept queue and be counted as its
 * answers' latency (bench/README.md, "Connections").
 */
import { connect, type Socket } from 'node:net';

export interface LoadRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface KeepAliveLoad {
  /** http://host:port/path; the path is the first request's unless `next` gives each one. */
  url: string;
  connections: number;
  /** Seconds measured; requests still waiting when it ends are dropped (their connections closed), not counted. */
  duration: number;
  /**
   * Seconds of load before the measured time on the same connections, not counted; the measured time then starts
   * once every connection has had an answer, or at the latest WARMUP_LIMIT_SECONDS later. 0 still waits for every
   * connection's first answer; without it the measured time starts with the first request.
   */
  warmup?: number;
  method: string;
  headers: Record<string, string>;
  /** Per-request rewrite of the base request (a fresh path or body each time). */
  next?: (request: LoadRequest) => LoadRequest;
  /** Seconds a request may wait for its answer before it counts as a timeout and its connection is replaced. */
  timeout: number;
  onResponse: (status: number, milliseconds: number) => void;
  /** Given each answer's Location header (lower-cased, as the head is read), when it has one. */
  onLocation?: (location: string) => void;
}

export interface KeepAliveTotals {
  /** The measured time, warm-up excluded. */
  seconds: number;
  errors: number;
  timeouts: number;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** How long past its warm-up a run waits for connections that have had no answer before it measures anyway. */
const WARMUP_LIMIT_SECONDS = 30;

/** Where the answer being read stands; one per connection, reused. */
const enum Reading {
  Head,
  Body,
  ChunkSize,
  ChunkData,
  Trailers,
}

function encode(request: LoadRequest, host: string): Buffer {
  let head = `${request.method} ${request.path} HTTP/1.1\r\nhost: ${host}\r\n`;
  for (const [name, value] of Object.entries(request.headers)) head += `${name}: ${value}\r\n`;
  if (request.body !== undefined) head += `content-length: ${Buffer.byteLength(request.body)}\r\n`;
  head += '\r\n';
  return Buffer.from(request.body === undefined ? head : head + request.body);
}

/** The value of one header in a head read as latin1, lower-cased names; undefined when absent. */
function headerValue(head: string, name: string): string | undefined {
  const at = head.indexOf(`\r\n${name}:`);
  if (at < 0) return undefined;
  const start = at + name.length + 3;
  const end = head.indexOf('\r\n', start);
  return head.slice(start, end < 0 ? undefined : end).trim();
}

export function runKeepAliveLoad(load: KeepAliveLoad): Promise<KeepAliveTotals> {
  const target = new URL(load.url);
  const host = target.host;
  const port = Number(target.port || 80);
  const base: LoadRequest = { method: load.method, path: target.pathname + target.search, headers: load.headers };
  const fixed = load.next ? undefined : encode(base, host);
  const warmup = (load.warmup ?? 0) * 1000;
  const warmsUp = load.warmup !== undefined;
  // Until the measured time starts, no request is counted and the run has no end.
  let measuredFrom = Number.POSITIVE_INFINITY;
  let deadline = Number.POSITIVE_INFINITY;
  let errors = 0;
  let timeouts = 0;
  const sockets = new Set<Socket>();
  let finish: (totals: KeepAliveTotals) => void = () => undefined;
  const done = new Promise<KeepAliveTotals>((resolve) => (finish = resolve));
  let finished = false;
  const timers = new Set<NodeJS.Timeout>();
  /** The connections (by slot: a replaced connection's successor takes its slot) that have had an answer. */
  const answeredSlots = new Set<number>();

  const end = () => {
    if (finished) return;
    finished = true;
    for (const timer of timers) clearTimeout(timer);
    for (const socket of sockets) socket.destroy();
    finish({ seconds: (performance.now() - measuredFrom) / 1000, errors, timeouts });
  };
  const startMeasuring = () => {
    if (measuredFrom !== Number.POSITIVE_INFINITY) return;
    measuredFrom = performance.now();
    deadline = measuredFrom + load.duration * 1000;
    errors = 0;
    timeouts = 0;
    timers.add(setTimeout(end, load.duration * 1000));
  };
  const warmedUp = () => answeredSlots.size >= load.connections;
  const warmupEnds = performance.now() + warmup;
  if (warmsUp) {
    const afterWarmup = setTimeout(() => {
      timers.delete(afterWarmup);
      if (warmedUp()) startMeasuring();
    }, warmup);
    timers.add(afterWarmup);
    timers.add(setTimeout(startMeasuring, warmup + WARMUP_LIMIT_SECONDS * 1000));
  } else {
    startMeasuring();
  }

  const openConnection = (slot: number) => {
    if (finished || performance.now() >= deadline) return;
    // One buffer per connection that the socket reads into, handed over without the stream machinery: no allocation
    // and no 'data' event per read.
    const socket: Socket = connect({
      host: target.hostname,
      port,
      noDelay: true,
      onread: {
        buffer: Buffer.allocUnsafe(65536),
        callback: (bytes: number, buffer: Uint8Array) => {
          read(Buffer.from(buffer.buffer, buffer.byteOffset, bytes));
          return true;
        },
      },
    });
    sockets.add(socket);
    let sentAt = 0;
    let state = Reading.Head;
    let pending: Buffer | null = null;
    let status = 0;
    let remaining = 0;
    let closeAfter = false;
    let line = '';
    let replaced = false;
    let answerTimer: NodeJS.Timeout | undefined;

    const replace = () => {
      if (replaced) return;
      replaced = true;
      sockets.delete(socket);
      if (answerTimer) clearTimeout(answerTimer);
      socket.destroy();
      // A refused or reset connection is tried again after a breath, not in a tight loop.
      const retry = setTimeout(() => {
        timers.delete(retry);
        openConnection(slot);
      }, 10);
      timers.add(retry);
    };
    const send = () => {
      if (finished || performance.now() >= deadline) {
        replaced = true;
        sockets.delete(socket);
        if (answerTimer) clearTimeout(answerTimer);
        socket.destroy();
        return;
      }
      state = Reading.Head;
      pending = null;
      sentAt = performance.now();
      socket.write(fixed ?? encode(load.next!(base), host));
      if (answerTimer) answerTimer.refresh();
      else
        answerTimer = setTimeout(() => {
          timeouts++;
          replace();
        }, load.timeout * 1000);
    };
    // The timer is armed once per connection and pushed back by each request (refresh), not made anew per request:
    // every answer is followed at once by the next request, or by the connection's end, which clears it.
    const answered = () => {
      if (!finished && sentAt >= measuredFrom) load.onResponse(status, performance.now() - sentAt);
      if (!answeredSlots.has(slot)) {
        answeredSlots.add(slot);
        if (warmedUp() && performance.now() >= warmupEnds) startMeasuring();
      }
      if (closeAfter) replace();
      else send();
    };

    /** Consumes the bytes of the answer being read; a server sends nothing past an answer before the next request. */
    const read = (chunk: Buffer): void => {
      let at = 0;
      /** Passes over what is left of a body or chunk in this read; true once all of it has been read. */
      const skipped = () => {
        const take = Math.min(remaining, chunk.length - at);
        remaining -= take;
        at += take;
        return remaining === 0;
      };
      while (at < chunk.length) {
        switch (state) {
          case Reading.Head: {
            const bytes: Buffer = pending ? Buffer.concat([pending, chunk.subarray(at)]) : chunk.subarray(at);
            const headEnd = bytes.indexOf(HEADER_END);
            if (headEnd < 0) {
              // The socket reads into the same buffer next time: keep a copy.
              pending = Buffer.from(bytes);
              return;
            }
            pending = null;
            const head = bytes.toString('latin1', 0, headEnd).toLowerCase();
            status = Number(head.slice(9, 12));
            closeAfter = headerValue(head, 'connection') === 'close';
            if (load.onLocation) {
              const location = headerValue(head, 'location');
              if (location !== undefined) load.onLocation(location);
            }
            const length = headerValue(head, 'content-length');
            chunk = bytes;
            at = headEnd + 4;
            if (headerValue(head, 'transfer-encoding')?.includes('chunked')) {
              state = Reading.ChunkSize;
              line = '';
            } else {
              remaining = length === undefined || status === 204 || status === 304 ? 0 : Number(length);
              state = Reading.Body;
              if (remaining === 0) answered();
            }
            break;
          }
          case Reading.Body:
            if (skipped()) answered();
            break;
          case Reading.ChunkSize:
          case Reading.Trailers: {
            const newline = chunk.indexOf(10, at);
            if (newline < 0) {
              line += chunk.toString('latin1', at);
              return;
            }
            line += chunk.toString('latin1', at, newline);
            at = newline + 1;
            const text = line.trim();
            line = '';
            if (state === Reading.Trailers) {
              if (text === '') answered();
            } else {
              const size = parseInt(text, 16);
              // A chunk's data and the CRLF after it are passed over together.
              remaining = size + 2;
              state = size === 0 ? Reading.Trailers : Reading.ChunkData;
            }
            break;
          }
          case Reading.ChunkData:
            if (skipped()) {
              state = Reading.ChunkSize;
              line = '';
            }
            break;
        }
      }
    };

    socket.on('connect', send);
    socket.on('error', () => {
      if (!finished) errors++;
      replace();
    });
    socket.on('close', () => {
      if (finished) {
        if (answerTimer) clearTimeout(answerTimer);
        return;
      }
      // The server closed a connection without saying so in the answer: count it unless it was idle.
      if (!replaced && (state !== Reading.Head || pending !== null)) errors++;
      replace();
    });
  };

  for (let slot = 0; slot < load.connections; slot++) openConnection(slot);
  return done;
}
