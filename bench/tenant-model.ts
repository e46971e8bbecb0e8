/**
 * A generated tenant as pure functions of (seed, kind, id) (bench/seeded.ts): an invoice can recompute "its" booking,
 * and a booking "its" customer, without either being kept in memory.
 *
 * Data is "as of" 2026-06-30: created_at runs from 2019 (or the spec's `bookingsFrom`) to then, check-ins up to early
 * 2027, so every date from 2030 on is free on every site.
 */
import {
  FIRST_NAMES,
  KEY_ALPHABET,
  LAST_NAMES,
  MAIL_DOMAINS,
  REFERENCE_ALPHABET,
  SELLING_SITE_TYPES,
  SITE_NAMES,
  SITE_TYPES,
} from './fixture-names';
import { Rng } from './seeded';

export interface TenantSpec {
  slug: string;
  name: string;
  bookings: number;
  sites: number;
  customers: number;
  staff: number;
  invoices: number;
  seed: number;
  /**
   * The calendar tenant's shape: the ten types of SELLING_SITE_TYPES, each on an equal run of consecutive sites, and
   * a tariff (bench/selling-fixture.ts). Otherwise the five types of SITE_TYPES, drawn per section, and no tariff.
   */
  selling?: boolean;
  /**
   * The first booking's creation date (YYYY-MM-DD), 2019-01-01 unless given: a longer history holds more bookings at
   * the same density per year, where more bookings in the same years would crowd more stays onto each night.
   */
  bookingsFrom?: string;
}

export const DEFAULT_SPEC: TenantSpec = {
  slug: 'bench',
  name: 'Camping Benchmark',
  bookings: 100_000,
  sites: 500,
  customers: 20_000,
  staff: 30,
  invoices: 50_000,
  seed: 1,
};

// Record kinds, so that (seed, kind, id) streams never coincide.
const KIND = { key: 1, site: 2, user: 3, booking: 4, invoice: 5, section: 6 } as const;

const DAY = 86_400_000;
const BOOKINGS_FROM = Date.UTC(2019, 0, 1);
const USERS_FROM = Date.UTC(2018, 0, 1);
const AS_OF = Date.UTC(2026, 5, 30);

/**
 * The `bookingsFrom` that gives `bookings` the density per year of `reference` bookings from 2019 (the default): n
 * times the bookings over n times the years, so that a night holds as many stays as it does at `reference`.
 */
export function bookingsFromAtDensityOf(bookings: number, reference: number): string {
  return isoDate(AS_OF - Math.round(((AS_OF - BOOKINGS_FROM) * bookings) / reference / DAY) * DAY);
}

function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function money(rappen: number): string {
  return `${Math.floor(rappen / 100)}.${String(rappen % 100).padStart(2, '0')}`;
}

function asciiFold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Section letters A..Z, AA..AZ, ... as on a site map. */
function sectionName(n: number): string {
  let out = '';
  for (let k = n + 1; k > 0; k = Math.floor((k - 1) / 26)) out = String.fromCharCode(65 + ((k - 1) % 26)) + out;
  return out;
}

/** A unique 10-character reference per id: an odd multiplier is a bijection modulo 2^50. */
function bookingReference(id: number, seed: number): string {
  const modulus = 1n << 50n;
  let v = (BigInt(id) * 0x2545f4914f6cdn + BigInt(mix(seed))) % modulus;
  let out = '';
  for (let i = 0; i < 10; i++) {
    out = REFERENCE_ALPHABET[Number(v & 31n)] + out;
    v >>= 5n;
  }
  return out;
}

function mix(seed: number): number {
  return Rng.of(seed, 0, 0).int(0, 2 ** 30);
}

/** The tenant as pure functions of id; see the file comment in seeded.ts. */
export class TenantModel {
  /** When the first booking was made (BOOKINGS_FROM unless the spec says otherwise). */
  private readonly bookingsFrom: number;

