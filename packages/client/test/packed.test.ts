import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import buildWorkspace from '../../app/test/support/build-workspace';
import {
  FULL_KEY,
  REPO_ROOT,
  SAMPLE_FIXTURE,
  type ServeProcess,
  cliEnv,
  runCli,
  startServe,
  workDirectory,
} from '../../app/test/e2e/harness';
import { VERSION } from '../src/index';

// The package as an integrator gets it: built, packed by npm, installed from the tarball into an empty project outside
// the workspace (so nothing of the workspace can be resolved), then examples/quickstart.mjs run by plain node against
// the real server, behind a proxy that serves it under a path prefix and loses the first answer to a create, and
// examples/tour.ts type-checked against the installed declarations, for a DOM and for a Node project.

const CLIENT = join(REPO_ROOT, 'packages/client');
const TSC = join(REPO_ROOT, 'node_modules/typescript/bin/tsc');
const PREFIX = '/api-prefix';

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(command, args, { cwd, env, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) || 1 : 0, stdout, stderr });
    });
  });
}

interface Proxy {
  port: number;
  /** `METHOD path user-agent` of every request the proxy got. */
  requests: string[];
  upstream: string;
  close(): Promise<void>;
}

/**
 * A reverse proxy that serves the service under PREFIX, as a gateway does: it strips the prefix, says the request came
 * over HTTPS (the service trusts a loopback hop), and drops the connection instead of passing on the first answer to a
 * booking create, which the service has committed: the client must retry with the same key and get it replayed.
 */
