import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from '../../src/index';

// What the docs tests read: the pages of docs/ as text, their tables, and the OpenAPI document as the server builds it,
// indexed by operation and by machine code.

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
export const API_PREFIX = '/api/v1/public';

export interface Page {
  name: string;
  text: string;
}

/** Every page of docs/, by file name. */
export function docsPages(): Page[] {
  const folder = join(REPO_ROOT, 'docs');
  return readdirSync(folder)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(folder, name), 'utf8') }));
}

export function docsPage(name: string): Page {
  return { name, text: readFileSync(join(REPO_ROOT, 'docs', name), 'utf8') };
}

/** The 1-based line of `index` in `text`, for messages that point into a page. */
export function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

/** The rows of the first table under `heading` (a whole heading line), each a list of trimmed cells. */
export function tableUnder(page: Page, heading: string): string[][] {
  const lines = page.text.split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`${page.name} has no heading "${heading}"`);
  const first = lines.findIndex((line, index) => index > start && line.startsWith('|'));
  if (first < 0) throw new Error(`${page.name} has no table under "${heading}"`);
  const rows: string[][] = [];
  for (let index = first + 2; index < lines.length && lines[index]!.startsWith('|'); index++) {
    rows.push(
      lines[index]!.slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

/** The backticked words of a table cell or sentence. */
export function backticked(text: string): string[] {
  return [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
}

export interface Operation {
  method: string;
  /** The document's path, `/api/v1/public/bookings/{id}/` or `/healthz`. */
  path: string;
  /** The scopes of its `security`, any one of which opens it; empty for the service's own paths. */
  scopes: string[];
  query: Set<string>;
}

type Json = Record<string, unknown>;

/** The document exactly as `GET /openapi.json` serves it. */
export const DOCUMENT = buildOpenApiDocument();

export function operations(document: Json = DOCUMENT): Operation[] {
  const found: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
    for (const [method, operation] of Object.entries(methods)) {
      const security = (operation.security ?? []) as Record<string, string[]>[];
      const parameters = (operation.parameters ?? []) as { name: string; in: string }[];
      found.push({
        method: method.toUpperCase(),
        path,
        scopes: security.flatMap((requirement) => Object.values(requirement).flat()),
        query: new Set(parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name)),
      });
    }
  }
  return found;
}

/** A path as a guide writes it (`/bookings/41/`, `/invoices/{id}/pdf`) matched against a document path. */
export function pathMatches(written: string, documented: string): boolean {
  const segments = (path: string) => path.replace(/\/+$/, '').split('/');
  const mine = segments(written);
  const theirs = segments(documented);
  return mine.length === theirs.length && theirs.every((segment, index) => segment === mine[index] || /^\{\w+\}$/.test(segment));
}

/** A guide's path (`/bookings/`, or already under the API prefix, or a service path) as the document spells it. */
export function fullPath(written: string): string {
  if (written.startsWith(`${API_PREFIX}/`)) return written;
  if (operations().some((operation) => !operation.path.startsWith(API_PREFIX) && pathMatches(written, operation.path))) return written;
  return `${API_PREFIX}${written}`;
}

/** A machine code: what a `detail` holds when it is meant for code rather than for people. */
const MACHINE_CODE = /^[a-z]+(?:_[a-z]+)*$/;

/**
 * Every machine code the document lists in a `detail`, with the statuses it comes with: the snake_case values of
 * `detail` in the schemas of every operation's answers (the human sentences are left out).
 */
export function documentedCodes(document: Json = DOCUMENT): Map<string, Set<number>> {
  const codes = new Map<string, Set<number>>();
  const resolveRef = (value: Json): Json => {
    const ref = value.$ref;
    if (typeof ref !== 'string') return value;
    const target = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Json)[key], document) as Json;
    return resolveRef(target);
  };
  const collect = (schema: Json, status: number): void => {
    const resolved = resolveRef(schema);
    for (const alternative of [...((resolved.oneOf ?? []) as Json[]), ...((resolved.anyOf ?? []) as Json[])]) collect(alternative, status);
    const detail = (resolved.properties as Json | undefined)?.detail as Json | undefined;
    if (detail === undefined) return;
    const values = [...((detail.enum ?? []) as unknown[]), ...('const' in detail ? [detail.const] : [])];
    for (const value of values) {
      if (typeof value === 'string' && MACHINE_CODE.test(value)) (codes.get(value) ?? codes.set(value, new Set()).get(value)!).add(status);
    }
  };
  for (const methods of Object.values(document.paths as Record<string, Record<string, Json>>)) {
    for (const operation of Object.values(methods)) {
      for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) {
        const content = resolveRef(response).content as Record<string, Json> | undefined;
        const schema = content?.['application/json']?.schema as Json | undefined;
        if (schema !== undefined) collect(schema, Number(status));
      }
    }
  }
  return codes;
}
