import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_KEY_PATTERN } from '@campsite/domain';
import { FULL_KEY, type ServeProcess, describeOnBackends, https, runCli } from './harness';
import { API, importAndServe } from './support/sample-server';

// The operator's key and booking commands while `campsite serve` runs on the same database: each takes effect on the
// server's very next answer (docs/operations.md).

describeOnBackends('campsite import, serve and operator commands', (backend) => {
  let cwd: string;
  let env: NodeJS.ProcessEnv;
  let server: ServeProcess;

  beforeAll(async () => {
    ({ cwd, env, server } = await importAndServe(backend()));
  });

  afterAll(async () => {
    await server?.stop('SIGKILL');
  });

  it('keys create prints the raw key alone; the key works with its scopes; keys list shows it without a secret', async () => {
    const created = await runCli(
      [
        'keys',
        'create',
        '--tenant',
        'alpenblick',
        '--name',
        'channel manager',
        '--scopes',
        'sites:read,invoices:read',
        '--expires',
        '2099-01-01T00:00:00Z',
      ],
      env,
      cwd,
    );
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^ck_[A-Za-z0-9]{29}\n$/);
    const key = created.stdout.trim();
    expect(API_KEY_PATTERN.test(key)).toBe(true);

    expect((await https(`${server.url}${API}/sites/`, { key })).status).toBe(200);
    expect((await https(`${server.url}${API}/customers/`, { key })).status).toBe(403);

    const list = await runCli(['keys', 'list', '--tenant', 'alpenblick'], env, cwd);
    expect(list.code).toBe(0);
    const row = list.stdout.split('\n').find((line) => line.startsWith(key.slice(0, 8)));
    expect(row).toMatch(/channel manager\s+sites:read,invoices:read\s+2099-01-01T00:00:00Z\s+no\s+20\d\d-/);
    expect(list.stdout).not.toContain(key.slice(8));
    expect(list.stdout).not.toContain('$2b$');
  });

  it('keys revoke makes the very next request 401 key_inactive', async () => {
    const key = (
      await runCli(['keys', 'create', '--tenant', 'alpenblick', '--name', 'to revoke', '--scopes', 'bookings:read'], env, cwd)
    ).stdout.trim();
    expect((await https(`${server.url}${API}/bookings/`, { key })).status).toBe(200);

    const revoked = await runCli(['keys', 'revoke', key.slice(0, 8), '--tenant', 'alpenblick'], env, cwd);
    expect(revoked.code).toBe(0);
    const next = await https(`${server.url}${API}/bookings/`, { key });
    expect(next.status).toBe(401);
    expect(next.body).toEqual({ detail: 'key_inactive' });
    expect(next.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it('keys create with an expiry already past warns, and the key answers 401 key_inactive from the start', async () => {
    const created = await runCli(
      ['keys', 'create', '--tenant', 'alpenblick', '--name', 'expired', '--scopes', 'sites:read', '--expires', '2020-01-01'],
      env,
      cwd,
    );
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^ck_[A-Za-z0-9]{29}\n$/);
    expect(created.stderr).toMatch(/^campsite: warning: --expires 2020-01-01T00:00:00\.000Z is in the past/);
    const answer = await https(`${server.url}${API}/sites/`, { key: created.stdout.trim() });
    expect(answer).toMatchObject({ status: 401, body: { detail: 'key_inactive' } });
  });

  it('rejects bad key commands with one line on stderr and nothing on stdout', async () => {
    for (const args of [
      ['keys', 'create', '--tenant', 'alpenblick', '--name', 'x', '--scopes', 'sites:write'],
      ['keys', 'create', '--tenant', 'alpenblick', '--name', 'x', '--scopes', 'sites:read', '--expires', 'yesterday'],
      ['keys', 'create', '--tenant', 'nowhere', '--name', 'x', '--scopes', 'sites:read'],
      ['keys', 'revoke', 'ck_nope0', '--tenant', 'alpenblick'],
    ]) {
      const result = await runCli(args, env, cwd);
      expect(result.code, args.join(' ')).not.toBe(0);
      expect(result.stdout).toBe('');
      expect(result.stderr.trimEnd().split('\n'), args.join(' ')).toHaveLength(1);
      expect(result.stderr).toMatch(/^campsite: /);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it("bookings confirm and cancel apply the operator's transitions (docs/api-behaviour.md §5)", async () => {
    const created = await https(`${server.url}${API}/bookings/`, {
      method: 'POST',
      key: FULL_KEY,
      body: { site_id: 1, check_in_date: '2027-05-10', check_out_date: '2027-05-12', num_adults: 1 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = String(created.body.id);
    // Warm the server's reads first: the CLI's write, from another process, must still show on the next request.
    const pendingPath = `${server.url}${API}/bookings/?status=pending&page_size=200`;
    expect((await https(`${server.url}${API}/bookings/${id}/`, { key: FULL_KEY })).body.status).toBe('pending');
    const pendingBefore = (await https(pendingPath, { key: FULL_KEY })).body.count as number;

    const confirmed = await runCli(['bookings', 'confirm', id, '--tenant', 'alpenblick'], env, cwd);
    expect(confirmed.code).toBe(0);
    expect(confirmed.stdout).toBe(`booking ${id} (${created.body.booking_reference}) is confirmed, total 70.00 CHF\n`);
    expect((await https(`${server.url}${API}/bookings/${id}/`, { key: FULL_KEY })).body.status).toBe('confirmed');
    expect((await https(pendingPath, { key: FULL_KEY })).body.count).toBe(pendingBefore - 1);

    const cancelled = await runCli(['bookings', 'cancel', id, '--tenant', 'alpenblick'], env, cwd);
    expect(cancelled.code).toBe(0);
    expect((await https(`${server.url}${API}/bookings/${id}/`, { key: FULL_KEY })).body.status).toBe('cancelled');

    const again = await runCli(['bookings', 'confirm', id, '--tenant', 'alpenblick'], env, cwd);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toBe(`campsite: booking ${id} is cancelled; it cannot become confirmed\n`);
  });
});
