import { describe, expect, it } from 'vitest';
import { API_PREFIX, docsPages, documentedCodes, operations, pathMatches } from './support/docs-pages';
import { type Place, bareParameters, codeReferences, endpointReferences } from './support/docs-references';

// Every endpoint, query parameter and machine code a page of docs/ names exists in the OpenAPI document as the server
// builds it. The patterns (support/docs-references.ts) are narrow on purpose: what they find is meant as the API's.

/** What a page may name that the document does not have, each with its reason. Keep it short. */
const NOT_IN_THE_DOCUMENT: { text: RegExp; reason: string }[] = [
  { text: /^(GET )?`?\/metrics`?$/, reason: 'the metrics listener of docs/observability.md (METRICS_PORT), not the API' },
  { text: /^`\/api\/v[12]\/`$/, reason: 'the version prefixes of docs/versioning.md' },
  { text: /^`\/usr\//, reason: 'a file of the machine that runs the tests (docs/testing.md)' },
];

const pages = docsPages();
const documented = operations();
const codes = documentedCodes();
const allParameters = new Set(documented.flatMap((operation) => [...operation.query]));

function allowed(place: Place): boolean {
  return NOT_IN_THE_DOCUMENT.some(({ text }) => text.test(place.text));
}

const where = (place: Place) => `${place.page}:${place.line}: ${place.text}`;

describe('what docs/ names exists in the OpenAPI document', () => {
  it('finds enough to be worth checking', () => {
    expect(pages.flatMap(endpointReferences).length).toBeGreaterThan(100);
    expect(pages.flatMap(codeReferences).length).toBeGreaterThan(40);
  });

  it('names only endpoints the document has, with only their query parameters', () => {
    const wrong: string[] = [];
    for (const reference of pages.flatMap(endpointReferences)) {
      if (allowed(reference) || reference.path === `${API_PREFIX}/`) continue;
      const matching = documented.filter(
        (operation) => pathMatches(reference.path, operation.path) && (reference.method === null || operation.method === reference.method),
      );
      if (matching.length === 0) {
        wrong.push(`${where(reference)}: no ${reference.method ?? 'operation'} ${reference.path}`);
        continue;
      }
      const known = new Set(matching.flatMap((operation) => [...operation.query]));
      for (const name of reference.query) if (!known.has(name)) wrong.push(`${where(reference)}: no query parameter ${name}`);
    }
    expect(wrong).toEqual([]);
  });

  it('names only query parameters some operation takes', () => {
    const wrong = pages
      .flatMap(bareParameters)
      .filter((parameter) => !allowed(parameter) && !allParameters.has(parameter.name))
      .map(where);
    expect(wrong).toEqual([]);
  });

  it('gives only machine codes the document lists, with a status it lists them under', () => {
    const wrong: string[] = [];
    for (const reference of pages.flatMap(codeReferences)) {
      if (allowed(reference)) continue;
      const statuses = codes.get(reference.code);
      if (statuses === undefined) wrong.push(`${where(reference)}: no machine code ${reference.code}`);
      else if (reference.status !== null && !statuses.has(reference.status)) {
        wrong.push(`${where(reference)}: ${reference.code} comes with ${[...statuses].join(', ')}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
