import type { BookingFields } from '../bookings/create-booking';
import type { Booking } from '../bookings/booking';
import type { Customer, UserRole } from '../customers/customer';
import type { BillingDetails } from '../invoices/billing-details';
import type { Invoice } from '../invoices/invoice';
import type { Site } from '../sites/site';
import type { TenantSnapshot } from '../tenants/tenant-import';

type SnapshotSite = TenantSnapshot['sites'][number];
type SnapshotBooking = TenantSnapshot['bookings'][number];
type SnapshotUser = TenantSnapshot['users'][number];
type SnapshotInvoice = TenantSnapshot['invoices'][number];

/** Test-data builders in the Object Mother style: sensible defaults, override only what a test is about. */
export function aSite(overrides: Partial<SnapshotSite> = {}): SnapshotSite {
  const id = overrides.id ?? 1;
  return {
    id,
    siteNumber: `A${String(id).padStart(2, '0')}`,
    name: 'Riverside',
    maxOccupants: 4,
    basePricePerNight: 3500,
    status: 'active',
    siteTypeId: 1,
    ...overrides,
  };
}

export function aBooking(overrides: Partial<SnapshotBooking> = {}): SnapshotBooking {
  const id = overrides.id ?? 1;
  return {
    id,
    bookingReference: `REF${String(id).padStart(7, '0')}`,
    guestFirstName: 'Anna',
    guestLastName: 'Muster',
    guestEmail: 'anna@example.ch',
    siteId: 1,
    checkInDate: '2026-07-01',
    checkOutDate: '2026-07-04',
    numAdults: 2,
    numYouth: 0,
    numChildren: 0,
    status: 'confirmed',
    totalPrice: 10500,
    createdAt: new Date(Date.UTC(2026, 0, 1) + id * 60_000),
    source: 'admin',
    customerId: null,
    ...overrides,
  };
}

export function aUser(overrides: Partial<SnapshotUser> = {}): SnapshotUser {
  const id = overrides.id ?? 1;
  const role: UserRole = overrides.role ?? 'customer';
  return {
    id,
    role,
    email: `guest${id}@example.ch`,
    firstName: 'Gast',
    lastName: `Nummer ${id}`,
    phoneNumber: '',
    dateJoined: new Date(Date.UTC(2025, 0, 1) + id * 3_600_000),
    ...overrides,
  };
}

export function anInvoice(overrides: Partial<SnapshotInvoice> = {}): SnapshotInvoice {
  const id = overrides.id ?? 1;
  return {
    id,
    invoiceNumber: `2026-${String(id).padStart(6, '0')}`,
    bookingId: null,
    totalChf: 11240,
    status: 'OFFEN',
    issuedAt: new Date(Date.UTC(2026, 1, 1) + id * 60_000),
    ...overrides,
  };
}

/** A Swiss campsite's billing details with a QR-IBAN (so an open invoice's payment part carries a QR reference). */
export function someBillingDetails(overrides: Partial<BillingDetails> = {}): BillingDetails {
  return {
    name: 'Camping Alpenblick AG',
    street: 'Seestrasse',
    buildingNumber: '12',
    postalCode: '3800',
    town: 'Interlaken',
    country: 'CH',
    iban: 'CH4431999123000889012',
    vatNumber: 'CHE-123.456.789 MWST',
    language: 'de',
    ...overrides,
  };
}

/** A tenant with one site type and whatever rows the test adds. */
export function aTenant(slug: string, rows: Partial<Omit<TenantSnapshot, 'slug'>> = {}): TenantSnapshot {
  return {
    slug,
    name: `Camping ${slug}`,
    apiKeys: [],
    siteTypes: [{ id: 1, name: 'Tent pitch' }],
    sites: [],
    users: [],
    bookings: [],
    invoices: [],
    ...rows,
  };
}

export type { Booking, Customer, Invoice, Site };

/** The stay and guest of a create request as the transport hands them over: one adult, no names, no e-mail. */
export function aStay(checkInDate: string, checkOutDate: string, overrides: Partial<BookingFields> = {}): BookingFields {
  return {
    checkInDate,
    checkOutDate,
    numAdults: 1,
    numYouth: 0,
    numChildren: 0,
    guestFirstName: '',
    guestLastName: '',
    guestEmail: '',
    ...overrides,
  };
}
