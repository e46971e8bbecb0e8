import { beforeEach, describe, expect, it } from 'vitest';
import type { Quote } from '../quotes/quote';
import { aRestriction } from '../testing/tariff-mothers';
import { type SellingWorld, GUEST, aQuoteInput, aSellingWorld, fromQuote } from '../testing/selling-world';
import { rejectionOf } from '../testing/test-world';
import type { CreateBookingInput } from './create-booking';

// docs/pricing.md and docs/booking-lifecycle.md: a booking made from a quote takes the quote's stay, lines and total;
// the quote is checked in this order: the tenant's quote, the fields, each value sent, still binding, unused.

/** What the quote below is for, as a create request would send it again. */
const QUOTED = { siteId: 4, checkInDate: '2027-07-01', checkOutDate: '2027-07-04', numAdults: 2, numYouth: 0, numChildren: 1 };

let s: SellingWorld;
/** Two adults and a child on camper pitch 4 from 2027-07-01 to 2027-07-04, with two dogs and the compulsory power. */
let quote: Quote;

beforeEach(async () => {
  s = await aSellingWorld();
  quote = await s.quote(aQuoteInput({ siteId: 4 }, { numChildren: 1 }, [{ code: 'dog', quantity: 2 }]));
});

const codeOf = async (input: CreateBookingInput) => (await rejectionOf(s.book(input))).code;
const bookingCount = () => s.bookings.count(s.alpineId, {});

describe('Booking from a quote: which quote', () => {
  it('gives quote_not_found for an unknown id, one that is not an id, and another tenant’s quote', async () => {
    const lakeside = s.principal('lakeside');
    await s.createQuote.execute(lakeside, aQuoteInput({ siteId: 9 }));
    const theirs = await s.createQuote.execute(
      lakeside,
      aQuoteInput({ siteId: 9 }, { checkInDate: '2027-07-05', checkOutDate: '2027-07-06' }),
    );
    for (const id of [404, null, 0, theirs.id]) expect(await codeOf(fromQuote(id))).toBe('quote_not_found');
    expect(await bookingCount()).toBe(0);
  });

  it('looks for the quote before the fields', async () => {
    expect(await codeOf(fromQuote(404, {}, null))).toBe('quote_not_found');
  });
});

describe('Booking from a quote: the fields, then each value sent', () => {
  it('reports the guest fields the transport refused and an unknown customer together', async () => {
    const error = await rejectionOf(s.book({ ...fromQuote(quote.id, {}, null), customerId: 99 }));
    expect(error.code).toBe('validation_failed');
    expect(error.details.violations).toEqual([{ rule: 'invalid_fields' }, { rule: 'unknown_customer' }]);
  });

  it('reports field errors before a mismatch', async () => {
    expect(await codeOf(fromQuote(quote.id, { numAdults: 3 }, null))).toBe('validation_failed');
  });

  it.each<[string, NonNullable<Parameters<typeof fromQuote>[1]>]>([
    ['another site', { siteId: 1 }],
    ['a site id that is not one', { siteId: null }],
    ['another check-in date', { checkInDate: '2027-07-02' }],
    ['another check-out date', { checkOutDate: '2027-07-05' }],
    ['more adults', { numAdults: 3 }],
    ['youth', { numYouth: 1 }],
    ['no child', { numChildren: 0 }],
    [
      'another quantity of an extra',
      {
        extras: [
          { code: 'dog', quantity: 1 },
          { code: 'power', quantity: 1 },
        ],
      },
    ],
    ['the extras without the compulsory one', { extras: [{ code: 'dog', quantity: 2 }] }],
    [
      'one extra more',
      {
        extras: [
          { code: 'dog', quantity: 2 },
          { code: 'power', quantity: 1 },
          { code: 'final-cleaning', quantity: 1 },
        ],
      },
    ],
    ['no extras', { extras: [] }],
  ])('gives quote_mismatch for %s, and books nothing', async (_label, sent) => {
    expect(await codeOf(fromQuote(quote.id, sent))).toBe('quote_mismatch');
    expect(await bookingCount()).toBe(0);
    expect((await s.quotes.findById(s.alpineId, quote.id))?.bookingId).toBeNull();
  });

  it('books when every value sent equals the quote’s, the extras in any order', async () => {
    const sent = {
      ...QUOTED,
      extras: [
        { code: 'power', quantity: 1 },
        { code: 'dog', quantity: 2 },
      ],
    };
    expect(await s.book(fromQuote(quote.id, sent))).toMatchObject({ siteId: 4, quoteId: quote.id });
  });

  it('gives quote_mismatch for a site sent with a quote by type', async () => {
    const byType = await s.quote(aQuoteInput({ siteTypeId: 1 }));
    expect(await codeOf(fromQuote(byType.id, { siteId: 2 }))).toBe('quote_mismatch');
  });

  it('reports a mismatch before the quote’s expiry', async () => {
    s.clock.set(quote.expiresAt);
    expect(await codeOf(fromQuote(quote.id, { numAdults: 1 }))).toBe('quote_mismatch');
  });
});

