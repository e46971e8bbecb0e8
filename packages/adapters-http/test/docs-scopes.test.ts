import { SCOPES } from '@campsite/domain';
import { describe, expect, it } from 'vitest';
import { backticked, docsPage, fullPath, operations, tableUnder } from './support/docs-pages';

// docs/authentication.md, "Scopes", against the OpenAPI document as the server builds it: every operation that needs a
// key appears in the row of each scope its `security` accepts, and no row names an operation or a scope the document
// lacks.

const rows = tableUnder(docsPage('authentication.md'), '## Scopes');

/** `scope METHOD path` for each operation a row names, with the path as the document spells it. */
function pairsInTheTable(): string[] {
  return rows.flatMap(([scopeCell, allows]) => {
    const [scope] = backticked(scopeCell!);
    const named = backticked(allows!).filter((text) => /^[A-Z]+ \//.test(text));
    return named.map((text) => {
      const [method, path] = text.split(' ') as [string, string];
      return `${scope} ${method} ${fullPath(path)}`;
    });
  });
}

function pairsInTheDocument(): string[] {
  return operations().flatMap((operation) => operation.scopes.map((scope) => `${scope} ${operation.method} ${operation.path}`));
}

describe('docs/authentication.md, "Scopes"', () => {
  it('has one row for every scope a key can hold', () => {
    expect(rows.map(([scope]) => backticked(scope!)[0]).sort()).toEqual([...SCOPES].sort());
  });

  it('names every operation of the OpenAPI document under each scope that opens it, and nothing else', () => {
    expect(pairsInTheDocument().length).toBeGreaterThan(20);
    expect(pairsInTheTable().sort()).toEqual(pairsInTheDocument().sort());
  });
});
