import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  FULL_KEY,
  SAMPLE_FIXTURE,
  cliEnv,
  describeOnBackends,
  https,
  runCli,
  startServe,
  startServeScript,
  workDirectory,
} from './harness';

// docs/channel-managers.md, "Retrying safely": the booking and the answer a retry gets commit together. The server is
// killed with SIGKILL after the booking's commit and before its answer is written (a test-only entry point,
// test/support/serve-killed-after-commit.mjs); the client sees its connection drop, retries with the same key against
// a restarted server, and gets that very booking.

const KILLED_AFTER_COMMIT = fileURLToPath(new URL('../support/serve-killed-after-commit.mjs', import.meta.url));

describeOnBackends('a create killed after its commit, retried with the same Idempotency-Key', (backend) => {
  let cwd: string;
  let databaseUrl: string;

  beforeAll(async () => {
    cwd = workDirectory();
    databaseUrl = await backend().freshDatabase();
    const imported = await runCli(['import', SAMPLE_FIXTURE], cliEnv(databaseUrl), cwd);
    expect(imported.code).toBe(0);
  });

  const body = { site_id: 2, check_in_date: '2027-09-10', check_out_date: '2027-09-13', num_adults: 2, guest_last_name: 'Crash' };
  const post = (url: string) =>
    https(`${url}/api/v1/public/bookings/`, { method: 'POST', key: FULL_KEY, body, headers: { 'Idempotency-Key': 'crash-retry-1' } });

  let restarted: Awaited<ReturnType<typeof startServe>> | undefined;
  afterAll(async () => {
    await restarted?.stop('SIGKILL');
  });

  it('returns the booking the killed request committed, and only that one exists', async () => {
    const doomed = await startServeScript(KILLED_AFTER_COMMIT, cliEnv(databaseUrl), cwd);
    const lost = await post(doomed.url).then(
      (reply) => reply.status,
      (error: NodeJS.ErrnoException) => error.code ?? 'error',
    );
    expect(lost).toMatch(/^E|error/); // ECONNRESET or "socket hang up": no answer was written
    await doomed.exited;
    expect(doomed.child.signalCode).toBe('SIGKILL');

    restarted = await startServe(cliEnv(databaseUrl), cwd);
    const retry = await post(restarted.url);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toMatchObject({ site_id: 2, check_in_date: '2027-09-10', guest_last_name: 'Crash', status: 'pending' });
    expect(retry.headers.location).toMatch(new RegExp(`/api/v1/public/bookings/${retry.body.id}/$`));

    const list = await https(`${restarted.url}/api/v1/public/bookings/?check_in_from=2027-09-10&check_in_to=2027-09-10`, { key: FULL_KEY });
    expect(list.body.results.map((b: { id: number }) => b.id)).toEqual([retry.body.id]);
    const stored = await https(`${restarted.url}/api/v1/public/bookings/${retry.body.id}/`, { key: FULL_KEY });
    expect(stored.body).toEqual(retry.body);
  });
});
