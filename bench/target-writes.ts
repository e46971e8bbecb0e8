/**
 * The write, polling, import and observability targets of the main bench.
 */
import type { CaseResult } from './results';
import { fixed, only2xx, verdict, type Sheet } from './target-sheet';

export function writeTargets(t: Sheet): void {
  const { b, byId } = t;
  const page1 = byId('bookings_page1');
  const create = byId('bookings_create');
  if (create) {
    const least = b.backend === 'sqlite' ? 1500 : 700;
    const created = create.statusCodes['201'] ?? 0;
    const perSecond = Math.round(created / create.seconds);
    t.add({
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
    t.add({
      target: 'POST /bookings/ with an Idempotency-Key >= 80% of POST without',
      measured: `${Math.round(rate(keyed))} vs ${Math.round(rate(create))} created/s = ${fixed((rate(keyed) / rate(create)) * 100, 1)}%`,
      verdict: verdict(rate(keyed) >= 0.8 * rate(create)),
    });
  }
  const replay = byId('bookings_replay');
  if (replay) {
    t.add({
      target: 'replays of a stored Idempotency-Key answer (figure only)',
      measured: `${replay.rps} replays/s, p99 ${fixed(replay.p99Ms)} ms`,
      verdict: only2xx(replay) ? 'PASS' : 'MISS',
    });
  }
  // The same window polled (kept in memory), and each request a window never asked (read and computed).
  for (const [id, how] of [
    ['availability_366_nights', 'polled'],
    ['availability_366_nights_fresh', 'each a new window'],
  ] as const) {
    const availability = byId(id);
    if (!availability) continue;
    t.add({
      target: `GET /availability/ 366 nights x 500 sites (${how}) p99 < 50 ms at 50 connections`,
      measured: `p99 ${fixed(availability.p99Ms)} ms, ${availability.rps} rps`,
      verdict: verdict(availability.p99Ms < 50 && only2xx(availability)),
    });
  }
  const notModified = byId('bookings_page1_304');
  const twin = byId('bookings_page1_beside_304') ?? page1;
  if (notModified && twin) {
    t.add({
      target: '304 polling rps >= GET /bookings/ page 1 rps (its twin, just before it)',
      measured:
        `${notModified.rps} vs ${twin.rps} rps (first page-1 case ${page1?.rps ?? '-'}; ` +
        `codes ${JSON.stringify(notModified.statusCodes)})`,
      verdict: verdict(notModified.rps >= twin.rps && (notModified.statusCodes['304'] ?? 0) === notModified.requests),
    });
  }
  if (b.freshAfterWrites !== undefined && b.freshAfterWrites !== null) {
    const during = byId('bookings_page1_during_posts');
    t.add({
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
    t.add({
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
    t.add({
      target: `page 1 with ${name} >= ${share * 100}% of page 1 with observability off (same run)`,
      measured: `${on.rps} vs ${off.rps} rps = ${fixed((on.rps / off.rps) * 100, 1)}%`,
      verdict: verdict(on.rps >= share * off.rps && only2xx(on)),
    });
  }
}
