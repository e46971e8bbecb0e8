/**
 * The shape of bench/results.json (bench/README.md, "results.json").
 */
import type { LoadResult } from './load';
import type { SyncResult } from './sync-cases';

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
  /** The main server's VmHWM when it stopped: the whole main bench (every case on the one server) in one figure. */
  peakRssMiB: number;
  /** The main tenant's bookings when the run began (the peak RSS target is set at 100k). */
  bookings?: number;
  walkNextMsPerPage: number | null;
  coldKey: ColdKeyResult | null;
  bigImportError: string | null;
  overlapRejected: boolean | null;
  /** After the POST cases: page 1, held in memory, counted what a first read from the database counted. */
  freshAfterWrites?: boolean | null;
  sigtermExit: number | null;
  cpuProfileDir: string | null;
  /** The mirror cases (bench/sync-cases.ts); null when they failed. */
  sync?: SyncResult | null;
  /** Why the selling cases (bench/selling-cases.ts) stopped, when they did; the cases before it are kept. */
  sellingError?: string | null;
}

/** The shapes of load a pair is measured under (bench/README.md, "Shapes of load"). */
export type Shape = 'one large tenant' | 'platform';

/** One accelerator's case, on a server with every accelerator on and on one with only this one off. */
export interface AcceleratorPair {
  /** The name in its switch, ACCELERATOR_<name>. */
  accelerator: string;
  case: string;
  backend: string;
  shape: Shape;
  /** Both rounds of each side together (on, off, off, on): every request over all the time. */
  onRps: number;
  offRps: number;
  /** onRps / offRps: above 1 the accelerator pays. */
  gain: number;
  /** Null for the import's pair, which has no latencies. */
  onP99Ms: number | null;
  offP99Ms: number | null;
  /** Answers other than 2xx (and 304), and connection errors, on either side: a gain over failures means nothing. */
  failures: number;
}

/** Many small tenants read at random against one of them, and the server's memory at two numbers of tenants. */
export interface PlatformResult {
  backend: string;
  tenants: number;
  import: ImportResult;
  /** Page 1 of bookings and of sites, each request for a random tenant. */
  spread: LoadResult;
  /** The same reads, every one for the same tenant. */
  oneTenant: LoadResult;
  /** spread.rps / oneTenant.rps. */
  spreadToOneTenant: number;
  /** A fresh server per line, reading spread over that many tenants; its VmHWM afterwards. */
  peakRss: Array<{ tenantsServed: number; rps: number; peakRssMiB: number | null }>;
}

export interface TargetResult {
  backend: string;
  target: string;
  measured: string;
  verdict: 'PASS' | 'MISS' | 'NOT RUN';
}

export interface Results {
  meta: Record<string, unknown>;
  /** Null when the run measured no main cases (--accelerators, --tenants). */
  baselines: { nodeHttp: LoadResult; express: LoadResult } | null;
  backends: BackendResult[];
  pairs?: AcceleratorPair[];
  platform?: PlatformResult[];
  /** Per backend and part, why it has no figures ("skipped: …" when it was not meant to run). */
  failures: Record<string, string>;
  targets: TargetResult[];
}
