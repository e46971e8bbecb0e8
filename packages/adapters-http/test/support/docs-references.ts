import { type Page, API_PREFIX, fullPath, lineOf } from './docs-pages';

// What a page of docs/ says about the API, found by a few precise patterns: the endpoints it names, the query
// parameters of the URLs it shows, and the machine codes it gives as answers. Each finding keeps its place in the page.

export interface Place {
  page: string;
  line: number;
  /** The text as the page writes it, for the failure message. */
  text: string;
}

export interface EndpointReference extends Place {
  /** The method when the page names one (HEAD is read as GET); null for a bare URL. */
  method: string | null;
  /** The path as the document spells it, under the API prefix unless it is one of the service's own paths. */
  path: string;
  /** The names of the parameters in its query string, if it has one. */
  query: string[];
}

export interface CodeReference extends Place {
  code: string;
  /** The status the page gives the code, when it writes one right before it. */
  status: number | null;
}

const SEGMENT = String.raw`[\w{}.…-]*`;
const QUERY = String.raw`(?:\?[^\s\`"')\]]*)?`;
/** `/api/v1/public/bookings/41/?page=2`, in prose, a URL or a code block. */
const API_URL = new RegExp(String.raw`/api/v1/public((?:/${SEGMENT})*)(${QUERY})`, 'g');
/** `GET /bookings/{id}/`, `POST /quotes/`: a method, then a path that is not already a full one. */
const METHOD_AND_PATH = new RegExp(
  String.raw`\b(GET|HEAD|POST|PATCH|PUT|DELETE) (/(?!api/v1/public)${SEGMENT}(?:/${SEGMENT})*)(${QUERY})`,
  'g',
);
/** `"$API/invoices/17/lines/?page_size=200"` in a shell block. */
const SHELL_URL = new RegExp(String.raw`\$(?:API|\{API\})((?:/${SEGMENT})+)(${QUERY})`, 'g');
/** `` `/customers/` ``, `` `/healthz` ``: a backticked path on its own (full ones are API_URL's). */
const BACKTICKED_PATH = new RegExp(String.raw`\`(/(?!api/v1/public/)${SEGMENT}(?:/${SEGMENT})*)(${QUERY})\``, 'g');

function queryNames(query: string): string[] {
  if (query === '' || query === '?') return [];
  return query
    .slice(1)
    .split('&')
    .map((pair) => pair.split('=')[0]!)
    .filter((name) => name !== '' && name !== '…');
}

export function endpointReferences(page: Page): EndpointReference[] {
  const found: EndpointReference[] = [];
  const add = (index: number, text: string, method: string | null, path: string, query: string) => {
    found.push({
      page: page.name,
      line: lineOf(page.text, index),
      text,
      method: method === 'HEAD' ? 'GET' : method,
      path,
      query: queryNames(query),
    });
  };
  for (const match of page.text.matchAll(API_URL)) {
    const before = page.text.slice(Math.max(0, match.index - 7), match.index);
    const method = /\b(GET|HEAD|POST|PATCH|PUT|DELETE) $/.exec(before)?.[1] ?? null;
    add(match.index, match[0], method, `${API_PREFIX}${match[1] || '/'}`, match[2]!);
  }
  for (const match of page.text.matchAll(METHOD_AND_PATH)) add(match.index, match[0], match[1]!, fullPath(match[2]!), match[3]!);
  for (const match of page.text.matchAll(SHELL_URL)) add(match.index, match[0], null, `${API_PREFIX}${match[1]}`, match[2]!);
  for (const match of page.text.matchAll(BACKTICKED_PATH)) add(match.index, match[0], null, fullPath(match[1]!), match[2]!);
  return found;
}

/** A query parameter a page writes on its own, with no path: `?status=`, `&page_size=200`. */
export function bareParameters(page: Page): (Place & { name: string })[] {
  const found: (Place & { name: string })[] = [];
  for (const match of page.text.matchAll(/`[?&]([a-z][a-z_]*)=[^`\s]*`/g)) {
    found.push({ page: page.name, line: lineOf(page.text, match.index), text: match[0], name: match[1]! });
  }
  return found;
}

const CODE = String.raw`[a-z]+(?:_[a-z]+)*`;
/** `{"detail":"invalid_cursor"}`, `{"detail": "not_found"}`, optionally after a status: `400 {"detail":…}`. */
const DETAIL_JSON = new RegExp(String.raw`(?:\b([1-5]\d\d)[\s*\`]+)?\{"detail":\s?"(${CODE})"\}`, 'g');
/** `404 \`not_found\``, `401 **\`key_inactive\`**`: a status, then a backticked code. */
const STATUS_AND_CODE = new RegExp(String.raw`\b([1-5]\d\d)\s+\**\`(${CODE})\``, 'g');

/** The machine codes a page gives as answers: in a detail's JSON, after a status, and in a table's `code` column. */
export function codeReferences(page: Page): CodeReference[] {
  const found: CodeReference[] = [];
  const add = (index: number, text: string, code: string, status: string | undefined) =>
    found.push({ page: page.name, line: lineOf(page.text, index), text, code, status: status === undefined ? null : Number(status) });
  for (const match of page.text.matchAll(DETAIL_JSON)) add(match.index, match[0], match[2]!, match[1]);
  for (const match of page.text.matchAll(STATUS_AND_CODE)) add(match.index, match[0], match[2]!, match[1]);
  for (const cell of codeColumnCells(page)) {
    for (const match of cell.text.matchAll(new RegExp(String.raw`\`(${CODE})\``, 'g'))) add(cell.index, match[0], match[1]!, cell.status);
  }
  return found;
}

/**
 * The cells of every table column headed `code` or `` `detail` ``, with where they are in the page, and the row's
 * `status` when the table has that column.
 */
function codeColumnCells(page: Page): { text: string; index: number; status: string | undefined }[] {
  const cells: { text: string; index: number; status: string | undefined }[] = [];
  const lines = page.text.split('\n');
  const cellsOf = (row: string) => row.slice(1, -1).split('|');
  let offset = 0;
  let column = -1;
  let statusColumn = -1;
  for (let number = 0; number < lines.length; number++) {
    const line = lines[number]!;
    if (!line.startsWith('|')) column = -1;
    else if (lines[number + 1]?.startsWith('|---')) {
      column = cellsOf(line).findIndex((cell) => /^\s*(code|`detail`)\s*$/.test(cell));
      statusColumn = cellsOf(line).findIndex((cell) => cell.trim() === 'status');
    } else if (column >= 0 && !line.startsWith('|---')) {
      const row = cellsOf(line);
      const status = /^\s*(\d{3})\s*$/.exec(row[statusColumn] ?? '')?.[1];
      cells.push({ text: row[column] ?? '', index: offset, status });
    }
    offset += line.length + 1;
  }
  return cells;
}
