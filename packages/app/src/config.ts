import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import type { SqlAccelerators } from '@campsite/adapters-sql';

/** Every accelerator of the service (docs/performance.md), each one a switch: the SQL adapter's, and the answer cache. */
export interface Accelerators extends SqlAccelerators {
  /** Rendered GET answers kept while the tenant's data version holds. */
  answerCache: boolean;
  /** The answer cache keeps its answers deflated, and inflates them on each hit. */
  compressedAnswers: boolean;
  /** Keys this process has not admitted yet take turns, so that a restart's storm does not hold up the others. */
  firstAdmissionTurns: boolean;
}

/** The environment variable of each accelerator: ACCELERATOR_ and its name in capitals, e.g. ACCELERATOR_ANSWER_CACHE. */
export const ACCELERATOR_VARIABLES: Readonly<Record<keyof Accelerators, string>> = {
  answerCache: 'ACCELERATOR_ANSWER_CACHE',
  compressedAnswers: 'ACCELERATOR_COMPRESSED_ANSWERS',
  firstAdmissionTurns: 'ACCELERATOR_FIRST_ADMISSION_TURNS',
  keptTotals: 'ACCELERATOR_KEPT_TOTALS',
  keysetPages: 'ACCELERATOR_KEYSET_PAGES',
  keysFirst: 'ACCELERATOR_KEYS_FIRST',
  checkInWalk: 'ACCELERATOR_CHECK_IN_WALK',
  createProcedure: 'ACCELERATOR_CREATE_PROCEDURE',
  groupCommit: 'ACCELERATOR_GROUP_COMMIT',
  bulkLoad: 'ACCELERATOR_BULK_LOAD',
};

/** The service's whole configuration, read once from the environment (docs/operations.md, Environment). */
export interface Config {
  databaseUrl: string;
  host: string;
  port: number;
  tls: { certFile: string; keyFile: string } | null;
  /** Express trust-proxy value; when set the server speaks plain HTTP behind a TLS-terminating proxy. */
  trustProxy: string | number | boolean | null;
  rateLimitPerMinute: number;
  authFailuresPerMinute: number;
  bcryptCost: number;
  logLevel: LogLevel;
  /** The external base URL links and `Location` are built from (no trailing slash); null: from the request's Host. */
  publicUrl: string | null;
  /** A connection that has not sent a complete request head within this is closed (docs/security.md, "Transport"). */
  headersTimeoutMs: number;
  /** Open connections at most; further ones are closed as they arrive. */
  maxConnections: number;
  /** `WEBHOOK_ALLOW_LOOPBACK=1`: webhook URLs may name loopback addresses (development and tests only; docs/webhooks.md). */
  webhookAllowLoopback: boolean;
  /** `WEBHOOK_TIMEOUT_MS`: how long one delivery attempt may take (docs/webhooks.md). */
  webhookTimeoutMs: number;
  /**
   * Where the pepper of the keys' fast verifiers comes from (docs/security.md, "Fast verification"): `KEY_PEPPER`
   * itself, the file `KEY_PEPPER_FILE`, or else a file generated under `./data/` for development.
   */
  keyPepper: { value: string } | { file: string } | null;
  /**
   * The keys that seal secrets at rest (docs/security.md, "Secrets at rest"): `SECRETS_KEY` itself, the file
   * `SECRETS_KEY_FILE`, or else a file generated under `./data/`. A comma-separated list: the first seals, all open.
   */
  secretsKey: { value: string } | { file: string } | null;
  /** `QUOTE_TTL_SECONDS`: how long a quote binds (docs/channel-managers.md, "Quotes"). */
  quoteTtlSeconds: number;
  /** Which accelerators run (docs/performance.md): ACCELERATORS, then one ACCELERATOR_<NAME> per mechanism. */
  accelerators: Accelerators;
  /** The memory every cache of the service draws on, in bytes (CACHE_BUDGET_MB; docs/operations.md). */
  cacheBudgetBytes: number;
  /** Server processes sharing the port (WORKERS, `serve --workers`): 1 serves in the one process (docs/operations.md). */
  workers: number;
  /** The Prometheus listener (docs/observability.md); null: no metrics at all. */
  metrics: { host: string; port: number } | null;
  /**
   * Where traces go (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, else OTEL_EXPORTER_OTLP_ENDPOINT; the SDK reads them itself);
   * null: tracing is off and its libraries are never loaded.
   */
  otlpEndpoint: string | null;
  /** A request slower than this logs one warn line with its timings. */
  slowRequestMs: number;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A configuration problem an operator can fix. The message is one line and starts with the variable's name. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

const TRUST_PROXY_PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

function integer(min: number, max: number) {
  return z
    .string()
    .regex(/^\d+$/, { error: `must be a whole number between ${min} and ${max}` })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, { error: `must be at least ${min}` })
        .max(max, { error: `must be at most ${max}` }),
    );
}

