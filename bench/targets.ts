/**
 * The targets (bench/README.md, "Targets") evaluated against a run's results, one row per backend and target.
 */
import type { Results, TargetResult } from './results';
import { readTargets } from './target-reads';
import { sellingTargets } from './target-selling';
import { sheetOf, verdict } from './target-sheet';
import { writeTargets } from './target-writes';

/** The peak RSS target is set for the main tenant at its full size. */
const RSS_BOOKINGS = 100_000;
const RSS_MIB = 200;

export function evaluateTargets(results: Results, big: boolean): TargetResult[] {
  const rows: TargetResult[] = [];
  for (const b of results.backends) {
    const t = sheetOf(b, rows);
    readTargets(t, big);
    writeTargets(t);
    sellingTargets(t, big);
    const bookings = b.bookings ?? RSS_BOOKINGS;
    t.add({
      target: `peak RSS <= ${RSS_MIB} MiB at 100k bookings (the main server over the whole main bench)`,
      measured: `${b.peakRssMiB} MiB${bookings === RSS_BOOKINGS ? '' : ` at ${bookings.toLocaleString('en-US')} bookings`}`,
      verdict: bookings < RSS_BOOKINGS ? 'NOT RUN' : verdict(b.peakRssMiB > 0 && b.peakRssMiB <= RSS_MIB),
    });
  }
  return rows;
}
