/**
 * One load case: keep-alive connections for a fixed duration (bench/keep-alive-load.ts), summed up.
 *
 * Every answer's latency is kept (float milliseconds, every status): a histogram that truncates to whole milliseconds
 * would make the ratio targets meaningless at sub-millisecond medians.
 */
import { runKeepAliveLoad, type LoadRequest } from './keep-alive-load';

export type { LoadRequest };

export interface LoadCase {
  url: string;
  duration: number;
  /** Seconds of load on the same connections before the measured time (keep-alive-load.ts, `warmup`). */
  warmup?: number;
  connections: number;
  method?: string;
  headers?: Record<string, string>;
  /** Per-request rewrite, e.g. a fresh POST body each time. */
  setupRequest?: (request: LoadRequest) => LoadRequest;
  /** Each answer's Location header (lower-cased), e.g. the quotes a case made. */
  onLocation?: (location: string) => void;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  meanMs: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
}

/** Growable float buffer: a 10 s case at 20k rps records 200k latencies without 200k boxed numbers. */
class Samples {
  private data = new Float64Array(1 << 16);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Float64Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }

  sorted(): Float64Array {
    return this.data.slice(0, this.length).sort();
  }
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;

export async function hammer(load: LoadCase): Promise<LoadResult> {
  const samples = new Samples();
  const statusCodes: Record<string, number> = {};
  const onResponse = (statusCode: number, responseTime: number) => {
    samples.push(responseTime);
    statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
  };
  const totals = await runKeepAliveLoad({
    url: load.url,
    connections: load.connections,
    duration: load.duration,
    ...(load.warmup !== undefined ? { warmup: load.warmup } : {}),
    method: load.method ?? 'GET',
    headers: load.headers ?? {},
    timeout: 10,
    ...(load.setupRequest ? { next: load.setupRequest } : {}),
    ...(load.onLocation ? { onLocation: load.onLocation } : {}),
    onResponse,
  });
  const seconds = totals.seconds;
  const sorted = samples.sorted();
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    requests: sorted.length,
    seconds: round(seconds),
    rps: round(sorted.length / seconds, 0),
    meanMs: round(sum / Math.max(sorted.length, 1), 3),
    p50Ms: round(percentile(sorted, 50), 3),
    p90Ms: round(percentile(sorted, 90), 3),
    p99Ms: round(percentile(sorted, 99), 3),
    maxMs: round(sorted[sorted.length - 1] ?? Number.NaN, 3),
    statusCodes,
    errors: totals.errors,
    timeouts: totals.timeouts,
  };
}

/** Several rounds of one case as one: every request over all the time, the worst tail. */
export function combineRounds(rounds: LoadResult[]): LoadResult {
  const requests = rounds.reduce((n, r) => n + r.requests, 0);
  const seconds = rounds.reduce((n, r) => n + r.seconds, 0);
  const statusCodes: Record<string, number> = {};
  for (const r of rounds) for (const [code, n] of Object.entries(r.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + n;
  const worst = (key: 'p50Ms' | 'p90Ms' | 'p99Ms' | 'maxMs') => Math.max(...rounds.map((r) => r[key]));
  return {
    requests,
    seconds: round(seconds),
    rps: round(requests / seconds, 0),
    meanMs: round(rounds.reduce((n, r) => n + r.meanMs * r.requests, 0) / Math.max(requests, 1), 3),
    p50Ms: worst('p50Ms'),
    p90Ms: worst('p90Ms'),
    p99Ms: worst('p99Ms'),
    maxMs: worst('maxMs'),
    statusCodes,
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    timeouts: rounds.reduce((n, r) => n + r.timeouts, 0),
  };
}
