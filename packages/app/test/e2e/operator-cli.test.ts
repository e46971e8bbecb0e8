import { beforeAll, expect, it } from 'vitest';
import { SAMPLE_FIXTURE, cliEnv, describeOnBackends, runCli, workDirectory } from './harness';

/** The operator's commands as docs/operations.md lists them: tenants, key revocation by prefix or key, migrate. */
describeOnBackends('campsite operator commands', (backend) => {
  let cwd: string;
  let env: NodeJS.ProcessEnv;
  const run = (...args: string[]) => runCli(args, env, cwd);

  beforeAll(async () => {
    cwd = workDirectory();
    env = cliEnv(await backend().freshDatabase());
  });

  it('migrate names each migration it applies on a new database, then says "up to date"', async () => {
    const first = await run('migrate');
    expect(first.code, first.stderr).toBe(0);
    const lines = first.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('applied 001_initial.sql');
    expect(lines.every((line) => /^applied \d{3}_[a-z0-9_]+\.sql$/.test(line))).toBe(true);
    expect(await run('migrate')).toMatchObject({ code: 0, stdout: 'schema is up to date\n' });
  });

  it('tenants create makes an empty tenant that tenants list shows with its counts, as a table and as JSON', async () => {
    expect((await run('import', SAMPLE_FIXTURE)).code).toBe(0);
    expect(await run('tenants', 'create', '--slug', 'bergsee', '--name', 'Camping Bergsee')).toMatchObject({
      code: 0,
      stdout: 'created tenant bergsee (Camping Bergsee)\n',
      stderr: '',
    });
    const table = await run('tenants', 'list');
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')).toEqual([
      'SLUG        NAME                SITES  BOOKINGS  BILLING  SANDBOX',
      'alpenblick  Camping Alpenblick  3      2         yes      no',
      'bergsee     Camping Bergsee     0      0         no       no',
      '',
    ]);
    const json = await run('tenants', 'list', '--json');
    expect(JSON.parse(json.stdout)).toEqual([
      { slug: 'alpenblick', name: 'Camping Alpenblick', sites: 3, bookings: 2, billing: true, sandbox: false },
      { slug: 'bergsee', name: 'Camping Bergsee', sites: 0, bookings: 0, billing: false, sandbox: false },
    ]);
  });

  it('tenants create refuses a bad or taken slug with one line and exit 1, and creates nothing', async () => {
    const bad = await run('tenants', 'create', '--slug', 'Berg See', '--name', 'X');
    expect(bad).toMatchObject({ code: 1, stdout: '' });
    expect(bad.stderr).toMatch(/^campsite: invalid slug "Berg See": use lowercase letters and digits.*\n$/);
    const taken = await run('tenants', 'create', '--slug', 'bergsee', '--name', 'Again');
    expect(taken).toMatchObject({ code: 1, stdout: '', stderr: 'campsite: tenant "bergsee" already exists\n' });
    const missing = await run('tenants', 'create', '--slug', 'nameless');
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toMatch(/^campsite: required option '--name <name>' not specified\n$/);
    expect(JSON.parse((await run('tenants', 'list', '--json')).stdout).map((t: { slug: string }) => t.slug)).toEqual([
      'alpenblick',
      'bergsee',
    ]);
  });

  it('keys revoke takes the whole key as well as its prefix, and says when a key was already revoked', async () => {
    const key = (await run('keys', 'create', '--tenant', 'bergsee', '--name', 'pos', '--scopes', 'sites:read')).stdout.trim();
    const prefix = key.slice(0, 8);
    expect(await run('keys', 'revoke', key, '--tenant', 'bergsee')).toMatchObject({ code: 0, stdout: `revoked ${prefix}\n`, stderr: '' });
    const listed = JSON.parse((await run('keys', 'list', '--tenant', 'bergsee', '--json')).stdout);
    const revokedAt = listed[0].revoked_at as string;
    expect(revokedAt).toMatch(/Z$/);
    const again = await run('keys', 'revoke', prefix, '--tenant', 'bergsee');
    expect(again).toMatchObject({ code: 0, stderr: '' });
    expect(again.stdout).toBe(`${prefix} was already revoked (${new Date(revokedAt).toISOString()}); nothing changed\n`);
    expect(JSON.parse((await run('keys', 'list', '--tenant', 'bergsee', '--json')).stdout)[0].revoked_at).toBe(revokedAt);
    const foreign = await run('keys', 'revoke', key, '--tenant', 'alpenblick');
    expect(foreign).toMatchObject({ code: 1, stdout: '', stderr: `campsite: no key with prefix "${prefix}" in tenant "alpenblick"\n` });
  });
});
