/**
 * The restart storm's targets (bench/README.md, "Targets"): every key's first request after a restart answered
 * within 5 s, and a warm key's p99 meanwhile within 2x its p99 before the restart.
 */
import type { TargetResult } from './results';
import { fixed, verdict } from './target-sheet';

/** What bench/restart-storm.ts measured on one backend. */
export interface RestartFigures {
  backend: string;
  keys: number;
  /** From the first of the keys' first requests to the last answer. */
  lastAnswerMs: number;
  /** The median of those answers, from the same start. */
  medianAnswerMs: number;
  statusCodes: Record<string, number>;
  /** Connections refused or reset, and requests that timed out. */
  errors: number;
  /** The restarted server's CPU time over the storm (a cost-12 bcrypt check is about 0.19 s of it). */
  serverCpuSeconds: number;
  /** The warm key's p99 on the server before the restart, and over the storm on the restarted one. */
  warmP99BeforeMs: number;
  warmP99DuringMs: number;
  /** How many of the warm key's answers fell within the storm: the p99 above is taken over them. */
  warmAnswersDuring: number;
}

export const FIRST_ANSWERS_WITHIN_MS = 5_000;
export const WARM_P99_AT_MOST = 2;

export function restartTargets(figures: RestartFigures[]): TargetResult[] {
  return figures.flatMap((f) => {
    const all200 = f.errors === 0 && f.statusCodes['200'] === f.keys;
    const ratio = f.warmP99DuringMs / f.warmP99BeforeMs;
    return [
      {
        backend: f.backend,
        target: `after a restart, ${f.keys.toLocaleString('en-US')} keys' first requests at once all answered 200 within 5 s`,
        measured:
          `last after ${fixed(f.lastAnswerMs / 1000)} s, median ${fixed(f.medianAnswerMs / 1000)} s, ` +
          `${JSON.stringify(f.statusCodes)}${f.errors > 0 ? `, ${f.errors} errors` : ''}; server CPU ${fixed(f.serverCpuSeconds)} s`,
        verdict: verdict(all200 && f.lastAnswerMs <= FIRST_ANSWERS_WITHIN_MS),
      },
      {
        backend: f.backend,
        target: `a warm key's p99 during those first requests <= ${WARM_P99_AT_MOST}x its p99 before the restart`,
        measured: `${fixed(f.warmP99DuringMs)} ms vs ${fixed(f.warmP99BeforeMs)} ms = ${fixed(ratio)}x (${f.warmAnswersDuring} answers)`,
        verdict: verdict(Number.isFinite(ratio) && ratio <= WARM_P99_AT_MOST),
      },
    ];
  });
}
