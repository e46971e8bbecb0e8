import type { Scope } from '../api-keys/scopes';
import type { BookingGuest, QuotedStay } from '../bookings/booking-from-quote';
import { type BookingFields, CreateBooking, type CreateBookingInput } from '../bookings/create-booking';
import type { ExtraRequest, Restriction, Tariff } from '../pricing/tariff';
import { CreateQuote, type QuoteInput } from '../quotes/create-quote';
import { aBooking, aSite, aStay, aTenant } from './mothers';
import { SeededRandom } from './seeded-random';
import { aSeason, aTouristTax, anExtra } from './tariff-mothers';
import { aWorld } from './test-world';

/**
 * Alpine's tariff: tent pitches (type 1) at one summer price; camper pitches (type 2) with the low and high seasons of
 * docs/pricing.md's worked example; chalets (type 3) without any season. Extras: a dog per night, electricity per
 * night (compulsory for camper pitches) and a final cleaning per stay; tourist tax for adults and youth only.
 */
export const ALPINE_TARIFF: Tariff = {
  seasons: [
    aSeason({ siteTypeId: 1, from: '2027-06-01', to: '2027-08-31' }),
    aSeason({ siteTypeId: 2, from: '2027-06-01', to: '2027-06-30', pitch: 2800, adult: 950, youth: 600, child: 400 }),
    aSeason({ siteTypeId: 2, from: '2027-07-01', to: '2027-08-31', pitch: 3600, adult: 950, youth: 600, child: 400 }),
  ],
  restrictions: [],
  extras: [
    anExtra({ id: 1, code: 'dog', name: 'Dog', per: 'night', price: 500, vatRate: 810 }),
    anExtra({ id: 2, code: 'power', name: 'Electricity (16 A)', per: 'night', price: 450, vatRate: 810, compulsoryFor: [2] }),
    anExtra({ id: 3, code: 'final-cleaning', name: 'Final cleaning', per: 'stay', price: 2500, vatRate: 810 }),
  ],
  touristTax: aTouristTax({ adult: 250, youth: 120, child: 0 }),
};

export const GUEST: BookingGuest = { guestFirstName: 'Anna', guestLastName: 'Muster', guestEmail: 'anna@example.ch' };

/** Where a quote is for: a site, a site type, both or neither (undefined: not sent; null: sent but not an id). */
export interface Place {
  siteId?: number | null;
  siteTypeId?: number | null;
}

/** A quote request for two adults from 2027-07-01 to 2027-07-04 unless `stay` says otherwise. */
export function aQuoteInput(place: Place, stay: Partial<BookingFields> = {}, extras: ExtraRequest[] = []): QuoteInput {
  return {
    siteId: place.siteId,
    siteTypeId: place.siteTypeId,
    fields: aStay('2027-07-01', '2027-07-04', { numAdults: 2, ...stay }),
    extras,
  };
}

/** A create request naming a quote, sending only `sent` of its stay. */
export function fromQuote(
  quoteId: number | null,
  sent: Omit<QuotedStay, 'quoteId'> = {},
  guest: BookingGuest | null = GUEST,
): CreateBookingInput {
  return { siteId: null, fields: null, quote: { stay: { quoteId, ...sent }, guest } };
}

/**
 * The world of the selling tests, fresh for each test. Alpine: tent pitches 1 (`T2`, holds 4), 2 (`T1`, holds 6) and 3
 * (`T0`, holds 8, inactive); camper pitch 4 (`C1`, holds 5); chalet 5 (`H1`); the tariff above. Lakeside: site type
 * 7 with site 9, a season all 2027 and an extra `kayak`, so that its ids and codes exist, but not in alpine.
 * Not exported from `./testing`.
 */
export async function aSellingWorld(quoteTtlSeconds?: number) {
  const world = await aWorld([
    aTenant('alpine', {
      siteTypes: [
        { id: 1, name: 'Tent pitch' },
        { id: 2, name: 'Camper pitch' },
        { id: 3, name: 'Chalet' },
      ],
      sites: [
        aSite({ id: 1, siteNumber: 'T2', maxOccupants: 4 }),
        aSite({ id: 2, siteNumber: 'T1', maxOccupants: 6 }),
        aSite({ id: 3, siteNumber: 'T0', maxOccupants: 8, status: 'inactive' }),
        aSite({ id: 4, siteNumber: 'C1', maxOccupants: 5, siteTypeId: 2 }),
        aSite({ id: 5, siteNumber: 'H1', siteTypeId: 3 }),
      ],
      tariff: ALPINE_TARIFF,
    }),
    aTenant('lakeside', {
      siteTypes: [{ id: 7, name: 'Lake view' }],
      sites: [aSite({ id: 9, siteNumber: 'L9', siteTypeId: 7 })],
      tariff: {
        seasons: [aSeason({ siteTypeId: 7, from: '2027-01-01', to: '2027-12-31' })],
        restrictions: [],
        extras: [anExtra({ id: 1, code: 'kayak' })],
        touristTax: null,
      },
    }),
  ]);
  const createQuote = new CreateQuote(
    world.quotes,
    world.sites,
    world.siteTypes,
    world.bookings,
    world.tariffs,
    world.clock,
    quoteTtlSeconds,
  );
  const createBooking = new CreateBooking({
    bookings: world.bookings,
    sites: world.sites,
    customers: world.customers,
    quotes: world.quotes,
    tariffs: world.tariffs,
    idempotency: world.idempotency,
    clock: world.clock,
    random: new SeededRandom(11),
  });
  const alpine = (scopes?: readonly Scope[]) => world.principal('alpine', scopes);
  const alpineId = alpine().tenantId;
  return {
    ...world,
    createQuote,
    createBooking,
    alpine,
    alpineId,
    quote: (input: QuoteInput) => createQuote.execute(alpine(), input),
    book: (input: CreateBookingInput) => createBooking.execute(alpine(), input),
    /** Adds a stay rule row to alpine's tariff, as the admin console would. */
    restrict(row: Restriction) {
      world.store.restrictions.push({ ...row, tenantId: alpineId });
    },
    /** Stores a booking of alpine as another writer would, past the use cases' rules. */
    seedBooking(overrides: Parameters<typeof aBooking>[0]) {
      const booking = aBooking({ id: world.store.nextId(world.store.bookings, alpineId), ...overrides });
      world.store.bookings.push({ ...booking, tenantId: alpineId, updatedAt: booking.createdAt, quoteId: null, extras: [] });
      return booking.id;
    },
  };
}

export type SellingWorld = Awaited<ReturnType<typeof aSellingWorld>>;
