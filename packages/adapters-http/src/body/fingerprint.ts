import { createHash } from 'node:crypto';
import { PyFloat, type PyJson } from '../drf-compat/json-parser';

/**
 * The fingerprint of a parsed JSON body for `Idempotency-Key` (docs/channel-managers.md, "Retrying safely"): equal
 * for equal JSON values, whatever the key order, spacing or escapes. The value is written canonically as RFC 8785
 * does (keys sorted by UTF-16 code units, numbers by their value, so `2` and `2.0` are one value) and hashed.
 */
export function fingerprintOf(body: PyJson): string {
  return createHash('sha256').update(canonical(body)).digest('base64url');
}

function canonical(value: PyJson): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? numberText(Number(value)) : value.toString();
  if (value instanceof PyFloat) return numberText(value.value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key] as PyJson)}`).join(',')}}`;
}

function numberText(n: number): string {
  // Python reads 1e999 as inf; JSON has no such value, so it is named rather than collapsed into null.
  return Number.isFinite(n) ? JSON.stringify(n) : String(n);
}
