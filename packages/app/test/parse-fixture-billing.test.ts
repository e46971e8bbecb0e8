import { someBillingDetails } from '@campsite/domain/testing';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../src/fixtures/parse-fixture';
import { problemIn, sample } from './support/fixture-sample';

// docs/accounting.md and docs/import-format.md: customer_id, lines and billing, each error named by its JSON path.
describe('parseFixture: customer_id, lines and billing', () => {
  it('reads them: IBAN in electronic form, exact quantities and VAT rates, language defaulting to de', () => {
    const { tenants } = readFixture(sample((d) => delete d.tenants[0].billing.language));
    const t = tenants[0]!;
    expect(t.bookings[0]?.customerId).toBe(1);
    expect(t.bookings[1]?.customerId).toBeNull();
    // The sample fixture's billing details are the test kit's default ones.
    expect(t.billing).toEqual(someBillingDetails());
    expect(t.invoices[1]?.lines).toEqual([
      { position: 1, description: 'Firewood, 2 bundles', quantity: 2000, unitPrice: 450, vatRate: 810, amount: 900 },
      { position: 2, description: 'Tourist tax, 1 night', quantity: 1000, unitPrice: 300, vatRate: 0, amount: 300 },
    ]);
    expect(t.invoices[0]?.lines).toEqual([]);
    expect(readFixture(sample((d) => delete d.tenants[0].billing)).tenants[0]?.billing).toBeNull();
  });

  it.each<[string, (d: any) => void, string]>([
    [
      'a staff user as customer',
      (d) => (d.tenants[0].bookings[0].customer_id = 2),
      'tenants[0].bookings[0].customer_id: user 2 is staff, not a customer',
    ],
    [
      'an unknown (or another tenant) user',
      (d) => (d.tenants[0].bookings[0].customer_id = 77),
      'tenants[0].bookings[0].customer_id: unknown user 77',
    ],
    [
      'a customer_id that is a string',
      (d) => (d.tenants[0].bookings[0].customer_id = '1'),
      'tenants[0].bookings[0].customer_id: must be an integer, got the string "1"',
    ],
    [
      'a quantity with four decimals',
      (d) => (d.tenants[0].invoices[1].lines[0].quantity = '1.0001'),
      'tenants[0].invoices[1].lines[0].quantity: not a valid decimal "1.0001" (a decimal string such as "3.000", at most 3 decimals)',
    ],
    [
      'a quantity as a JSON number',
      (d) => (d.tenants[0].invoices[1].lines[0].quantity = 2),
      'tenants[0].invoices[1].lines[0].quantity: must be a decimal string such as "3.000", got number 2',
    ],
    [
      'a VAT rate above 100',
      (d) => (d.tenants[0].invoices[1].lines[1].vat_rate = '100.01'),
      'tenants[0].invoices[1].lines[1].vat_rate: must be at most 100.00, got "100.01"',
    ],
    [
      'a bad amount',
      (d) => (d.tenants[0].invoices[1].lines[1].amount = '3,00'),
      'tenants[0].invoices[1].lines[1].amount: not a valid amount "3,00" (a decimal string such as "35.00")',
    ],
    [
      'a duplicate position',
      (d) => (d.tenants[0].invoices[1].lines[1].position = 1),
      'tenants[0].invoices[1].lines[1].position: duplicate position 1 (also tenants[0].invoices[1].lines[0])',
    ],
    [
      'a missing description',
      (d) => delete d.tenants[0].invoices[1].lines[0].description,
      'tenants[0].invoices[1].lines[0].description: required',
    ],
    [
      'lines that are no array',
      (d) => (d.tenants[0].invoices[1].lines = {}),
      'tenants[0].invoices[1].lines: must be an array, got an object',
    ],
    [
      'an IBAN with a wrong check digit',
      (d) => (d.tenants[0].billing.iban = 'CH4531999123000889012'),
      'tenants[0].billing.iban: not a valid IBAN "CH4531999123000889012"',
    ],
    [
      'an IBAN of the wrong length',
      (d) => (d.tenants[0].billing.iban = 'CH93007620116238529'),
      'tenants[0].billing.iban: not a valid IBAN "CH93007620116238529"',
    ],
    [
      'an unknown language',
      (d) => (d.tenants[0].billing.language = 'rm'),
      'tenants[0].billing.language: unknown language "rm" (one of de, fr, it, en)',
    ],
    [
      'a long country name',
      (d) => (d.tenants[0].billing.country = 'Schweiz'),
      'tenants[0].billing.country: must be a two-letter country code such as "CH", got "Schweiz"',
    ],
    ['billing that is no object', (d) => (d.tenants[0].billing = 'yes'), 'tenants[0].billing: must be an object, got the string "yes"'],
  ])('refuses %s, naming its JSON path', (_what, edit, message) => {
    expect(problemIn(sample(edit))).toBe(message);
  });
});