  constructor(readonly spec: TenantSpec) {
    this.bookingsFrom = spec.bookingsFrom === undefined ? BOOKINGS_FROM : Date.parse(`${spec.bookingsFrom}T00:00:00Z`);
    if (Number.isNaN(this.bookingsFrom) || this.bookingsFrom >= AS_OF) {
      throw new Error(`bookingsFrom: not a date before 2026-06-30: ${spec.bookingsFrom}`);
    }
  }

  token(): string {
    const rng = Rng.of(this.spec.seed, KIND.key, 1);
    return `ck_${rng.chars(KEY_ALPHABET, 29)}`;
  }

  site(id: number) {
    const section = Math.floor((id - 1) / 25);
    const type = this.spec.selling
      ? SELLING_SITE_TYPES[Math.floor(((id - 1) * SELLING_SITE_TYPES.length) / this.spec.sites)]!
      : Rng.of(this.spec.seed, KIND.section, section).pick(SITE_TYPES);
    const rng = Rng.of(this.spec.seed, KIND.site, id);
    const price = Math.round(rng.int(type.price[0], type.price[1]) / 50) * 50;
    return {
      id,
      site_number: `${sectionName(section)}${String(((id - 1) % 25) + 1).padStart(2, '0')}`,
      name: rng.pick(SITE_NAMES),
      max_occupants: rng.int(type.occupants[0], type.occupants[1]),
      base_price_per_night: money(price),
      status: rng.next() < 0.04 ? 'inactive' : 'active',
      site_type_id: type.id,
      price,
    };
  }

  user(id: number) {
    const rng = Rng.of(this.spec.seed, KIND.user, id);
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const staff = id <= this.spec.staff;
    const role = staff
      ? rng.weighted([
          ['staff', 6],
          ['operator', 2],
          ['admin', 1],
        ] as const)
      : 'customer';
    const domain = staff ? `${this.spec.slug}.example` : rng.pick(MAIL_DOMAINS);
    const total = this.spec.staff + this.spec.customers;
    const step = (AS_OF - USERS_FROM) / Math.max(total, 1);
    return {
      id,
      role,
      email: `${asciiFold(first)}.${asciiFold(last)}${id}@${domain}`,
      first_name: first,
      last_name: last,
      phone_number: rng.next() < 0.6 ? `+41 7${rng.int(5, 9)} ${rng.int(100, 999)} ${rng.int(10, 99)} ${rng.int(10, 99)}` : '',
      date_joined: isoSeconds(USERS_FROM + (id - 1) * step + rng.next() * step),
    };
  }

  /** Creation times grow with id, with jitter, and about 1% share their predecessor's second (tie-break coverage). */
  bookingCreatedAt(id: number): number {
    const rng = Rng.of(this.spec.seed, KIND.booking, -id);
    if (id > 1 && rng.next() < 0.01) return this.bookingCreatedAt(id - 1);
    const step = (AS_OF - this.bookingsFrom) / this.spec.bookings;
    return Math.floor((this.bookingsFrom + (id - 1) * step + rng.next() * step) / 1000) * 1000;
  }

