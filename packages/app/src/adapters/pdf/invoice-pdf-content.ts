import { type InvoiceDocument, QUANTITY_PLACES, VAT_RATE_PLACES, formatFixedDecimal, formatMoney } from '@campsite/domain';
import { INVOICE_LABELS } from './invoice-labels';

/**
 * What goes onto the page, every value already a string: the thread that lays the page out (invoice-pdf-layout.mjs)
 * only places text, so no rule and no number format lives in untyped code. Plain data, copied to a worker as is.
 */
export interface PdfContent {
  title: string;
  /** The document's creation time in its metadata: the invoice's issue time, so equal data gives equal bytes. */
  createdAt: Date;
  issuer: string[];
  facts: Array<[string, string]>;
  lineHeader: [string, string, string, string, string];
  lines: Array<[string, string, string, string, string]>;
  noLines: string;
  vatSummaryTitle: string;
  vatSummary: Array<[string, string, string]>;
  vatSummaryHeader: [string, string, string];
  total: [string, string];
  /** The swissqrbill data of the payment part and its language, or null for none. */
  payment: { data: QrBillData; language: 'DE' | 'FR' | 'IT' | 'EN' } | null;
}

/** The subset of swissqrbill's `Data` that a payment part of ours fills in. */
export interface QrBillData {
  currency: 'CHF';
  amount: number;
  creditor: { account: string; name: string; address: string; buildingNumber: string; zip: string; city: string; country: string };
  reference?: string;
  message: string;
}

const percent = (hundredths: number) => `${formatFixedDecimal(hundredths, VAT_RATE_PLACES)} %`;

export function pdfContentOf(document: InvoiceDocument): PdfContent {
  const labels = INVOICE_LABELS[document.language];
  const { billing, tenantName } = document.issuer;
  const issuer = billing
    ? [
        tenantName,
        ...(billing.name !== tenantName ? [billing.name] : []),
        `${billing.street} ${billing.buildingNumber}`.trim(),
        `${billing.country}-${billing.postalCode} ${billing.town}`,
        `${labels.vatNumber} ${billing.vatNumber}`,
      ]
    : [tenantName];
  const facts: Array<[string, string]> = [
    [labels.invoiceNumber, document.invoiceNumber],
    [labels.issueDate, document.issueDate],
    [labels.status, document.status],
  ];
  if (document.booking) {
    facts.push([labels.booking, document.booking.reference]);
    facts.push([labels.stay, `${document.booking.checkInDate} – ${document.booking.checkOutDate}`]);
  }
  const payment = document.payment;
  return {
    title: `${labels.invoice} ${document.invoiceNumber}`,
    createdAt: document.issuedAt,
    issuer,
    facts,
    lineHeader: [labels.description, labels.quantity, labels.unitPrice, labels.vat, `${labels.amount} CHF`],
    lines: document.lines.map((line) => [
      line.description,
      formatFixedDecimal(line.quantity, QUANTITY_PLACES),
      formatMoney(line.unitPrice),
      percent(line.vatRate),
      formatMoney(line.amount),
    ]),
    noLines: labels.noLines,
    vatSummaryTitle: labels.vatSummary,
    vatSummaryHeader: [labels.vatRate, `${labels.amount} CHF`, `${labels.vatIncluded} CHF`],
    vatSummary: document.vatSummary.map((row) => [percent(row.vatRate), formatMoney(row.amount), formatMoney(row.vat)]),
    total: [`${labels.total} CHF`, formatMoney(document.total)],
    payment: payment && {
      language: document.language.toUpperCase() as 'DE' | 'FR' | 'IT' | 'EN',
      data: {
        currency: 'CHF',
        // swissqrbill takes a number and writes it with two decimals: exact for any amount below 2^53 Rappen.
        amount: Number(formatMoney(payment.amount)),
        creditor: {
          account: payment.creditor.iban,
          name: payment.creditor.name,
          address: payment.creditor.street,
          buildingNumber: payment.creditor.buildingNumber,
          zip: payment.creditor.postalCode,
          city: payment.creditor.town,
          country: payment.creditor.country,
        },
        ...(payment.reference ? { reference: payment.reference.value } : {}),
        message: payment.message,
      },
    },
  };
}
