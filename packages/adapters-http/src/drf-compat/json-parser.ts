/**
 * JSON as DRF's JSONParser reads it: CPython's `json` module (C scanner) with DRF's strict constants. docs/api-behaviour.md §2
 * needs three things JavaScript's JSON.parse cannot give: the `JSON parse error - <reason>` text in Python's words,
 * whether a number was an int or a float (DRF's type names and IntegerField/CharField coercions depend on it), and
 * exact big integers.
 */

/** A JSON number Python reads as float: it has a fraction or an exponent (`5.0`, `1e2`). */
export class PyFloat {
  constructor(readonly value: number) {}
}

export type PyJson = null | boolean | number | bigint | PyFloat | string | PyJson[] | PyObject;
export interface PyObject {
  [key: string]: PyJson;
}

/** Python's `str(exc)` of what `json.load` raised. */
export class PyJsonError extends Error {}

const MAX_DEPTH = 512;
const MAX_INT_DIGITS = 4300; // sys.get_int_max_str_digits() since Python 3.11

/** `json.loads(doc)` with DRF's `parse_constant=strict_constant`. Objects have no prototype ("__proto__" is a key). */
export function parsePythonJson(doc: string): PyJson {
  if (doc.charCodeAt(0) === 0xfeff) throw decodeError('Unexpected UTF-8 BOM (decode using utf-8-sig)', doc, 0);
  const scanner = new Scanner(doc);
  const [value, end] = scanner.value(skipWhitespace(doc, 0), 0);
  const rest = skipWhitespace(doc, end);
  if (rest !== doc.length) throw decodeError('Extra data', doc, rest);
  return value;
}

class Scanner {
  constructor(private readonly s: string) {}

  /** C `scan_once_unicode`: one value at `idx`, or "Expecting value" where none starts. */
  value(idx: number, depth: number): [PyJson, number] {
    const s = this.s;
    if (idx >= s.length) throw decodeError('Expecting value', s, idx);
    switch (s[idx]) {
      case '"':
        return this.string(idx + 1);
      case '{':
        return this.object(idx + 1, depth + 1);
      case '[':
        return this.array(idx + 1, depth + 1);
      case 'n':
        if (s.startsWith('null', idx)) return [null, idx + 4];
        break;
      case 't':
        if (s.startsWith('true', idx)) return [true, idx + 4];
        break;
      case 'f':
        if (s.startsWith('false', idx)) return [false, idx + 5];
        break;
      case 'N':
        if (s.startsWith('NaN', idx)) throw outOfRange('NaN');
        break;
      case 'I':
        if (s.startsWith('Infinity', idx)) throw outOfRange('Infinity');
        break;
      case '-':
        if (s.startsWith('-Infinity', idx)) throw outOfRange('-Infinity');
        break;
    }
    return this.number(idx);
  }

  private number(start: number): [PyJson, number] {
    const s = this.s;
    const last = s.length - 1;
    let idx = start;
    if (s[idx] === '-') {
      idx++;
      if (idx > last) throw decodeError('Expecting value', s, start);
    }
    const first = s.charCodeAt(idx);
    if (first >= 0x31 && first <= 0x39) {
      idx++;
      while (idx <= last && isDigit(s.charCodeAt(idx))) idx++;
    } else if (first === 0x30) {
      idx++;
    } else {
      throw decodeError('Expecting value', s, start);
    }
    let isFloat = false;
    if (idx < last && s[idx] === '.' && isDigit(s.charCodeAt(idx + 1))) {
      isFloat = true;
      idx += 2;
      while (idx <= last && isDigit(s.charCodeAt(idx))) idx++;
    }
    if (idx < last && (s[idx] === 'e' || s[idx] === 'E')) {
      const eStart = idx;
      idx++;
      if (idx < last && (s[idx] === '-' || s[idx] === '+')) idx++;
      while (idx <= last && isDigit(s.charCodeAt(idx))) idx++;
      if (isDigit(s.charCodeAt(idx - 1))) isFloat = true;
      else idx = eStart;
    }
    const text = s.slice(start, idx);
    if (isFloat) return [new PyFloat(Number(text)), idx];
    const digits = text.startsWith('-') ? text.length - 1 : text.length;
    if (digits > MAX_INT_DIGITS) {
      throw new PyJsonError(
        `Exceeds the limit (${MAX_INT_DIGITS} digits) for integer string conversion: value has ${digits} digits; ` +
          'use sys.set_int_max_str_digits() to increase the limit',
      );
    }
    const value = Number(text);
    // Python has no negative zero int, and keeps big ints exact.
    return [Number.isSafeInteger(value) ? value + 0 : BigInt(text), idx];
  }

