/**
 * A run's results as rows (a header row first), for the printed report (bench/print.ts) and the markdown summary
 * (bench/summary.ts) alike.
 */
import type { LoadResult } from './load';
import type { Results } from './results';
import { fixed } from './target-sheet';

function nonSuccess(result: LoadResult): string {
  const bad = Object.entries(result.statusCodes).filter(([code]) => !code.startsWith('2'));
  const parts = bad.map(([code, n]) => `${code}:${n}`);
  if (result.errors) parts.push(`err:${result.errors}`);
  return parts.join(' ') || '0';
}

export function caseRows(results: Results): string[][] {
  const rows: string[][] = [['backend', 'case', 'rps', 'p50 ms', 'p99 ms', 'vs express', 'non-2xx']];
  if (results.baselines) {
    const { express, nodeHttp } = results.baselines;
    for (const [label, r] of [
      ['node:http JSON', nodeHttp],
      ['Express 5 hello-world', express],
    ] as const) {
      rows.push(['baseline', label, String(r.rps), fixed(r.p50Ms), fixed(r.p99Ms), fixed(r.rps / express.rps, 3), nonSuccess(r)]);
    }
  }
  for (const b of results.backends) {
    rows.push([b.backend, '(Express 5 hello-world, just before)', String(b.expressRps), '', '', '1.000', '']);
    for (const c of b.cases) {
      rows.push([b.backend, c.label, String(c.rps), fixed(c.p50Ms), fixed(c.p99Ms), fixed(c.ratioToExpress, 3), nonSuccess(c)]);
    }
  }
  return rows;
}

/** One line per backend: imports, peak RSS, the next-walk, the fresh key's burst, the exit on SIGTERM. */
export function backendLines(results: Results): string[] {
  return results.backends.map(
    (b) =>
      `${b.backend}: peak RSS ${b.peakRssMiB} MiB; ` +
      `import ${b.imports.map((i) => `${i.tenant} ${i.rows} rows in ${i.seconds} s = ${i.rowsPerSecond} rows/s`).join('; ')}; ` +
      `sequential next-walk ${b.walkNextMsPerPage} ms/page; ` +
      `fresh key, ${b.coldKey?.concurrentRequests} concurrent first requests answered after ${b.coldKey?.allAnsweredMs} ms; ` +
      `SIGTERM exit ${b.sigtermExit}`,
  );
}

export function targetRows(results: Results): string[][] {
  return [['backend', 'target', 'measured', 'verdict'], ...results.targets.map((t) => [t.backend, t.target, t.measured, t.verdict])];
}

export function pairRows(results: Results): string[][] {
  const rows = [['accelerator', 'backend', 'shape', 'case', 'on rps', 'off rps', 'gain', 'p99 on/off ms', 'failures']];
  for (const p of results.pairs ?? []) {
    const p99 = p.onP99Ms === null || p.offP99Ms === null ? '' : `${fixed(p.onP99Ms)} / ${fixed(p.offP99Ms)}`;
    rows.push([p.accelerator, p.backend, p.shape, p.case, String(p.onRps), String(p.offRps), `${fixed(p.gain)}x`, p99, String(p.failures)]);
  }
  return rows;
}

export function platformRows(results: Results): string[][] {
  const rows = [['backend', 'tenants', 'spread rps', 'one-tenant rps', 'spread / one', 'peak RSS', 'import rows/s']];
  for (const p of results.platform ?? []) {
    const rss = p.peakRss.map((r) => `${r.peakRssMiB ?? '?'} MiB serving ${r.tenantsServed}`).join(', ');
    const imported = p.import.reportedRowsPerSecond ?? p.import.rowsPerSecond;
    rows.push([
      p.backend,
      String(p.tenants),
      String(p.spread.rps),
      String(p.oneTenant.rps),
      `${fixed(p.spreadToOneTenant)}x`,
      rss,
      String(imported),
    ]);
  }
  return rows;
}
