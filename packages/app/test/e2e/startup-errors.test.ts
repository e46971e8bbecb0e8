import { type AddressInfo, connect, createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServeProcess, cliEnv, https, plainLines, runCli, startServe, workDirectory } from './harness';

/** docs/operations.md: a bad value stops start-up with one clear line naming the variable; no stack trace. */
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
    const result = await runCli(
      ['serve'],
      cliEnv('sqlite::memory:', { TLS_CERT_FILE: '/nonexistent/cert.pem', TLS_KEY_FILE: '/nonexistent/key.pem' }),
      cwd,
    );
    expect(result.code).not.toBe(0);
    expect(result.stderr).toBe('campsite: configuration error: TLS_CERT_FILE: cannot read /nonexistent/cert.pem (ENOENT)\n');
  });

  it('names METRICS_PORT when its port is taken, and leaves nothing listening', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const result = await runCli(['serve'], cliEnv('sqlite::memory:', { TRUST_PROXY: 'loopback', METRICS_PORT: String(port) }), cwd);
      expect(result.code).not.toBe(0);
      expect(result.stderr).toBe(`campsite: configuration error: METRICS_PORT: cannot listen on 127.0.0.1:${port} (EADDRINUSE)\n`);
      expect(result.stdout).not.toMatch(/listening on|metrics on/);
    } finally {
      taken.close();
    }
  });

  it('rejects an unknown command and a missing argument in one line', async () => {
    for (const args of [['serv'], ['import'], ['bookings', 'confirm', 'seven', '--tenant', 'x']]) {
      const result = await runCli(args, cliEnv('sqlite::memory:'), cwd);
      expect(result.code, args.join(' ')).not.toBe(0);
      expect(result.stderr.trimEnd().split('\n'), args.join(' ')).toHaveLength(1);
    }
  });

  it('refuses a bad --workers value in one line naming the option, before touching the database', async () => {
    const result = await runCli(['serve', '--workers', 'lots'], cliEnv('sqlite:/nonexistent/dir/campsite.db'), cwd);
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toBe(
      "campsite: option '--workers <n>' argument 'lots' is invalid. must be auto or a whole number between 1 and 64\n",
    );
  });

  it('reports a missing fixture file in one line', async () => {
    const result = await runCli(['import', '/nonexistent/fixture.json'], cliEnv('sqlite::memory:'), cwd);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toBe('campsite: cannot read /nonexistent/fixture.json (ENOENT)\n');
  });
});

describe('campsite serve and SIGTERM', () => {
  it('exits 0 on a SIGTERM sent the moment the listening line appears (handlers are in place before it)', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const server = await startServe(cliEnv('sqlite::memory:', { TRUST_PROXY: 'loopback' }), workDirectory());
      expect(await server.stop('SIGTERM')).toBe(0);
    }
  });
});

/** docs/api-behaviour.md §1: behind a TLS-terminating proxy the service speaks plain HTTP and trusts X-Forwarded-Proto of its hops. */
describe('campsite serve behind a proxy (TRUST_PROXY)', () => {
  let server: ServeProcess;

  beforeAll(async () => {
    // LOG_LEVEL=warn hides info logs, but never the listening line (docs/operations.md, Lifecycle).
    server = await startServe(cliEnv('sqlite::memory:', { TRUST_PROXY: 'loopback', LOG_LEVEL: 'warn' }), workDirectory());
  });

  afterAll(async () => {
    await server?.stop('SIGKILL');
  });

  it('listens on plain HTTP and prints a curl line that works through the trusted hop', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.stdout()).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/m);
    const curl = plainLines(server.stdout())
      .find((line) => line.trim().startsWith('curl '))
      ?.trim();
    const key = /Bearer (ck_[A-Za-z0-9]{29})/.exec(curl ?? '')?.[1];
    expect(curl).toBe(`curl -H "X-Forwarded-Proto: https" -H "Authorization: Bearer ${key}" ${server.url}/api/v1/public/bookings/`);
    const forwarded = await https(`${server.url}/api/v1/public/bookings/`, { key, headers: { 'X-Forwarded-Proto': 'https' } });
    expect(forwarded.status).toBe(200);
    expect(forwarded.body.next).toBeNull();
  });

  it('answers a request the HTTP parser cannot read with JSON and a request id, not a bare 400', async () => {
    const { port } = new URL(server.url);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('GET /\u0001bad HTTP/1.1\r\nHost: x\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(raw).toMatch(/\r\nContent-Type: application\/json\r\n/);
    expect(raw).toMatch(/\r\nX-Request-Id: [0-9a-f-]{36}\r\n/);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({ detail: 'Malformed request.' });
  });

  it('refuses a request that did not come over HTTPS with 403 https_required', async () => {
    const plain = await https(`${server.url}/api/v1/public/sites/`);
    expect(plain).toMatchObject({ status: 403, body: { detail: 'https_required' } });
  });
});
