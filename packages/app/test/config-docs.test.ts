import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../src/config';

// docs/operations.md's Environment table is what operators read: it must name exactly the variables the code reads.
function documentedVariables(): string[] {
  const page = readFileSync(new URL('../../../docs/operations.md', import.meta.url), 'utf8');
  const start = page.indexOf('\n## Environment\n');
  expect(start).toBeGreaterThan(0);
  const section = page.slice(start + 1, page.indexOf('\n## ', start + 1));
  const firstCells = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split('|')[1]!);
  return firstCells.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!));
}

describe('docs/operations.md, Environment', () => {
  it('names every variable the configuration reads, and no other', () => {
    const documented = documentedVariables();
    expect(new Set(documented).size).toBe(documented.length);
    expect([...documented].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });
});
