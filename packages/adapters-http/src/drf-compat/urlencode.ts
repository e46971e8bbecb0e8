import { TextDecoder } from 'node:util';
import { comparePy } from './text';

/** Query parameters in the order sent, as `urllib.parse.parse_qsl(qs, keep_blank_values=True)` reads them. */
export type QueryPairs = ReadonlyArray<readonly [string, string]>;

const NO_PAIRS: QueryPairs = [];
const lenientUtf8 = new TextDecoder('utf-8');

/** Django's QueryDict input: split on `&`, skip empty parts, `+` is a space, invalid escapes stay as written. */
export function parseQuery(query: string): QueryPairs {
  if (query === '') return NO_PAIRS;
  const pairs: Array<readonly [string, string]> = [];
  for (const part of query.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq);
    const value = eq < 0 ? '' : part.slice(eq + 1);
    pairs.push([pyUnquotePlus(name), pyUnquotePlus(value)]);
  }
  return pairs;
}

/** `QueryDict.get(key)`: the last value sent for the key. */
export function lastValue(pairs: QueryPairs, key: string): string | undefined {
  for (let i = pairs.length - 1; i >= 0; i--) {
    const pair = pairs[i] as readonly [string, string];
    if (pair[0] === key) return pair[1];
  }
  return undefined;
}

/** `parse_qs`: values grouped by key, keys in order of first appearance. */
export function groupQuery(pairs: QueryPairs): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const [key, value] of pairs) {
    const values = groups.get(key);
    if (values) values.push(value);
    else groups.set(key, [value]);
  }
  return groups;
}

/** `urlencode(sorted(groups.items()), doseq=True)`, as DRF's replace_query_param writes it. */
export function encodeQuery(groups: Map<string, string[]>): string {
  const keys = [...groups.keys()].sort(comparePy);
  const parts: string[] = [];
  for (const key of keys) {
    const name = quotePlus(key);
    for (const value of groups.get(key) as string[]) parts.push(`${name}=${quotePlus(value)}`);
  }
  return parts.join('&');
}

/** `urllib.parse.quote_plus`: only letters, digits and `_.-~` stay; a space becomes `+`. */
export function quotePlus(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (c) => `%${(c.charCodeAt(0) as number).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

function pyUnquotePlus(text: string): string {
  const spaced = text.includes('+') ? text.replace(/\+/g, ' ') : text;
  if (!spaced.includes('%')) return spaced;
  return spaced.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    const bytes = new Uint8Array(run.length / 3);
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(run.slice(i * 3 + 1, i * 3 + 3), 16);
    return lenientUtf8.decode(bytes);
  });
}
