import { DomainError } from './domain-error';

/**
 * Money is integer Rappen (1 CHF = 100 Rappen) everywhere inside the system; docs/api-behaviour.md §3 forbids floats.
 * The public form is a decimal string with exactly two decimals, e.g. "35.00".
 */
export type Rappen = number & { readonly __brand?: 'Rappen' };

const MONEY_PATTERN = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/;

/** Parses "35", "35.5" or "35.50" into Rappen. Throws a RangeError for anything else (no exponent, no commas). */
export function parseMoney(text: string): Rappen {
  const match = MONEY_PATTERN.exec(text.trim());
  if (!match) throw new RangeError(`not a decimal amount: ${JSON.stringify(text)}`);
  const [, sign, whole, fraction = ''] = match;
  const rappen = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign === '-' ? -rappen : rappen;
}

export function formatMoney(rappen: Rappen): string {
  if (!Number.isSafeInteger(rappen)) throw new DomainError('validation_failed', `not an integer amount of Rappen: ${rappen}`);
  const sign = rappen < 0 ? '-' : '';
  const abs = Math.abs(rappen);
  const whole = Math.floor(abs / 100);
  const cents = abs % 100;
  return `${sign}${whole}.${cents.toString().padStart(2, '0')}`;
}
