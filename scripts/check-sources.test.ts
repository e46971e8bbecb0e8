import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_LINES, OUTSIDE, REPOSITORY_CONFIG, checkSources } from './check-sources.mjs';

const SCRIPT = fileURLToPath(new URL('check-sources.mjs', import.meta.url));
const CITES = 'which a reader cannot look up: state the rule or link docs/';

const RULES = REPOSITORY_CONFIG;

let tree: string;

beforeEach(() => {
  tree = mkdtempSync(join(tmpdir(), 'campsite-check-sources-'));
  execFileSync('git', ['init', '-q'], { cwd: tree });
});

afterEach(() => rmSync(tree, { recursive: true, force: true }));

const write = (path: string, text: string) => {
  mkdirSync(dirname(join(tree, path)), { recursive: true });
  writeFileSync(join(tree, path), text);
};

/** A source file of `count` lines. */
const linesOf = (count: number, first = '// a hand-written module') =>
  [first, ...Array.from({ length: count - 1 }, (_, i) => `export const n${i} = ${i};`)].join('\n') + '\n';

describe('citations a reader cannot see', () => {
  it('names each offending line with its path, its line number and what it cites', () => {
    write(
      'packages/domain/src/a.ts',
      [
        '// Issue 17: counts come from totals.',
        '// see issue #4',
        '// Issues 10 and 16 through the real process.',
        '// (team brief: the keyset hint format)',
        '// as the brief says',
        '// settled in session 3',
        `// ${OUTSIDE.decisions}.md, entry 12`,
        `// per ${OUTSIDE.operations}.md and ${OUTSIDE.style}.md`,
        `// ${OUTSIDE.fixtureFormat}.md §2`,
        `// ${OUTSIDE.sharedFolder}/spec/public-api-v1.md`,
        `// ${OUTSIDE.workShared} holds it`,
      ].join('\n'),
    );
    expect(checkSources(tree, RULES)).toEqual([
      `packages/domain/src/a.ts:1: cites an issue number, ${CITES}`,
      `packages/domain/src/a.ts:2: cites an issue number, ${CITES}`,
      `packages/domain/src/a.ts:3: cites an issue number, ${CITES}`,
      `packages/domain/src/a.ts:4: cites a brief, ${CITES}`,
      `packages/domain/src/a.ts:5: cites a brief, ${CITES}`,
      `packages/domain/src/a.ts:6: cites a session, ${CITES}`,
      `packages/domain/src/a.ts:7: cites a document outside the repository, ${CITES}`,
      `packages/domain/src/a.ts:8: cites a document outside the repository, ${CITES}`,
      `packages/domain/src/a.ts:9: cites a document outside the repository, ${CITES}`,
      `packages/domain/src/a.ts:10: cites a document outside the repository, ${CITES}`,
      `packages/domain/src/a.ts:11: cites a document outside the repository, ${CITES}`,
    ]);
  });

  it('leaves alone our own words that only look alike: a domain folder, our docs, a function, a Postgres setting', () => {
    write(
      'packages/domain/src/clean.ts',
      [
        `import { DomainError } from '${OUTSIDE.sharedFolder}/domain-error';`,
        `import { money } from '../${OUTSIDE.sharedFolder}/money';`,
        '// docs/operations.md, Workers; docs/database-rules.md §4',
        'const brief = (xs: string[]) => xs.join();',
        'expect(brief(changes)).toEqual([]);',
        "// a role that may set session_replication_role; the issue is a race, and decisions are the caller's",
      ].join('\n'),
    );
    expect(checkSources(tree, RULES)).toEqual([]);
  });

  it('reads tests, scripts, examples, migrations, test-support and docs, but not bench/ yet', () => {
    const places = [
      'packages/app/test/x.test.ts',
      'packages/client/scripts/x.ts',
      'packages/client/examples/x.ts',
      'packages/adapters-sql/migrations/sqlite/019_next.sql',
      'test-support/x.ts',
      'docs/x.md',
      'bench/x.ts',
    ];
    for (const path of places) write(path, '-- decided in session 12\n');
    expect(checkSources(tree, RULES)).toEqual(
      places
        .filter((p) => !p.startsWith('bench/'))
        .sort()
        .map((p) => `${p}:1: cites a session, ${CITES}`),
    );
    expect(checkSources(tree, { ...RULES, rootsLeftOut: [] })).toContain(`bench/x.ts:1: cites a session, ${CITES}`);
  });

  it('leaves the applied migrations byte for byte as they are, and checks a new one', () => {
    write('packages/adapters-sql/migrations/postgres/005_change_capture.sql', '-- issue 10\n');
    write('packages/adapters-sql/migrations/postgres/019_new.sql', '-- issue 10\n');
    expect(checkSources(tree, RULES)).toEqual([`packages/adapters-sql/migrations/postgres/019_new.sql:1: cites an issue number, ${CITES}`]);
  });
});

