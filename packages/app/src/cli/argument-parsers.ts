import { InvalidArgumentError } from 'commander';
import { type Scope, SCOPES, isScope } from '@campsite/domain';
import { ISO_DATE_TIME_HINT, parseIsoDateTime } from '../iso-date-time';

/** `--scopes bookings:read,sites:read`: a non-empty list of the spec's scopes (Authentication §4). */
export function parseScopes(value: string): Scope[] {
  const scopes = value.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (scopes.length === 0) throw new InvalidArgumentError(`give at least one scope (${SCOPES.join(', ')})`);
  const unknown = scopes.find((s) => !isScope(s));
  if (unknown !== undefined) throw new InvalidArgumentError(`unknown scope "${unknown}" (one of ${SCOPES.join(', ')})`);
  return [...new Set(scopes as Scope[])];
}

/** `--expires 2027-01-01T00:00:00Z`: an instant in the future, because an already expired key is useless. */
export function expiryParser(now: () => Date = () => new Date()) {
  return (value: string): Date => {
    const expires = parseIsoDateTime(value.trim());
    if (expires === null) throw new InvalidArgumentError(`not a datetime (${ISO_DATE_TIME_HINT})`);
    if (expires.getTime() <= now().getTime()) throw new InvalidArgumentError('must be in the future');
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
