import { describe, expect, it } from 'vitest';
import type { PricedLine } from '../../pricing/tariff';
import type { NewQuote } from '../../quotes/quote';
import { aBooking, aSite, aTenant, anInvoice } from '../mothers';
import { rejectionOf } from '../rejection-of';
import { type AdapterSet, type AdapterSetup, seedTenant, uniqueSlug, useAdapterSet } from './adapter-set';
import { aNewBooking } from './new-booking';

const LINES: PricedLine[] = [
  { position: 1, kind: 'pitch', code: null, description: 'Pitch', quantity: 3000, unitPrice: 3000, vatRate: 380, amount: 9000 },
  { position: 2, kind: 'extra', code: 'dog', description: 'Dog', quantity: 3000, unitPrice: 500, vatRate: 810, amount: 1500 },
  { position: 3, kind: 'tourist_tax', code: 'adult', description: 'Tax', quantity: 6000, unitPrice: 250, vatRate: 0, amount: 1500 },
];

function aQuote(tenantId: number, overrides: Partial<NewQuote> = {}): NewQuote {
  return {
    tenantId,
    siteTypeId: 1,
    siteId: null,
    checkInDate: '2027-07-01',
    checkOutDate: '2027-07-04',
    numAdults: 2,
    numYouth: 0,
    numChildren: 0,
    extras: [{ code: 'dog', quantity: 1 }],
    lines: LINES,
    total: 12000,
    expiresAt: new Date('2026-06-01T12:30:00.000Z'),
    createdAt: new Date('2026-06-01T12:00:00.000Z'),
    ...overrides,
  };
}

/** Type 1: sites 1 (B2), 2 (A9, holds 2), 3 (A1, inactive), 4 (B1, holds 6); type 2: site 5. */
async function aTypedTenant(set: AdapterSet, bookings = [] as ReturnType<typeof aBooking>[]) {
  return seedTenant(
    set,
    aTenant(uniqueSlug('quotes'), {
      siteTypes: [
        { id: 1, name: 'Tent pitch' },
        { id: 2, name: 'Chalet' },
      ],
      sites: [
        aSite({ id: 1, siteNumber: 'B2' }),
        aSite({ id: 2, siteNumber: 'A9', maxOccupants: 2 }),
        aSite({ id: 3, siteNumber: 'A1', status: 'inactive' }),
        aSite({ id: 4, siteNumber: 'B1', maxOccupants: 6 }),
        aSite({ id: 5, siteNumber: 'C1', siteTypeId: 2 }),
      ],
      bookings,
    }),
  );
}

const byType = (tenantId: number, guests: number, overrides = {}) =>
  aNewBooking(tenantId, {
    siteId: null,
    siteTypeId: 1,
    checkInDate: '2027-07-01',
    checkOutDate: '2027-07-04',
    numAdults: guests,
    ...overrides,
  });

/**
 * Quotes and what a booking from one stores (docs/channel-managers.md, "Quotes" and "Booking from a quote"): quote ids
 * per tenant that are never given twice, the placement of a booking by type, the quote marked used in the create's
 * own transaction, the booking's priced lines, and the invoice issued from them (docs/accounting.md).
 */
