import { type Extra, type Restriction, type Season, type TenantSnapshot } from '@campsite/domain';
import { aBooking, aRestriction, aSeason, aSite, aTenant, aTouristTax, aUser, anExtra, anInvoice } from '@campsite/domain/testing';

/** A small PRNG of its own, so that a failing sequence can be replayed from its seed. */
export class Draw {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0 || 1;
  }

  /** A number in [0, 1). */
  next(): number {
    this.state ^= this.state << 13;
    this.state ^= this.state >>> 17;
    this.state ^= this.state << 5;
    return (this.state >>> 0) / 2 ** 32;
  }

  int(below: number): number {
    return Math.floor(this.next() * below);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }
}

export const SITES = 12;
export const BOOKINGS = 320;
export const USERS = 40;
export const INVOICES = 90;
export const STATUSES = ['pending', 'confirmed', 'cancelled', 'completed', 'no_show'] as const;

const DAY = 86_400_000;
const START = Date.UTC(2025, 0, 1);
export const isoDay = (day: number) => new Date(START + day * DAY).toISOString().slice(0, 10);

/** A season of `siteTypeId` over the nights of days `from` to `to`, both included. */
const season = (siteTypeId: number, from: number, to: number, pitch: number, vatRate = 380): Season =>
  aSeason({
    siteTypeId,
    from: isoDay(from),
    to: isoDay(to),
    pitch,
    adult: Math.round(pitch / 30) * 10,
    child: siteTypeId === 2 ? 0 : 300,
    vatRate,
  });
const rule = (siteTypeId: number, from: number, to: number, change: Partial<Restriction>): Restriction =>
  aRestriction({ siteTypeId, from: isoDay(from), to: isoDay(to), ...change });

/**
 * The tariff (docs/pricing.md) over the days the seeded stays take: seasons with a gap between some, stay rules of
 * every kind, extras compulsory for one type or none, and a tourist tax with a cap.
 */
export const SEASONS = [season(1, 0, 89, 2100), season(1, 90, 179, 3000), season(1, 210, 299, 2400, 250), season(2, 0, 149, 2700)];
export const RULES = [
  rule(1, 100, 130, { minStay: 3, maxStay: 14 }),
  rule(1, 150, 150, { closedToArrival: true }),
  rule(1, 160, 162, { stopSell: true }),
  rule(2, 120, 140, { minStay: 2 }),
  rule(2, 200, 200, { closedToDeparture: true }),
];
export const EXTRAS: Extra[] = [
  anExtra({ id: 1, code: 'dog', per: 'night', price: 500, compulsoryFor: [] }),
  anExtra({ id: 2, code: 'power', per: 'night', price: 450, compulsoryFor: [2] }),
  anExtra({ id: 3, code: 'final-cleaning', per: 'stay', price: 6000, compulsoryFor: [1] }),
  anExtra({ id: 4, code: 'e_bike', per: 'night', price: 3500, vatRate: 260, compulsoryFor: [] }),
];
/** What the admin console may add and remove again: seasons and stay rules in the gaps of those above, and an extra. */
export const SEASON_SLOTS = [
  season(1, 180, 194, 2600),
  season(1, 195, 209, 2800, 810),
  season(1, 300, 329, 2000),
  season(2, 150, 269, 3600),
];
export const RULE_SLOTS = [
  rule(1, 20, 25, { stopSell: true }),
  rule(1, 40, 40, { closedToArrival: true }),
  rule(1, 60, 66, { maxStay: 3 }),
  rule(2, 10, 15, { minStay: 4 }),
  rule(2, 60, 60, { closedToDeparture: true }),
];
export const EXTRA_SLOT = anExtra({ id: 5, code: 'wifi', per: 'stay', price: 200, compulsoryFor: [1, 2] });

/**
 * A tenant whose lists span several pages at small page sizes, with check-in dates over two years and creation
 * times that run ahead of the stays, as bookings do: enough for every list accelerator to take its own path.
 */
export function differentialTenant(slug: string): TenantSnapshot {
  const draw = new Draw(11);
  return aTenant(slug, {
    siteTypes: [
      { id: 1, name: 'Tent' },
      { id: 2, name: 'Camper' },
    ],
    sites: Array.from({ length: SITES }, (_, i) =>
      aSite({ id: i + 1, siteNumber: `P${String(i + 1).padStart(2, '0')}`, siteTypeId: 1 + (i % 2), maxOccupants: 6 }),
    ),
    users: Array.from({ length: USERS }, (_, i) => aUser({ id: i + 1, role: i % 9 === 0 ? 'staff' : 'customer' })),
    bookings: Array.from({ length: BOOKINGS }, (_, i) => {
      const site = (i % SITES) + 1;
      // One stay per site per 10 days, so that no two occupying stays of a site overlap.
      const checkIn = Math.floor(i / SITES) * 10 + draw.int(3);
      return aBooking({
        id: i + 1,
        siteId: site,
        bookingReference: `D${String(i + 1).padStart(9, '0')}`,
        checkInDate: isoDay(checkIn),
        checkOutDate: isoDay(checkIn + 1 + draw.int(5)),
        status: draw.pick(STATUSES),
        createdAt: new Date(START + (checkIn - 30 - draw.int(60)) * DAY + draw.int(DAY)),
        customerId: i % 7 === 0 ? 2 : null,
      });
    }),
    invoices: Array.from({ length: INVOICES }, (_, i) =>
      anInvoice({
        id: i + 1,
        bookingId: i % 3 === 0 ? i + 1 : null,
        status: draw.pick(['OFFEN', 'ERLEDIGT', 'STORNIERT']),
        issuedAt: new Date(START + draw.int(700) * DAY + draw.int(DAY)),
      }),
    ),
    tariff: { seasons: SEASONS, restrictions: RULES, extras: EXTRAS, touristTax: aTouristTax({ maxNights: 7 }) },
  });
}
