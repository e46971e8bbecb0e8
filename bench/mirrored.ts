/**
 * Variants of a case in mirrored rounds (a, b, …, b, a), one after the other: a drift that is steady over the run
 * (the other core's load, the database's caches, autovacuum after the writes) weighs on every variant alike.
 */
import { ratio } from './case-context';
import { log } from './options';
import type { CaseResult } from './results';

/** Each variant's rounds, in the order they ran, by id. */
export async function mirrored<V extends { id: string }, R>(
  variants: readonly V[],
  round: (variant: V) => Promise<R>,
): Promise<Map<string, R[]>> {
  const rounds = new Map<string, R[]>();
  for (const variant of [...variants, ...[...variants].reverse()])
    rounds.set(variant.id, [...(rounds.get(variant.id) ?? []), await round(variant)]);
  return rounds;
}

/** Each variant twice, in mirrored order, and one figure from each one's two rounds. */
export async function mirroredRounds<V extends { id: string }>(
  variants: readonly V[],
  expressRps: number,
  round: (variant: V) => Promise<CaseResult>,
): Promise<CaseResult[]> {
  const rounds = await mirrored(variants, round);
  return variants.map((variant) => bothRounds(rounds.get(variant.id) ?? [], expressRps));
}

/** One figure from a variant's two rounds: every request over all the time, the worse tail, the higher RSS. */
function bothRounds(results: CaseResult[], expressRps: number): CaseResult {
  const [first] = results;
  if (!first) throw new Error('a variant of two rounds did not run');
  const requests = results.reduce((sum, r) => sum + r.requests, 0);
  const seconds = results.reduce((sum, r) => sum + r.seconds, 0);
  const mean = (pick: (r: CaseResult) => number) =>
    Math.round((results.reduce((sum, r) => sum + pick(r), 0) / results.length) * 1000) / 1000;
  const statusCodes: Record<string, number> = {};
  for (const r of results) for (const [code, n] of Object.entries(r.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + n;
  const rps = Math.round(requests / seconds);
  log(`${first.label}: rounds ${results.map((r) => r.rps).join(' and ')} rps, together ${rps} rps`);
  return {
    ...first,
    label: `${first.label} (two rounds)`,
    requests,
    seconds,
    rps,
    meanMs: mean((r) => r.meanMs),
    p50Ms: mean((r) => r.p50Ms),
    p90Ms: Math.max(...results.map((r) => r.p90Ms)),
    p99Ms: Math.max(...results.map((r) => r.p99Ms)),
    maxMs: Math.max(...results.map((r) => r.maxMs)),
    statusCodes,
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    timeouts: results.reduce((sum, r) => sum + r.timeouts, 0),
    ratioToExpress: ratio(rps, expressRps),
    peakRssMiB: results.every((r) => r.peakRssMiB === null) ? null : Math.max(...results.map((r) => r.peakRssMiB ?? 0)),
  };
}