export function describeQuotesContract(name: string, setup: AdapterSetup): void {
  describe(`QuoteRepository and bookings from quotes contract: ${name}`, () => {
    const adapters = useAdapterSet(setup);

    it('stores a quote under the tenant’s next id and reads it back exactly, in its own tenant only', async () => {
      const set = adapters();
      const a = await aTypedTenant(set);
      const b = await aTypedTenant(set);
      const first = await set.quotes.insert(aQuote(a));
      const second = await set.quotes.insert(aQuote(a, { siteId: 4, total: 1 }));
      const other = await set.quotes.insert(aQuote(b));
      expect([first.id, second.id, other.id]).toEqual([1, 2, 1]);
      expect(first).toEqual({ ...aQuote(a), id: 1, bookingId: null });
      expect(await set.quotes.findById(a, 1)).toEqual(first);
      expect(await set.quotes.findById(a, 2)).toEqual(second);
      expect(await set.quotes.findById(b, 2)).toBeNull();
    });

    it('forgets only unused quotes that expired, and never gives an id twice', async () => {
      const set = adapters();
      const tenantId = await aTypedTenant(set);
      const early = new Date('2026-06-01T12:10:00.000Z');
      const used = await set.quotes.insert(aQuote(tenantId, { expiresAt: early }));
      const expired = await set.quotes.insert(aQuote(tenantId, { expiresAt: early }));
      const live = await set.quotes.insert(aQuote(tenantId));
      await set.bookings.insertIfAvailable(byType(tenantId, 1, { quoteId: used.id, lines: LINES }));
      expect(await set.quotes.purgeExpired(new Date('2026-06-01T12:20:00.000Z'))).toBeGreaterThanOrEqual(1);
      expect(await set.quotes.findById(tenantId, expired.id)).toBeNull();
      expect(await set.quotes.findById(tenantId, used.id)).toMatchObject({ bookingId: 1 });
      expect(await set.quotes.findById(tenantId, live.id)).toEqual(live);
      const next = await set.quotes.insert(aQuote(tenantId));
      expect(next.id).toBe(4);
    });

    it('places a booking by type on the lowest free active site number that holds the party', async () => {
      const set = adapters();
      const tenantId = await aTypedTenant(set, [aBooking({ id: 1, siteId: 4, checkInDate: '2027-07-03', checkOutDate: '2027-07-05' })]);
      // A9 holds 2: the first pair goes there; A1 is inactive; B1 is taken on the 3rd; B2 is free.
      expect((await set.bookings.insertIfAvailable(byType(tenantId, 2))).siteNumber).toBe('A9');
      const second = await set.bookings.insertIfAvailable(byType(tenantId, 3));
      expect(second).toMatchObject({ siteId: 1, siteNumber: 'B2' });
      expect(await set.bookings.findById(tenantId, second.id)).toMatchObject({ siteId: 1, siteNumber: 'B2' });
      expect((await rejectionOf(set.bookings.insertIfAvailable(byType(tenantId, 1)))).code).toBe('site_unavailable');
      expect(
        (await set.bookings.insertIfAvailable(byType(tenantId, 1, { checkInDate: '2027-07-05', checkOutDate: '2027-07-06' }))).siteNumber,
      ).toBe('A9');
      expect(await set.bookings.count(tenantId, {})).toBe(4);
    });

    it('marks the quote used in the create’s transaction, keeps the lines, and refuses the quote a second time', async () => {
      const set = adapters();
      const tenantId = await aTypedTenant(set);
      const quote = await set.quotes.insert(aQuote(tenantId));
      const draft = byType(tenantId, 2, { quoteId: quote.id, extras: [{ code: 'dog', quantity: 1 }], lines: LINES, totalPrice: 12000 });
      const booking = await set.bookings.insertIfAvailable(draft);
      expect(booking).toMatchObject({ quoteId: quote.id, extras: [{ code: 'dog', quantity: 1 }], totalPrice: 12000 });
      expect(await set.bookings.findById(tenantId, booking.id)).toEqual(booking);
      expect(await set.bookings.linesOf(tenantId, booking.id)).toEqual(LINES);
      expect(await set.quotes.findById(tenantId, quote.id)).toMatchObject({ bookingId: booking.id });
      const again = await rejectionOf(
        set.bookings.insertIfAvailable({ ...draft, bookingReference: 'QUOTEAGAIN', checkInDate: '2027-08-01', checkOutDate: '2027-08-02' }),
      );
      expect(again.code).toBe('quote_used');
      expect(await set.bookings.count(tenantId, {})).toBe(1);
      expect(await set.bookings.linesOf(tenantId, 999)).toEqual([]);
    });

    it('gives creates by type that run at once different sites (a pool runs them side by side)', async () => {
      const set = adapters();
      const tenantId = await aTypedTenant(set);
      const made = await Promise.allSettled([1, 2, 3, 4].map(() => set.bookings.insertIfAvailable(byType(tenantId, 2))));
      const sites = made.filter((r) => r.status === 'fulfilled').map((r) => r.value.siteNumber);
      expect(sites.sort()).toEqual(['A9', 'B1', 'B2']);
      expect(made.filter((r) => r.status === 'rejected').map((r) => (r.reason as { code?: string }).code)).toEqual(['site_unavailable']);
    });

    it('books one quote once when two creates from it run at once; the other hears quote_used', async () => {
      const set = adapters();
      const tenantId = await aTypedTenant(set);
      const quote = await set.quotes.insert(aQuote(tenantId));
      const draft = () => byType(tenantId, 2, { quoteId: quote.id, lines: LINES });
      const made = await Promise.allSettled([draft(), draft()].map((booking) => set.bookings.insertIfAvailable(booking)));
      const booked = made.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      expect(booked).toHaveLength(1);
      expect(made.flatMap((r) => (r.status === 'rejected' ? [(r.reason as { code?: string }).code] : []))).toEqual(['quote_used']);
      expect(await set.quotes.findById(tenantId, quote.id)).toMatchObject({ bookingId: booked[0]!.id });
      expect(await set.bookings.count(tenantId, {})).toBe(1);
    });

    it('gives two quotes booked at once the last free site once: the other is site_unavailable and stays unused', async () => {
      const set = adapters();
      // B1 is the only site of type 1 that holds 6 guests.
      const tenantId = await aTypedTenant(set);
      const quotes = [await set.quotes.insert(aQuote(tenantId)), await set.quotes.insert(aQuote(tenantId))];
      const made = await Promise.allSettled(
        quotes.map((quote) => set.bookings.insertIfAvailable(byType(tenantId, 6, { quoteId: quote.id, lines: LINES }))),
      );
      expect(made.flatMap((r) => (r.status === 'fulfilled' ? [r.value.siteNumber] : []))).toEqual(['B1']);
      expect(made.flatMap((r) => (r.status === 'rejected' ? [(r.reason as { code?: string }).code] : []))).toEqual(['site_unavailable']);
      const used = await Promise.all(quotes.map(async (quote) => (await set.quotes.findById(tenantId, quote.id))!.bookingId !== null));
      expect(used.sort()).toEqual([false, true]);
      const pairs = [await set.quotes.insert(aQuote(tenantId)), await set.quotes.insert(aQuote(tenantId))];
      const placed = await Promise.all(
        pairs.map((quote) => set.bookings.insertIfAvailable(byType(tenantId, 2, { quoteId: quote.id, lines: LINES }))),
      );
      expect(placed.map((booking) => booking.siteNumber).sort()).toEqual(['A9', 'B2']);
    });

    it('replaces the priced lines when a status change brings new ones, and keeps them otherwise', async () => {
      const set = adapters();
      const tenantId = await aTypedTenant(set);
      const booking = await set.bookings.insertIfAvailable(byType(tenantId, 1, { lines: LINES }));
      await set.bookings.updateStatus(tenantId, booking.id, 'pending', 'confirmed', 9000, LINES.slice(0, 1));
      expect(await set.bookings.linesOf(tenantId, booking.id)).toEqual(LINES.slice(0, 1));
      await set.bookings.updateStatus(tenantId, booking.id, 'confirmed', 'cancelled', 9000);
      expect(await set.bookings.linesOf(tenantId, booking.id)).toEqual(LINES.slice(0, 1));
    });

    it('issues an invoice of a booking under the next number of its year, once until it is cancelled', async () => {
      const set = adapters();
      const tenantId = await seedTenant(
        set,
        aTenant(uniqueSlug('issue'), {
          sites: [aSite({ id: 1 })],
          bookings: [aBooking({ id: 1 }), aBooking({ id: 2, checkInDate: '2026-08-01', checkOutDate: '2026-08-02' })],
          invoices: [
            anInvoice({ id: 5, invoiceNumber: '2027-000041', bookingId: 2, status: 'STORNIERT' }),
            anInvoice({ id: 6, invoiceNumber: '2027-99', bookingId: null }),
            anInvoice({ id: 7, invoiceNumber: '2026-000900', bookingId: null }),
          ],
        }),
      );
      const issuedAt = new Date('2027-03-01T10:00:00.000Z');
      const issue = (bookingId: number) =>
        set.invoices.issue(tenantId, { bookingId, totalChf: 12000, status: 'OFFEN', issuedAt, numberYear: '2027', lines: LINES });
      const invoice = await issue(1);
      expect(invoice).toMatchObject({ id: 8, invoiceNumber: '2027-000042', bookingId: 1, totalChf: 12000, status: 'OFFEN', issuedAt });
      expect(await set.invoices.findById(tenantId, 8)).toEqual(invoice);
      expect(await set.invoices.linesOf(tenantId, 8)).toEqual(LINES.map(({ kind: _k, code: _c, ...line }) => line));
      expect((await rejectionOf(issue(1))).code).toBe('invoice_exists');
      expect((await issue(2)).invoiceNumber).toBe('2027-000043');
      expect(await set.invoices.count(tenantId)).toBe(5);
    });
  });
}
