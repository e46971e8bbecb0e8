import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VERSION } from '../src/index';
import { ROUTES } from '../src/operations';

// The package's README (what npm shows) holds no code that is not run or type-checked: each block is a piece of a file
// in examples/, which the root type-check and the packed-package test compile (and quickstart.mjs runs).

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const examples = readdirSync(new URL('../examples/', import.meta.url))
  .filter((name) => /\.(ts|mjs)$/.test(name))
  .map((name) => ({ name, lines: readFileSync(new URL(`../examples/${name}`, import.meta.url), 'utf8').split('\n') }));

/** The lines without the indentation they all share, so that a piece of a function body may be shown flush left. */
function dedent(lines: string[]): string {
  const indent = Math.min(...lines.filter((line) => line.trim() !== '').map((line) => line.length - line.trimStart().length));
  return lines.map((line) => line.slice(indent)).join('\n');
}

function isExcerpt(block: string): boolean {
  const wanted = dedent(block.split('\n'));
  const size = block.split('\n').length;
  return examples.some(({ lines }) => lines.some((_line, start) => dedent(lines.slice(start, start + size)) === wanted));
}

describe('packages/client/README.md', () => {
  const blocks = [...readme.matchAll(/```(?:ts|js)\n([\s\S]*?)\n```/g)].map((match) => match[1]!);

  it('shows only code that is a piece of a file in examples/', () => {
    expect(blocks.length).toBeGreaterThan(5);
    expect(blocks.filter((block) => !isExcerpt(block))).toEqual([]);
  });

  it('shows examples/quickstart.mjs whole', () => {
    expect(readme).toContain(`\`\`\`js\n${readFileSync(new URL('../examples/quickstart.mjs', import.meta.url), 'utf8')}\`\`\``);
  });

  it('names every operation the client calls in its reference, and this version in the User-Agent it shows', () => {
    expect(Object.keys(ROUTES).filter((operationId) => !readme.includes(`| \`${operationId}\` |`))).toEqual([]);
    expect([...readme.matchAll(/campsite-client-js\/([\d.]+)/g)].map((match) => match[1])).toEqual([VERSION]);
  });
});
