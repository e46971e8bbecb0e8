import { BOOKING_REFERENCE_ALPHABET, daysBetween, formatMoney, parseMoney } from '@campsite/domain';
import { demoTariff } from './demo-tariff';

/** The slug of the tenant `serve` seeds into an empty database; the README's key commands use it. */
export const DEMO_TENANT_SLUG = 'demo';

const SITE_TYPES = [
  { id: 1, name: 'Tent pitch' },
  { id: 2, name: 'Camper pitch (16 A)' },
  { id: 3, name: 'Caravan pitch lakeside' },
  { id: 4, name: 'Glamping tent' },
  { id: 5, name: 'Mobile home' },
];

// [site_number, name, site type, max occupants, price per night, status]
const SITES: Array<[string, string, number, number, string, string]> = [
  ['A01', 'Seeufer', 1, 4, '32.00', 'active'],
  ['A02', 'Seeufer', 1, 4, '32.00', 'active'],
  ['A03', '', 1, 2, '26.50', 'active'],
  ['A04', '', 1, 2, '26.50', 'inactive'],
  ['A05', 'Birkenweg', 1, 6, '38.00', 'active'],
  ['B01', 'Brienzer Blick', 2, 4, '48.00', 'active'],
  ['B02', 'Brienzer Blick', 2, 4, '48.00', 'active'],
  ['B03', '', 2, 5, '44.50', 'active'],
  ['B04', '', 2, 5, '44.50', 'active'],
  ['B07', 'Giessbach', 2, 6, '52.00', 'inactive'],
  ['C10', 'Strandbad', 3, 6, '61.00', 'active'],
  ['C11', 'Strandbad', 3, 6, '61.00', 'active'],
  ['C12', 'Axalp', 3, 4, '57.50', 'active'],
  ['C14', 'Rothorn', 3, 8, '66.00', 'active'],
  ['G1', 'Tipi Eiger', 4, 4, '95.00', 'active'],
  ['G2', 'Tipi Mönch', 4, 4, '95.00', 'active'],
  ['G3', 'Safari Jungfrau', 4, 5, '118.00', 'inactive'],
  ['M1', 'Chalet Edelweiss', 5, 6, '145.00', 'active'],
  ['M2', 'Chalet Enzian', 5, 6, '145.00', 'active'],
  ['M3', 'Chalet Alpenrose', 5, 4, '128.00', 'active'],
];

// [first name, last name, email host, phone]
const CUSTOMERS: Array<[string, string, string, string]> = [
  ['Anna', 'Müller', 'bluewin.ch', '+41 79 412 33 10'],
  ['Luca', 'Bernasconi', 'gmail.com', '+41 76 558 01 92'],
  ['Sophie', 'Favre', 'sunrise.ch', ''],
  ['Jonas', 'Keller', 'hispeed.ch', '+41 78 203 44 61'],
  ['Lea', 'Meier', 'bluewin.ch', '+41 79 880 12 07'],
  ['Noah', 'Schneider', 'gmx.ch', ''],
  ['Mia', 'Brunner', 'outlook.com', '+41 77 491 20 35'],
  ['Elias', 'Huber', 'bluewin.ch', '+41 79 114 56 78'],
  ['Chiara', 'Rossi', 'ticino.com', '+41 91 605 22 14'],
  ['Matteo', 'Gerber', 'gmail.com', ''],
  ['Laura', 'Baumann', 'hotmail.ch', '+41 76 302 88 19'],
  ['Julien', 'Morel', 'romandie.com', '+41 21 312 47 90'],
  ['Nina', 'Zimmermann', 'bluewin.ch', '+41 79 677 03 55'],
  ['David', 'Frei', 'protonmail.ch', ''],
  ['Sarah', 'Wyss', 'sunrise.ch', '+41 78 940 61 23'],
];

