import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_POSTGRES, RUN_DIRECTORY_VARIABLE, readSkips, summaryLine } from './needs';
import { canRun, onPath } from './skips';

const saved = { ...process.env };
let directory: string;

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'campsite-needs-test-'));
  process.env[RUN_DIRECTORY_VARIABLE] = directory;
  for (const name of ['CI', 'REQUIRE_POSTGRES', 'REQUIRE_PDF_TOOLS']) delete process.env[name];
});

afterEach(() => {
  process.env = { ...saved };
  rmSync(directory, { recursive: true, force: true });
});

describe('a test file in a worker', () => {
  it("sees the run's directory that the global setup made in the main process", () => {
    expect(saved[RUN_DIRECTORY_VARIABLE]).toBeTruthy();
    expect(existsSync(saved[RUN_DIRECTORY_VARIABLE]!)).toBe(true);
  });
});

describe('canRun', () => {
  it('notes nothing when the need is there', () => {
    expect(canRun('curl', true)).toBe(true);
    expect(readSkips(directory)).toEqual([]);
  });

  it('notes a missing need for the closing line, with what the caller knows better', () => {
    expect(canRun('promtool', false)).toBe(false);
    expect(canRun('pgbouncer', false, { why: 'pgbouncer is in /usr/sbin, which is not on PATH', run: 'PATH=$PATH:/usr/sbin x' })).toBe(
      false,
    );
    expect(readSkips(directory)).toEqual([
      { need: 'promtool' },
      { need: 'pgbouncer', why: 'pgbouncer is in /usr/sbin, which is not on PATH', run: 'PATH=$PATH:/usr/sbin x' },
    ]);
  });

  it('fails instead where the run requires the need, and notes nothing', () => {
    process.env.REQUIRE_POSTGRES = '1';
    process.env.CI = 'true';
    expect(() => canRun('postgres', false)).toThrow(/^REQUIRE_POSTGRES=1, but no PostgreSQL/);
    expect(() => canRun('chromium', false)).toThrow(/^CI=true, but no \/usr\/bin\/chromium: apt-get install chromium/);
    // Poppler is required by its own setting only, as .ci/run sets it.
    expect(canRun('pdf-tools', false)).toBe(false);
    expect(readSkips(directory)).toEqual([{ need: 'pdf-tools' }]);
  });
});

describe('summaryLine', () => {
  it('names each suite that did not run once, in a fixed order, with the command that would run it', () => {
    const line = summaryLine([{ need: 'pdf-tools' }, { need: 'postgres' }, { need: 'pdf-tools' }, { need: 'postgres' }], {
      found: false,
      story: 'no Docker, nothing on 127.0.0.1:5432',
    });
    expect(line).toBe(
      'Not run: PostgreSQL suites (no Docker, nothing on 127.0.0.1:5432): start PostgreSQL and run ' +
        `TEST_DATABASE_URL=${LOCAL_POSTGRES} npx -y pnpm@10 test; ` +
        'invoice PDF tests (no pdfinfo, pdftotext or pdftoppm on PATH): apt-get install poppler-utils && npx -y pnpm@10 test',
    );
    expect(line).not.toContain('\n');
  });

  it("takes a file's own reason and command over the usual ones", () => {
    expect(
      summaryLine([{ need: 'pgbouncer', why: 'pgbouncer is in /usr/sbin, which is not on PATH', run: 'PATH=$PATH:/usr/sbin go' }]),
    ).toBe('Not run: PgBouncer suites (pgbouncer is in /usr/sbin, which is not on PATH): PATH=$PATH:/usr/sbin go');
  });

  it('says that every suite ran when nothing was noted, and on which server', () => {
    expect(summaryLine([], { found: true, story: 'the server on 127.0.0.1:5432' })).toBe(
      'Every suite ran (PostgreSQL: the server on 127.0.0.1:5432): none was skipped for want of a service or a program.',
    );
    expect(summaryLine([])).toMatch(/^Every suite ran: /);
  });
});

describe('onPath', () => {
  it('finds an executable in a directory of PATH, as a shell would, and not a file that cannot run', () => {
    writeFileSync(join(directory, 'runs'), '#!/bin/sh\n');
    chmodSync(join(directory, 'runs'), 0o755);
    writeFileSync(join(directory, 'plain'), '');
    chmodSync(join(directory, 'plain'), 0o644);
    process.env.PATH = `/nonexistent:${directory}`;
    expect(onPath('runs')).toBe(join(directory, 'runs'));
    expect(onPath('missing')).toBeNull();
    // As root, access(X_OK) still needs an execute bit on a regular file.
    expect(onPath('plain')).toBeNull();
  });
});
