/**
 * The shape of bench/results.json, the issue-6 targets evaluated against it, and the printed table.
 */
import type { SyncResult } from './sync-cases';
import type { LoadResult } from './load';

export interface CaseResult extends LoadResult {
  id: string;
  label: string;
  /** rps of this case divided by the Express hello-world rps measured just before this backend (same run). */
  ratioToExpress: number;
  /** Server VmHWM right after this case. */
  peakRssMiB: number | null;
}

export interface ImportResult {
  tenant: string;
  rows: number;
  /** Wall time of the whole `campsite import` process, start-up included. */
  seconds: number;
  rowsPerSecond: number;
  /** The rate the import command prints itself (no process start-up), when it prints one. */
  reportedRowsPerSecond: number | null;
}

export interface ColdKeyResult {
  concurrentRequests: number;
  /** From sending the burst to the last answer. */
  allAnsweredMs: number;
  statusCodes: Record<string, number>;
}

export interface BackendResult {
  backend: string;
  /** Express hello-world rps measured just before this backend's cases; the ratios of its cases use it. */
  expressRps: number;
  imports: ImportResult[];
  cases: CaseResult[];
  peakRssMiB: number;
  walkNextMsPerPage: number | null;
  coldKey: ColdKeyResult | null;
  bigImportError: string | null;
  overlapRejected: boolean | null;
  /** After the POST cases: page 1, held in memory, counted what a first read from the database counted. */
  freshAfterWrites?: boolean | null;
  sigtermExit: number | null;
  cpuProfileDir: string | null;
  /** Issue 10's mirror cases (bench/sync-cases.ts); null when they failed. */
  sync?: SyncResult | null;
}

export interface TargetResult {
  backend: string;
  target: string;
  measured: string;
  verdict: 'PASS' | 'MISS' | 'NOT RUN';
}

export interface Results {
  meta: Record<string, unknown>;
  baselines: { nodeHttp: LoadResult; express: LoadResult };
  backends: BackendResult[];
  failures: Record<string, string>;
  targets: TargetResult[];
}

const fixed = (v: number, digits = 2) => (Number.isFinite(v) ? v.toFixed(digits) : 'n/a');

