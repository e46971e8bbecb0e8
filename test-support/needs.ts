import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What some suites need from outside npm. Missing, such a suite is skipped and named in the one line that closes the
 * run (docs/testing.md), with the command that would run it; where the run requires the need (CI does) the suite fails
 * instead.
 */
export interface Need {
  /** The suites that need it, as the closing line names them. */
  suites: string;
  /** Why it is missing, unless the skip says more. */
  missing: string;
  /** The one command that would run those suites. */
  run: string;
  /** The setting (`NAME=value`) under which a missing need fails the run instead of skipping. */
  requiredBy: string;
}

export const TEST_COMMAND = 'npx -y pnpm@10 test';
/** The server the run falls back to when there is no Docker: the one docs/testing.md asks for. */
export const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';

const aptThen = (pkg: string) => `apt-get install ${pkg} && ${TEST_COMMAND}`;

export const NEEDS = {
  postgres: {
    suites: 'PostgreSQL suites',
    missing: 'no PostgreSQL',
    run: `start PostgreSQL and run TEST_DATABASE_URL=${LOCAL_POSTGRES} ${TEST_COMMAND}`,
    requiredBy: 'REQUIRE_POSTGRES=1',
  },
  pgbouncer: {
    suites: 'PgBouncer suites',
    missing: 'no pgbouncer on PATH',
    run: aptThen('pgbouncer'),
    requiredBy: 'CI=true',
  },
  'pdf-tools': {
    suites: 'invoice PDF tests',
    missing: 'no pdfinfo, pdftotext or pdftoppm on PATH',
    run: aptThen('poppler-utils'),
    requiredBy: 'REQUIRE_PDF_TOOLS=1',
  },
  chromium: {
    suites: 'API reference page in Chromium',
    missing: 'no /usr/bin/chromium',
    run: aptThen('chromium'),
    requiredBy: 'CI=true',
  },
  promtool: {
    suites: 'promtool checks of /metrics',
    missing: 'no promtool on PATH',
    run: aptThen('prometheus'),
    requiredBy: 'CI=true',
  },
  curl: {
    suites: 'README walk-through and the curl examples of docs/',
    missing: 'no curl on PATH',
    run: aptThen('curl'),
    requiredBy: 'CI=true',
  },
  python3: {
    suites: 'Python webhook verifier',
    missing: 'no python3 on PATH',
    run: aptThen('python3'),
    requiredBy: 'CI=true',
  },
} satisfies Record<string, Need>;

export type NeedName = keyof typeof NEEDS;

/** One skip as a test file noted it. */
export interface Skip {
  need: NeedName;
  /** Why, when it says more than the need's `missing`. */
  why?: string;
  /** The command, when it differs from the need's `run`. */
  run?: string;
}

/** Where the test files of one run note their skips: a file in the run's own directory (global-setup.ts makes it). */
export const SKIPS_FILE = 'skipped.jsonl';
/** The variable that hands the run's directory to the test files, which run in worker processes of their own. */
export const RUN_DIRECTORY_VARIABLE = 'CAMPSITE_TEST_RUN_DIR';

/** Notes a skip in the run's directory; each line is one small append, whole even when workers write at once. */
export function appendSkip(directory: string, skip: Skip): void {
  appendFileSync(join(directory, SKIPS_FILE), `${JSON.stringify(skip)}\n`);
}

export function readSkips(directory: string): Skip[] {
  let text: string;
  try {
    text = readFileSync(join(directory, SKIPS_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Skip);
}

/** What the run's search for a PostgreSQL server found (test-support/postgres.ts), for its closing line. */
export interface PostgresOfRun {
  found: boolean;
  /** Where the server came from, or why there is none. */
  story: string;
}

/**
 * The line that closes a run: each kind of suite that did not run, why, and the command that would run it, in the
 * order of NEEDS, whatever number of files noted it. Where the run found no PostgreSQL, what its search met says why
 * better than the files, which only know that they had none.
 */
export function summaryLine(skips: readonly Skip[], postgres?: PostgresOfRun): string {
  const first = new Map<NeedName, Skip>();
  for (const skip of skips) if (!first.has(skip.need)) first.set(skip.need, skip);
  const parts = (Object.keys(NEEDS) as NeedName[]).flatMap((name) => {
    const skip = first.get(name);
    if (skip === undefined) return [];
    const need: Need = NEEDS[name];
    const searched = name === 'postgres' && postgres?.found === false ? postgres.story : undefined;
    return [`${need.suites} (${searched ?? skip.why ?? need.missing}): ${skip.run ?? need.run}`];
  });
  if (parts.length > 0) return `Not run: ${parts.join('; ')}`;
  const server = postgres?.found ? ` (PostgreSQL: ${postgres.story})` : '';
  return `Every suite ran${server}: none was skipped for want of a service or a program.`;
}
