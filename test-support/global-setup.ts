import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { RUN_DIRECTORY_VARIABLE, readSkips, summaryLine } from './needs';
import { type FoundPostgres, findPostgres } from './postgres';

/** The projects with PostgreSQL suites: a run of the others alone has no server to look for. */
const PROJECTS_ON_POSTGRES = new Set(['adapters-sql', 'app']);

/**
 * Vitest's global setup of the whole workspace, in the main process before any worker starts (docs/testing.md): finds
 * the PostgreSQL server once for the run and hands it to every test file as TEST_DATABASE_URL, and gives the files a
 * directory to note what they could not run. The teardown prints the one line that closes the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const directory = mkdtempSync(join(tmpdir(), 'campsite-test-run-'));
  // Workers are spawned after this with a copy of this process's environment: what is set here, every file sees.
  process.env[RUN_DIRECTORY_VARIABLE] = directory;
  let postgres: FoundPostgres | undefined;
  if (project.vitest.projects.some((p) => PROJECTS_ON_POSTGRES.has(p.name))) {
    postgres = await findPostgres(process.env.TEST_DATABASE_URL);
    if (postgres.url === null) {
      if (process.env.REQUIRE_POSTGRES === '1') throw new Error(`REQUIRE_POSTGRES=1, but no PostgreSQL: ${postgres.story}`);
      // A TEST_DATABASE_URL that does not answer skips the suites as a missing one does, instead of failing each.
      delete process.env.TEST_DATABASE_URL;
    } else {
      process.env.TEST_DATABASE_URL = postgres.url;
    }
  }
  return async () => {
    try {
      console.log(`\n${summaryLine(readSkips(directory), postgres && { found: postgres.url !== null, story: postgres.story })}`);
    } finally {
      rmSync(directory, { recursive: true, force: true });
      await postgres?.stop();
    }
  };
}
