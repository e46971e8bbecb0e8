/** Languages of the invoice document's labels; `de` when a tenant names none. */
export const BILLING_LANGUAGES = ['de', 'fr', 'it', 'en'] as const;
export type BillingLanguage = (typeof BILLING_LANGUAGES)[number];

/**
 * A tenant's billing details: the creditor of its invoices. `iban` is stored in its electronic form (no spaces,
 * upper case); `country` is a two-letter ISO 3166 code.
 */
export interface BillingDetails {
  name: string;
  street: string;
  buildingNumber: string;
  postalCode: string;
  town: string;
  country: string;
  iban: string;
  vatNumber: string;
  language: BillingLanguage;
}

/** Who issues a tenant's invoices: its name, and its billing details when it has any. */
export interface InvoiceIssuer {
  tenantName: string;
  billing: BillingDetails | null;
}

export interface InvoiceIssuerRepository {
  /** The tenant's name and billing details (null when it has none); null when the tenant does not exist. */
  issuerOf(tenantId: number): Promise<InvoiceIssuer | null>;
}
