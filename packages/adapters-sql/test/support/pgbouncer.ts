import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_COMMAND } from '../../../../test-support/needs';
import { canRun, onPath } from '../../../../test-support/skips';

/** Where Debian and others install it, for a hint when PATH (a user's, without the sbin directories) lacks it. */
const USUAL_PLACES = ['/usr/sbin', '/usr/local/sbin'];

export interface PgBouncer {
  /** `upstreamUrl` with host and port replaced by the pooler's: any database name passes through. */
  url(upstreamUrl: string): string;
  stop(): Promise<void>;
}

/**
 * The pgbouncer on PATH that the PgBouncer suites run through, or null: those suites are skipped and the run's closing
 * line says how to get it. In CI (`CI=true`, where `.ci/run` installs Debian's `pgbouncer`) a missing one fails them.
 */
export function pgbouncerBinary(): string | null {
  const found = onPath('pgbouncer');
  const elsewhere = found === null ? USUAL_PLACES.find((directory) => existsSync(join(directory, 'pgbouncer'))) : undefined;
  const detail = elsewhere
    ? { why: `pgbouncer is in ${elsewhere}, which is not on PATH`, run: `PATH=$PATH:${elsewhere} ${TEST_COMMAND}` }
    : {};
  return canRun('pgbouncer', found !== null, detail) ? found : null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts PgBouncer in transaction pooling mode on a free loopback port, in front of the server of `upstreamUrl`:
 * the minimal configuration docs/operations.md gives operators, with trust authentication for the test user.
 */
export async function startPgBouncer(binary: string, upstreamUrl: string): Promise<PgBouncer> {
  const upstream = new URL(upstreamUrl);
  const user = decodeURIComponent(upstream.username || 'postgres');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'campsite-pgbouncer-'));
  const password = upstream.password ? ` password=${decodeURIComponent(upstream.password)}` : '';
  const ini = join(dir, 'pgbouncer.ini');
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=${upstream.hostname} port=${upstream.port || 5432}${password}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      'ignore_startup_parameters = statement_timeout,idle_in_transaction_session_timeout',
      'max_client_conn = 500',
      'default_pool_size = 20',
      'query_timeout = 10',
      'idle_transaction_timeout = 30',
      '',
    ].join('\n'),
  );
  writeFileSync(join(dir, 'userlist.txt'), `"${user}" ""\n`);
  // PgBouncer refuses to run as root; as root it is told to switch to the postgres user, which must read its files.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) for (const path of [dir, ini, join(dir, 'userlist.txt')]) chmodSync(path, 0o755);
  const child: ChildProcess = spawn(binary, [...(asRoot ? ['-u', 'postgres'] : []), ini], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await accepting(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`pgbouncer did not start on port ${port}: ${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url(target: string) {
      const url = new URL(target);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGINT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
