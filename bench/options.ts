/**
 * The options of `pnpm bench` (bench/README.md lists them), read once from the command line and the environment.
 *
 * What a run covers: everything by default; `--main` runs only the main cases (the selling cases among them);
 * `--accelerators` runs only the accelerator pairs (on both shapes of load); `--tenants N` runs only the platform
 * shape, with N small tenants; both together run the pairs and the whole platform shape.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const API = '/api/v1/public';

const { values: argv } = parseArgs({
  options: {
    duration: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string' },
    bookings: { type: 'string' },
    big: { type: 'boolean' },
    backends: { type: 'string' },
    'cpu-prof': { type: 'boolean' },
    out: { type: 'string' },
    'time-limit': { type: 'string' },
    accelerators: { type: 'boolean' },
    'pair-duration': { type: 'string' },
    tenants: { type: 'string' },
    main: { type: 'boolean' },
  },
});

const num = (flag: string | undefined, env: string | undefined, fallback: number, least = Number.MIN_VALUE) => {
  const value = Number(flag ?? env ?? fallback);
  if (!Number.isFinite(value) || value < least) throw new Error(`bad numeric option ${flag ?? env}`);
  return value;
};

/** The parts of a run; see the file comment for which flags select which. */
export interface Parts {
  /** The one large tenant's cases, the restarted servers' cases, and the imports. */
  mainCases: boolean;
  /** Each accelerator on and off on the one large tenant, and the import with and without BULK_LOAD. */
  mainPairs: boolean;
  /** Spread over many small tenants against one of them, and the server's peak RSS at 30 and at N tenants. */
  platformFigures: boolean;
  /** The read accelerators on and off under the platform shape. */
  platformPairs: boolean;
  /** bench/webhooks.ts, on servers of its own. */
  webhooks: boolean;
  /** bench/restart-storm.ts: 2,000 cost-12 keys' first requests after a restart, on servers of its own. */
  restartStorm: boolean;
}

function partsOf(accelerators: boolean, tenantsGiven: boolean, mainOnly: boolean): Parts {
  if (mainOnly && !accelerators && !tenantsGiven)
    return { mainCases: true, mainPairs: false, platformFigures: false, platformPairs: false, webhooks: false, restartStorm: false };
  if (!accelerators && !tenantsGiven)
    return { mainCases: true, mainPairs: true, platformFigures: true, platformPairs: true, webhooks: true, restartStorm: true };
  return {
    mainCases: false,
    mainPairs: accelerators,
    platformFigures: tenantsGiven,
    platformPairs: true,
    webhooks: false,
    restartStorm: false,
  };
}

const duration = num(argv.duration, process.env.BENCH_DURATION, 10);

export const options = {
  duration,
  // --warmup 0 skips the warm-up rounds (quick runs that only prove the cases work).
  warmup: num(argv.warmup, process.env.BENCH_WARMUP, 1, 0),
  connections: num(argv.connections, process.env.BENCH_CONNECTIONS, 50),
  bookings: num(argv.bookings, process.env.BENCH_BOOKINGS, 100_000),
  big: argv.big ?? process.env.BENCH_BIG === '1',
  backends: (argv.backends ?? process.env.BENCH_BACKENDS ?? 'sqlite,postgres').split(',').map((s) => s.trim()),
  cpuProf: argv['cpu-prof'] ?? false,
  out: resolve(ROOT, argv.out ?? 'bench/results.json'),
  // Hard stop for the whole run, so that it always ends by itself.
  timeLimitSeconds: num(argv['time-limit'], process.env.BENCH_TIME_LIMIT, 3 * 3600),
  // Each round of a pair; never longer than a case of the run, so that a quick run stays quick.
  pairDuration: num(argv['pair-duration'], process.env.BENCH_PAIR_DURATION, Math.min(5, duration)),
  // The deep page of the page-500 cases: page 500 of the main tenant, or its last page when it is smaller (pages of 50,
  // the default size: docs/pagination-and-sync.md).
  deepPage: Math.min(500, Math.floor(num(argv.bookings, process.env.BENCH_BOOKINGS, 100_000) / 50)),
  tenants: Math.round(num(argv.tenants, process.env.BENCH_TENANTS, 3000, 1)),
  parts: partsOf(argv.accelerators ?? false, argv.tenants !== undefined, argv.main ?? false),
};

export const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
export const workDir = join(ROOT, 'bench/.work', `run-${stamp}-${process.pid}`);

export const log = (message: string) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
