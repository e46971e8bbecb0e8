import { type AddressInfo, type Server, connect, createServer } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  FULL_KEY,
  SAMPLE_FIXTURE,
  type ServeProcess,
  cliEnv,
  describeOnPostgres,
  https,
  runCli,
  startServe,
  workDirectory,
} from './harness';

const API = '/api/v1/public';
const PROXIED = { 'X-Forwarded-Proto': 'https' };
/** Short enough for the suite; the faults come at a third and two thirds of it. */
const LOAD_MS = Number(process.env.FAULT_LOAD_MS ?? 3_000);

/** docs/operations.md, Database faults: PostgreSQL ends every connection of the service while it serves. */
describeOnPostgres('database faults', (backend) => {
  let server: ServeProcess;
  let databaseName: string;

  beforeAll(async () => {
    const url = await backend().freshDatabase();
    databaseName = new URL(url).pathname.slice(1);
    const env = cliEnv(url, { TRUST_PROXY: 'loopback', RATE_LIMIT_PER_MINUTE: '1000000' });
    const cwd = workDirectory();
    expect((await runCli(['import', SAMPLE_FIXTURE], env, cwd)).code).toBe(0);
    server = await startServe(env, cwd);
  });

  afterAll(async () => {
    await server?.stop('SIGKILL');
  });

  /** Ends every server connection to the test database but the one asking; how many it ended. */
  async function terminateAll(): Promise<number> {
    const admin = new pg.Client({ connectionString: backend().adminUrl! });
    await admin.connect();
    try {
      const result = await admin.query<{ n: string }>(
        'SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [databaseName],
      );
      return Number(result.rows[0]!.n);
    } finally {
      await admin.end();
    }
  }

  it('while every connection is terminated during a load, no read answers 500; each write is 201 and stored, or 503 and not', async () => {
    const until = Date.now() + LOAD_MS;
    const reads: number[] = [];
    const writes: Array<{ status: number; id?: number; checkIn: string; retryAfter?: string }> = [];
    let day = 0;
    const reader = async (path: string) => {
      while (Date.now() < until) reads.push((await https(`${server.url}${API}${path}`, { key: FULL_KEY, headers: PROXIED })).status);
    };
    const writer = async () => {
      while (Date.now() < until) {
        const checkIn = new Date(Date.UTC(2040, 0, 1 + day++)).toISOString().slice(0, 10);
        const checkOut = new Date(Date.parse(`${checkIn}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
        const answer = await https(`${server.url}${API}/bookings/`, {
          method: 'POST',
          key: FULL_KEY,
          headers: PROXIED,
          body: { site_id: 1, check_in_date: checkIn, check_out_date: checkOut, num_adults: 1 },
        });
        writes.push({
          status: answer.status,
          id: answer.body?.id,
          checkIn,
          retryAfter: answer.headers['retry-after'] as string | undefined,
        });
      }
    };
    const faults = (async () => {
      const ended: number[] = [];
      for (const at of [LOAD_MS / 3, (2 * LOAD_MS) / 3]) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, until - LOAD_MS + at - Date.now())));
        ended.push(await terminateAll());
      }
      return ended;
    })();
    const [ended] = await Promise.all([
      faults,
      reader('/bookings/?page_size=5'),
      reader('/sites/'),
      reader('/bookings/?status=pending'),
      writer(),
      writer(),
    ]);

    expect(
      ended.some((n) => n > 0),
      'the faults ended some connection',
    ).toBe(true);
    expect(reads.length).toBeGreaterThan(20);
    expect(
      reads.filter((status) => status !== 200 && status !== 503),
      JSON.stringify(reads),
    ).toEqual([]);
    expect(
      writes.filter((w) => w.status !== 201 && w.status !== 503),
      JSON.stringify(writes),
    ).toEqual([]);
    for (const write of writes) {
      const stored = await https(`${server.url}${API}/bookings/?check_in_from=${write.checkIn}&check_in_to=${write.checkIn}`, {
        key: FULL_KEY,
        headers: PROXIED,
      });
      expect(stored.status).toBe(200);
      if (write.status === 201)
        expect(
          stored.body.results.map((b: { id: number }) => b.id),
          write.checkIn,
        ).toEqual([write.id]);
      else {
        expect(stored.body.count, `${write.checkIn} answered 503 but was stored`).toBe(0);
        expect(write.retryAfter).toBe('1');
      }
    }
    console.info(
      `database faults [${backend().name}]: ${reads.length} reads (${reads.filter((s) => s === 503).length} answered 503), ` +
        `${writes.length} writes (${writes.filter((w) => w.status === 503).length} answered 503); connections ended: ${ended.join(', ')}`,
    );
  });

  it('serve waits for a database it cannot reach yet, saying so, and starts once it can', async () => {
    const target = new URL(await backend().freshDatabase());
    // Between serve and the database: the first two connections are dropped at once, as by a database still starting
    // (however long serve itself takes to start on a busy machine); later ones reach the database.
    let refused = 0;
    const proxy: Server = createServer((socket) => {
      if (refused < 2) {
        refused++;
        socket.destroy();
        return;
      }
      const upstream = connect(Number(target.port), target.hostname);
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const url = new URL(target);
    url.port = String((proxy.address() as AddressInfo).port);
    let waited: ServeProcess | undefined;
    try {
      waited = await startServe(cliEnv(url.toString(), { TRUST_PROXY: 'loopback' }), workDirectory());
      const lines = waited
        .stdout()
        .split('\n')
        .filter((line) => line.includes('"msg":"waiting for the database"'));
      expect(lines.length).toBeGreaterThan(0);
      expect(JSON.parse(lines[0]!)).toMatchObject({
        level: 40,
        attempt: 1,
        retryInMs: 250,
        reason: expect.stringMatching(/^the database is unavailable: /),
      });
      expect(waited.stdout()).toMatch(/"msg":"database reachable"/);
      expect((await https(`${waited.url}/healthz`, { headers: PROXIED })).status).toBe(200);
      expect(await waited.stop('SIGTERM')).toBe(0);
    } finally {
      await waited?.stop('SIGKILL');
      proxy.close();
    }
  });
});
