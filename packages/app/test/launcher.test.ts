import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAUNCHER, REPO_ROOT } from './e2e/harness';

const COMPILED = join(REPO_ROOT, 'packages/app/.build/campsite.mjs');

function runLauncher(args: string[]) {
  return spawnSync(process.execPath, [LAUNCHER, ...args], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 60_000 });
}

describe('scripts/campsite.mjs (what `pnpm campsite` runs)', () => {
  it('compiles the sources when its module is older than them, and runs the command', () => {
    runLauncher(['--help']);
    const longAgo = new Date('2001-01-01T00:00:00Z');
    utimesSync(COMPILED, longAgo, longAgo);
    const result = runLauncher(['--help']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Usage: campsite/);
    expect(statSync(COMPILED).mtimeMs).toBeGreaterThan(longAgo.getTime());
  });

  it('compiles again when the module was made for another checkout (a copied directory)', () => {
    runLauncher(['--help']);
    const text = readFileSync(COMPILED, 'utf8');
    writeFileSync(COMPILED, text.replace(/^\/\/ compiled by scripts\/campsite\.mjs for .*$/m, '// compiled by scripts/campsite.mjs for "/elsewhere"'));
    const result = runLauncher(['--help']);
    expect(result.status, result.stderr).toBe(0);
    expect(readFileSync(COMPILED, 'utf8').split('\n', 1)[0]).toBe(`// compiled by scripts/campsite.mjs for ${JSON.stringify(REPO_ROOT)}`);
  });

  it('reuses a module newer than every source without compiling again', () => {
    runLauncher(['--help']);
    const before = statSync(COMPILED).mtimeMs;
    const result = runLauncher(['--help']);
    expect(result.status, result.stderr).toBe(0);
    expect(statSync(COMPILED).mtimeMs).toBe(before);
    expect(existsSync(`${COMPILED}.${result.pid}.tmp`)).toBe(false);
  });
});
