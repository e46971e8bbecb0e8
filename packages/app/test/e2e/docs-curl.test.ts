import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, cliEnv, startServe, workDirectory } from './harness';
import { curlThere, runBash } from './support/shell';

// Every `curl` example of docs/*.md, run as printed by bash against a freshly seeded demo server (SQLite), page by page,
// its blocks in order: each curl exits 0 and gets a 2xx or 3xx, or the status its line's comment gives (`# 304 …`).
// $KEY is the demo key, $API the server's API root; an origin a page writes before /api/v1/public becomes the
// server's. A block that cannot run says why in an HTML comment right before it: `<!-- not run: why -->`.

interface Block {
  code: string;
  line: number;
  /** The reason of its `<!-- not run: … -->`, or null when it runs. */
  notRun: string | null;
}

/** The ```sh blocks of a page that run curl. */
function curlBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  for (const match of text.matchAll(/```sh\n([\s\S]*?)```/g)) {
    const code = match[1]!;
    if (curlLines(code).length === 0) continue;
    const before = text.slice(0, match.index).trimEnd();
    const notRun = /<!-- not run: (.+?) -->$/.exec(before)?.[1] ?? null;
    blocks.push({ code, line: text.slice(0, match.index).split('\n').length + 1, notRun });
  }
  return blocks;
}

/** Each curl a block runs, in order, with the status its line's comment expects (`# 304 …`), else null. */
function curlLines(code: string): { text: string; expected: number | null }[] {
  const logical = code.replace(/\\\n/g, ' ').split('\n');
  return logical.flatMap((line) => {
    const [command, comment = ''] = line.split(/\s#\s/, 2);
    if (command!.trimStart().startsWith('#')) return [];
    const expected = /^\s*(\d{3})\b/.exec(comment)?.[1];
    return [...command!.matchAll(/(?:^|[\s;|&(])curl\s/g)].map(() => ({ text: line.trim(), expected: expected ? Number(expected) : null }));
  });
}

const pages = readdirSync(join(REPO_ROOT, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .sort()
  .map((name) => ({ name, blocks: curlBlocks(readFileSync(join(REPO_ROOT, 'docs', name), 'utf8')) }))
  .filter((page) => page.blocks.length > 0);

/** Every curl reports its status on stderr, after anything the page's own options print. */
const CURL_REPORTS = `curl() { command curl -sS -w '%{stderr}\\ncurl-status %{http_code}\\n' "$@"; }`;

describe.skipIf(!curlThere())('docs/*.md: every curl example, as printed, against a fresh demo server', () => {
  it('finds the curl examples of the guides', () => {
    const skipped = pages.flatMap((page) =>
      page.blocks.filter((block) => block.notRun).map((block) => `${page.name}:${block.line}: ${block.notRun}`),
    );
    console.log(`curl blocks not run (${skipped.length}):${skipped.map((line) => `\n  ${line}`).join('')}`);
    expect(pages.map((page) => page.name)).toEqual(expect.arrayContaining(['accounting.md', 'authentication.md']));
  });

  it.each(pages.filter((page) => page.blocks.some((block) => !block.notRun)))('$name', async ({ blocks }) => {
    const cwd = workDirectory();
    const server = await startServe(cliEnv(`sqlite:${join(cwd, 'campsite.db')}`), cwd);
    try {
      const key = /ck_[A-Za-z0-9]{29}/.exec(server.stdout())![0];
      const origin = new URL(server.url).origin;
      const running = blocks.filter((block) => !block.notRun);
      const code = running.map((block) => block.code.replace(/https:\/\/[\w.-]+(?::\d+)?(?=\/api\/v1\/public)/g, origin));
      const expected = running.flatMap((block) => curlLines(block.code));
      const { code: exit, stderr } = await runBash(['set -euo pipefail', CURL_REPORTS, ...code].join('\n'), cwd, {
        KEY: key,
        API: `${origin}/api/v1/public`,
        CURL_CA_BUNDLE: join(cwd, 'data', 'dev-cert.pem'),
      });
      expect(exit, stderr).toBe(0);
      const statuses = [...stderr.matchAll(/^curl-status (\d{3})$/gm)].map((match) => Number(match[1]));
      expect(statuses, stderr).toHaveLength(expected.length);
      expected.forEach(({ text, expected: status }, index) => {
        if (status !== null) expect(statuses[index], text).toBe(status);
        else expect(statuses[index], `${text}: a 2xx or 3xx`).toSatisfy((answered: number) => answered >= 200 && answered < 400);
      });
    } finally {
      await server.stop('SIGKILL');
    }
  });
});
