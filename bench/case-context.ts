/**
 * What the main cases share: the server under load, the main tenant's key, and the list the cases are kept in.
 */
import { baseHeaders, getJson, logResult, measure, type AddCase, type GetJson, type Target } from './harness';
import type { LoadResult } from './load';
import { peakRssMiB } from './processes';
import type { CaseResult } from './results';
import type { Server } from './server';

export interface MainContext {
  backend: string;
  server: Server;
  target: Target;
  /** The main tenant's key, and the headers of a request with it. */
  token: string;
  headers: Record<string, string>;
  expressRps: number;
  cases: CaseResult[];
  /** Keeps a case measured elsewhere (several loads at once), with the server's VmHWM right after it. */
  record(id: string, label: string, result: LoadResult): void;
  /** Measures a case and keeps it. */
  add: AddCase;
  /** A one-off GET as the main tenant. */
  get: GetJson;
}

export const ratio = (rps: number, expressRps: number) => Math.round((rps / expressRps) * 1000) / 1000;

export function mainContext(backend: string, server: Server, token: string, expressRps: number): MainContext {
  const target: Target = { base: server.base, pid: server.pid };
  const cases: CaseResult[] = [];
  const record = (id: string, label: string, result: LoadResult) => {
    cases.push({ id, label, ...result, ratioToExpress: ratio(result.rps, expressRps), peakRssMiB: peakRssMiB(server.pid) });
  };
  return {
    backend,
    server,
    target,
    token,
    headers: baseHeaders(token),
    expressRps,
    cases,
    record,
    add: async (id, label, load) => record(id, label, await measure(target, `${backend} ${label}`, load)),
    get: (path) => getJson(server.base, path, token),
  };
}

/** Keeps several loads measured at once, each logged like a measured case. */
export function recordAll(ctx: MainContext, results: ReadonlyArray<readonly [string, string, LoadResult]>): void {
  for (const [id, label, result] of results) {
    logResult(`${ctx.backend} ${label}`, result);
    ctx.record(id, label, result);
  }
}
