import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '../shared/calendar-date';
import { isDomainError } from '../shared/domain-error';
import { RandomPicks, randomStay, randomTariff } from '../testing/random-tariffs';
import { SeededRandom } from '../testing/seeded-random';
import { priceStay } from './price-stay';
import type { PricedStay, Season, StayRequest, Tariff } from './tariff';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);

/**
 * The price of a stay worked out night by night, independently of priceStay's segments and lines: what each night
 * costs at its season, what the extras cost, and the tourist tax for the first nights up to the cap. Null when a
 * night has no season.
 */
function nightByNight(tariff: Tariff, stay: StayRequest): { total: number; byRate: Map<number, number> } | null {
  const byRate = new Map<number, number>();
  const add = (rate: number, amount: number) => byRate.set(rate, (byRate.get(rate) ?? 0) + amount);
  const nights = daysBetween(stay.checkInDate, stay.checkOutDate);
  for (let i = 0; i < nights; i++) {
    const night = addDays(stay.checkInDate, i);
    const season = tariff.seasons.find((s) => s.siteTypeId === stay.siteTypeId && s.from <= night && night <= s.to);
    if (!season) return null;
    add(season.vatRate, season.pitch + stay.numAdults * season.adult + stay.numYouth * season.youth + stay.numChildren * season.child);
    for (const extra of tariff.extras) {
      const asked = stay.extras.find((e) => e.code === extra.code)?.quantity;
      const quantity = asked ?? (extra.compulsoryFor.includes(stay.siteTypeId) ? 1 : 0);
      if (extra.per === 'night' || i === 0) add(extra.vatRate, quantity * extra.price);
    }
    const tax = tariff.touristTax;
    if (tax && (tax.maxNights === null || i < tax.maxNights)) {
      add(0, stay.numAdults * tax.adult + stay.numYouth * tax.youth + stay.numChildren * tax.child);
    }
  }
  return { total: [...byRate.values()].reduce((a, b) => a + b, 0), byRate };
}

/** VAT contained in `gross` at `rate` hundredths of a percent: the exact quotient, plus one where the rest is half or more. */
function contained(gross: number, rate: number): number {
  const numerator = BigInt(gross) * BigInt(rate);
  const denominator = BigInt(10_000 + rate);
  const quotient = numerator / denominator;
  return Number(2n * (numerator % denominator) >= denominator ? quotient + 1n : quotient);
}

/** The lines of the seasons, from runs of nights found one night at a time: [kind, quantity, unit price, VAT rate]. */
function segmentLines(tariff: Tariff, stay: StayRequest): [string, number, number, number][] {
  const out: [string, number, number, number][] = [];
  let current: Season | undefined;
  let nights = 0;
  const close = () => {
    if (!current) return;
    const perNight = [
      ['pitch', 1, current.pitch],
      ['adult', stay.numAdults, current.adult],
      ['youth', stay.numYouth, current.youth],
      ['child', stay.numChildren, current.child],
    ] as const;
    for (const [kind, count, price] of perNight) if (count * price > 0) out.push([kind, count * nights * 1000, price, current.vatRate]);
  };
  for (let i = 0; i < daysBetween(stay.checkInDate, stay.checkOutDate); i++) {
    const night = addDays(stay.checkInDate, i);
    const season = tariff.seasons.find((s) => s.siteTypeId === stay.siteTypeId && s.from <= night && night <= s.to);
    if (season !== current) {
      close();
      [current, nights] = [season, 0];
    }
    nights++;
  }
  close();
  return out;
}

const KIND_RANK = { pitch: 0, adult: 0, youth: 0, child: 0, extra: 1, tourist_tax: 2 } as const;

/** What the rule says of a priced stay, read off its lines, for one comparison per stay. */
function shapeOf(priced: PricedStay) {
  const { lines } = priced;
  const ranks = lines.map((l) => KIND_RANK[l.kind]);
  const codesOf = (kind: string) => lines.filter((l) => l.kind === kind).map((l) => l.code);
  return {
    total: priced.total,
    vat: priced.vat,
    seasonLines: lines
      .filter((l) => KIND_RANK[l.kind] === 0)
      .map((l): [string, number, number, number] => [l.kind, l.quantity, l.unitPrice, l.vatRate]),
    extraLines: codesOf('extra'),
    taxLines: codesOf('tourist_tax'),
    extras: priced.extras.map((e) => e.code),
    positionsContiguous: lines.every((l, i) => l.position === i + 1),
    amountsPositiveAndExact: lines.every((l) => l.amount > 0 && l.amount * 1000 === l.quantity * l.unitPrice),
    totalIsSumOfLines: priced.total === lines.reduce((sum, l) => sum + l.amount, 0),
    kindsInOrder: ranks.every((rank, i) => i === 0 || ranks[i - 1]! <= rank),
    vatWithinTotal: priced.vat.reduce((sum, v) => sum + v.amount, 0) <= priced.total,
  };
}

/** The same, worked out from the tariff night by night; null when a night has no season. */
function expectedShape(tariff: Tariff, stay: StayRequest): ReturnType<typeof shapeOf> | null {
  const expected = nightByNight(tariff, stay);
  if (expected === null) return null;
  const nights = daysBetween(stay.checkInDate, stay.checkOutDate);
  const chosen = tariff.extras
    .map((e) => ({ e, q: stay.extras.find((r) => r.code === e.code)?.quantity ?? (e.compulsoryFor.includes(stay.siteTypeId) ? 1 : 0) }))
    .filter(({ q }) => q > 0)
    .sort((a, b) => (a.e.code < b.e.code ? -1 : 1));
  const tax = tariff.touristTax;
  const taxedNights = Math.min(nights, tax?.maxNights ?? nights);
  const counts = { adult: stay.numAdults, youth: stay.numYouth, child: stay.numChildren };
  return {
    total: expected.total,
    vat: [...expected.byRate]
      .filter(([rate, gross]) => rate > 0 && gross > 0)
      .sort(([a], [b]) => b - a)
      .map(([rate, gross]) => ({ rate, amount: contained(gross, rate) })),
    seasonLines: segmentLines(tariff, stay),
    extraLines: chosen.filter(({ e, q }) => e.price * q > 0).map(({ e }) => e.code),
    taxLines: tax === null ? [] : (['adult', 'youth', 'child'] as const).filter((c) => counts[c] * tax[c] * taxedNights > 0),
    extras: chosen.map(({ e }) => e.code),
    positionsContiguous: true,
    amountsPositiveAndExact: true,
    totalIsSumOfLines: true,
    kindsInOrder: true,
    vatWithinTotal: true,
  };
}

describe('priceStay over random tariffs and stays', () => {
  it(`agrees with a night-by-night computation, line by line (${RUNS} stays)`, () => {
    const picks = new RandomPicks(new SeededRandom(2027));
    let priced = 0;
    for (let run = 0; run < RUNS; run++) {
      const tariff = randomTariff(picks);
      const stay = randomStay(picks, tariff);
      const expected = expectedShape(tariff, stay);
      let actual: ReturnType<typeof shapeOf> | null = null;
      try {
        actual = shapeOf(priceStay(tariff, stay));
        priced++;
      } catch (error) {
        if (!isDomainError(error, 'no_tariff')) throw error;
      }
      expect(actual, `run ${run}`).toEqual(expected);
    }
    // Both outcomes must be exercised for the comparison to mean anything.
    expect(priced).toBeGreaterThan(RUNS / 4);
    expect(priced).toBeLessThan(RUNS);
  });
});
