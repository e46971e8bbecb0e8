import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { CAMPSITE_BIN, SAMPLE_FIXTURE, cliEnv, completion, workDirectory } from './harness';

// docs/operations.md, Commands: a one-shot command loads what it uses and no more. The serving side (Express and the
// OpenAPI document, the certificate generator, the PDF pool, the metrics) would cost each command about a second of CPU.

/** A module hook that reports on stderr each of these packages as the process imports it. */
const HOOKS = `
const SERVING = new Set(['@campsite/adapters-http', 'express', 'selfsigned', 'piscina', 'pdfkit', 'prom-client']);
export async function resolve(specifier, context, next) {
  if (SERVING.has(specifier)) process.stderr.write('loaded ' + specifier + '\\n');
  return next(specifier, context);
}
`;

it('a one-shot command loads none of the serving side, which serve loads', async () => {
  const cwd = workDirectory();
  writeFileSync(join(cwd, 'hooks.mjs'), HOOKS);
  writeFileSync(join(cwd, 'watch.mjs'), "import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n");
  const run = (args: string[], extra: Record<string, string> = {}) =>
    completion(
      spawn(process.execPath, ['--import', './watch.mjs', CAMPSITE_BIN, ...args], {
        cwd,
        env: cliEnv(`sqlite:${join(cwd, 'campsite.db')}`, { LOG_LEVEL: 'error', ...extra }),
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
  const loaded = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('loaded '));

  const listed = await run(['tenants', 'list']);
  expect(listed).toMatchObject({ code: 0, stdout: 'no tenants\n' });
  expect(loaded(listed.stderr)).toEqual([]);
  for (const args of [
    ['import', SAMPLE_FIXTURE],
    ['tenants', 'create', '--demo', 'acme'],
  ]) {
    const ran = await run(args);
    expect(ran.code, ran.stderr).toBe(0);
    expect(loaded(ran.stderr), args.join(' ')).toEqual([]);
  }
  // The hook does see the serving side: serve loads it, then stops at its missing certificate file.
  const served = await run(['serve'], { TLS_CERT_FILE: join(cwd, 'missing.pem'), TLS_KEY_FILE: join(cwd, 'missing.pem') });
  expect(served.code).toBe(1);
  expect(loaded(served.stderr)).toEqual(expect.arrayContaining(['loaded @campsite/adapters-http', 'loaded express']));
});