async function prefixProxy(): Promise<Proxy> {
  let dropped = false;
  const proxy: Proxy = { port: 0, requests: [], upstream: '', close: async () => undefined };
  const server = http.createServer((req, res) => {
    const url = req.url ?? '';
    proxy.requests.push(`${req.method} ${url} ${req.headers['user-agent']}`);
    if (!url.startsWith(`${PREFIX}/`)) return void res.writeHead(404).end();
    const lose = req.method === 'POST' && url.startsWith(`${PREFIX}/api/v1/public/bookings/`) && !dropped;
    dropped ||= lose;
    const headers = { ...req.headers, 'x-forwarded-proto': 'https' };
    const forward = http.request(`${proxy.upstream}${url.slice(PREFIX.length)}`, { method: req.method, headers }, (answer) => {
      if (lose) return void answer.resume().on('end', () => req.socket.destroy());
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', (error) => res.destroy(error));
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.port = (server.address() as AddressInfo).port;
  proxy.close = () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
  return proxy;
}

describe('the packed package, installed into an empty project', () => {
  let stage: string;
  let consumer: string;
  let packed: { files: { path: string }[] };
  let proxy: Proxy;
  let server: ServeProcess;

  beforeAll(async () => {
    // The server under test is the app's compiled dist/; its own suite builds it first. Built here only when absent,
    // so that this file never rewrites it under an end-to-end test of the app running alongside.
    if (!existsSync(join(REPO_ROOT, 'packages/app/dist/cli/main.js'))) buildWorkspace();

    // Built into a stage of its own rather than packages/client/dist, which other tests of this package may be loading.
    stage = mkdtempSync(join(tmpdir(), 'campsite-client-stage-'));
    for (const file of ['package.json', 'README.md', 'LICENSE']) copyFileSync(join(CLIENT, file), join(stage, file));
    const built = await run(process.execPath, [TSC, '-p', join(CLIENT, 'tsconfig.build.json'), '--outDir', join(stage, 'dist')], CLIENT);
    expect(built.code, built.stdout + built.stderr).toBe(0);
    const pack = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', stage], stage);
    expect(pack.code, pack.stderr).toBe(0);
    [packed] = JSON.parse(pack.stdout) as [{ filename: string; files: { path: string }[] }];
    const tarball = join(stage, (packed as unknown as { filename: string }).filename);

    consumer = mkdtempSync(join(tmpdir(), 'campsite-client-consumer-'));
    writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    const installed = await run('npm', ['install', tarball, '--offline', '--no-audit', '--no-fund'], consumer);
    expect(installed.code, installed.stderr).toBe(0);
    for (const file of ['quickstart.mjs', 'tour.ts']) copyFileSync(join(CLIENT, 'examples', file), join(consumer, file));

    proxy = await prefixProxy();
    const cwd = workDirectory();
    const env = cliEnv(`sqlite:${join(cwd, 'campsite.db')}`, {
      TRUST_PROXY: 'loopback',
      PUBLIC_URL: `http://127.0.0.1:${proxy.port}${PREFIX}`,
      LOG_LEVEL: 'warn',
    });
    const imported = await runCli(['import', SAMPLE_FIXTURE], env, cwd);
    expect(imported.code, imported.stderr).toBe(0);
    server = await startServe(env, cwd);
    proxy.upstream = server.url;
  }, 180_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await proxy?.close();
    for (const dir of [stage, consumer]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('holds the build, its declarations, the README and the licence, and nothing else', () => {
    const files = packed.files.map((file) => file.path).sort();
    expect(files).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'package.json', 'dist/index.js', 'dist/index.d.ts']));
    expect(files.filter((path) => !/^(LICENSE|README\.md|package\.json|dist\/[\w-]+\.(js|d\.ts))$/.test(path))).toEqual([]);
  });

  it('runs examples/quickstart.mjs with plain node: pages, an idempotent create retried after a lost answer, metadata', async () => {
    const env = {
      ...process.env,
      CAMPSITE_URL: `http://127.0.0.1:${proxy.port}${PREFIX}`,
      CAMPSITE_KEY: FULL_KEY,
      SITE_ID: '1',
      ORDER_ID: 'order-4711',
    };
    const result = await run(process.execPath, ['quickstart.mjs'], consumer, env);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toBe('bookings: 2 on 2 pages');
    // The first answer was lost on the way back: the second attempt, with the same key, got the stored booking.
    expect(lines[1]).toMatch(/^created [A-Z0-9]{10}: status 201, attempts 2$/);
    expect(lines[2]).toMatch(/^replayed: true, request id: [\w-]+$/);
    expect(lines[3]).toMatch(/^rate limit: \d+ of 600 left, new window in \d+ s$/);
    expect(lines[4]).toBe('bookings now: 3');
    expect(lines[5]).toBe('booking changes: 3, cursor saved: true');

    // Every request kept the prefix; page 2 came from the service's own `next` link.
    const paths = proxy.requests.map((request) => request.split(' ')[1]!);
    expect(paths.filter((path) => !path.startsWith(`${PREFIX}/api/v1/public/`))).toEqual([]);
    expect(paths.filter((path) => path.startsWith(`${PREFIX}/api/v1/public/bookings/?`) && path.includes('page=2'))).toHaveLength(1);
    expect(proxy.requests.filter((request) => request.startsWith('POST '))).toHaveLength(2);
    expect(new Set(proxy.requests.map((request) => request.split(' ').slice(2).join(' ')))).toEqual(
      new Set([`quickstart/1.0 campsite-client-js/${VERSION} node/${process.versions.node}`]),
    );
  }, 60_000);

  it('loads with require() too, on the Node versions the package supports', async () => {
    const script = "const c = require('@campsite/client'); console.log(typeof c.CampsiteClient, c.VERSION)";
    const result = await run(process.execPath, ['-e', script], consumer);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim()).toBe(`function ${VERSION}`);
  });

  // Our declarations are checked strictly once (skipLibCheck off; the DOM library itself is not re-checked); the Node
  // project uses the skipLibCheck of most real projects, since checking all of @types/node takes longer than the rest.
  for (const [name, options] of [
    [
      'a project with the DOM library, our declarations checked',
      { lib: ['ES2022', 'DOM'], types: [], skipLibCheck: false, skipDefaultLibCheck: true },
    ],
    [
      'a Node project with @types/node',
      { lib: ['ES2022'], types: ['node'], typeRoots: [join(REPO_ROOT, 'node_modules/@types')], skipLibCheck: true },
    ],
  ] as const) {
    it(`type-checks examples/tour.ts in ${name}`, async () => {
      const compilerOptions = {
        strict: true,
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        noEmit: true,
        ...options,
      };
      const config = `tsconfig.${options.types.length}.json`;
      writeFileSync(join(consumer, config), JSON.stringify({ compilerOptions, files: ['tour.ts'] }));
      const result = await run(process.execPath, [TSC, '-p', config], consumer);
      expect(result.code, result.stdout + result.stderr).toBe(0);
    }, 60_000);
  }
});
