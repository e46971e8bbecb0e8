import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { type ServeProcess, cliEnv, describeOnBackends, https, startServe, workDirectory } from './harness';
import { parseSamples, promtoolAvailable, promtoolCheck, samplesOf } from './prometheus-text';

const API = '/api/v1/public';
const LIMIT = 20;
const PROXIED = { 'X-Forwarded-Proto': 'https' };
/** CI installs promtool (.ci/run); there a missing promtool is a failure, elsewhere that check is skipped. */
const PROMTOOL = promtoolAvailable();

async function scrape(url: string): Promise<string> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return response.text();
}

/** Requests the supervisor's exposition counts for one route template, over every method, status and worker. */
function requestsOf(text: string, route: string): number {
  return samplesOf(parseSamples(text), 'campsite_http_request_duration_seconds_count', { route }).reduce((sum, s) => sum + s.value, 0);
}

/** The pids of the workers that logged each request, by request id (workers' log lines carry their pid). */
function workerOf(stdout: string): Map<string, number> {
  const byRequest = new Map<string, number>();
  for (const line of stdout.split('\n')) {
    if (!line.includes('"msg":"request"')) continue;
    const entry = JSON.parse(line) as { requestId: string; pid: number };
    byRequest.set(entry.requestId, entry.pid);
  }
  return byRequest;
}

/** docs/operations.md, Workers: `serve --workers 2`, one port, one budget, fresh reads, replaced workers, one drain. */
describeOnBackends('campsite serve --workers 2', (backend) => {
  let server: ServeProcess;
  let key: string;

  beforeAll(async () => {
    const env = cliEnv(await backend().freshDatabase(), {
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_PER_MINUTE: String(LIMIT),
      METRICS_PORT: '0',
    });
    server = await startServe(env, workDirectory(), 60_000, ['--workers', '2']);
    key = server.stdout().match(/ck_[A-Za-z0-9]{29}/)![0];
  });

  afterAll(async () => {
    await server?.stop('SIGKILL');
  });

  const get = (path: string) => https(`${server.url}${API}${path}`, { key, headers: PROXIED });

  it('prints one listening line and seeds the demo tenant once, after both workers listen', () => {
    expect(server.stdout().match(/listening on/g)).toHaveLength(1);
    expect(new Set(server.stdout().match(/ck_[A-Za-z0-9]{29}/g))).toEqual(new Set([key]));
    expect(server.stdout().match(/"msg":"worker ready"/g)).toHaveLength(2);
  });

  it('a booking written through one worker is in the very next list read by the other', async () => {
    const before = await get('/bookings/?page_size=1');
    const created = await https(`${server.url}${API}/bookings/`, {
      method: 'POST',
      key,
      headers: PROXIED,
      body: { site_id: 1, check_in_date: '2031-05-01', check_out_date: '2031-05-03', num_adults: 2 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const after = await get('/bookings/?page_size=1');
    expect(after.body.count).toBe(before.body.count + 1);
    const detail = await get(`/bookings/${created.body.id}/`);
    expect(detail.body.booking_reference).toBe(created.body.booking_reference);
    await vi.waitFor(() => expect(workerOf(server.stdout()).size).toBeGreaterThanOrEqual(4));
    const workers = workerOf(server.stdout());
    const writer = workers.get(created.headers['x-request-id'] as string);
    const readers = [after, detail].map((r) => workers.get(r.headers['x-request-id'] as string));
    expect(writer).toBeDefined();
    // The cluster hands new connections to the workers in turn: at least one read ran in the other worker.
    expect(readers.some((pid) => pid !== undefined && pid !== writer)).toBe(true);
  });

  it(`shares one rate limit: the request after the ${LIMIT}th of a minute is 429 whichever worker gets it`, async () => {
    // All in one fixed window: not in the last seconds of a minute.
    const second = new Date().getUTCSeconds();
    if (second > 45) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
    const statuses: number[] = [];
    const remaining: string[] = [];
    // The key already used some of its budget above; spend the rest, then one more, each on a new connection.
    for (let i = 0; i <= LIMIT; i++) {
      const answer = await get('/sites/');
      statuses.push(answer.status);
      remaining.push(String(answer.headers['ratelimit-remaining']));
      if (answer.status === 429) break;
    }
    const allowed = statuses.filter((status) => status === 200).length;
    expect(statuses.at(-1)).toBe(429);
    expect(remaining.slice(0, allowed)).toEqual(remaining.slice(0, allowed).map((_, i) => String(Number(remaining[0]) - i)));
    expect(remaining[allowed - 1]).toBe('0');
    expect((await get('/sites/')).status).toBe(429);
  });

  it('serves one /metrics for the whole server: a scrape counts the requests of every worker', async () => {
    const metricsUrl = /metrics on (http:\/\/\S+)/.exec(server.stdout())?.[1];
    expect(metricsUrl).toBeDefined();
    expect(server.stdout().match(/metrics on/g)).toHaveLength(1);
    const before = requestsOf(await scrape(metricsUrl!), '/api/v1/public/bookings/{id}/');
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await get('/bookings/1/')).headers['x-request-id'] as string);
    // Each request came on a new connection, and the cluster deals connections out in turn: both workers served some.
    await vi.waitFor(() => expect(ids.every((id) => workerOf(server.stdout()).has(id))).toBe(true));
    expect(new Set(ids.map((id) => workerOf(server.stdout()).get(id))).size).toBe(2);
    const text = await scrape(metricsUrl!);
    expect(requestsOf(text, '/api/v1/public/bookings/{id}/') - before).toBe(10);
    if (PROMTOOL) {
      const { status, output } = promtoolCheck(text);
      expect(status, output).toBe(0);
    }
  });

  it('replaces a worker that dies, and drains every worker on SIGTERM with exit status 0', async () => {
    const pids = () => [...new Set([...server.stdout().matchAll(/"pid":(\d+)[^\n]*"msg":"worker ready"/g)].map((m) => Number(m[1])))];
    const [victim] = pids();
    process.kill(victim!, 'SIGKILL');
    const replacement = () => /"pid":(\d+)[^\n]*"msg":"replacement worker ready"/.exec(server.stdout())?.[1];
    await vi.waitFor(() => expect(replacement()).toBeDefined(), { timeout: 20_000, interval: 100 });
    expect(server.stdout()).toMatch(/"msg":"worker died"/);
    // The worker tells the supervisor it listens, then logs its own line: the supervisor's line may come first.
    await vi.waitFor(() => expect(pids()).toContain(Number(replacement())), { timeout: 5_000, interval: 50 });
    const live = pids().filter((pid) => pid !== victim);
    expect(live).toHaveLength(2);
    // The rate limit is spent, so the health probe shows the replacement serves.
    expect((await https(`${server.url}/healthz`, { headers: PROXIED })).status).toBe(200);

    expect(await server.stop('SIGTERM')).toBe(0);
    expect(server.stdout().match(/"msg":"stopped"/g)).toHaveLength(2);
    for (const pid of live) expect(() => process.kill(pid, 0)).toThrow();
  });
});