export function evaluateTargets(results: Results, big: boolean): TargetResult[] {
  const out: TargetResult[] = [];
  const verdict = (ok: boolean): TargetResult['verdict'] => (ok ? 'PASS' : 'MISS');
  for (const b of results.backends) {
    const byId = (id: string) => b.cases.find((c) => c.id === id);
    const page1 = byId('bookings_page1');
    if (page1) {
      const share = b.backend === 'postgres' ? 0.4 : 0.5;
      out.push({
        backend: b.backend,
        target: `GET /bookings/ page 1 rps >= ${share * 100}% of Express hello-world`,
        measured: `${page1.rps} vs ${b.expressRps} rps = ${fixed(page1.ratioToExpress * 100, 1)}%`,
        verdict: verdict(page1.rps >= share * b.expressRps && only2xx(page1)),
      });
      out.push({
        backend: b.backend,
        target: 'GET /bookings/ page 1 p99 <= 25 ms at 50 connections',
        measured: `p99 ${fixed(page1.p99Ms)} ms`,
        verdict: verdict(page1.p99Ms <= 25),
      });
    }
    const workers2 = byId('bookings_page1_workers2');
    // Its twin, one process started beside it (runs before that compared with the first page-1 case).
    const oneProcess = byId('bookings_page1_one_process') ?? page1;
    if (oneProcess && workers2) {
      out.push({
        backend: b.backend,
        target: 'GET /bookings/ page 1 with --workers 2 >= 1.4x one process (same run)',
        measured: `${workers2.rps} vs ${oneProcess.rps} rps = ${fixed(workers2.rps / oneProcess.rps)}x`,
        verdict: verdict(workers2.rps >= 1.4 * oneProcess.rps && only2xx(oneProcess) && only2xx(workers2)),
      });
    }
    const small = byId('bookings_page1_10k');
    const large = byId('bookings_page1_1m');
    out.push({
      backend: b.backend,
      target: 'page 1 at 1M bookings <= 1.5x page 1 at 10k (mean latency)',
      measured:
        small && large
          ? `${fixed(large.meanMs)} ms vs ${fixed(small.meanMs)} ms = ${fixed(large.meanMs / small.meanMs)}x`
          : small && page1
            ? `1M not measured (run with --big); page 1 at the main tenant's size is ${fixed(page1.meanMs / small.meanMs)}x page 1 at 10k`
            : 'not measured',
      verdict: small && large ? verdict(large.meanMs <= 1.5 * small.meanMs && only2xx(large)) : big ? 'MISS' : 'NOT RUN',
      ...(b.bigImportError ? { measured: `1M import failed: ${b.bigImportError.slice(0, 200)}` } : {}),
    });
    // Issue 21: invoice PDFs (docs/accounting.md, "Performance").
    const pdfDistinct = byId('invoice_pdf_distinct');
    if (pdfDistinct) {
      out.push({
        backend: b.backend,
        target: 'distinct invoice PDFs >= 80/s on one process',
        measured: `${pdfDistinct.rps} rps`,
        verdict: verdict(pdfDistinct.rps >= 80 && only2xx(pdfDistinct)),
      });
    }
    for (const id of ['invoice_pdf_repeated', 'invoice_pdf_304']) {
      const repeated = byId(id);
      if (!repeated) continue;
      out.push({
        backend: b.backend,
        target: `${repeated.label} >= 2,000/s`,
        measured: `${repeated.rps} rps (${JSON.stringify(repeated.statusCodes)})`,
        verdict: verdict(
          repeated.rps >= 2000 &&
            (id === 'invoice_pdf_304' ? Object.keys(repeated.statusCodes).every((code) => code === '304') : only2xx(repeated)),
        ),
      });
    }
    const duringPdfs = byId('bookings_page1_during_pdfs');
    if (duringPdfs) {
      out.push({
        backend: b.backend,
        target: 'GET /bookings/ page 1 p99 < 50 ms while 4 clients fetch distinct PDFs',
        measured: `p99 ${fixed(duringPdfs.p99Ms)} ms (PDFs meanwhile: ${byId('invoice_pdf_during_reads')?.rps ?? '?'} rps)`,
        verdict: verdict(duringPdfs.p99Ms < 50 && only2xx(duringPdfs)),
      });
    }
    // Issue 17: integrators' reads, each against its repeated twin of the same run (bench/integrator-cases.ts).
    const twins: Array<[string, string, number, string]> = [
      ['booking_detail', 'booking_detail_repeated', 0.8, 'random booking details >= 0.8x the same detail repeated'],
      ['bookings_filtered_random', 'bookings_page1_repeated', 0.25, 'random filtered booking lists >= 0.25x page 1 repeated'],
      ['invoices_filtered_random', 'invoices_page1_repeated', 0.25, 'random filtered invoice lists >= 0.25x page 1 repeated'],
      ['bookings_page1_beside_writer', 'bookings_page1_alone', 0.7, 'page 1 while a writer creates >= 0.7x page 1 alone'],
    ];
    for (const [id, twinId, share, target] of twins) {
      const measured = byId(id);
      const twin = byId(twinId);
      if (!measured || !twin) continue;
      out.push({
        backend: b.backend,
        target,
        measured: `${measured.rps} vs ${twin.rps} rps = ${fixed(measured.rps / twin.rps)}x (p99 ${fixed(measured.p99Ms)} ms)`,
        verdict: verdict(measured.rps >= share * twin.rps && only2xx(measured)),
      });
    }
    for (const id of ['bookings_filtered_random', 'invoices_filtered_random']) {
      const filtered = byId(id);
      if (!filtered) continue;
      out.push({
        backend: b.backend,
        target: `${filtered.label}: p99 <= 100 ms at 50 connections`,
        measured: `p99 ${fixed(filtered.p99Ms)} ms`,
        verdict: verdict(filtered.p99Ms <= 100),
      });
    }
    const writer = byId('bookings_writer_2conns');
    if (writer) {
      const least = b.backend === 'postgres' ? 150 : 300;
      out.push({
        backend: b.backend,
        target: `one writer on 2 connections >= ${least} creates/s beside page-1 reads`,
        measured: `${writer.rps} creates/s (${JSON.stringify(writer.statusCodes)})`,
        verdict: verdict(writer.rps >= least && only2xx(writer)),
      });
    }
    const viaNext = byId('bookings_page500_next');
    if (page1 && viaNext) {
      out.push({
        backend: b.backend,
        target: 'following next to page 500 <= 1.5x page 1 (mean latency)',
        measured: `${fixed(viaNext.meanMs)} ms vs ${fixed(page1.meanMs)} ms = ${fixed(viaNext.meanMs / page1.meanMs)}x`,
        verdict: verdict(viaNext.meanMs <= 1.5 * page1.meanMs && only2xx(viaNext)),
      });
    }
    const create = byId('bookings_create');
    if (create) {
      // Issues 10 and 16: 1,500 creates/s on SQLite, 700 on PostgreSQL.
      const least = b.backend === 'sqlite' ? 1500 : 700;
      const created = create.statusCodes['201'] ?? 0;
      const perSecond = Math.round(created / create.seconds);
      out.push({
        backend: b.backend,
        target: `POST /bookings/ >= ${least.toLocaleString('en-US')} created/s with the overlap rule enforced`,
        measured:
          `${perSecond} created/s (201: ${created}, 400: ${create.statusCodes['400'] ?? 0}); repeat POST ` +
          `refused: ${String(b.overlapRejected)}`,
        verdict: verdict(perSecond >= least && b.overlapRejected === true),
      });
    }
    const keyed = byId('bookings_create_idempotent');
    if (create && keyed) {
      const rate = (c: CaseResult) => (c.statusCodes['201'] ?? 0) / c.seconds;
      out.push({
        backend: b.backend,
        target: 'POST /bookings/ with an Idempotency-Key >= 80% of POST without',
        measured: `${Math.round(rate(keyed))} vs ${Math.round(rate(create))} created/s = ${fixed((rate(keyed) / rate(create)) * 100, 1)}%`,
        verdict: verdict(rate(keyed) >= 0.8 * rate(create)),
      });
    }
    const replay = byId('bookings_replay');
    if (replay) {
      out.push({
        backend: b.backend,
        target: 'replays of a stored Idempotency-Key answer (figure only)',
        measured: `${replay.rps} replays/s, p99 ${fixed(replay.p99Ms)} ms`,
        verdict: only2xx(replay) ? 'PASS' : 'MISS',
      });
    }
    // Issue 12: the same window polled (kept in memory), and each request a window never asked (read and computed).
    for (const [id, how] of [
      ['availability_366_nights', 'polled'],
      ['availability_366_nights_fresh', 'each a new window'],
    ] as const) {
      const availability = byId(id);
      if (!availability) continue;
      out.push({
        backend: b.backend,
        target: `GET /availability/ 366 nights x 500 sites (${how}) p99 < 50 ms at 50 connections`,
        measured: `p99 ${fixed(availability.p99Ms)} ms, ${availability.rps} rps`,
        verdict: verdict(availability.p99Ms < 50 && only2xx(availability)),
      });
    }
    const notModified = byId('bookings_page1_304');
    const twin = byId('bookings_page1_beside_304') ?? page1;
    if (notModified && twin) {
      out.push({
        backend: b.backend,
        target: '304 polling rps >= GET /bookings/ page 1 rps (its twin, just before it)',
        measured:
          `${notModified.rps} vs ${twin.rps} rps (first page-1 case ${page1?.rps ?? '-'}; ` +
          `codes ${JSON.stringify(notModified.statusCodes)})`,
        verdict: verdict(notModified.rps >= twin.rps && (notModified.statusCodes['304'] ?? 0) === notModified.requests),
      });
    }
    if (b.freshAfterWrites !== undefined && b.freshAfterWrites !== null) {
      const during = byId('bookings_page1_during_posts');
      out.push({
        backend: b.backend,
        target: 'no read answered from before a write (page 1 after the POSTs = a first read)',
        measured:
          (b.freshAfterWrites ? 'fresh' : 'STALE') +
          (during ? `; page 1 during POSTs: ${during.rps} rps, p99 ${fixed(during.p99Ms)} ms` : ''),
        verdict: verdict(b.freshAfterWrites),
      });
    }
    // The 10k tenant's import is mostly process start-up; the rate is judged on the 100k and 1M tenants.
    const judged = b.imports.filter((i) => i.rows >= 100_000);
    if (judged.length > 0) {
      out.push({
        backend: b.backend,
        target: 'import >= 20,000 rows/s (whole command, start-up included)',
        measured: judged
          .map((i) => `${i.tenant}: ${i.rowsPerSecond} rows/s wall (CLI's own figure: ${i.reportedRowsPerSecond ?? '?'})`)
          .join(', '),
        verdict: verdict(judged.every((i) => i.rowsPerSecond >= 20_000)),
      });
    }
    const off = byId('bookings_page1_observability_off');
    for (const [id, name, share] of [
      ['bookings_page1_metrics', 'METRICS_PORT set', 0.95],
      ['bookings_page1_tracing', 'tracing on', 0.75],
    ] as const) {
      const on = byId(id);
      if (!off || !on) continue;
      out.push({
        backend: b.backend,
        target: `page 1 with ${name} >= ${share * 100}% of page 1 with observability off (same run)`,
        measured: `${on.rps} vs ${off.rps} rps = ${fixed((on.rps / off.rps) * 100, 1)}%`,
        verdict: verdict(on.rps >= share * off.rps && only2xx(on)),
      });
    }
    out.push({
      backend: b.backend,
      target: 'peak RSS <= 250 MB under load',
      measured: `${b.peakRssMiB} MiB`,
      verdict: verdict(b.peakRssMiB > 0 && b.peakRssMiB * 1.048576 <= 250),
    });
  }
  return out;
}

