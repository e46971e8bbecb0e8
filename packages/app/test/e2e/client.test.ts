import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateTenant } from '../../../../bench/generate';
import { REPO_ROOT, type ServeProcess, cliEnv, describeOnBackends, https, runCli, startServe, workDirectory } from './harness';

// The typed client (packages/client) against the real server process: a 20,000-booking tenant mirrored through its
// iterator, surviving an injected 429 and 500, and the change feed followed to its end and resumed from a stored
// cursor, with the dev certificate trusted through NODE_EXTRA_CA_CERTS as the README tells integrators. A create whose
// answer is lost is retried with the same Idempotency-Key and replayed, not made twice.

const BOOKINGS = 20_000;
const SCRIPT = join(REPO_ROOT, 'packages/app/test/e2e/support/client-mirror.ts');
/** The README's mirror, as a file (the README test below checks that the README shows exactly this). */
const EXAMPLE = join(REPO_ROOT, 'packages/client/examples/mirror.ts');
const TSX = pathToFileURL(join(REPO_ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

/** Runs a TypeScript file in its own Node process that trusts the server's dev certificate through the environment. */
function runTs(
  file: string,
  args: string[],
  options: { cwd: string; certDirectory: string; env?: Record<string, string> },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', TSX, file, ...args], {
    cwd: options.cwd,
    env: { ...process.env, NODE_EXTRA_CA_CERTS: join(options.certDirectory, 'data/dev-cert.pem'), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describeOnBackends('the client mirrors a 20k-booking tenant from the served API', (backend) => {
  let cwd: string;
  let server: ServeProcess;
  let tenant: ReturnType<typeof generateTenant>;

  beforeAll(async () => {
    cwd = workDirectory();
    tenant = generateTenant(join(cwd, 'tenant.json'), {
      slug: 'mirror',
      bookings: BOOKINGS,
      sites: 40,
      customers: 50,
      staff: 2,
      invoices: 50,
    });
    const env = cliEnv(await backend().freshDatabase());
    const imported = await runCli(['import', tenant.file], env, cwd);
    expect(imported.code, imported.stderr).toBe(0);
    server = await startServe(env, cwd);
  });

  afterAll(async () => {
    await server?.stop('SIGKILL');
  });

  it('reads every booking once through next links, past a 429 and a 500, and resumes the feed, over verified TLS', async () => {
    const siteId = tenant.activeSiteIds[0] as number;
    const run = await runTs(SCRIPT, [server.url, tenant.token, String(siteId)], {
      cwd: join(REPO_ROOT, 'packages/app'),
      certDirectory: cwd,
    });
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout.trim().split('\n').pop() as string);
    expect(result.count).toBe(BOOKINGS);
    expect(result.rows).toBe(BOOKINGS);
    expect(result.unique).toBe(BOOKINGS);
    expect(result.injected).toEqual([expect.stringMatching(/^429 /), expect.stringMatching(/^500 /)]);
    // 100 pages, 2 injected failures retried, 1 create whose answer was lost and its retry, 1 list.
    expect(result.pagesRequested).toBe(BOOKINGS / 200 + 2 + 3);
    expect(result.created).toMatchObject({ status: 'pending', site_id: siteId, guest_email: 'mirror@example.ch' });
    // The retry replayed the stored answer: one booking, not two.
    expect(result.replays.slice(0, 2)).toEqual(['201 null', '201 true']);
    expect(result.countAfter).toBe(BOOKINGS + 1);
    // The feed from the start: every record once (bookings, the one just created, sites, their site types, customers,
    // invoices); site types are in the feed for a key with sites:read (docs/change-feed.md).
    const records = BOOKINGS + 1 + 40 + tenant.rows.site_types + 50 + 50;
    expect(result.feedChanges).toBe(records);
    expect(result.feedUnique).toBe(records);
    // Resumed from the stored cursor: exactly the booking created since, and then nothing.
    expect(result.resumed).toEqual([`booking ${result.secondId} false ${result.secondId}`]);
    expect(result.again).toEqual([]);
    console.log(`client mirror [${backend().name}]: ${BOOKINGS} bookings in ${result.mirrorMs} ms`);
  }, 120_000);

  it("the README's mirror example (packages/client/examples/mirror.ts) writes every record of every list", async () => {
    const out = workDirectory();
    const bookingCount = (await https(`${server.url}/api/v1/public/bookings/?page_size=1`, { key: tenant.token })).body.count as number;
    expect(bookingCount).toBeGreaterThanOrEqual(BOOKINGS);
    const run = await runTs(EXAMPLE, [], { cwd: out, certDirectory: cwd, env: { CAMPSITE_URL: server.url, CAMPSITE_KEY: tenant.token } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(`sites: 40\nbookings: ${bookingCount}\ncustomers: 50\ninvoices: 50\n`);
    const bookings = JSON.parse(readFileSync(join(out, 'mirror/bookings.json'), 'utf8'));
    expect(new Set(bookings.map((b: { id: number }) => b.id)).size).toBe(bookingCount);
  }, 120_000);
});
