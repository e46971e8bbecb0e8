import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ACCELERATOR_VARIABLES, type Accelerators, ConfigError, loadConfig } from '../src/config';

const ALL_ON = Object.fromEntries(Object.keys(ACCELERATOR_VARIABLES).map((name) => [name, true])) as unknown as Accelerators;

function failure(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be rejected`);
}

describe('loadConfig', () => {
  it('applies the documented defaults (docs/operations.md, Environment)', () => {
    expect(loadConfig({})).toEqual({
      databaseUrl: 'sqlite:./data/campsite.db',
      host: '127.0.0.1',
      port: 8443,
      tls: null,
      trustProxy: null,
      rateLimitPerMinute: 600,
      authFailuresPerMinute: 60,
      bcryptCost: 12,
      logLevel: 'info',
      publicUrl: null,
      headersTimeoutMs: 10_000,
      maxConnections: 10_000,
      webhookAllowLoopback: false,
      webhookTimeoutMs: 10_000,
      quoteTtlSeconds: 1800,
      keyPepper: null,
      secretsKey: null,
      accelerators: ALL_ON,
      cacheBudgetBytes: 32 * 1024 * 1024,
      workers: 1,
      metrics: null,
      otlpEndpoint: null,
      slowRequestMs: 1000,
    });
  });

  it('reads every variable', () => {
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://u:p@db:5432/campsite',
        HOST: '0.0.0.0',
        PORT: '0',
        TLS_CERT_FILE: '/etc/cert.pem',
        TLS_KEY_FILE: '/etc/key.pem',
        RATE_LIMIT_PER_MINUTE: '1200',
        AUTH_FAILURES_PER_MINUTE: '10',
        BCRYPT_COST: '4',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: 'https://api.camping.example/',
        HEADERS_TIMEOUT_MS: '2500',
        MAX_CONNECTIONS: '500',
        WEBHOOK_ALLOW_LOOPBACK: '1',
        WEBHOOK_TIMEOUT_MS: '2500',
        QUOTE_TTL_SECONDS: '600',
        KEY_PEPPER_FILE: '/run/secrets/pepper',
        SECRETS_KEY_FILE: '/run/secrets/sealing',
        WORKERS: '3',
        METRICS_PORT: '9464',
        METRICS_HOST: '0.0.0.0',
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        SLOW_REQUEST_MS: '250',
      }),
    ).toEqual({
      databaseUrl: 'postgres://u:p@db:5432/campsite',
      host: '0.0.0.0',
      port: 0,
      tls: { certFile: '/etc/cert.pem', keyFile: '/etc/key.pem' },
      trustProxy: null,
      rateLimitPerMinute: 1200,
      authFailuresPerMinute: 10,
      bcryptCost: 4,
      logLevel: 'warn',
      publicUrl: 'https://api.camping.example',
      headersTimeoutMs: 2500,
      maxConnections: 500,
      webhookAllowLoopback: true,
      webhookTimeoutMs: 2500,
      quoteTtlSeconds: 600,
      keyPepper: { file: '/run/secrets/pepper' },
      secretsKey: { file: '/run/secrets/sealing' },
      accelerators: ALL_ON,
      cacheBudgetBytes: 32 * 1024 * 1024,
      workers: 3,
      metrics: { host: '0.0.0.0', port: 9464 },
      otlpEndpoint: 'http://collector:4318',
      slowRequestMs: 250,
    });
  });

  it('turns every accelerator off with ACCELERATORS=off, and one at a time with its own variable either way', () => {
    const off = loadConfig({ ACCELERATORS: 'off' }).accelerators;
    expect(Object.values(off).every((on) => !on)).toBe(true);
    expect(Object.keys(off).sort()).toEqual(Object.keys(ACCELERATOR_VARIABLES).sort());
    expect(loadConfig({ ACCELERATOR_ANSWER_CACHE: 'off' }).accelerators).toEqual({ ...ALL_ON, answerCache: false });
    expect(loadConfig({ ACCELERATORS: 'off', ACCELERATOR_KEPT_TOTALS: 'on' }).accelerators.keptTotals).toBe(true);
    expect(failure({ ACCELERATORS: 'no' }).message).toBe('ACCELERATORS: must be on or off (got "no")');
    expect(failure({ ACCELERATOR_GROUP_COMMIT: 'yes' }).message).toBe('ACCELERATOR_GROUP_COMMIT: must be on or off (got "yes")');
  });

  it('never echoes a refused KEY_PEPPER, and takes a good one as it is', () => {
    expect(failure({ KEY_PEPPER: 'my-short-pepper' }).message).toBe('KEY_PEPPER: must be at least 32 characters');
    expect(loadConfig({ KEY_PEPPER: 'p'.repeat(32) }).keyPepper).toEqual({ value: 'p'.repeat(32) });
  });

  it('reads the cache budget in MiB', () => {
    expect(loadConfig({ CACHE_BUDGET_MB: '8' }).cacheBudgetBytes).toBe(8 * 1024 * 1024);
    expect(loadConfig({ CACHE_BUDGET_MB: '0' }).cacheBudgetBytes).toBe(0);
    expect(failure({ CACHE_BUDGET_MB: '-1' }).message).toMatch(/^CACHE_BUDGET_MB: /);
  });

  it('reads WORKERS=auto as one worker per core, and refuses anything but auto or 1 to 64', () => {
    expect(loadConfig({ WORKERS: 'auto' }).workers).toBe(availableParallelism());
    for (const bad of ['0', '65', 'two', '1.5']) {
      expect(failure({ WORKERS: bad }).message).toBe(`WORKERS: must be auto or a whole number between 1 and 64 (got "${bad}")`);
    }
  });

  it('refuses a WEBHOOK_ALLOW_LOOPBACK other than 0 or 1, naming it', () => {
    expect(() => loadConfig({ WEBHOOK_ALLOW_LOOPBACK: 'yes' })).toThrow(/^WEBHOOK_ALLOW_LOOPBACK: must be 0 or 1/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', TRUST_PROXY: ' ' }).port).toBe(8443);
  });

  it.each([
    ['sqlite:./x.db', 'sqlite:./x.db'],
    ['sqlite::memory:', 'sqlite::memory:'],
    ['postgresql://localhost/db', 'postgresql://localhost/db'],
  ])('accepts DATABASE_URL %s', (value, expected) => {
    expect(loadConfig({ DATABASE_URL: value }).databaseUrl).toBe(expected);
  });

  it.each([
    ['true', true],
    ['2', 2],
    ['loopback', 'loopback'],
    ['loopback,10.0.0.0/8, ::1', 'loopback, 10.0.0.0/8, ::1'],
    ['uniquelocal, 192.168.1.7', 'uniquelocal, 192.168.1.7'],
  ])('reads TRUST_PROXY=%s as the Express trust-proxy value', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each([
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'sqlite:' }, 'DATABASE_URL'],
    [{ PORT: 'https' }, 'PORT'],
    [{ PORT: '-1' }, 'PORT'],
    [{ PORT: '65536' }, 'PORT'],
    [{ PORT: '80.5' }, 'PORT'],
    [{ TLS_CERT_FILE: '/etc/cert.pem' }, 'TLS_KEY_FILE'],
    [{ TLS_KEY_FILE: '/etc/key.pem' }, 'TLS_CERT_FILE'],
    [{ TRUST_PROXY: 'false' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '0' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'everyone' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ RATE_LIMIT_PER_MINUTE: '0' }, 'RATE_LIMIT_PER_MINUTE'],
    [{ RATE_LIMIT_PER_MINUTE: 'many' }, 'RATE_LIMIT_PER_MINUTE'],
    [{ AUTH_FAILURES_PER_MINUTE: '-5' }, 'AUTH_FAILURES_PER_MINUTE'],
    [{ BCRYPT_COST: '3' }, 'BCRYPT_COST'],
    [{ BCRYPT_COST: '16' }, 'BCRYPT_COST'],
    [{ BCRYPT_COST: 'twelve' }, 'BCRYPT_COST'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL'],
    [{ PUBLIC_URL: 'api.camping.example' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'ftp://api.camping.example' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'https://api.camping.example/?a=1' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'https://api.camping.example/#top' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'https://user@api.camping.example' }, 'PUBLIC_URL'],
    [{ HEADERS_TIMEOUT_MS: '999' }, 'HEADERS_TIMEOUT_MS'],
    [{ HEADERS_TIMEOUT_MS: 'ten seconds' }, 'HEADERS_TIMEOUT_MS'],
    [{ MAX_CONNECTIONS: '0' }, 'MAX_CONNECTIONS'],
    [{ MAX_CONNECTIONS: '1e4' }, 'MAX_CONNECTIONS'],
    [{ METRICS_PORT: 'prometheus' }, 'METRICS_PORT'],
    [{ METRICS_PORT: '70000' }, 'METRICS_PORT'],
    [{ METRICS_PORT: '8443' }, 'METRICS_PORT'],
    [{ PORT: '9000', METRICS_PORT: '9000' }, 'METRICS_PORT'],
    [{ METRICS_HOST: '0.0.0.0' }, 'METRICS_HOST'],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }, 'OTEL_EXPORTER_OTLP_ENDPOINT'],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://collector:4317' }, 'OTEL_EXPORTER_OTLP_ENDPOINT'],
    [{ SLOW_REQUEST_MS: '0' }, 'SLOW_REQUEST_MS'],
    [{ SLOW_REQUEST_MS: '1s' }, 'SLOW_REQUEST_MS'],
    [{ QUOTE_TTL_SECONDS: '0' }, 'QUOTE_TTL_SECONDS'],
    [{ KEY_PEPPER: 'too short' }, 'KEY_PEPPER'],
    [{ KEY_PEPPER: 'x'.repeat(32), KEY_PEPPER_FILE: '/etc/pepper' }, 'KEY_PEPPER_FILE'],
    [{ QUOTE_TTL_SECONDS: '30m' }, 'QUOTE_TTL_SECONDS'],
  ] as Array<[Record<string, string>, string]>)('rejects %j naming %s in one line', (env, variable) => {
    const error = failure(env);
    expect(error.variable).toBe(variable);
    expect(error.message.startsWith(`${variable}: `)).toBe(true);
    expect(error.message).not.toContain('\n');
  });

  it('never echoes DATABASE_URL, which may hold a password', () => {
    const error = failure({ DATABASE_URL: 'mysql://admin:s3cret@db/campsite' });
    expect(error.message).not.toContain('s3cret');
  });

  it('never echoes PUBLIC_URL either: a refused one may carry a user and password', () => {
    expect(failure({ PUBLIC_URL: 'https://admin:s3cret@api.camping.example' }).message).not.toContain('s3cret');
  });

  it('keeps a path prefix of PUBLIC_URL and drops its trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://camping.example/campsite-api/' }).publicUrl).toBe('https://camping.example/campsite-api');
    expect(loadConfig({ PUBLIC_URL: 'HTTPS://API.Camping.example:8443' }).publicUrl).toBe('https://api.camping.example:8443');
  });

  it('never echoes OTEL_EXPORTER_OTLP_ENDPOINT, which may hold credentials', () => {
    expect(failure({ OTEL_EXPORTER_OTLP_ENDPOINT: 'ftp://user:s3cret@collector' }).message).not.toContain('s3cret');
  });

  it('METRICS_PORT=0 takes any free port; METRICS_HOST defaults to loopback', () => {
    expect(loadConfig({ METRICS_PORT: '0' }).metrics).toEqual({ host: '127.0.0.1', port: 0 });
  });

  it('turns tracing on with the traces-only endpoint too, which wins as in the SDK', () => {
    expect(loadConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }).otlpEndpoint).toBe(
      'http://collector:4318/v1/traces',
    );
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b:4318/v1/traces' })
        .otlpEndpoint,
    ).toBe('http://b:4318/v1/traces');
    expect(failure({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'collector' }).variable).toBe('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
  });

  it('OTEL_SDK_DISABLED=true turns tracing off whatever the endpoint says', () => {
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }).otlpEndpoint).toBeNull();
  });

  it('echoes other bad values so the operator sees what was read', () => {
    expect(failure({ PORT: 'https' }).message).toContain('"https"');
  });
});
