import { describe, expect, it } from 'vitest';
import {
  creditorReferenceFor,
  isQrIban,
  isValidCreditorReference,
  isValidQrReference,
  mod10RecursiveCheckDigit,
  paymentReferenceFor,
  qrReferenceFor,
} from './payment-reference';

// docs/accounting.md, "The payment part".
describe('QR reference', () => {
  it('computes the check digit of the Swiss Payment Standards example', () => {
    // The example reference of the implementation guidelines: 21 00000 00003 13947 14300 0901 + 7.
    expect(mod10RecursiveCheckDigit('21000000000313947143000901')).toBe(7);
    expect(isValidQrReference('210000000003139471430009017')).toBe(true);
    expect(isValidQrReference('210000000003139471430009018')).toBe(false);
  });

  it('is 27 digits from the tenant and invoice ids, with a valid check digit, and distinct per invoice', () => {
    const reference = qrReferenceFor(3, 42);
    expect(reference).toMatch(/^0000000003000000000000004\d\d$/);
    expect(reference.slice(0, 26)).toBe('00000000030000000000000042');
    expect(isValidQrReference(reference)).toBe(true);
    expect(qrReferenceFor(3, 43)).not.toBe(reference);
    expect(qrReferenceFor(4, 42)).not.toBe(reference);
    expect(isValidQrReference(qrReferenceFor(2 ** 31, Number.MAX_SAFE_INTEGER))).toBe(true);
  });
});

describe('creditor reference (ISO 11649)', () => {
  it('accepts the standard example and refuses a wrong check', () => {
    expect(isValidCreditorReference('RF18539007547034')).toBe(true);
    expect(isValidCreditorReference('RF19539007547034')).toBe(false);
  });

  it('is RF, two check digits and <tenant>T<invoice>', () => {
    const reference = creditorReferenceFor(3, 42);
    expect(reference).toMatch(/^RF\d{2}3T42$/);
    expect(isValidCreditorReference(reference!)).toBe(true);
    expect(creditorReferenceFor(1234567, Number.MAX_SAFE_INTEGER)).toBeNull();
  });
});

describe('IBAN and QR-IBAN', () => {
  it('tells a QR-IBAN by its institution id 30000-31999', () => {
    expect(isQrIban('CH4431999123000889012')).toBe(true);
    expect(isQrIban('CH9300762011623852957')).toBe(false);
    expect(isQrIban('DE89370400440532013000')).toBe(false);
  });

  it('picks QRR for a QR-IBAN and SCOR for an ordinary IBAN', () => {
    expect(paymentReferenceFor('CH4431999123000889012', 1, 7)).toEqual({ type: 'QRR', value: qrReferenceFor(1, 7) });
    expect(paymentReferenceFor('CH9300762011623852957', 1, 7)).toEqual({ type: 'SCOR', value: creditorReferenceFor(1, 7) });
  });
});
