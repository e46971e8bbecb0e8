import { type TenantSnapshot } from '@campsite/domain';
import { aBooking, aSite, aTenant, aUser, anInvoice } from '@campsite/domain/testing';

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
  });
}
