/**
 * Exact decimals kept as integers of their smallest unit: a quantity in thousandths ("3.000" is 3000), a VAT rate in
 * hundredths of a percent ("8.10" is 810). Like money (money.ts), they never pass through a float.
 */
export type Scaled = number & { readonly __brand?: 'Scaled' };

/**
 * Reads a non-negative decimal with at most `places` decimals ("3", "3.5", "3.500") as an integer of 10^-places.
 * Throws a RangeError for anything else: signs, exponents, commas, more decimals than `places`.
 */
export function parseFixedDecimal(text: string, places: number): Scaled {
  const match = new RegExp(`^(\\d{1,12})(?:\\.(\\d{1,${places}}))?$`).exec(text);
  if (!match) throw new RangeError(`not a decimal with at most ${places} decimals: ${JSON.stringify(text)}`);
  const [, whole, fraction = ''] = match;
  return Number(whole) * 10 ** places + Number(fraction.padEnd(places, '0'));
}

/** The integer `value` of 10^-places as a decimal string with exactly `places` decimals: (3000, 3) is "3.000". */
export function formatFixedDecimal(value: Scaled, places: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not an integer: ${value}`);
  const sign = value < 0 ? '-' : '';
  const digits = Math.abs(value)
    .toString()
    .padStart(places + 1, '0');
  return `${sign}${digits.slice(0, digits.length - places)}.${digits.slice(digits.length - places)}`;
}