describe(`no hand-written source file over ${MAX_LINES} lines`, () => {
  it('fails a .ts, .mjs, .cjs or .js file one line over, at its first line too many, and passes one at the limit', () => {
    for (const ext of ['ts', 'mjs', 'cjs', 'js']) write(`packages/app/src/long.${ext}`, linesOf(MAX_LINES + 1));
    write('packages/app/test/fits.test.ts', linesOf(MAX_LINES));
    write('packages/app/src/notes.md', linesOf(MAX_LINES + 50));
    expect(checkSources(tree, RULES)).toEqual(
      ['cjs', 'js', 'mjs', 'ts'].map((ext) => `packages/app/src/long.${ext}:301: 301 lines, over 300: split it by topic`),
    );
  });

  it('looks at every folder git would track, except node_modules, dist, ignored files and bench/', () => {
    write('.gitignore', 'data/\n');
    for (const path of ['tools/x.ts', 'node_modules/p/x.js', 'packages/app/dist/x.js', 'data/x.ts', 'bench/x.ts'])
      write(path, linesOf(400));
    expect(checkSources(tree, RULES)).toEqual(['tools/x.ts:301: 400 lines, over 300: split it by topic']);
  });

  it('exempts a generated file that a test names, and fails one that no test names', () => {
    const schema = linesOf(900, '// Generated by openapi-typescript from the OpenAPI document. Do not edit.');
    write('packages/client/src/schema.ts', schema);
    write('packages/client/src/other.ts', linesOf(900, '/* generated from the tariff tables. Do not edit. */'));
    write('packages/client/test/schema-drift.test.ts', "it('src/schema.ts is what the generator makes', () => {});\n");
    expect(checkSources(tree, RULES)).toEqual([
      'packages/client/src/other.ts:1: marked as generated, but no *.test.ts names it: a generated file needs a drift test',
    ]);
  });

  it('does not take a marker below the first line', () => {
    write('packages/app/src/sneaky.ts', linesOf(301, '// hand-written\n// Generated by hand. Do not edit.'));
    write('packages/app/test/sneaky.test.ts', "// sneaky.ts\nit('x', () => {});\n");
    expect(checkSources(tree, RULES)).toEqual(['packages/app/src/sneaky.ts:301: 302 lines, over 300: split it by topic']);
  });
});

describe('node scripts/check-sources.mjs', () => {
  const run = () => spawnSync(process.execPath, [SCRIPT, tree], { encoding: 'utf8' });
  it('exits 0 and prints nothing for a clean tree', () => {
    write('packages/domain/src/fine.ts', '// docs/database-rules.md §4\n');
    expect(run()).toMatchObject({ status: 0, stdout: '', stderr: '' });
  });

  it('exits 1 and prints one `path:line: reason` per failure', () => {
    write('docs/x.md', 'fine\nsee issue 3\n');
    write('test-support/long.ts', linesOf(320));
    expect(run()).toMatchObject({
      status: 1,
      stderr: `docs/x.md:2: cites an issue number, ${CITES}\ntest-support/long.ts:301: 320 lines, over 300: split it by topic\n`,
    });
  });
});
