import { describe, expect, it } from 'vitest';
import { formatFixedDecimal, parseFixedDecimal } from './fixed-decimal';

// docs/accounting.md, line items: quantities have three decimals and VAT rates two, stored as exact integers.
describe('fixed decimals', () => {
  it.each([
    ['3', 3, 3000],
    ['3.5', 3, 3500],
    ['0.125', 3, 125],
    ['8.1', 2, 810],
    ['8.10', 2, 810],
    ['2.6', 2, 260],
    ['0', 2, 0],
    ['0.29', 2, 29], // 0.29 * 100 is 28.999999999999996 in floating point
  ])('reads %j with %i places as %i', (text, places, value) => {
    expect(parseFixedDecimal(text, places)).toBe(value);
  });

  it.each(['3.0001', '-1', '+1', '1e3', '1,5', '', '.5', '5.', ' 5'])('refuses %j for three places', (text) => {
    expect(() => parseFixedDecimal(text, 3)).toThrow(RangeError);
  });

  it.each([
    [3000, 3, '3.000'],
    [125, 3, '0.125'],
    [810, 2, '8.10'],
    [0, 2, '0.00'],
    [7, 2, '0.07'],
    [-1500, 3, '-1.500'],
  ])('writes %i with %i places as %j', (value, places, text) => {
    expect(formatFixedDecimal(value, places)).toBe(text);
  });
});
