import { execFileSync, spawn } from 'node:child_process';
import { delimiter, dirname } from 'node:path';
import { canRun } from '../../../../../test-support/skips';
import { type CliResult, completion } from '../harness';

// What the tests that run documented shell examples share: whether curl is there, and bash with this Node first on PATH.

function hasCurl(): boolean {
  try {
    execFileSync('curl', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Whether curl can run; without it the suite is skipped, and named at the end of the run (docs/testing.md). */
export function curlThere(): boolean {
  return canRun('curl', hasCurl());
}

/** Runs `script` with bash in `cwd`, this Node first on PATH (the examples call `node`), with `env` added. */
export function runBash(script: string, cwd: string, env: Record<string, string> = {}): Promise<CliResult> {
  const path = `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`;
  return completion(spawn('bash', ['-c', script], { cwd, env: { ...process.env, PATH: path, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }));
}
