import { beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error';
import { type PricingEngine, TariffPricingEngine } from '../pricing/pricing-engine';
import type { PricedStay, StayRequest } from '../pricing/tariff';
import { aBooking, aSite, aStay, aTenant } from '../testing';
import { type SellingWorld, aQuoteInput, aSellingWorld, fromQuote } from '../testing/selling-world';
import { type World, aWorld, rejectionOf } from '../testing/test-world';
import type { Booking } from './booking';
import { BOOKING_STATUSES, type KnownBookingStatus, canTransition } from './booking-status';
import { ChangeBookingStatus } from './change-booking-status';

/** A platform engine that prices every stay at one flat fee, in one line, and remembers what it priced. */
class FlatFeeEngine implements PricingEngine {
  readonly priced: StayRequest[] = [];

  async price(_tenantId: number, stay: StayRequest): Promise<PricedStay> {
    this.priced.push(stay);
    const line = {
      position: 1,
      kind: 'pitch' as const,
      code: null,
      description: 'Flat fee',
      quantity: 1000,
      unitPrice: 12_345,
      vatRate: 380,
      amount: 12_345,
    };
    return { lines: [line], vat: [{ rate: 380, amount: 452 }], total: 12_345, extras: [] };
  }
}

/** A tenant without a tariff: every stay is `no_tariff`. */
const placeholderPricingEngine: PricingEngine = {
  price: async () => {
    throw new DomainError('no_tariff');
  },
};

// docs/api-behaviour.md §5: the only transitions there are.
const ALLOWED: Array<[string, KnownBookingStatus]> = [
  ['pending', 'confirmed'],
  ['pending', 'cancelled'],
  ['confirmed', 'cancelled'],
  ['confirmed', 'completed'],
  ['confirmed', 'no_show'],
];
const FROM = [...BOOKING_STATUSES, 'checked_in', 'PENDING', '', 'constructor', '__proto__'];
const REFUSED = FROM.flatMap((from) => BOOKING_STATUSES.map((to) => [from, to] as [string, KnownBookingStatus])).filter(
  ([from, to]) => !ALLOWED.some(([f, t]) => f === from && t === to),
);

let world: World;
let engine: FlatFeeEngine;

beforeEach(async () => {
  world = await aWorld([
    aTenant('alpine', {
      sites: [aSite({ id: 1, basePricePerNight: 4000 })],
      // 3 nights on a 40.00 site, stored with a stale price so that repricing shows.
      bookings: [aBooking({ id: 1, siteId: 1, status: 'pending', totalPrice: 100, checkInDate: '2026-07-01', checkOutDate: '2026-07-04' })],
    }),
    aTenant('lakeside', { sites: [aSite({ id: 1 })], bookings: [aBooking({ id: 2, status: 'pending' })] }),
  ]);
  engine = new FlatFeeEngine();
});

const change = (pricing: PricingEngine = engine) => new ChangeBookingStatus(world.tenants, world.bookings, world.sites, pricing);
const stored = () => world.store.bookings.find((b) => b.id === 1)!;
const setStatus = (status: string) => {
  stored().status = status;
};

describe('ChangeBookingStatus (docs/api-behaviour.md §5)', () => {
  it.each(ALLOWED)('moves %s to %s', async (from, to) => {
    setStatus(from);
    expect((await change().execute('alpine', 1, to)).status).toBe(to);
    expect(stored().status).toBe(to);
  });

  it.each(REFUSED)('refuses %j to %s with invalid_transition and changes nothing', async (from, to) => {
    setStatus(from);
    expect((await rejectionOf(change().execute('alpine', 1, to))).code).toBe('invalid_transition');
    expect(stored()).toMatchObject({ status: from, totalPrice: 100 });
    expect(engine.priced).toEqual([]);
  });

  it('agrees with canTransition on every pair', () => {
    for (const from of FROM) {
      for (const to of BOOKING_STATUSES) {
        expect(canTransition(from, to)).toBe(ALLOWED.some(([f, t]) => f === from && t === to));
      }
    }
  });

  it('prices a confirmation through the pricing engine, with the compulsory extras only, and keeps its lines', async () => {
    expect((await change().execute('alpine', 1, 'confirmed')).totalPrice).toBe(12_345);
    expect(stored().totalPrice).toBe(12_345);
    expect(engine.priced).toEqual([
      { siteTypeId: 1, checkInDate: '2026-07-01', checkOutDate: '2026-07-04', numAdults: 2, numYouth: 0, numChildren: 0, extras: [] },
    ]);
    expect(await world.bookings.linesOf(stored().tenantId, 1)).toMatchObject([{ description: 'Flat fee', amount: 12_345 }]);
  });

  it('gives the placeholder price (base price times nights) where the tariff has no season', async () => {
    expect((await change(placeholderPricingEngine).execute('alpine', 1, 'confirmed')).totalPrice).toBe(4000 * 3);
    expect(await world.bookings.linesOf(stored().tenantId, 1)).toEqual([]);
  });

  it('keeps the total of a booking made from a quote, without pricing it again', async () => {
    stored().quoteId = 7;
    expect((await change().execute('alpine', 1, 'confirmed')).totalPrice).toBe(100);
    expect(engine.priced).toEqual([]);
  });

  it.each([
    ['pending', 'cancelled'],
    ['confirmed', 'completed'],
    ['confirmed', 'no_show'],
  ] as Array<[string, KnownBookingStatus]>)('keeps the price when moving %s to %s', async (from, to) => {
    setStatus(from);
    expect((await change().execute('alpine', 1, to)).totalPrice).toBe(100);
    expect(engine.priced).toEqual([]);
  });

  it('gives tenant_not_found for an unknown tenant', async () => {
    expect((await rejectionOf(change().execute('nowhere', 1, 'confirmed'))).code).toBe('tenant_not_found');
  });

  it('gives not_found for an unknown booking, including another tenant booking', async () => {
    expect((await rejectionOf(change().execute('alpine', 99, 'confirmed'))).code).toBe('not_found');
    expect((await rejectionOf(change().execute('alpine', 2, 'confirmed'))).code).toBe('not_found');
    expect(world.store.bookings.find((b) => b.id === 2)?.status).toBe('pending');
  });

  it('lets only one of two racing operators win, and the loser changes nothing', async () => {
    const outcomes = await Promise.allSettled([change().execute('alpine', 1, 'confirmed'), change().execute('alpine', 1, 'cancelled')]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.find((o) => o.status === 'rejected')).toMatchObject({ reason: { code: 'invalid_transition' } });
    const winner = outcomes.find((o) => o.status === 'fulfilled') as PromiseFulfilledResult<Booking>;
    expect(stored().status).toBe(winner.value.status);
  });
});

describe('ChangeBookingStatus: the price at confirmation, by the stored tariff (docs/booking-lifecycle.md)', () => {
  let s: SellingWorld;
  let confirm: (id: number) => Promise<Booking>;
  const linesOf = (id: number) => s.bookings.linesOf(s.alpineId, id);
  const plain = (siteId: number, checkInDate: string, checkOutDate: string) =>
    s.book({ siteId, fields: aStay(checkInDate, checkOutDate, { numAdults: 2 }) });

  beforeEach(async () => {
    s = await aSellingWorld();
    const statuses = new ChangeBookingStatus(s.tenants, s.bookings, s.sites, new TariffPricingEngine(s.tariffs));
    confirm = (id) => statuses.execute('alpine', id, 'confirmed');
  });

  it('keeps the lines and total of a booking made from a quote, whatever the tariff says now', async () => {
    const quote = await s.quote(aQuoteInput({ siteId: 4 }, {}, [{ code: 'dog', quantity: 1 }]));
    const booking = await s.book(fromQuote(quote.id));
    for (const season of s.store.seasons) season.pitch += 1000;
    expect((await confirm(booking.id)).totalPrice).toBe(quote.total);
    expect(await linesOf(booking.id)).toEqual(quote.lines);
  });

  it('prices any other booking by the tariff, with the compulsory extras only, across seasons', async () => {
    const booking = await plain(4, '2027-06-30', '2027-07-02');
    expect(await linesOf(booking.id)).toEqual([]);
    const confirmed = await confirm(booking.id);
    const lines = await linesOf(booking.id);
    expect(lines.map((l) => [l.kind, l.code, l.quantity, l.unitPrice, l.amount])).toEqual([
      ['pitch', null, 1000, 2800, 2800],
      ['adult', null, 2000, 950, 1900],
      ['pitch', null, 1000, 3600, 3600],
      ['adult', null, 2000, 950, 1900],
      ['extra', 'power', 2000, 450, 900],
      ['tourist_tax', 'adult', 4000, 250, 1000],
    ]);
    expect(confirmed.totalPrice).toBe(12_100);
    expect(confirmed.totalPrice).not.toBe(booking.totalPrice);
  });

  it('keeps the placeholder price, without lines, when a night lies in no season', async () => {
    const booking = await plain(1, '2027-08-30', '2027-09-02');
    expect((await confirm(booking.id)).totalPrice).toBe(3500 * 3);
    expect(await linesOf(booking.id)).toEqual([]);
    const chalet = await plain(5, '2027-07-01', '2027-07-03');
    expect((await confirm(chalet.id)).totalPrice).toBe(3500 * 2);
    expect(await linesOf(chalet.id)).toEqual([]);
  });
});
