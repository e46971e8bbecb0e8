import { describe, expect, it } from 'vitest';
import { formatMoney, parseMoney } from './money';

// docs/api-behaviour.md §3: money is integer Rappen, rendered with exactly two decimals; no floats anywhere.
describe('parseMoney', () => {
  it.each([
    ['35.00', 3500],
    ['35', 3500],
    ['28.5', 2850],
    ['28.50', 2850],
    ['0.01', 1],
    ['0.1', 10],
    ['0', 0],
    ['0.29', 29], // 0.29 * 100 is 28.999999999999996 in floating point
    ['1.15', 115], // 1.15 * 100 is 114.99999999999999
    ['-12.34', -1234],
    ['-0.05', -5],
    ['9999999999999.99', 999_999_999_999_999],
  ])('reads %j as %i Rappen', (text, rappen) => {
    expect(parseMoney(text)).toBe(rappen);
  });

  it.each(['1e3', '35.001', '', 'abc', '35.', '.5', '1,5', '35,00', '+5', '--5', '5-', 'CHF 5', '0x10', '12 34', 'NaN', 'Infinity'])(
    'rejects %j',
    (text) => {
      expect(() => parseMoney(text)).toThrow(RangeError);
    },
  );

  it('rejects amounts too large to stay exact as integer Rappen', () => {
    expect(() => parseMoney('99999999999999.00')).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it.each([
    [3500, '35.00'],
    [2850, '28.50'],
    [1, '0.01'],
    [10, '0.10'],
    [0, '0.00'],
    [-1234, '-12.34'],
    [-5, '-0.05'],
    [999_999_999_999_999, '9999999999999.99'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
  ])('renders %i Rappen as %j', (rappen, text) => {
    expect(formatMoney(rappen)).toBe(text);
  });

  it('round-trips every amount it renders', () => {
    for (const rappen of [0, 1, 99, 100, 101, 2850, 123_456_789, -1, -100, -2850]) {
      expect(parseMoney(formatMoney(rappen))).toBe(rappen);
    }
  });

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('refuses %d, which is not an exact integer amount', (rappen) => {
    expect(() => formatMoney(rappen)).toThrow();
  });
});