  /** C `scanstring_unicode` in strict mode; `end` is just after the opening quote. */
  private string(end: number): [string, number] {
    const s = this.s;
    const begin = end - 1;
    let out = '';
    for (;;) {
      let next = end;
      let c = 0;
      while (next < s.length) {
        c = s.charCodeAt(next);
        if (c === 0x22 || c === 0x5c) break;
        if (c <= 0x1f) throw decodeError('Invalid control character at', s, next);
        next++;
      }
      if (next >= s.length) throw decodeError('Unterminated string starting at', s, begin);
      out += s.slice(end, next);
      next++;
      if (c === 0x22) return [out, next];
      if (next === s.length) throw decodeError('Unterminated string starting at', s, begin);
      const escape = s[next] as string;
      if (escape !== 'u') {
        end = next + 1;
        const simple = SIMPLE_ESCAPES[escape];
        if (simple === undefined) throw decodeError('Invalid \\escape', s, end - 2);
        out += simple;
        continue;
      }
      next++;
      end = next + 4;
      if (end >= s.length) throw decodeError('Invalid \\uXXXX escape', s, next - 1);
      let code = hex4(s, next);
      if (code < 0) throw decodeError('Invalid \\uXXXX escape', s, end - 5);
      if (code >= 0xd800 && code <= 0xdbff && end + 6 < s.length && s[end] === '\\' && s[end + 1] === 'u') {
        const low = hex4(s, end + 2);
        if (low < 0) throw decodeError('Invalid \\uXXXX escape', s, end + 1);
        if (low >= 0xdc00 && low <= 0xdfff) {
          code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
          end += 6;
        }
      }
      out += String.fromCodePoint(code);
    }
  }

  private object(start: number, depth: number): [PyObject, number] {
    const s = this.s;
    if (depth > MAX_DEPTH) throw tooDeep('object');
    const obj: PyObject = Object.create(null) as PyObject;
    let idx = skipWhitespace(s, start);
    if (idx >= s.length || s[idx] !== '}') {
      for (;;) {
        if (idx >= s.length || s[idx] !== '"') {
          throw decodeError('Expecting property name enclosed in double quotes', s, idx);
        }
        const [key, afterKey] = this.string(idx + 1);
        idx = skipWhitespace(s, afterKey);
        if (idx >= s.length || s[idx] !== ':') throw decodeError("Expecting ':' delimiter", s, idx);
        const [value, afterValue] = this.value(skipWhitespace(s, idx + 1), depth);
        obj[key] = value;
        idx = skipWhitespace(s, afterValue);
        if (idx < s.length && s[idx] === '}') break;
        if (idx >= s.length || s[idx] !== ',') throw decodeError("Expecting ',' delimiter", s, idx);
        idx = skipWhitespace(s, idx + 1);
      }
    }
    return [obj, idx + 1];
  }

  private array(start: number, depth: number): [PyJson[], number] {
    const s = this.s;
    if (depth > MAX_DEPTH) throw tooDeep('array');
    const list: PyJson[] = [];
    let idx = skipWhitespace(s, start);
    if (idx >= s.length || s[idx] !== ']') {
      for (;;) {
        const [value, afterValue] = this.value(idx, depth);
        list.push(value);
        idx = skipWhitespace(s, afterValue);
        if (idx < s.length && s[idx] === ']') break;
        if (idx >= s.length || s[idx] !== ',') throw decodeError("Expecting ',' delimiter", s, idx);
        idx = skipWhitespace(s, idx + 1);
      }
    }
    return [list, idx + 1];
  }
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function hex4(s: string, at: number): number {
  let code = 0;
  for (let i = at; i < at + 4; i++) {
    const digit = parseInt(s[i] as string, 16);
    if (Number.isNaN(digit)) return -1;
    code = code * 16 + digit;
  }
  return code;
}

function skipWhitespace(s: string, idx: number): number {
  while (idx < s.length) {
    const c = s.charCodeAt(idx);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) break;
    idx++;
  }
  return idx;
}

function outOfRange(constant: string): PyJsonError {
  return new PyJsonError(`Out of range float values are not JSON compliant: '${constant}'`);
}

function tooDeep(kind: 'object' | 'array'): PyJsonError {
  return new PyJsonError(`maximum recursion depth exceeded while decoding a JSON ${kind} from a unicode string`);
}

/** `json.JSONDecodeError`: positions count code points, as Python strings do. */
function decodeError(message: string, doc: string, pos: number): PyJsonError {
  const lastNewline = pos === 0 ? -1 : doc.lastIndexOf('\n', pos - 1);
  const line = countNewlines(doc, pos) + 1;
  const charPos = codePointIndex(doc, pos);
  const column = charPos - (lastNewline < 0 ? -1 : codePointIndex(doc, lastNewline));
  return new PyJsonError(`${message}: line ${line} column ${column} (char ${charPos})`);
}

function countNewlines(doc: string, end: number): number {
  let count = 0;
  for (let i = doc.indexOf('\n'); i >= 0 && i < end; i = doc.indexOf('\n', i + 1)) count++;
  return count;
}

function codePointIndex(doc: string, utf16Index: number): number {
  let pairs = 0;
  for (let i = 0; i < utf16Index - 1; i++) {
    const c = doc.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = doc.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        pairs++;
        i++;
      }
    }
  }
  return utf16Index - pairs;
}
