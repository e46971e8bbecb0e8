import { InvalidArgumentError } from 'commander';
import { type Scope, SCOPES, isCalendarDate, isScope } from '@campsite/domain';
import { workerCount } from '../config';
import { ISO_DATE_TIME_HINT, parseIsoDateTime } from '../iso-date-time';

/** `--scopes bookings:read,sites:read`: a non-empty list of the spec's scopes (Authentication §4). */
export function parseScopes(value: string): Scope[] {
  const scopes = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (scopes.length === 0) throw new InvalidArgumentError(`give at least one scope (${SCOPES.join(', ')})`);
  const unknown = scopes.find((s) => !isScope(s));
  if (unknown !== undefined) throw new InvalidArgumentError(`unknown scope "${unknown}" (one of ${SCOPES.join(', ')})`);
  return [...new Set(scopes as Scope[])];
}

/**
 * `--expires 2027-01-01T00:00:00Z`, or a plain date (`2027-01-01`, midnight UTC). An instant in the past is accepted
 * (the key is then inactive from the start, which is how an operator tests `key_inactive`); the command warns about it.
 */
export function expiryParser() {
  return (value: string): Date => {
    const text = value.trim();
    const expires = isCalendarDate(text) ? new Date(`${text}T00:00:00Z`) : parseIsoDateTime(text);
    if (expires === null) throw new InvalidArgumentError(`not a date or datetime (${ISO_DATE_TIME_HINT}, or 2027-01-01)`);
    return expires;
  };
}

export function parseId(value: string): number {
  const id = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(id) || id < 1) {
    throw new InvalidArgumentError('must be a positive whole number');
  }
  return id;
}

export function parseNonEmpty(value: string): string {
  if (value.trim() === '') throw new InvalidArgumentError('must not be empty');
  return value.trim();
}

/** `serve --workers N|auto`: the same values as WORKERS (docs/operations.md, Workers). */
export function parseWorkers(value: string): number {
  const parsed = workerCount.safeParse(value.trim());
  if (!parsed.success) throw new InvalidArgumentError(parsed.error.issues[0]?.message ?? 'invalid');
  return parsed.data;
}
