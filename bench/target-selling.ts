/**
 * The targets of selling a stay (bench/README.md, "Targets"): the calendar against availability of the same nights
 * and pitches, the calendar at 1M bookings against the calendar tenant's size, and quotes and bookings from quotes
 * against the plain creates of the same run.
 */
import type { CaseResult } from './results';
import { fixed, only2xx, verdict, type Sheet } from './target-sheet';

const createdPerSecond = (c: CaseResult) => (c.statusCodes['201'] ?? 0) / c.seconds;

export function sellingTargets(t: Sheet, big: boolean): void {
  const { b, byId } = t;
  if (b.sellingError) t.add({ target: 'the selling cases ran to their end', measured: b.sellingError.slice(0, 300), verdict: 'MISS' });
  const calendar = byId('calendar_366_fresh');
  const availability = byId('availability_366_fresh_200');
  if (calendar && availability) {
    t.add({
      target: 'GET /calendar/ 366 nights, every type (each a new window): p50 <= 1.5x availability of the same nights and pitches',
      measured:
        `p50 ${fixed(calendar.p50Ms)} ms vs ${fixed(availability.p50Ms)} ms = ${fixed(calendar.p50Ms / availability.p50Ms)}x ` +
        `(${calendar.rps} vs ${availability.rps} rps)`,
      verdict: verdict(calendar.p50Ms <= 1.5 * availability.p50Ms && only2xx(calendar) && only2xx(availability)),
    });
  }
  const large = byId('calendar_366_fresh_1m');
  const size = b.bookings === undefined ? 'the calendar tenant' : `${b.bookings.toLocaleString('en-US')} bookings`;
  if (calendar) {
    t.add({
      target: 'GET /calendar/ 366 nights at 1M bookings: p50 <= 1.5x the same calendar at 100k',
      measured: large
        ? `p50 ${fixed(large.p50Ms)} ms vs ${fixed(calendar.p50Ms)} ms at ${size} = ${fixed(large.p50Ms / calendar.p50Ms)}x`
        : `1M not measured (run with --big); p50 ${fixed(calendar.p50Ms)} ms at ${size}`,
      verdict: large ? verdict(large.p50Ms <= 1.5 * calendar.p50Ms && only2xx(large)) : big ? 'MISS' : 'NOT RUN',
      ...(b.bigImportError ? { measured: `1M import failed: ${b.bigImportError.slice(0, 200)}` } : {}),
    });
  }
  const plain = byId('bookings_create');
  for (const [id, share, what] of [
    ['quotes_create', 0.5, 'POST /quotes/ (by type, with extras)'],
    ['bookings_create_from_quote', 0.8, 'POST /bookings/ with quote_id'],
  ] as const) {
    const measured = byId(id);
    if (!measured || !plain) continue;
    t.add({
      target: `${what} >= ${share}x plain POST /bookings/ (created/s, same run)`,
      measured:
        `${Math.round(createdPerSecond(measured))} vs ${Math.round(createdPerSecond(plain))} created/s = ` +
        `${fixed(createdPerSecond(measured) / createdPerSecond(plain))}x (codes ${JSON.stringify(measured.statusCodes)})`,
      verdict: verdict(createdPerSecond(measured) >= share * createdPerSecond(plain) && only2xx(measured)),
    });
  }
}