const databaseUrl = z.string().refine((url) => /^sqlite:.+/.test(url) || /^postgres(ql)?:\/\/.+/.test(url), {
  error: 'must be sqlite:PATH, sqlite::memory: or postgres://user:pass@host:port/db',
});

/** Accepts what Express's `trust proxy` setting accepts: true, a hop count, or a list of presets, IPs and CIDRs. */
const trustProxy = z.string().transform((value, ctx): string | number | boolean => {
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops >= 1) return hops;
  } else if (value !== 'false') {
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.find((entry) => !TRUST_PROXY_PRESETS.has(entry) && !isAddressOrCidr(entry));
    if (bad === undefined) return entries.join(', ');
    ctx.addIssue({ code: 'custom', message: `"${bad}" is not loopback, linklocal, uniquelocal, an IP address or a CIDR` });
    return z.NEVER;
  }
  // "false" or 0 hops would trust nobody, so every request would be refused as plain HTTP: unset it instead.
  ctx.addIssue({ code: 'custom', message: 'must be true, a hop count of at least 1, or a list of addresses; leave it unset to serve TLS' });
  return z.NEVER;
});

function isAddressOrCidr(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** An absolute http(s) URL with nothing after the host and an optional path prefix: no query, fragment or userinfo. */
const publicUrl = z.string().transform((value, ctx): string => {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    // Reported below: an unparsable value gets the same one-line message as a parsable but unusable one.
  }
  if (
    url &&
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    !url.username &&
    !url.password &&
    !url.search &&
    !url.hash &&
    !value.includes('?') &&
    !value.includes('#')
  ) {
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  }
  ctx.addIssue({
    code: 'custom',
    message: 'must be an absolute http(s) URL such as https://api.example.ch, without user, query or fragment',
  });
  return z.NEVER;
});
export const MAX_WORKERS = 64;

const onOff = z.enum(['on', 'off'], { error: 'must be on or off' });

/** `auto`: one worker per core the process may use; otherwise a count. */
export const workerCount = z.string().transform((value, ctx): number => {
  if (value === 'auto') return availableParallelism();
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  if (n >= 1 && n <= MAX_WORKERS) return n;
  ctx.addIssue({ code: 'custom', message: `must be auto or a whole number between 1 and ${MAX_WORKERS}` });
  return z.NEVER;
});

function otlpUrl(example: string) {
  return z.url({ protocol: /^https?$/, error: `must be an http:// or https:// URL (${example})` });
}

