import {
  QUANTITY_PLACES,
  VAT_RATE_PLACES,
  formatDateTime,
  formatFixedDecimal,
  formatMoney,
  type Booking,
  type Customer,
  type Invoice,
  type InvoiceLine,
  type Site,
  type SiteAvailability,
} from '@campsite/domain';
import type { z } from 'zod';
import type { siteAvailabilitySchema } from './schemas/availability.schema';
import type { bookingSchema, customerSchema, invoiceLineSchema, invoiceSchema, siteSchema } from './schemas/responses.schema';

// The public JSON shapes, field names and order exactly as the spec's tables, with v1.1's `updated_at` last
// (docs/change-feed.md). `source` and `tenantId` never leave. Each presenter returns its schema's type (the schemas
// also generate the OpenAPI document), so a field added here and not there, or the other way round, fails to compile.

export type BookingJson = z.output<typeof bookingSchema>;
export type SiteJson = z.output<typeof siteSchema>;
export type CustomerJson = z.output<typeof customerSchema>;
export type InvoiceJson = z.output<typeof invoiceSchema>;

export function bookingJson(b: Booking): BookingJson {
  return {
    id: b.id,
    booking_reference: b.bookingReference,
    guest_first_name: b.guestFirstName,
    guest_last_name: b.guestLastName,
    guest_email: b.guestEmail,
    site_id: b.siteId,
    site_number: b.siteNumber,
    check_in_date: b.checkInDate,
    check_out_date: b.checkOutDate,
    num_adults: b.numAdults,
    num_youth: b.numYouth,
    num_children: b.numChildren,
    status: b.status,
    total_price: formatMoney(b.totalPrice),
    created_at: formatDateTime(b.createdAt),
    updated_at: formatDateTime(b.updatedAt),
    customer_id: b.customerId,
    quote_id: b.quoteId,
    extras: b.extras.map(({ code, quantity }) => ({ code, quantity })),
  };
}

export function siteJson(s: Site): SiteJson {
  return {
    id: s.id,
    site_number: s.siteNumber,
    name: s.name,
    max_occupants: s.maxOccupants,
    base_price_per_night: formatMoney(s.basePricePerNight),
    status: s.status,
    site_type_id: s.siteTypeId,
    site_type_name: s.siteTypeName,
    updated_at: formatDateTime(s.updatedAt),
  };
}

export function customerJson(c: Customer): CustomerJson {
  return {
    id: c.id,
    email: c.email,
    first_name: c.firstName,
    last_name: c.lastName,
    phone_number: c.phoneNumber,
    date_joined: formatDateTime(c.dateJoined),
    updated_at: formatDateTime(c.updatedAt),
  };
}

export function invoiceJson(i: Invoice): InvoiceJson {
  return {
    id: i.id,
    invoice_number: i.invoiceNumber,
    booking_id: i.bookingId,
    total_chf: formatMoney(i.totalChf),
    status: i.status,
    issued_at: formatDateTime(i.issuedAt),
    updated_at: formatDateTime(i.updatedAt),
  };
}

/** docs/accounting.md, line items: quantity with three decimals, money with two, the VAT rate in percent with two. */
export type InvoiceLineJson = z.output<typeof invoiceLineSchema>;

export function invoiceLineJson(l: InvoiceLine): InvoiceLineJson {
  return {
    position: l.position,
    description: l.description,
    quantity: formatFixedDecimal(l.quantity, QUANTITY_PLACES),
    unit_price: formatMoney(l.unitPrice),
    vat_rate: formatFixedDecimal(l.vatRate, VAT_RATE_PLACES),
    amount: formatMoney(l.amount),
  };
}

export function availabilityJson({ site, free }: SiteAvailability): z.output<typeof siteAvailabilitySchema> {
  return {
    site_id: site.id,
    site_number: site.siteNumber,
    status: site.status,
    max_occupants: site.maxOccupants,
    free: free.map((run) => ({ from: run.from, to: run.to })),
  };
}
