/**
 * The structured references of a Swiss QR-bill (docs/accounting.md, "The payment part"): a QR reference for a
 * QR-IBAN, otherwise a creditor reference (ISO 11649). Both are derived from the tenant and the invoice alone, so an
 * invoice's reference never changes and a payment can be matched to exactly one invoice.
 */

/** The table of the recursive modulo-10 check digit (Swiss Payment Standards, QR reference). */
const MOD10_TABLE = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5];

/** The check digit the QR reference's 26 digits end with. */
export function mod10RecursiveCheckDigit(digits: string): number {
  let carry = 0;
  for (const digit of digits) carry = MOD10_TABLE[(carry + Number(digit)) % 10] as number;
  return (10 - carry) % 10;
}

/** True for 27 digits whose last one is the recursive modulo-10 check digit of the others. */
export function isValidQrReference(reference: string): boolean {
  return /^\d{27}$/.test(reference) && mod10RecursiveCheckDigit(reference.slice(0, 26)) === Number(reference[26]);
}

/**
 * 27 digits: the tenant id in 10 digits, the invoice id in 16 (an id is at most 2^53, 16 digits), the check digit.
 */
export function qrReferenceFor(tenantId: number, invoiceId: number): string {
  const body = `${String(tenantId).padStart(10, '0')}${String(invoiceId).padStart(16, '0')}`;
  if (body.length !== 26) throw new RangeError(`ids too large for a QR reference: ${tenantId}, ${invoiceId}`);
  return `${body}${mod10RecursiveCheckDigit(body)}`;
}

/** ISO 7064 MOD 97-10 over letters as 10..35 and digits as themselves, as IBANs and creditor references use it. */
function mod97(text: string): number {
  let remainder = 0;
  for (const char of text) {
    const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** `RF` + two check digits + up to 21 letters and digits, where the check digits make the mod 97 come out at 1. */
export function isValidCreditorReference(reference: string): boolean {
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(reference)) return false;
  return mod97(`${reference.slice(4)}${reference.slice(0, 4)}`) === 1;
}

/** A creditor reference whose body is `<tenant id>T<invoice id>` (at most 21 characters), or null when too long. */
export function creditorReferenceFor(tenantId: number, invoiceId: number): string | null {
  const body = `${tenantId}T${invoiceId}`;
  if (body.length > 21) return null;
  const check = 98 - mod97(`${body}RF00`);
  return `RF${String(check).padStart(2, '0')}${body}`;
}

/**
 * A QR-IBAN is a Swiss or Liechtenstein IBAN whose institution id (positions 5 to 9) lies in 30000–31999; payments
 * to it must carry a QR reference. `iban` is in electronic form.
 */
export function isQrIban(iban: string): boolean {
  if (!/^(CH|LI)\d{2}\d{5}/.test(iban)) return false;
  const institution = Number(iban.slice(4, 9));
  return institution >= 30000 && institution <= 31999;
}

export type PaymentReference = { type: 'QRR'; value: string } | { type: 'SCOR'; value: string } | null;

/** The reference a payment to `iban` carries for this invoice: QRR for a QR-IBAN, otherwise SCOR (or none). */
export function paymentReferenceFor(iban: string, tenantId: number, invoiceId: number): PaymentReference {
  if (isQrIban(iban)) return { type: 'QRR', value: qrReferenceFor(tenantId, invoiceId) };
  const scor = creditorReferenceFor(tenantId, invoiceId);
  return scor === null ? null : { type: 'SCOR', value: scor };
}
