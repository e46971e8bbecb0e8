import { createRequire } from 'node:module';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  FULL_KEY,
  REPO_ROOT,
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

// docs/database-rules.md and docs/change-feed.md through the real `campsite serve` process: another program (this
// test, on a driver connection of its own, as the admin console or psql/sqlite3 would) writes the database with plain
// SQL, and the server's very next answers show it: reads it had kept, counts per status, updated_at, the change feed,
// a revoked key, and creates that neither collide with the other program's ids nor break the overlap rule. No answer
// is a 5xx.

const API = '/api/v1/public';

/** Plain SQL on a connection of its own; `?` placeholders; each statement commits by itself. */
interface OtherProgram {
  run(sql: string, params?: unknown[]): Promise<void>;
  /** A datetime as the database stores it. */
  time(at: Date): unknown;
  close(): Promise<void>;
}

function connect(databaseUrl: string): Promise<OtherProgram> | OtherProgram {
  if (databaseUrl.startsWith('sqlite:')) {
    // better-sqlite3 is the SQL adapter's driver; this test reaches it the way that package does.
    const Database = createRequire(join(REPO_ROOT, 'packages/adapters-sql/package.json'))('better-sqlite3');
    const db = new Database(databaseUrl.slice('sqlite:'.length));
    db.pragma('busy_timeout = 5000');
    db.pragma('foreign_keys = ON');
    return {
      run: async (sql, params = []) => void db.prepare(sql).run(...params),
      time: (at) => at.getTime(),
      close: async () => db.close(),
    };
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  return client.connect().then(() => ({
    run: async (sql: string, params: unknown[] = []) => {
      let n = 0;
      await client.query(
        sql.replace(/\?/g, () => `$${++n}`),
        params,
      );
    },
    time: (at: Date) => at.toISOString(),
    close: () => client.end(),
  }));
}

describeOnBackends('writes by another program are seen on the next request', (backend) => {
  let server: ServeProcess;
  let other: OtherProgram;
  const statuses: number[] = [];
  const get = async (path: string, key = FULL_KEY) => {
    const reply = await https(`${server.url}${API}/${path}`, { key });
    statuses.push(reply.status);
    return reply;
  };

  beforeAll(async () => {
    const cwd = workDirectory();
    const databaseUrl = await backend().freshDatabase();
    const env = cliEnv(databaseUrl);
    expect((await runCli(['import', SAMPLE_FIXTURE], env, cwd)).code).toBe(0);
    server = await startServe(env, cwd);
    other = await connect(databaseUrl);
  });

  afterAll(async () => {
    await other?.close();
    await server?.stop('SIGKILL');
  });

  it('shows updates, role changes and a revoked key at once, in reads the server had kept', async () => {
    // Each read twice, so that the server keeps it (its cache admits a page on the second read).
    for (let i = 0; i < 2; i++) {
      expect((await get('bookings/?status=confirmed')).body.count).toBe(1);
      expect((await get('bookings/2/')).body.status).toBe('completed');
      expect((await get('sites/')).body.results[0].name).not.toBe('Seeblick');
      expect((await get('customers/')).body.count).toBe(1);
      expect((await get('sites/', SITES_ONLY_KEY)).status).toBe(200);
    }
    const before = (await get('changes/')).body;
    const bookingBefore = (await get('bookings/2/')).body;

    await other.run("UPDATE bookings SET status = 'confirmed' WHERE id = 2");
    await other.run("UPDATE sites SET name = 'Seeblick' WHERE id = 1");
    await other.run("UPDATE users SET role = 'staff' WHERE id = 1");
    await other.run('UPDATE api_keys SET revoked_at = ? WHERE prefix = ?', [other.time(new Date()), SITES_ONLY_KEY.slice(0, 8)]);

    expect((await get('bookings/?status=confirmed')).body.count).toBe(2);
    expect((await get('bookings/?status=completed')).body.count).toBe(0);
    const booking = (await get('bookings/2/')).body;
    expect(booking.status).toBe('confirmed');
    expect(Date.parse(booking.updated_at)).toBeGreaterThan(Date.parse(bookingBefore.updated_at));
    expect((await get('sites/')).body.results[0].name).toBe('Seeblick');
    expect((await get('customers/')).body).toMatchObject({ count: 0, results: [] });
    const refused = await get('sites/', SITES_ONLY_KEY);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ detail: 'key_inactive' });

    const feed = (await get(`changes/?after=${before.cursor}`)).body;
    expect(feed.results.map((r: any) => [r.type, r.id, r.deleted])).toEqual([
      ['booking', 2, false],
      ['site', 1, false],
      ['customer', 1, true],
    ]);
    expect(feed.results[0].object).toEqual(booking);
  });

  it('lets the API create after the other program inserted bookings and sites: fresh ids, the overlap still refused, no 5xx', async () => {
    const created = (at: Date) => other.time(at);
    await other.run(
      'INSERT INTO sites (tenant_id, id, site_number, name, max_occupants, base_price_per_night, status, ' +
        "site_type_id) VALUES (1, 4, 'C1', 'Neu', 4, 3000, 'active', 1)",
    );
    await other.run(
      'INSERT INTO bookings (tenant_id, id, booking_reference, guest_first_name, guest_last_name, guest_email, site_id, check_in_date, ' +
        'check_out_date, num_adults, num_youth, num_children, status, total_price, created_at, source) ' +
        "VALUES (1, 3, 'CONSOLE003', 'Per', 'Telefon', '', 4, " +
        "'2027-01-01', '2027-01-05', 2, 0, 0, 'confirmed', 12000, ?, 'console')",
      [created(new Date())],
    );
    expect((await get('sites/')).body.count).toBe(4);
    expect((await get('bookings/')).body.count).toBe(3);

    const body = { site_id: 4, check_in_date: '2027-01-05', check_out_date: '2027-01-07', num_adults: 2, guest_first_name: 'Lea' };
    const made = await https(`${server.url}${API}/bookings/`, { method: 'POST', key: FULL_KEY, body });
    statuses.push(made.status);
    expect(made.status).toBe(201);
    expect(made.body.id).toBe(4);
    const clash = await https(`${server.url}${API}/bookings/`, {
      method: 'POST',
      key: FULL_KEY,
      body: { ...body, check_in_date: '2027-01-03' },
    });
    statuses.push(clash.status);
    expect(clash.status).toBe(400);
    expect(clash.body).toEqual({ detail: 'site_unavailable' });
    expect((await get('bookings/')).body.count).toBe(4);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  });
});
