/**
 * Cases on servers started afresh after the main server has stopped, each a variant of page 1 beside its twin in
 * mirrored rounds: one process against `serve --workers 2`, and observability off against metrics and tracing.
 */
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { ratio } from './case-context';
import { baseHeaders, measure, request, type Target } from './harness';
import { hammer } from './load';
import { mirroredRounds } from './mirrored';
import { API, log, options } from './options';
import { peakRssMiB, stop } from './processes';
import type { CaseResult } from './results';
import { startServer } from './server';
import { freePort } from './server-env';

/** The supervisor's and its workers' peak resident memory together (their VmHWM summed). */
function clusterPeakRssMiB(pid: number): number | null {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return peakRssMiB(pid);
  }
  const all = [pid, ...children].map(peakRssMiB);
  return all.every((v) => v !== null) ? Math.round(all.reduce((sum, v) => sum + (v ?? 0), 0) * 10) / 10 : null;
}

/**
 * The same database served by one process and by `serve --workers 2` (docs/operations.md, Workers), each started
 * afresh, in mirrored order (one, two, two, one): the ratio compares servers of the same age on the same data at
 * nearly the same moment. Against the run's first page-1 case it would also measure the drift of the run: on
 * PostgreSQL the earlier cases' creates leave the database busy (autovacuum) and page 1 slower by a fifth.
 */
export async function workersCases(databaseUrl: string, env: NodeJS.ProcessEnv, backend: string, token: string, expressRps: number) {
  const variants = [
    { id: 'bookings_page1_one_process', label: 'GET /bookings/ page 1, one process (twin of --workers 2)', args: [] as string[] },
    { id: 'bookings_page1_workers2', label: 'GET /bookings/ page 1, --workers 2', args: ['--workers', '2'] },
  ];
  return mirroredRounds(variants, expressRps, async (variant) => {
    const server = await startServer(databaseUrl, env, backend, variant.args);
    try {
      const target: Target = { base: server.base, pid: server.pid };
      const headers = baseHeaders(token);
      // Each process pays the key's first (cost-12) check and its own JIT warm-up before anything is measured.
      await hammer({ url: `${server.base}${API}/bookings/`, headers, duration: 3, connections: options.connections });
      const result = await measure(target, `${backend} ${variant.label}`, { path: `${API}/bookings/`, headers });
      return {
        id: variant.id,
        label: variant.label,
        ...result,
        ratioToExpress: ratio(result.rps, expressRps),
        peakRssMiB: clusterPeakRssMiB(server.pid),
      };
    } finally {
      const exit = await stop(server, 20_000);
      if (exit !== 0) log(`${variant.label}: the server exited with ${exit} on SIGTERM\n${server.tail().slice(-1500)}`);
    }
  });
}

/**
 * What metrics and tracing cost (docs/observability.md). Page 1 on servers started one after the other on the same
 * database: observability off, METRICS_PORT set (scraped as Prometheus would while loaded), and tracing every request
 * to an OTLP/HTTP receiver in this process that takes the spans and drops them. The machine drifts during a run (a
 * single page-1 figure moved by 14% between two cases of one run), so each variant runs twice in mirrored order.
 */
export async function observabilityCases(
  databaseUrl: string,
  env: NodeJS.ProcessEnv,
  backend: string,
  token: string,
  expressRps: number,
): Promise<CaseResult[]> {
  let spanBatches = 0;
  let spanBytes = 0;
  const receiver = createHttpServer((req, res) => {
    req.on('data', (chunk: Buffer) => (spanBytes += chunk.length));
    req.on('end', () => {
      spanBatches++;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolveListen) => receiver.listen(0, '127.0.0.1', resolveListen));
  const receiverPort = (receiver.address() as { port: number }).port;
  const metricsPort = await freePort();
  const variants = [
    { id: 'bookings_page1_observability_off', label: 'GET /bookings/ page 1, observability off (same run)', extra: {} },
    { id: 'bookings_page1_metrics', label: 'GET /bookings/ page 1, METRICS_PORT set', extra: { METRICS_PORT: String(metricsPort) } },
    {
      id: 'bookings_page1_tracing',
      label: 'GET /bookings/ page 1, every request traced to a local receiver',
      extra: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${receiverPort}` },
    },
  ];
  const headers = baseHeaders(token);
  try {
    const results = await mirroredRounds(variants, expressRps, async (variant) => {
      const server = await startServer(databaseUrl, { ...env, ...variant.extra }, `${backend}-${variant.id}`);
      let scraper: NodeJS.Timeout | undefined;
      try {
        const target: Target = { base: server.base, pid: server.pid };
        // The key's first request pays its cost-12 bcrypt check; the JIT warms up.
        await hammer({ url: `${server.base}${API}/bookings/`, headers, duration: 2, connections: options.connections });
        if ('METRICS_PORT' in variant.extra) {
          // Prometheus scrapes every 15 s or so; once a second is harsher and still shows in a 10 s case.
          scraper = setInterval(() => void request(`http://127.0.0.1:${metricsPort}`, '/metrics').catch(missedScrape), 1_000);
        }
        const result = await measure(target, `${backend} ${variant.label}`, { path: `${API}/bookings/`, headers });
        const round: CaseResult = {
          id: variant.id,
          label: variant.label,
          ...result,
          ratioToExpress: ratio(result.rps, expressRps),
          peakRssMiB: peakRssMiB(server.pid),
        };
        if ('METRICS_PORT' in variant.extra) {
          const scrape = await request(`http://127.0.0.1:${metricsPort}`, '/metrics');
          if (scrape.status !== 200 || !scrape.text.includes(`route="${API}/bookings/"`))
            throw new Error(`metrics scrape gave ${scrape.status}: ${scrape.text.slice(0, 200)}`);
        }
        return round;
      } finally {
        clearInterval(scraper);
        await stop(server, 15_000);
      }
    });
    // The server sends its last spans when it stops.
    if (spanBatches === 0) throw new Error('tracing case: no span reached the receiver');
    log(`${backend} tracing: the receiver took ${spanBatches} span batches, ${(spanBytes / 1e6).toFixed(1)} MB`);
    return results;
  } finally {
    receiver.close();
    receiver.closeAllConnections();
  }
}

/** A missed scrape only lowers the scraping load; the case measures the API, not the scraper. */
function missedScrape(_error: unknown): void {
  // Nothing to keep: the next scrape follows within a second.
}
