import { PyFloat, type PyJson } from './json-parser';

/** Characters for which Python's `str.isspace()` is true: what `str.strip()`, `int()` and regex `\s` skip. */
export const PY_WHITESPACE = '\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const STRIP = new RegExp(`^[${PY_WHITESPACE}]+|[${PY_WHITESPACE}]+$`, 'g');

/** Python's `str.strip()` (JavaScript's trim() differs: it strips U+FEFF and keeps U+001C–U+001F and U+0085). */
export function pyStrip(text: string): string {
  return text.replace(STRIP, '');
}

/** Length in code points, as Python's `len(str)` counts (max_length validators). */
export function pyLength(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    length++;
  }
  return length;
}

/** `type(value).__name__` for a parsed JSON value. */
export function pyTypeName(value: PyJson): string {
  if (value === null) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number' || typeof value === 'bigint') return 'int';
  if (typeof value === 'string') return 'str';
  if (value instanceof PyFloat) return 'float';
  return Array.isArray(value) ? 'list' : 'dict';
}

/** `str(x)` of a Python float: shortest round-trip digits, fixed notation for exponents -4..15, else `1e+16`. */
export function pyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const [mantissa = '', exponentText = '0'] = x.toExponential().split('e');
  const exponent = Number(exponentText);
  const sign = x < 0 ? '-' : '';
  const digits = mantissa.replace('-', '').replace('.', '');
  if (exponent >= -4 && exponent < 16) {
    if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
    const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
    return `${sign}${whole}.${digits.slice(exponent + 1) || '0'}`;
  }
  const shownMantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  const shownExponent = String(Math.abs(exponent)).padStart(2, '0');
  return `${sign}${shownMantissa}e${exponent < 0 ? '-' : '+'}${shownExponent}`;
}

/** Python's string comparison: by code point (JavaScript's `<` compares UTF-16 units, which differs above U+D7FF). */
export function comparePy(a: string, b: string): number {
  if (a === b) return 0;
  const left = a[Symbol.iterator]();
  const right = b[Symbol.iterator]();
  for (;;) {
    const l = left.next();
    const r = right.next();
    if (l.done || r.done) return l.done ? (r.done ? 0 : -1) : 1;
    const diff = (l.value.codePointAt(0) as number) - (r.value.codePointAt(0) as number);
    if (diff !== 0) return diff;
  }
}
