import type { Extra, Restriction, Season, StayRequest, Tariff } from '../pricing/tariff';
import { type CalendarDate, addDays } from '../shared/calendar-date';
import type { RandomSource } from '../shared/random-source';

/** Small random choices over a byte source; with a `SeededRandom`, the same seed gives the same choices. */
export class RandomPicks {
  constructor(private readonly random: RandomSource) {}

  /** A whole number in [0, below). */
  below(below: number): number {
    const [high = 0, low = 0] = this.random.bytes(2);
    return ((high << 8) | low) % below;
  }

  /** A whole number in [low, high], both included. */
  between(low: number, high: number): number {
    return low + this.below(high - low + 1);
  }

  /** True `percent` times in a hundred. */
  chance(percent: number): boolean {
    return this.below(100) < percent;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)]!;
  }
}

/** The first date random tariffs cover; their seasons and restrictions lie in the RANDOM_SPAN days after it. */
export const RANDOM_EPOCH: CalendarDate = '2027-01-01';
export const RANDOM_SPAN = 60;
/** The span's dates and a little past it, worked out once: date arithmetic would cost more than the rest together. */
const DAYS = Array.from({ length: RANDOM_SPAN + 30 }, (_, day) => addDays(RANDOM_EPOCH, day));
export const RANDOM_SITE_TYPES = [1, 2] as const;
const VAT_RATES = [0, 260, 380, 810, 2000];
/** Codes whose ASCII order differs from a locale's: digits, `-` and `_` sort before letters here. */
const EXTRA_CODES = ['dog', 'electricity', 'final-cleaning', 'e-bike', 'e_bike', 'ebike', '0-first', 'z9', 'a', 'wifi'];

/** Inclusive date runs over the span, one after another, with a gap between some of them. */
function runs(picks: RandomPicks, maxLength: number): { from: CalendarDate; to: CalendarDate }[] {
  const out: { from: CalendarDate; to: CalendarDate }[] = [];
  let day = picks.chance(30) ? picks.between(1, 5) : 0;
  while (day < RANDOM_SPAN) {
    const length = picks.between(1, maxLength);
    out.push({ from: DAYS[day]!, to: DAYS[day + length - 1]! });
    day += length + (picks.chance(20) ? picks.between(1, 4) : 0);
  }
  return out;
}

function price(picks: RandomPicks, max: number): number {
  return picks.chance(15) ? 0 : picks.between(1, max);
}

/** A valid tariff for RANDOM_SITE_TYPES: no overlaps, distinct codes, sometimes zero prices, gaps and no tax. */
export function randomTariff(picks: RandomPicks): Tariff {
  const seasons: Season[] = [];
  const restrictions: Restriction[] = [];
  for (const siteTypeId of RANDOM_SITE_TYPES) {
    for (const range of runs(picks, 30)) {
      const [pitch, adult, youth, child] = [price(picks, 6000), price(picks, 2000), price(picks, 1500), price(picks, 1000)];
      seasons.push({ siteTypeId, ...range, pitch, adult, youth, child, vatRate: picks.pick(VAT_RATES) });
    }
    for (const range of runs(picks, 10)) {
      if (picks.chance(40)) continue;
      const minStay = picks.chance(50) ? null : picks.between(1, 5);
      const maxStay = picks.chance(50) ? null : picks.between(minStay ?? 1, 10);
      const [closedToArrival, closedToDeparture, stopSell] = [picks.chance(20), picks.chance(20), picks.chance(10)];
      restrictions.push({ siteTypeId, ...range, minStay, maxStay, closedToArrival, closedToDeparture, stopSell });
    }
  }
  const codes = EXTRA_CODES.filter(() => picks.chance(40));
  const extras: Extra[] = codes.map((code, i) => ({
    id: i + 1,
    code,
    name: `Extra ${code}`,
    per: picks.chance(50) ? 'night' : 'stay',
    price: price(picks, 4000),
    vatRate: picks.pick(VAT_RATES),
    compulsoryFor: RANDOM_SITE_TYPES.filter(() => picks.chance(25)),
  }));
  const touristTax = picks.chance(25)
    ? null
    : {
        adult: price(picks, 400),
        youth: price(picks, 200),
        child: price(picks, 100),
        maxNights: picks.chance(50) ? null : picks.between(1, 10),
      };
  return { seasons, restrictions, extras, touristTax };
}

/** A stay of one to ten nights somewhere in (or just past) the span, asking for some of the tariff's extras. */
export function randomStay(picks: RandomPicks, tariff: Tariff): StayRequest {
  const checkIn = picks.between(0, RANDOM_SPAN);
  return {
    siteTypeId: picks.pick(RANDOM_SITE_TYPES),
    checkInDate: DAYS[checkIn]!,
    checkOutDate: DAYS[checkIn + picks.between(1, 10)]!,
    numAdults: picks.between(0, 4),
    numYouth: picks.between(0, 3),
    numChildren: picks.between(0, 3),
    extras: tariff.extras.filter(() => picks.chance(40)).map((extra) => ({ code: extra.code, quantity: picks.between(1, 4) })),
  };
}
