/**
 * How the bench talks to a server it started: the headers of every request, the harness's own one-off requests, and
 * one measured case (a warm-up, then the load).
 */
import { request as httpRequest } from 'node:http';
import { hammer, type LoadCase, type LoadResult } from './load';
import { API, log, options } from './options';

export function baseHeaders(token?: string): Record<string, string> {
  return {
    accept: 'application/json',
    // TRUST_PROXY=loopback: plain HTTP, the "proxy" vouches for https (docs/api-behaviour.md §1).
    'x-forwarded-proto': 'https',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
}

export interface Target {
  base: string;
  pid: number;
}

/** A case as `measure` takes it: the request (a path on the server), the load's own settings left to `measure`. */
export type CaseLoad = Omit<LoadCase, 'url' | 'duration' | 'connections'> & { path: string };

/** A warm-up of the run's length on the case's own connections (none with --warmup 0), then the case; logged. */
export async function measure(
  target: Target,
  name: string,
  load: CaseLoad,
  { duration = options.duration, connections = options.connections }: { duration?: number; connections?: number } = {},
): Promise<LoadResult> {
  const url = `${target.base}${load.path}`;
  const result = await hammer({ ...load, url, duration, warmup: options.warmup, connections });
  logResult(name, result);
  return result;
}

export function logResult(name: string, result: LoadResult): void {
  log(`${name}: ${result.rps} rps, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, codes ${JSON.stringify(result.statusCodes)}`);
}

/**
 * The harness's own requests (sanity check, next-walk, overlap check, health) go over node:http on a fresh
 * connection each: a pooled keep-alive socket that the server has just closed as idle would fail a POST, which is
 * never retried.
 */
export function request(
  base: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; text: string; headers: NodeJS.Dict<string | string[]> }> {
  return new Promise((resolveRequest, reject) => {
    const req = httpRequest(
      `${base}${path}`,
      { method: init.method ?? 'GET', headers: init.headers, agent: false, timeout: 60_000 },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolveRequest({ status: res.statusCode ?? 0, text, headers: res.headers }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${path}: no answer within 60 s`)));
    req.on('error', reject);
    req.end(init.body);
  });
}

export type GetJson = (path: string) => Promise<{ status: number; body: unknown }>;

export async function getJson(base: string, path: string, token: string): Promise<{ status: number; body: unknown }> {
  const { status, text } = await request(base, path, { headers: baseHeaders(token) });
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Keep the raw text for the error message.
  }
  return { status, body };
}

/** Follows `next` from page 1 to `page` like a mirror would, and returns the keyset-bearing URL of that page. */
export async function walkNext(base: string, token: string, page: number): Promise<{ path: string; msPerPage: number }> {
  let path = `${API}/bookings/`;
  const started = performance.now();
  for (let current = 1; current < page; current++) {
    const { status, body } = await getJson(base, path, token);
    const next = (body as { next?: string | null }).next;
    if (status !== 200 || !next) throw new Error(`walking next: page ${current} gave ${status} / next=${String(next)}`);
    const url = new URL(next);
    path = `${url.pathname}${url.search}`;
  }
  return { path, msPerPage: (performance.now() - started) / (page - 1) };
}

/** One measured case of a running server, kept under `id`. */
export type AddCase = (id: string, label: string, load: CaseLoad) => Promise<void>;