const STAFF: Array<[string, string, string, string]> = [
  ['staff', 'Reto', 'Steiner', 'rezeption@seeblick-brienz.example'],
  ['operator', 'Monika', 'Graf', 'monika.graf@seeblick-brienz.example'],
  ['admin', 'Urs', 'Kälin', 'admin@seeblick-brienz.example'],
];

// Walk-in guests have no account; legacy rows may carry no name at all.
const WALK_INS = [
  ['Peter', 'Gasser'],
  ['Hans', 'Rüegg'],
  ['', ''],
  ['Claudia', 'Imboden'],
  ['Marco', 'Pfister'],
];

// Three seasons of bookings; each site gets at most one booking per season, so no two occupying bookings overlap.
const SEASONS = [
  { month: '2026-06', bookedDaysAhead: 20, statuses: ['completed', 'completed', 'no_show', 'completed', 'cancelled', 'completed'] },
  { month: '2026-08', bookedDaysAhead: 20, statuses: ['completed', 'cancelled', 'completed', 'completed', 'no_show', 'completed'] },
  // Next summer's bookings were made in the autumn before.
  { month: '2027-07', bookedDaysAhead: 250, statuses: ['pending', 'confirmed', 'pending', 'cancelled', 'confirmed', 'confirmed'] },
];
const BOOKINGS_PER_SEASON = [15, 15, 10];
const INVOICE_STATUS: Record<string, string> = {
  completed: 'ERLEDIGT',
  no_show: 'ERLEDIGT',
  cancelled: 'STORNIERT',
  confirmed: 'OFFEN',
};
const TOURIST_TAX_PER_ADULT_NIGHT = parseMoney('2.60');

/**
 * The demo tenant seeded on first start: a lakeside campsite near Brienz with pitches, guests, bookings in every
 * status and invoices in all four statuses. Deterministic, and in the fixture format, so it passes the same
 * validation as any imported file. It holds no API key: `serve` creates a fresh one (no fixed demo key exists).
 */
