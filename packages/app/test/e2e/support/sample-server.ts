import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { type Backend, SAMPLE_FIXTURE, cliEnv, runCli, startServe, workDirectory } from '../harness';

export const API = '/api/v1/public';

/** The sample fixture with one change, written next to the test's work directory. */
export function fixtureFile(dir: string, name: string, edit: (doc: any) => void): string {
  const doc = JSON.parse(readFileSync(SAMPLE_FIXTURE, 'utf8'));
  edit(doc);
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(doc, null, 2));
  return file;
}

/**
 * A fresh database of `backend` with the sample fixture imported by `campsite import`, which must say so on one line,
 * and `campsite serve` running on it; answers the work directory and environment the CLI runs with.
 */
export async function importAndServe(backend: Backend) {
  const cwd = workDirectory();
  const env = cliEnv(await backend.freshDatabase());
  const imported = await runCli(['import', SAMPLE_FIXTURE], env, cwd);
  // A fresh work directory has no server secrets yet: the import makes both under ./data/ and warns once for each
  // (docs/operations.md, "Server secrets"), and says nothing else.
  const warnings = imported.stderr
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { level: number; file: string });
  expect(warnings.map(({ level, file }) => [level, file]).sort()).toEqual([
    [40, join(cwd, 'data', 'key-pepper')],
    [40, join(cwd, 'data', 'secrets-key')],
  ]);
  expect(imported.code).toBe(0);
  expect(imported.stdout).toMatch(/^imported 1 tenant, 15 rows in \d+\.\d s \(\d+ rows\/s\)\n$/);
  const server = await startServe(env, cwd);
  return { cwd, env, server };
}