const schema = z.object({
  DATABASE_URL: databaseUrl.default('sqlite:./data/campsite.db'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: integer(0, 65535).default(8443),
  TLS_CERT_FILE: z.string().optional(),
  TLS_KEY_FILE: z.string().optional(),
  TRUST_PROXY: trustProxy.optional(),
  RATE_LIMIT_PER_MINUTE: integer(1, 1_000_000).default(600),
  AUTH_FAILURES_PER_MINUTE: integer(1, 1_000_000).default(60),
  BCRYPT_COST: integer(4, 15).default(12),
  PUBLIC_URL: publicUrl.optional(),
  HEADERS_TIMEOUT_MS: integer(1_000, 600_000).default(10_000),
  MAX_CONNECTIONS: integer(1, 1_000_000).default(10_000),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  WEBHOOK_ALLOW_LOOPBACK: z.enum(['0', '1'], { error: 'must be 0 or 1' }).default('0'),
  WEBHOOK_TIMEOUT_MS: integer(100, 600_000).default(10_000),
  QUOTE_TTL_SECONDS: integer(1, 604_800).default(1800),
  KEY_PEPPER: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  KEY_PEPPER_FILE: z.string().optional(),
  SECRETS_KEY: z.string().optional(),
  SECRETS_KEY_FILE: z.string().optional(),
  WORKERS: workerCount.default(1),
  METRICS_PORT: integer(0, 65535).optional(),
  METRICS_HOST: z.string().optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: otlpUrl("the collector's OTLP/HTTP base, e.g. http://127.0.0.1:4318").optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: otlpUrl('the full traces URL, e.g. http://127.0.0.1:4318/v1/traces').optional(),
  SLOW_REQUEST_MS: integer(1, 3_600_000).default(1000),
  ACCELERATORS: onOff.default('on'),
  CACHE_BUDGET_MB: integer(0, 65_536).default(32),
  ...(Object.fromEntries(Object.values(ACCELERATOR_VARIABLES).map((name) => [name, onOff.optional()])) as Record<
    (typeof ACCELERATOR_VARIABLES)[keyof Accelerators],
    z.ZodOptional<typeof onOff>
  >),
});

type Variable = keyof typeof schema.shape;

/** Every variable the service reads: docs/operations.md (Environment) lists each one. */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(schema.shape);
// URLs may carry a password (the database's, a collector's, a refused PUBLIC_URL); the others are secrets themselves.
const UNECHOED_VARIABLES = new Set<string>([
  'DATABASE_URL',
  'PUBLIC_URL',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
  'KEY_PEPPER',
  'SECRETS_KEY',
]);
const VARIABLES = Object.keys(schema.shape) as Variable[];

/**
 * Reads and validates the environment. An empty variable counts as unset, as in most container runtimes.
 * @throws ConfigError naming the first bad variable
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const input: Partial<Record<Variable, string>> = {};
  for (const name of VARIABLES) {
    const value = env[name]?.trim();
    if (value) input[name] = value;
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    const got = UNECHOED_VARIABLES.has(variable) ? undefined : input[variable as Variable];
    throw new ConfigError(variable, `${issue?.message ?? 'invalid'}${got === undefined ? '' : ` (got ${JSON.stringify(got)})`}`);
  }
  const v = parsed.data;
  if ((v.TLS_CERT_FILE === undefined) !== (v.TLS_KEY_FILE === undefined)) {
    const missing = v.TLS_CERT_FILE === undefined ? 'TLS_CERT_FILE' : 'TLS_KEY_FILE';
    throw new ConfigError(missing, 'TLS_CERT_FILE and TLS_KEY_FILE must be set together');
  }
  for (const [variable, file] of [
    ['KEY_PEPPER', 'KEY_PEPPER_FILE'],
    ['SECRETS_KEY', 'SECRETS_KEY_FILE'],
  ] as const) {
    if (v[variable] !== undefined && v[file] !== undefined) throw new ConfigError(file, `set ${variable} or ${file}, not both`);
  }
  if (v.METRICS_HOST !== undefined && v.METRICS_PORT === undefined) {
    throw new ConfigError('METRICS_HOST', 'set METRICS_PORT too: without it there is no metrics listener');
  }
  if (v.METRICS_PORT !== undefined && v.METRICS_PORT !== 0 && v.METRICS_PORT === v.PORT) {
    throw new ConfigError('METRICS_PORT', `must differ from PORT (${v.PORT}): /metrics is never served on the API port`);
  }
  return {
    databaseUrl: v.DATABASE_URL,
    host: v.HOST,
    port: v.PORT,
    tls: v.TLS_CERT_FILE && v.TLS_KEY_FILE ? { certFile: v.TLS_CERT_FILE, keyFile: v.TLS_KEY_FILE } : null,
    trustProxy: v.TRUST_PROXY ?? null,
    rateLimitPerMinute: v.RATE_LIMIT_PER_MINUTE,
    authFailuresPerMinute: v.AUTH_FAILURES_PER_MINUTE,
    bcryptCost: v.BCRYPT_COST,
    logLevel: v.LOG_LEVEL,
    publicUrl: v.PUBLIC_URL ?? null,
    headersTimeoutMs: v.HEADERS_TIMEOUT_MS,
    maxConnections: v.MAX_CONNECTIONS,
    webhookAllowLoopback: v.WEBHOOK_ALLOW_LOOPBACK === '1',
    webhookTimeoutMs: v.WEBHOOK_TIMEOUT_MS,
    quoteTtlSeconds: v.QUOTE_TTL_SECONDS,
    keyPepper: v.KEY_PEPPER !== undefined ? { value: v.KEY_PEPPER } : v.KEY_PEPPER_FILE !== undefined ? { file: v.KEY_PEPPER_FILE } : null,
    secretsKey:
      v.SECRETS_KEY !== undefined ? { value: v.SECRETS_KEY } : v.SECRETS_KEY_FILE !== undefined ? { file: v.SECRETS_KEY_FILE } : null,
    accelerators: Object.fromEntries(
      Object.entries(ACCELERATOR_VARIABLES).map(([name, variable]) => [name, (v[variable as Variable] ?? v.ACCELERATORS) === 'on']),
    ) as unknown as Accelerators,
    cacheBudgetBytes: v.CACHE_BUDGET_MB * 1024 * 1024,
    workers: v.WORKERS,
    metrics: v.METRICS_PORT === undefined ? null : { host: v.METRICS_HOST ?? '127.0.0.1', port: v.METRICS_PORT },
    // OpenTelemetry's own switch, honoured like the SDK would: set, nothing of it is loaded.
    otlpEndpoint:
      env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true'
        ? null
        : (v.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? v.OTEL_EXPORTER_OTLP_ENDPOINT ?? null),
    slowRequestMs: v.SLOW_REQUEST_MS,
  };
}
