import { describe, expect, it } from 'vitest';
import { cliEnv, runCli, workDirectory } from './harness';

/** OPERATIONS.md: a bad value stops start-up with one clear line naming the variable; no stack trace. */
describe('campsite start-up errors', () => {
  const cwd = workDirectory();

  it.each([
    ['PORT', { PORT: 'https' }],
    ['BCRYPT_COST', { BCRYPT_COST: '20' }],
    ['TLS_KEY_FILE', { TLS_CERT_FILE: '/nonexistent/cert.pem' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://root:secret@localhost/campsite' }],
  ] as Array<[string, Record<string, string>]>)('names %s in one line and exits non-zero', async (variable, extra) => {
    const result = await runCli(['serve'], cliEnv('sqlite::memory:', extra), cwd);
    expect(result.code).not.toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(new RegExp(`^campsite: configuration error: ${variable}: `));
    expect(result.stderr).not.toContain('secret');
  });

  it('names an unreadable TLS_CERT_FILE when serve loads it', async () => {
    const result = await runCli(['serve'], cliEnv('sqlite::memory:', { TLS_CERT_FILE: '/nonexistent/cert.pem', TLS_KEY_FILE: '/nonexistent/key.pem' }), cwd);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toBe('campsite: configuration error: TLS_CERT_FILE: cannot read /nonexistent/cert.pem (ENOENT)\n');
  });

  it('rejects an unknown command and a missing argument in one line', async () => {
    for (const args of [['serv'], ['import'], ['bookings', 'confirm', 'seven', '--tenant', 'x']]) {
      const result = await runCli(args, cliEnv('sqlite::memory:'), cwd);
      expect(result.code, args.join(' ')).not.toBe(0);
      expect(result.stderr.trimEnd().split('\n'), args.join(' ')).toHaveLength(1);
    }
  });

  it('reports a missing fixture file in one line', async () => {
    const result = await runCli(['import', '/nonexistent/fixture.json'], cliEnv('sqlite::memory:'), cwd);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toBe('campsite: cannot read /nonexistent/fixture.json (ENOENT)\n');
  });
});