describe('Booking from a quote: still binding, then unused', () => {
  it('books until just before expires_at, and gives quote_expired at it and after', async () => {
    s.clock.set(quote.expiresAt);
    expect(await codeOf(fromQuote(quote.id))).toBe('quote_expired');
    s.clock.advance(60_000);
    expect(await codeOf(fromQuote(quote.id))).toBe('quote_expired');
    s.clock.set(new Date(quote.expiresAt.getTime() - 1));
    await expect(s.book(fromQuote(quote.id))).resolves.toMatchObject({ quoteId: quote.id });
  });

  it('gives quote_used for a second booking, and quote_expired once a used quote has expired', async () => {
    const first = await s.book(fromQuote(quote.id));
    expect((await s.quotes.findById(s.alpineId, quote.id))?.bookingId).toBe(first.id);
    // The nights are free again: only the quote refuses.
    s.store.bookings.find((b) => b.id === first.id)!.status = 'cancelled';
    expect(await codeOf(fromQuote(quote.id))).toBe('quote_used');
    s.clock.set(quote.expiresAt);
    expect(await codeOf(fromQuote(quote.id))).toBe('quote_expired');
    expect(await bookingCount()).toBe(1);
  });

  it('replays the first booking to a retry with the same Idempotency-Key, and refuses other keys', async () => {
    const request = { key: 'order-17', fingerprint: 'fp' };
    const first = await s.createBooking.executeOnce(s.alpine(), fromQuote(quote.id), request);
    expect(first.replayed).toBe(false);
    expect(await s.createBooking.executeOnce(s.alpine(), fromQuote(quote.id), request)).toEqual({ replayed: true, booking: first.booking });
    const other = s.createBooking.executeOnce(s.alpine(), fromQuote(quote.id), { key: 'order-18', fingerprint: 'fp' });
    expect((await rejectionOf(other)).code).toBe('quote_used');
    expect(await bookingCount()).toBe(1);
  });
});

describe('Booking from a quote: the pitch', () => {
  it('places a quote by type on the free active site with the lowest site number', async () => {
    const byType = await s.quote(aQuoteInput({ siteTypeId: 1 }));
    // T0 (site 3) sorts first but is inactive; T1 (site 2) comes before T2 (site 1).
    expect(await s.book(fromQuote(byType.id))).toMatchObject({ siteId: 2, siteNumber: 'T1' });
    const again = await s.quote(aQuoteInput({ siteTypeId: 1 }));
    expect(await s.book(fromQuote(again.id))).toMatchObject({ siteId: 1, siteNumber: 'T2' });
  });

  it('skips a free site too small for the party', async () => {
    const five = await s.quote(aQuoteInput({ siteTypeId: 1 }, { numAdults: 5 }));
    const four = await s.quote(aQuoteInput({ siteTypeId: 1 }, { numAdults: 4 }));
    s.seedBooking({ siteId: 2, status: 'confirmed', checkInDate: '2027-07-03', checkOutDate: '2027-07-05' });
    expect(await codeOf(fromQuote(five.id))).toBe('site_unavailable');
    expect(await s.book(fromQuote(four.id))).toMatchObject({ siteId: 1 });
  });

  it('checks availability again, and leaves the quote unused when the pitch was taken meanwhile', async () => {
    const id = s.seedBooking({ siteId: 4, status: 'pending', checkInDate: '2027-07-03', checkOutDate: '2027-07-05' });
    expect(await codeOf(fromQuote(quote.id))).toBe('site_unavailable');
    expect((await s.quotes.findById(s.alpineId, quote.id))?.bookingId).toBeNull();
    s.store.bookings.find((b) => b.id === id)!.status = 'cancelled';
    await expect(s.book(fromQuote(quote.id))).resolves.toMatchObject({ siteId: 4 });
  });

  it('refuses a quoted site that stopped being active', async () => {
    s.store.sites.find((site) => site.tenantId === s.alpineId && site.id === 4)!.status = 'maintenance';
    expect(await codeOf(fromQuote(quote.id))).toBe('site_unavailable');
  });
});

describe('Booking from a quote: the quote binds', () => {
  it('books at the quoted total and lines after the tariff changed, without checking the stay rules again', async () => {
    for (const season of s.store.seasons) season.pitch *= 2;
    s.store.extras.find((extra) => extra.code === 'dog')!.price = 9900;
    s.restrict(aRestriction({ siteTypeId: 2, from: '2027-07-01', to: '2027-07-31', stopSell: true, closedToArrival: true, minStay: 9 }));
    expect((await rejectionOf(s.quote(aQuoteInput({ siteId: 4 })))).code).toBe('stop_sell');
    const booking = await s.book(fromQuote(quote.id));
    expect(booking.totalPrice).toBe(quote.total);
    expect(await s.bookings.linesOf(s.alpineId, booking.id)).toEqual(quote.lines);
  });

  it('books when the seasons are gone altogether', async () => {
    s.store.seasons = [];
    expect((await s.book(fromQuote(quote.id))).totalPrice).toBe(quote.total);
  });

  it('stores the quote’s stay, extras, lines and id with the guest sent', async () => {
    const booking = await s.book(fromQuote(quote.id));
    expect(booking).toMatchObject({
      ...GUEST,
      ...QUOTED,
      status: 'pending',
      totalPrice: quote.total,
      quoteId: quote.id,
      extras: [
        { code: 'dog', quantity: 2 },
        { code: 'power', quantity: 1 },
      ],
      customerId: null,
    });
    expect(await s.bookings.findById(s.alpineId, booking.id)).toEqual(booking);
    expect(await s.bookings.linesOf(s.alpineId, booking.id)).toEqual(quote.lines);
    expect(quote.lines.map((line) => line.code)).toContain('power');
  });
});
