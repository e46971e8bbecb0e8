import { afterAll, beforeAll, expect, it } from 'vitest';
import { FULL_KEY, type ServeProcess, describeOnBackends, https, runCli } from './harness';
import { API, importAndServe } from './support/sample-server';

// docs/operations.md, "A sandbox for an integrator": `tenants create --demo` and `tenants reset` while `campsite serve`
// runs on the same database, through the real command line. The sample tenant (alpenblick) is the real campsite
// beside the sandbox.

const KEY = /ck_[A-Za-z0-9]{29}/g;
/** Each test starts the command line up to five times, each a process that opens the database and migrates it. */
const CLI_TEST_MS = 90_000;

/** The one key a banner shows (on its own line and in its curl line, nowhere else). */
function keyOf(stdout: string): string {
  const keys = new Set(stdout.match(KEY) ?? []);
  expect(keys.size, stdout).toBe(1);
  return [...keys][0]!;
}

describeOnBackends('a sandbox for an integrator', (backend) => {
  let cwd: string;
  let env: NodeJS.ProcessEnv;
  let server: ServeProcess;
  const run = (...args: string[]) => runCli(args, env, cwd);

  beforeAll(async () => {
    ({ cwd, env, server } = await importAndServe(backend()));
  });

  afterAll(async () => {
    await server?.stop('SIGKILL');
  });

  it(
    'is created with the demo content, its key printed once with a curl line that works as printed',
    async () => {
      // PUBLIC_URL tells the command where integrators reach the API: here, the server under test.
      const created = await runCli(['tenants', 'create', '--demo', 'acme'], { ...env, PUBLIC_URL: server.url }, cwd);
      expect(created.code, created.stderr).toBe(0);
      expect(created.stdout).toMatch(/^created sandbox tenant acme \(Camping Seeblick Brienz \(Sandbox\)\) with the demo content/);
      const key = keyOf(created.stdout);
      const curl = created.stdout
        .split('\n')
        .find((line) => line.trim().startsWith('curl '))!
        .trim();
      expect(curl).toBe(`curl -H "Authorization: Bearer ${key}" ${server.url}${API}/bookings/`);

      const bookings = await https(curl.split(' ').at(-1)!, { key });
      expect(bookings.status).toBe(200);
      expect(new Set(bookings.body.results.map((b: { status: string }) => b.status))).toEqual(
        new Set(['pending', 'confirmed', 'cancelled', 'completed', 'no_show']),
      );
      for (const path of ['sites', 'customers', 'invoices', 'site-types', 'extras']) {
        expect((await https(`${server.url}${API}/${path}/`, { key })).body.count, path).toBeGreaterThan(0);
      }

      const listed = JSON.parse((await run('tenants', 'list', '--json')).stdout) as Array<{ slug: string; sandbox: boolean }>;
      expect(listed.map(({ slug, sandbox }) => [slug, sandbox])).toEqual([
        ['acme', true],
        ['alpenblick', false],
      ]);
    },
    CLI_TEST_MS,
  );

  it(
    'resets: the old key is refused, the new one works, bookings made in the sandbox are gone, the campsite beside it is untouched',
    async () => {
      const oldKey = keyOf((await run('tenants', 'create', '--demo', 'reset-me', '--name', 'Reset test')).stdout);
      const count = async (key: string) => (await https(`${server.url}${API}/bookings/`, { key })).body.count as number;
      const seeded = await count(oldKey);
      const made = await https(`${server.url}${API}/bookings/`, {
        method: 'POST',
        key: oldKey,
        body: { site_id: 1, check_in_date: '2027-05-10', check_out_date: '2027-05-12', num_adults: 2 },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      // Warm the server's kept answers of both tenants: the reset, from another process, must show on the next request.
      expect(await count(oldKey)).toBe(seeded + 1);
      const campsite = await https(`${server.url}${API}/bookings/`, { key: FULL_KEY });
      expect(campsite.status).toBe(200);

      const reset = await run('tenants', 'reset', 'reset-me');
      expect(reset.code, reset.stderr).toBe(0);
      expect(reset.stdout).toMatch(/^reset sandbox tenant reset-me \(Reset test\): /);
      const newKey = keyOf(reset.stdout);
      expect(newKey).not.toBe(oldKey);

      expect(await https(`${server.url}${API}/bookings/`, { key: oldKey })).toMatchObject({ status: 401, body: { detail: 'invalid_key' } });
      expect(await count(newKey)).toBe(seeded);
      expect((await https(`${server.url}${API}/bookings/${made.body.id}/`, { key: newKey })).status).toBe(404);
      const references = (await https(`${server.url}${API}/bookings/?page_size=200`, { key: newKey })).body.results.map(
        (b: { booking_reference: string }) => b.booking_reference,
      );
      expect(references).not.toContain(made.body.booking_reference);
      expect(await https(`${server.url}${API}/bookings/`, { key: FULL_KEY })).toMatchObject({ status: 200, body: campsite.body });
      expect(JSON.parse((await run('keys', 'list', '--tenant', 'reset-me', '--json')).stdout)).toHaveLength(1);
    },
    CLI_TEST_MS,
  );

  it(
    'refuses to reset a tenant that is not a sandbox, with one line and exit 1, changing nothing',
    async () => {
      const before = await https(`${server.url}${API}/bookings/`, { key: FULL_KEY });
      const refused = await run('tenants', 'reset', 'alpenblick');
      expect(refused).toMatchObject({
        code: 1,
        stdout: '',
        stderr: 'campsite: tenant "alpenblick" is not a sandbox; only a sandbox can be reset\n',
      });
      expect(await https(`${server.url}${API}/bookings/`, { key: FULL_KEY })).toMatchObject({ status: 200, body: before.body });
      expect(await run('tenants', 'reset', 'nowhere')).toMatchObject({
        code: 1,
        stdout: '',
        stderr: 'campsite: unknown tenant "nowhere"\n',
      });
      const taken = await run('tenants', 'create', '--demo', 'alpenblick');
      expect(taken).toMatchObject({ code: 1, stdout: '', stderr: 'campsite: tenant "alpenblick" already exists\n' });
    },
    CLI_TEST_MS,
  );
});