  booking(id: number) {
    const rng = Rng.of(this.spec.seed, KIND.booking, id);
    const createdAt = this.bookingCreatedAt(id);
    const lead = rng.weighted([
      [[0, 7], 2],
      [[8, 60], 4],
      [[61, 240], 4],
    ] as const);
    // The midnight before, also before 1970 (where % is negative).
    const checkIn = createdAt - (((createdAt % DAY) + DAY) % DAY) + rng.int(lead[0], lead[1]) * DAY;
    const span = rng.weighted([
      [[1, 3], 5],
      [[4, 7], 3.5],
      [[8, 21], 1.5],
    ] as const);
    const nights = rng.int(span[0], span[1]);
    const checkOut = checkIn + nights * DAY;
    const site = this.site(rng.int(1, this.spec.sites));
    const source = rng.weighted([
      ['admin', 3],
      ['online', 5],
      ['walk_in', 1],
      ['channel_manager', 2],
    ] as const);
    let guest = { first: '', last: '', email: '' };
    if (source !== 'walk_in') {
      if (this.spec.customers > 0 && rng.next() < 0.6) {
        const c = this.user(this.spec.staff + rng.int(1, this.spec.customers));
        guest = { first: c.first_name, last: c.last_name, email: c.email };
      } else {
        const first = rng.pick(FIRST_NAMES);
        const last = rng.pick(LAST_NAMES);
        guest = { first, last, email: `${asciiFold(first)}.${asciiFold(last)}@${rng.pick(MAIL_DOMAINS)}` };
      }
    }
    const status =
      checkOut <= AS_OF
        ? rng.weighted([
            ['completed', 78],
            ['cancelled', 14],
            ['no_show', 3],
            ['confirmed', 5],
          ] as const)
        : rng.weighted([
            ['confirmed', 72],
            ['pending', 12],
            ['cancelled', 16],
          ] as const);
    const adults = rng.int(1, Math.max(1, site.max_occupants - 1));
    const youth = rng.next() < 0.2 ? rng.int(0, site.max_occupants - adults) : 0;
    const children = rng.int(0, site.max_occupants - adults - youth);
    return {
      id,
      booking_reference: bookingReference(id, this.spec.seed),
      guest_first_name: guest.first,
      guest_last_name: guest.last,
      guest_email: guest.email,
      site_id: site.id,
      check_in_date: isoDate(checkIn),
      check_out_date: isoDate(checkOut),
      num_adults: adults,
      num_youth: youth,
      num_children: children,
      status,
      total_price: money(site.price * nights),
      created_at: isoSeconds(createdAt),
      source,
    };
  }

  invoice(id: number) {
    const rng = Rng.of(this.spec.seed, KIND.invoice, id);
    const linked = this.spec.bookings > 0 && rng.next() < 0.9;
    let issuedAt: number;
    let total: number;
    let bookingId: number | null = null;
    let lines: Array<Record<string, unknown>>;
    if (linked) {
      bookingId = rng.int(1, this.spec.bookings);
      const b = this.booking(bookingId);
      issuedAt = Date.parse(b.created_at) + rng.int(600, 72 * 3600) * 1000;
      const nights = (Date.parse(b.check_out_date) - Date.parse(b.check_in_date)) / DAY;
      const touristTax = 250 * (b.num_adults + b.num_children) * nights;
      const stay = Math.round(Number(b.total_price) * 100);
      total = stay + touristTax;
      // What the PDF case renders (docs/accounting.md): the stay with VAT, and the tourist tax without.
      lines = [
        line(1, `Pitch, ${nights} nights`, nights * 1000, Math.round(stay / nights), 810, stay),
        line(2, 'Tourist tax per person and night', (b.num_adults + b.num_children) * nights * 1000, 250, 0, touristTax),
      ];
    } else {
      issuedAt = this.bookingsFrom + rng.next() * (AS_OF - this.bookingsFrom);
      total = rng.int(5, 200) * 100 + rng.pick([0, 20, 50, 80]);
      lines = [line(1, 'Shop', 1000, total, 810, total)];
    }
    return {
      id,
      invoice_number: `${new Date(issuedAt).getUTCFullYear()}-${String(id).padStart(6, '0')}`,
      booking_id: bookingId,
      total_chf: money(total),
      status: rng.weighted([
        ['ERLEDIGT', 70],
        ['OFFEN', 15],
        ['STORNIERT', 10],
        ['PICKUP', 5],
      ] as const),
      issued_at: isoSeconds(issuedAt),
      lines,
    };
  }
}

function line(
  position: number,
  description: string,
  quantityThousandths: number,
  unitRappen: number,
  vatHundredths: number,
  amountRappen: number,
) {
  const fixed = (value: number, places: number) => (value / 10 ** places).toFixed(places);
  return {
    position,
    description,
    quantity: fixed(quantityThousandths, 3),
    unit_price: money(unitRappen),
    vat_rate: fixed(vatHundredths, 2),
    amount: money(amountRappen),
  };
}
