import type { BillingLanguage } from '@campsite/domain';

/** The invoice document's words in the tenant's language (docs/accounting.md, "The invoice document"). */
export interface InvoiceLabels {
  invoice: string;
  invoiceNumber: string;
  issueDate: string;
  status: string;
  booking: string;
  stay: string;
  vatNumber: string;
  description: string;
  quantity: string;
  unitPrice: string;
  vat: string;
  amount: string;
  vatSummary: string;
  vatRate: string;
  vatIncluded: string;
  total: string;
  noLines: string;
}

export const INVOICE_LABELS: Record<BillingLanguage, InvoiceLabels> = {
  de: {
    invoice: 'Rechnung',
    invoiceNumber: 'Rechnungsnummer',
    issueDate: 'Rechnungsdatum',
    status: 'Status',
    booking: 'Buchung',
    stay: 'Aufenthalt',
    vatNumber: 'MWST-Nr.',
    description: 'Beschreibung',
    quantity: 'Menge',
    unitPrice: 'Einzelpreis',
    vat: 'MWST',
    amount: 'Betrag',
    vatSummary: 'MWST-Zusammenfassung',
    vatRate: 'Satz',
    vatIncluded: 'davon MWST',
    total: 'Total',
    noLines: 'Keine Positionen',
  },
  fr: {
    invoice: 'Facture',
    invoiceNumber: 'Numéro de facture',
    issueDate: 'Date de facture',
    status: 'Statut',
    booking: 'Réservation',
    stay: 'Séjour',
    vatNumber: 'No TVA',
    description: 'Description',
    quantity: 'Quantité',
    unitPrice: 'Prix unitaire',
    vat: 'TVA',
    amount: 'Montant',
    vatSummary: 'Récapitulatif TVA',
    vatRate: 'Taux',
    vatIncluded: 'dont TVA',
    total: 'Total',
    noLines: 'Aucune position',
  },
  it: {
    invoice: 'Fattura',
    invoiceNumber: 'Numero di fattura',
    issueDate: 'Data della fattura',
    status: 'Stato',
    booking: 'Prenotazione',
    stay: 'Soggiorno',
    vatNumber: 'N. IVA',
    description: 'Descrizione',
    quantity: 'Quantità',
    unitPrice: 'Prezzo unitario',
    vat: 'IVA',
    amount: 'Importo',
    vatSummary: 'Riepilogo IVA',
    vatRate: 'Aliquota',
    vatIncluded: 'di cui IVA',
    total: 'Totale',
    noLines: 'Nessuna posizione',
  },
  en: {
    invoice: 'Invoice',
    invoiceNumber: 'Invoice number',
    issueDate: 'Issue date',
    status: 'Status',
    booking: 'Booking',
    stay: 'Stay',
    vatNumber: 'VAT number',
    description: 'Description',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    vat: 'VAT',
    amount: 'Amount',
    vatSummary: 'VAT summary',
    vatRate: 'Rate',
    vatIncluded: 'incl. VAT',
    total: 'Total',
    noLines: 'No lines',
  },
};
