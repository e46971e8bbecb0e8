/**
 * The report a run prints: its cases, its accelerator pairs, the platform shape and the targets, as plain tables.
 */
import type { Results } from './results';
import { backendLines, caseRows, pairRows, platformRows, targetRows } from './tables';

function table(rows: string[][], rightAlignFrom = Number.POSITIVE_INFINITY): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows
    .map((r, n) => {
      const line = r.map((cell, i) => (i < rightAlignFrom ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
      return n === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : line;
    })
    .join('\n');
}

export function printReport(results: Results): void {
  if (results.backends.length > 0 || results.baselines) console.log(`\n${table(caseRows(results), 2)}\n`);
  for (const line of backendLines(results)) console.log(line);
  if ((results.pairs ?? []).length > 0) console.log(`\nAccelerator pairs (gain = on / off)\n\n${table(pairRows(results), 4)}`);
  if ((results.platform ?? []).length > 0) console.log(`\nPlatform shape\n\n${table(platformRows(results), 1)}`);
  for (const [part, reason] of Object.entries(results.failures)) console.log(`${part}: ${reason}`);
  if (results.targets.length > 0) console.log(`\n${table(targetRows(results))}`);
}
