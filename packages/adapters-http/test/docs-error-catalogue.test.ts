import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DomainError, type DomainErrorCode } from '@campsite/domain';
import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { errorHandler } from '../src/error-handler';
import { DOCUMENT, REPO_ROOT, backticked, docsPage, documentedCodes, tableUnder } from './support/docs-pages';

// docs/errors-and-retries.md against the code: its table of machine codes names every code the API answers, with the
// status the one mapping of codes to HTTP (error-handler.ts) gives it, and no code that does not exist; its table of
// statuses names every status the OpenAPI document lists.

/** The closed union DomainErrorCode, read from its source so that a code added there is seen here. */
function domainCodes(): DomainErrorCode[] {
  const source = readFileSync(join(REPO_ROOT, 'packages/domain/src/shared/domain-error.ts'), 'utf8');
  const union = /export type DomainErrorCode =([\s\S]*?);/.exec(source.replace(/\/\*\*[\s\S]*?\*\//g, ''))![1]!;
  return [...union.matchAll(/\|\s*'([a-z_]+)'/g)].map((match) => match[1] as DomainErrorCode);
}

/**
 * The domain codes that never reach a client as their own `detail`, each with what the client sees instead. Every
 * other domain code must be in the page's table; a code in neither place fails.
 */
const NOT_A_DETAIL: Partial<Record<DomainErrorCode, string>> = {
  permission_denied: "403 with DRF's sentence `You do not have permission to perform this action.`",
  no_such_operation: 'the routes answer 405 with DRF\'s sentence `Method "X" not allowed.` and `Allow`',
  invalid_page: "404 with DRF's sentence `Invalid page.`",
  validation_failed: 'field errors, keyed by field',
  customer_not_found: 'a field error of `customer_id`',
  unknown_extra: 'a field error of `extras`',
  throttled: "429 with DRF's sentence and `Retry-After`",
  database_unavailable: "503 with DRF's sentence and `Retry-After`",
  invalid_transition: "the operator's command line only (`bookings confirm|cancel`)",
  duplicate_booking_reference: 'the importer only; the API retries a colliding reference',
  tenant_not_found: "the operator's command line only",
  tenant_exists: "the operator's command line only",
  not_a_sandbox: "the operator's command line only (`tenants reset`)",
  api_key_not_found: "the operator's command line only",
  invoice_exists: "the operator's command line only (`invoices issue`)",
  no_priced_lines: "the operator's command line only (`invoices issue`)",
};

/** Statuses the guide may name that no operation of the document lists, and why they exist. */
const BEYOND_THE_DOCUMENT: Record<number, string> = {
  405: 'a known path with a wrong method: no operation of the document answers it, the path does (with `Allow`)',
  408: 'a request head not complete in time: answered by the transport before any operation',
};

function replyTo(code: DomainErrorCode): { status: number; body: unknown } {
  const headers = new Map<string, unknown>();
  let text = '';
  const res = {
    locals: {},
    headersSent: false,
    statusCode: 200,
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), value),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    end: (body: string) => (text = body),
  };
  const quiet = { info() {}, warn() {}, error() {} };
  errorHandler(quiet)(new DomainError(code), {} as Request, res as unknown as Response, () => {});
  return { status: res.statusCode, body: JSON.parse(text) };
}

const page = docsPage('errors-and-retries.md');

/** The page's "Machine codes" table: each code with the status of its row. */
function catalogue(): Map<string, number[]> {
  const codes = new Map<string, number[]>();
  for (const [status, detail] of tableUnder(page, '## Machine codes')) {
    expect(status, `a row of "Machine codes" without a status: ${detail}`).toMatch(/^\d{3}$/);
    for (const code of backticked(detail!)) codes.set(code, [...(codes.get(code) ?? []), Number(status)]);
  }
  return codes;
}

describe('docs/errors-and-retries.md, "Machine codes"', () => {
  const answered = new Map<string, number>();
  for (const code of domainCodes()) {
    const reply = replyTo(code);
    if (JSON.stringify(reply.body) === JSON.stringify({ detail: code })) answered.set(code, reply.status);
  }
  const documented = documentedCodes();

  it('reads a closed union of a few dozen codes, and the mapping answers most of them as their own detail', () => {
    expect(domainCodes().length).toBeGreaterThan(30);
    expect(answered.size).toBeGreaterThan(20);
  });

  it('leaves out exactly the domain codes that never reach a client as their detail', () => {
    const leftOut = domainCodes().filter((code) => !answered.has(code));
    expect(leftOut.sort()).toEqual(Object.keys(NOT_A_DETAIL).sort());
  });

  it('names every code the API answers, each with its status, and nothing else', () => {
    const expected = new Map<string, number[]>([...answered].map(([code, status]) => [code, [status]]));
    // Codes answered before any use case runs (https_required): the document lists them, the domain does not.
    for (const [code, statuses] of documented) if (!domainCodes().includes(code as DomainErrorCode)) expected.set(code, [...statuses]);
    const sorted = (codes: Map<string, number[]>) => [...codes].map(([code, statuses]) => `${statuses.join(',')} ${code}`).sort();
    expect(sorted(catalogue())).toEqual(sorted(expected));
  });

  it('agrees with the OpenAPI document on each status', () => {
    for (const [code, statuses] of catalogue()) {
      for (const status of statuses) expect(documented.get(code), `${status} ${code}`).toContain(status);
    }
  });
});

describe('docs/errors-and-retries.md, "Statuses"', () => {
  const named = new Set(tableUnder(page, '## Statuses').flatMap(([statuses]) => [...statuses!.matchAll(/\b\d{3}\b/g)].map(Number)));
  const documented = new Set(
    Object.values(DOCUMENT.paths as Record<string, Record<string, { responses: object }>>).flatMap((methods) =>
      Object.values(methods).flatMap((operation) => Object.keys(operation.responses).map(Number)),
    ),
  );

  it('names every status an operation of the OpenAPI document may answer', () => {
    expect([...documented].filter((status) => !named.has(status))).toEqual([]);
  });

  it('names no status that nothing answers', () => {
    expect([...named].filter((status) => !documented.has(status) && !(status in BEYOND_THE_DOCUMENT))).toEqual([]);
  });
});
