import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { NEEDS, type NeedName, RUN_DIRECTORY_VARIABLE, appendSkip } from './needs';

// Used by the test files, in vitest's worker processes: every suite that cannot run for want of a service or a program
// says so here, and the run names them all in its closing line (docs/testing.md).

function required(need: NeedName): boolean {
  const [name, value] = NEEDS[need].requiredBy.split('=');
  return process.env[name!] === value;
}

/**
 * True when `present`. Otherwise the suite that needs it does not run: where the run requires the need (`CI=true`,
 * `REQUIRE_POSTGRES=1`, `REQUIRE_PDF_TOOLS=1`) this throws, failing the test file; elsewhere the skip is noted for the
 * run's closing line and this returns false. `detail` replaces the need's usual reason or command.
 */
export function canRun(need: NeedName, present: boolean, detail: { why?: string; run?: string } = {}): boolean {
  if (present) return true;
  const why = detail.why ?? NEEDS[need].missing;
  if (required(need)) throw new Error(`${NEEDS[need].requiredBy}, but ${why}: ${detail.run ?? NEEDS[need].run}`);
  const directory = process.env[RUN_DIRECTORY_VARIABLE];
  if (directory) appendSkip(directory, { need, ...detail });
  // Outside the workspace's vitest configuration nobody prints the closing line: say it here.
  else console.warn(`Not run: ${NEEDS[need].suites} (${why}): ${detail.run ?? NEEDS[need].run}`);
  return false;
}

/**
 * The PostgreSQL server of this run: `TEST_DATABASE_URL` as given, or the one the run found for itself
 * (global-setup.ts). Null when there is none, and the suite is skipped (see canRun).
 */
export function testDatabaseUrl(): string | null {
  const url = process.env.TEST_DATABASE_URL || null;
  return canRun('postgres', url !== null) ? url : null;
}

/** The path of the first executable `name` in the directories of PATH, or null: what a shell would run. */
export function onPath(name: string): string | null {
  for (const directory of (process.env.PATH ?? '').split(delimiter)) {
    if (directory === '') continue;
    const path = join(directory, name);
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // Not in this directory: the next one may have it.
    }
  }
  return null;
}