export function demoFixture(): { tenants: unknown[] } {
  const random = seeded(0x5eeb11c);
  const activeSites = SITES.map((site, i) => ({ id: i + 1, site })).filter(({ site }) => site[5] === 'active');

  const customers = CUSTOMERS.map(([first, last, host, phone], i) => ({
    id: i + 1,
    role: 'customer',
    email: `${ascii(first)}.${ascii(last)}@${host}`,
    first_name: first,
    last_name: last,
    phone_number: phone,
    date_joined: `2025-${pad(1 + (i % 12))}-${pad(3 + ((i * 5) % 25))}T${pad(7 + (i % 12))}:${pad((i * 13) % 60)}:00Z`,
  }));
  const staff = STAFF.map(([role, first, last, email], i) => ({
    id: customers.length + i + 1,
    role,
    email,
    first_name: first,
    last_name: last,
    phone_number: '+41 33 951 00 0' + i,
    date_joined: `2024-0${i + 1}-15T08:00:00Z`,
  }));

  const references = new Set<string>();
  const bookings: Array<Record<string, unknown>> = [];
  SEASONS.forEach((season, s) => {
    for (let n = 0; n < (BOOKINGS_PER_SEASON[s] ?? 0); n++) {
      const index = bookings.length;
      const { id: siteId, site } = activeSites[(n * 7 + s * 3) % activeSites.length]!;
      const maxOccupants = site[3];
      const checkIn = `${season.month}-${pad(1 + ((n * 5 + s) % 20))}`;
      const nights = 2 + ((n * 3 + s) % 6);
      const adults = Math.min(2, maxOccupants);
      const children = Math.min((n + s) % 3, maxOccupants - adults);
      // Every third booking is a walk-in without a guest-portal account.
      const guest = index % 3 === 2 ? null : customers[(index * 4) % customers.length]!;
      const walkInName = WALK_INS[index % WALK_INS.length]!;
      bookings.push({
        id: index + 1,
        booking_reference: reference(random, references),
        guest_first_name: guest?.first_name ?? walkInName[0],
        guest_last_name: guest?.last_name ?? walkInName[1],
        guest_email: guest?.email ?? '',
        site_id: siteId,
        check_in_date: checkIn,
        check_out_date: addDays(checkIn, nights),
        num_adults: adults,
        num_youth: 0,
        num_children: children,
        status: season.statuses[n % season.statuses.length],
        total_price: formatMoney(parseMoney(site[4]) * nights),
        created_at: `${addDays(checkIn, -season.bookedDaysAhead - ((n * 11) % 60))}T${pad(8 + (n % 12))}:${pad((n * 17) % 60)}:00Z`,
        source: guest ? 'online' : index % 2 === 0 ? 'walk_in' : 'phone',
      });
    }
  });

  // Open and cancelled stays are invoiced first (deposits, cancellation fees), then settled stays up to the total.
  const invoiced = [
    ...bookings.filter((b) => b.status === 'confirmed' || b.status === 'cancelled'),
    ...bookings.filter((b) => b.status === 'completed' || b.status === 'no_show'),
  ].slice(0, 21);
  const invoices: Array<Record<string, unknown>> = invoiced.map((booking, i) => {
    const status = INVOICE_STATUS[booking.status as string] ?? 'OFFEN';
    const nights = daysBetween(booking.check_in_date as string, booking.check_out_date as string);
    const tax = status === 'ERLEDIGT' ? TOURIST_TAX_PER_ADULT_NIGHT * (booking.num_adults as number) * nights : 0;
    // Settled stays are invoiced at check-out; deposits and cancellation fees a day after booking.
    const issuedOn = status === 'ERLEDIGT' ? (booking.check_out_date as string) : addDays((booking.created_at as string).slice(0, 10), 1);
    return {
      booking_id: booking.id,
      total_chf: formatMoney(parseMoney(booking.total_price as string) + tax),
      // Some guests pay their deposit at the reception.
      status: status === 'OFFEN' && i % 2 === 0 ? 'PICKUP' : status,
      issued_at: `${issuedOn}T09:${pad(10 + i)}:00Z`,
    };
  });
  // Kiosk and firewood sales: invoices without a booking.
  for (const [i, amount] of ['12.50', '38.00', '7.80', '24.00'].entries()) {
    invoices.push({
      booking_id: null,
      total_chf: amount,
      status: i === 3 ? 'OFFEN' : 'ERLEDIGT',
      issued_at: `2026-07-${pad(10 + i * 4)}T16:45:00Z`,
    });
  }
  invoices.sort((a, b) => String(a.issued_at).localeCompare(String(b.issued_at)));
  const numbered = invoices.map((invoice, i) => ({
    id: i + 1,
    invoice_number: `${String(invoice.issued_at).slice(0, 4)}-${String(i + 1).padStart(6, '0')}`,
    ...invoice,
  }));

  return {
    tenants: [
      {
        slug: DEMO_TENANT_SLUG,
        name: 'Camping Seeblick Brienz (Demo)',
        api_keys: [],
        site_types: SITE_TYPES,
        sites: SITES.map(([siteNumber, name, type, maxOccupants, price, status], i) => ({
          id: i + 1,
          site_number: siteNumber,
          name,
          max_occupants: maxOccupants,
          base_price_per_night: price,
          status,
          site_type_id: type,
        })),
        users: [...customers, ...staff],
        bookings,
        invoices: numbered,
        ...demoTariff(),
      },
    ],
  };
}

function reference(random: () => number, taken: Set<string>): string {
  for (;;) {
    let ref = '';
    for (let i = 0; i < 10; i++) ref += BOOKING_REFERENCE_ALPHABET[Math.floor(random() * BOOKING_REFERENCE_ALPHABET.length)];
    if (!taken.has(ref)) {
      taken.add(ref);
      return ref;
    }
  }
}

/** mulberry32: the demo data is the same on every first start; only the key is random (and from the CSPRNG). */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function ascii(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
