/**
 * Accelerator pairs (docs/performance.md): each accelerator's cases on a server with every accelerator on and on one
 * with only that accelerator off, on the same database, in mirrored rounds (on, off, off, on), each round a server
 * started afresh. One figure per side from its two rounds, and their ratio, the gain.
 */
import type { Target } from './harness';
import { combineRounds, type LoadResult } from './load';
import { mirrored } from './mirrored';
import { log } from './options';
import type { AcceleratorPair, Shape } from './results';
import { withServer, type Server } from './server';

/** One accelerator as the pairs measure it. */
export interface AcceleratorSpec {
  /** As in its switch, ACCELERATOR_<name>. */
  name: string;
  /** The backends it exists on (all when absent). */
  backends?: readonly string[];
  /** Case ids of the shape's catalogue. */
  cases: readonly string[];
  /**
   * Each read gets a query parameter of its own that the server ignores (docs/api-behaviour.md): both servers keep
   * the answer cache on, and a repeated URL would be answered from memory on both, whatever this accelerator does.
   */
  distinct: boolean;
}

/** One round of a pair: a server started for it, and how its reads are to be asked. */
export interface Round {
  server: Server;
  target: Target;
  /** Prefix of its log lines: backend, accelerator, on or off. */
  name: string;
  distinct: boolean;
}

/** A case of a shape's catalogue; several results when it measures loads run at once (a writer and its readers). */
export type PairCase = (round: Round) => Promise<Array<readonly [label: string, result: LoadResult]>>;

export interface PairPlan {
  backend: string;
  shape: Shape;
  databaseUrl: string;
  env: NodeJS.ProcessEnv;
  accelerators: readonly AcceleratorSpec[];
  cases: Readonly<Record<string, PairCase>>;
  /** What a fresh server pays before it is measured: its keys' first checks, the JIT's warm-up. */
  warmUp(server: Server): Promise<void>;
}

/** The server's environment with every accelerator on but `off`, whatever the environment of the run says. */
export function acceleratorEnv(env: NodeJS.ProcessEnv, off: string | null): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('ACCELERATOR')));
  return { ...clean, ACCELERATORS: 'on', ...(off ? { [`ACCELERATOR_${off}`]: 'off' } : {}) };
}

/** Answers that are not a success, and connection failures: a gain over failures means nothing. */
export function failuresOf(result: LoadResult): number {
  const bad = Object.entries(result.statusCodes).filter(([code]) => !code.startsWith('2') && code !== '304');
  return bad.reduce((sum, [, n]) => sum + n, 0) + result.errors + result.timeouts;
}

export function pairOf(accelerator: string, label: string, plan: PairPlan, on: LoadResult, off: LoadResult): AcceleratorPair {
  return {
    accelerator,
    case: label,
    backend: plan.backend,
    shape: plan.shape,
    onRps: on.rps,
    offRps: off.rps,
    gain: off.rps > 0 ? Math.round((on.rps / off.rps) * 1000) / 1000 : 0,
    onP99Ms: on.p99Ms,
    offP99Ms: off.p99Ms,
    failures: failuresOf(on) + failuresOf(off),
  };
}

/** Every accelerator of the plan that exists on its backend; failures are logged and kept by accelerator. */
export async function runPairs(plan: PairPlan, failures: Record<string, string>): Promise<AcceleratorPair[]> {
  const pairs: AcceleratorPair[] = [];
  for (const accelerator of plan.accelerators) {
    if (accelerator.backends && !accelerator.backends.includes(plan.backend)) continue;
    try {
      pairs.push(...(await runPair(plan, accelerator)));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      failures[`${plan.backend} ${accelerator.name} (${plan.shape})`] = reason.slice(0, 1000);
      log(`${plan.backend} ${accelerator.name} pair FAILED: ${reason}`);
    }
  }
  return pairs;
}

async function runPair(plan: PairPlan, accelerator: AcceleratorSpec): Promise<AcceleratorPair[]> {
  const sides = [{ id: 'on' }, { id: 'off' }] as const;
  const rounds = await mirrored(sides, (side) => {
    const env = acceleratorEnv(plan.env, side.id === 'off' ? accelerator.name : null);
    const name = `${plan.backend} ${accelerator.name} ${side.id}`;
    return withServer(plan.databaseUrl, env, name.replace(/ /g, '-'), async (server) => {
      await plan.warmUp(server);
      const round: Round = { server, target: { base: server.base, pid: server.pid }, name, distinct: accelerator.distinct };
      const results = new Map<string, LoadResult>();
      for (const id of accelerator.cases) {
        const run = plan.cases[id];
        if (!run) throw new Error(`${accelerator.name}: no case ${id} in the ${plan.shape} catalogue`);
        for (const [label, result] of await run(round)) results.set(label, result);
      }
      return results;
    });
  });
  const on = rounds.get('on') ?? [];
  const off = rounds.get('off') ?? [];
  return [...(on[0]?.keys() ?? [])].map((label) => {
    const pick = (side: Map<string, LoadResult>[]) => combineRounds(side.map((r) => r.get(label)!));
    const pair = pairOf(accelerator.name, label, plan, pick(on), pick(off));
    log(`${plan.backend} ${accelerator.name} ${label}: on ${pair.onRps} rps, off ${pair.offRps} rps, gain ${pair.gain}x`);
    return pair;
  });
}