function only2xx(result: LoadResult): boolean {
  return Object.keys(result.statusCodes).every((code) => code.startsWith('2')) && result.errors === 0;
}

function table(rows: string[][], rightAlignFrom = Number.POSITIVE_INFINITY): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows
    .map((r, n) => {
      const line = r.map((cell, i) => (i < rightAlignFrom ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
      return n === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : line;
    })
    .join('\n');
}

function nonSuccess(result: LoadResult): string {
  const bad = Object.entries(result.statusCodes).filter(([code]) => !code.startsWith('2'));
  const parts = bad.map(([code, n]) => `${code}:${n}`);
  if (result.errors) parts.push(`err:${result.errors}`);
  return parts.join(' ') || '0';
}

export function printReport(results: Results): void {
  const { express, nodeHttp } = results.baselines;
  const rows: string[][] = [['backend', 'case', 'rps', 'p50 ms', 'p99 ms', 'vs express', 'non-2xx']];
  for (const [label, r] of [
    ['node:http JSON', nodeHttp],
    ['Express 5 hello-world', express],
  ] as const) {
    rows.push(['baseline', label, String(r.rps), fixed(r.p50Ms), fixed(r.p99Ms), fixed(r.rps / express.rps, 3), nonSuccess(r)]);
  }
  for (const b of results.backends) {
    rows.push([b.backend, '(Express 5 hello-world, just before)', String(b.expressRps), '', '', '1.000', '']);
    for (const c of b.cases) {
      rows.push([b.backend, c.label, String(c.rps), fixed(c.p50Ms), fixed(c.p99Ms), fixed(c.ratioToExpress, 3), nonSuccess(c)]);
    }
  }
  console.log(`\n${table(rows, 2)}\n`);
  for (const b of results.backends) {
    console.log(
      `${b.backend}: peak RSS ${b.peakRssMiB} MiB; ` +
        `import ${b.imports.map((i) => `${i.tenant} ${i.rows} rows in ${i.seconds} s = ${i.rowsPerSecond} rows/s`).join('; ')}; ` +
        `sequential next-walk ${b.walkNextMsPerPage} ms/page; ` +
        `fresh key, ${b.coldKey?.concurrentRequests} concurrent first requests answered after ${b.coldKey?.allAnsweredMs} ms; ` +
        `SIGTERM exit ${b.sigtermExit}`,
    );
  }
  for (const [backend, reason] of Object.entries(results.failures)) console.log(`${backend}: ${reason}`);
  const targetRows = results.targets.map((t) => [t.backend, t.target, t.measured, t.verdict]);
  console.log(`\n${table([['backend', 'target', 'measured', 'verdict'], ...targetRows])}`);
}
