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

// The overlap rule's race (docs/database-rules.md §3): a program takes bookings with plain SQL, by the documented
// protocol (lock the site, check, take the next id from the counter, insert), while four `campsite serve` processes
// create bookings for the same pitches and nights. Afterwards: no answer was a 5xx, no two pending or confirmed stays
// of one site share a night, and every count the API answers equals COUNT(*). The test command runs 2 s;
// `pnpm test:soak` runs WRITERS_RACE_MS=10000.

const API = '/api/v1/public';
const DURATION_MS = Number(process.env.WRITERS_RACE_MS ?? 2_000);
const SERVERS = 4;
const SITES = [1, 2];
/** A season that fills up at about the end of the run, so that the writers keep meeting each other's nights. */
const SEASON_NIGHTS = Math.max(60, Math.round((30 * DURATION_MS) / 1000));

const day = (offset: number) => new Date(Date.UTC(2030, 5, 1) + offset * 86_400_000).toISOString().slice(0, 10);

function randomStay(random: () => number): { siteId: number; checkIn: string; checkOut: string } {
  const start = Math.floor(random() * SEASON_NIGHTS);
  const nights = 1 + Math.floor(random() * 4);
  return { siteId: SITES[Math.floor(random() * SITES.length)] as number, checkIn: day(start), checkOut: day(start + nights) };
}

/** The platform's way to take a booking with plain SQL (docs/database-rules.md, "What the database refuses"). */
async function sqlBooking(client: pg.Client, stay: ReturnType<typeof randomStay>, n: number): Promise<boolean> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT 1 FROM sites WHERE tenant_id = 1 AND id = $1 FOR UPDATE', [stay.siteId]);
    const clash = await client.query(
      "SELECT 1 FROM bookings WHERE tenant_id = 1 AND site_id = $1 AND status IN ('pending', 'confirmed') AND " +
        'check_in_date < $2 AND check_out_date > $3 LIMIT 1',
      [stay.siteId, stay.checkOut, stay.checkIn],
    );
    if (clash.rowCount !== 0) {
      await client.query('ROLLBACK');
      return false;
    }
    const { rows } = await client.query<{ id: number }>(
      'UPDATE tenant_counters SET last_booking_id = last_booking_id + 1 WHERE tenant_id = 1 RETURNING last_booking_id AS id',
    );
    await client.query(
      'INSERT INTO bookings (tenant_id, id, booking_reference, guest_first_name, guest_last_name, guest_email, site_id, check_in_date, ' +
        'check_out_date, num_adults, num_youth, num_children, status, total_price, created_at, source) ' +
        "VALUES (1, $1, $2, 'Per', 'Telefon', '', $3, " +
        "$4, $5, 2, 0, 0, 'confirmed', 12000, now(), 'console')",
      [rows[0]!.id, `CONSOLE${String(n).padStart(6, '0')}`, stay.siteId, stay.checkIn, stay.checkOut],
    );
    await client.query('COMMIT');
    return true;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

/** A small seeded generator, so that a failing run can be repeated. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describeOnPostgres('plain-SQL bookings beside four API processes', (backend) => {
  let servers: ServeProcess[] = [];
  let databaseUrl: string;

  beforeAll(async () => {
    const cwd = workDirectory();
    databaseUrl = await backend().freshDatabase();
    // One key writes from every process: its rate limit is not what this test is about.
    const env = cliEnv(databaseUrl, { RATE_LIMIT_PER_MINUTE: '100000' });
    expect((await runCli(['import', SAMPLE_FIXTURE], env, cwd)).code).toBe(0);
    servers = await Promise.all(Array.from({ length: SERVERS }, () => startServe(env, cwd)));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
  });

  it(`ends with no 5xx, no overlapping stays and exact counts (${SERVERS} servers, 2 SQL writers, ${DURATION_MS} ms)`, async () => {
    const deadline = Date.now() + DURATION_MS;
    const statuses = new Map<number, number>();
    let apiCreated = 0;
    let sqlCreated = 0;

    const apiWriter = async (server: ServeProcess, seed: number) => {
      const random = seeded(seed);
      while (Date.now() < deadline) {
        const stay = randomStay(random);
        const body = { site_id: stay.siteId, check_in_date: stay.checkIn, check_out_date: stay.checkOut, num_adults: 2 };
        const reply = await https(`${server.url}${API}/bookings/`, { method: 'POST', key: FULL_KEY, body });
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
        if (reply.status === 201) apiCreated += 1;
        else expect(reply.body).toEqual({ detail: 'site_unavailable' });
      }
    };
    const sqlWriter = async (seed: number) => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const random = seeded(seed);
      try {
        for (let n = seed * 100_000; Date.now() < deadline; n++) if (await sqlBooking(client, randomStay(random), n)) sqlCreated += 1;
      } finally {
        await client.end();
      }
    };
    await Promise.all([...servers.map((server, i) => apiWriter(server, i + 1)), sqlWriter(7), sqlWriter(8)]);

    const serverErrors = [...statuses].filter(([status]) => status >= 500);
    expect(serverErrors).toEqual([]);
    expect(apiCreated).toBeGreaterThan(0);
    expect(sqlCreated).toBeGreaterThan(0);

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const overlaps = await client.query(
        'SELECT a.id, b.id FROM bookings a JOIN bookings b ON a.tenant_id = b.tenant_id AND a.site_id = b.site_id AND a.id < b.id ' +
          "AND a.check_in_date < b.check_out_date AND b.check_in_date < a.check_out_date WHERE a.status IN ('pending', 'confirmed') " +
          "AND b.status IN ('pending', 'confirmed')",
      );
      expect(overlaps.rows).toEqual([]);
      const counted = await client.query<{ status: string; n: string }>(
        'SELECT status, count(*) AS n FROM bookings WHERE tenant_id = 1 GROUP BY status',
      );
      const total = counted.rows.reduce((sum, row) => sum + Number(row.n), 0);
      // The sample's two bookings, and every create that answered 201 or committed by SQL.
      expect(total).toBe(2 + apiCreated + sqlCreated);
      const server = servers[0]!;
      expect((await https(`${server.url}${API}/bookings/?page_size=1`, { key: FULL_KEY })).body.count).toBe(total);
      for (const row of counted.rows) {
        const reply = await https(`${server.url}${API}/bookings/?page_size=1&status=${row.status}`, { key: FULL_KEY });
        expect([row.status, reply.body.count]).toEqual([row.status, Number(row.n)]);
      }
    } finally {
      await client.end();
    }
    console.log(
      `writers race: ${apiCreated} API creates, ${sqlCreated} SQL creates, answers ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
  }, 120_000);
});
