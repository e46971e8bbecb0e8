import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, type ServeProcess, cliEnv, startServe, workDirectory } from './harness';
import { curlThere, runBash } from './support/shell';

// The README's walk-through and its channel manager's loop, run as printed by bash and curl against a fresh demo
// database: the loop must work for someone who followed the walk-through first.

/** The first ```sh block after `heading` in the README. */
function shellBlockAfter(readme: string, heading: string): string {
  const start = readme.indexOf(`\n${heading}\n`);
  expect(start, heading).toBeGreaterThan(0);
  const block = /```sh\n([\s\S]*?)```/.exec(readme.slice(start));
  expect(block, `a sh block after ${heading}`).not.toBeNull();
  return block![1]!;
}

describe.skipIf(!curlThere())("README: the walk-through and a channel manager's loop, as printed", () => {
  let cwd: string;
  let server: ServeProcess;
  beforeAll(async () => {
    cwd = workDirectory();
    server = await startServe(cliEnv(`sqlite:${join(cwd, 'campsite.db')}`), cwd);
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
  });

  it('creates, replays and polls as the comments say', async () => {
    const key = /ck_[A-Za-z0-9]{29}/.exec(server.stdout())![0];
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    const walkThrough = shellBlockAfter(readme, '## Walk-through with the demo key');
    const loop = shellBlockAfter(readme, "## A channel manager's loop");
    const keyLine = /^KEY=ck_… .*$/m;
    const apiLine = /^API=https:\/\/127\.0\.0\.1:8443\/api\/v1\/public$/m;
    expect(walkThrough).toMatch(keyLine);
    expect(walkThrough).toMatch(apiLine);
    const script = [
      'set -euo pipefail',
      walkThrough.replace(keyLine, `KEY=${key}`).replace(apiLine, `API=${server.url}/api/v1/public`),
      loop,
    ].join('\n');

    const { code, stdout, stderr } = await runBash(script, cwd);
    expect(code, stderr).toBe(0);
    // Only the loop's two creates and its poll print their status line (-i), each right after the JSON before it.
    const answers = stdout.split(/(?=HTTP\/1\.1 \d{3} )/).filter((part) => part.startsWith('HTTP/'));
    expect(answers.map((answer) => answer.slice(0, answer.indexOf('\r')))).toEqual([
      'HTTP/1.1 201 Created',
      'HTTP/1.1 201 Created',
      'HTTP/1.1 304 Not Modified',
    ]);
    const [created, replayed] = answers as [string, string];
    const location = (answer: string) => /^Location: (.*)\r$/m.exec(answer)?.[1];
    expect(location(created)).toMatch(/\/api\/v1\/public\/bookings\/42\/$/);
    expect(location(replayed)).toBe(location(created));
    expect(created).not.toMatch(/^Idempotent-Replayed:/m);
    expect(replayed).toMatch(/^Idempotent-Replayed: true\r$/m);
    expect(replayed.slice(replayed.indexOf('\r\n\r\n'))).toBe(created.slice(created.indexOf('\r\n\r\n')));
    // The availability line the README shows is what the server answered after the walk-through's booking.
    const shown = /^# {3}(\{"site_id":1,.*\}),$/m.exec(loop)?.[1];
    expect(shown).toBeDefined();
    expect(stdout).toContain(shown);
  });
});
