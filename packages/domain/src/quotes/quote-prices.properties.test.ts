import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CreateBooking } from '../bookings/create-booking';
import { GetInvoiceDocument } from '../invoices/get-invoice';
import type { InvoiceDocument } from '../invoices/invoice-document';
import { IssueInvoice } from '../invoices/issue-invoice';
import { GetCalendar } from '../pricing/get-calendar';
import { vatSharesOf } from '../pricing/price-stay';
import { PERSON_CATEGORIES, type Tariff } from '../pricing/tariff';
import { addDays } from '../shared/calendar-date';
import { isDomainError } from '../shared/domain-error';
import { JsonInvoiceRenderer } from '../testing/json-invoice-renderer';
import { aSite, aStay, aTenant, someBillingDetails } from '../testing/mothers';
import { RANDOM_EPOCH, RANDOM_SITE_TYPES, RANDOM_SPAN, RandomPicks, randomTariff } from '../testing/random-tariffs';
import { SeededRandom } from '../testing/seeded-random';
import { aSeason, aTariff } from '../testing/tariff-mothers';
import { GUEST, fromQuote } from '../testing/selling-world';
import { aWorld } from '../testing/test-world';
import { CreateQuote, type QuoteInput } from './create-quote';
import type { Quote } from './quote';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 100);

/**
 * A random tariff without stay rules (they only refuse, and are tested on their own), and a quote request on it: a
 * site type or one of its two pitches, one to ten nights in or just past the tariff's span, a party and some extras.
 */
const scenario = fc
  .record({
    seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    siteTypeId: fc.constantFrom(...RANDOM_SITE_TYPES),
    bySite: fc.boolean(),
    start: fc.integer({ min: 0, max: RANDOM_SPAN }),
    nights: fc.integer({ min: 1, max: 10 }),
    numAdults: fc.integer({ min: 0, max: 4 }),
    numYouth: fc.integer({ min: 0, max: 3 }),
    numChildren: fc.integer({ min: 0, max: 3 }),
    extras: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 10, maxLength: 10 }),
  })
  .map((s) => {
    const tariff: Tariff = { ...randomTariff(new RandomPicks(new SeededRandom(s.seed))), restrictions: [] };
    const input: QuoteInput = {
      siteId: s.bySite ? s.siteTypeId : undefined,
      siteTypeId: s.bySite ? undefined : s.siteTypeId,
      fields: aStay(addDays(RANDOM_EPOCH, s.start), addDays(RANDOM_EPOCH, s.start + s.nights), {
        ...GUEST,
        numAdults: s.numAdults,
        numYouth: s.numYouth,
        numChildren: s.numChildren,
      }),
      // Quantity 0 leaves an extra out.
      extras: tariff.extras.flatMap((extra, i) => (s.extras[i]! > 0 ? [{ code: extra.code, quantity: s.extras[i]! }] : [])),
    };
    return { tariff, input };
  });

/** A campsite with one pitch per random site type (site 1 of type 1, site 2 of type 2), billing details and `tariff`. */
async function aRandomCampsite(tariff: Tariff) {
  const world = await aWorld([
    aTenant('random', {
      siteTypes: RANDOM_SITE_TYPES.map((id) => ({ id, name: `Type ${id}` })),
      sites: RANDOM_SITE_TYPES.map((id) => aSite({ id, siteTypeId: id, maxOccupants: 20 })),
      billing: someBillingDetails(),
      tariff,
    }),
  ]);
  const principal = world.principal('random');
  const quotes = new CreateQuote(world.quotes, world.sites, world.siteTypes, world.bookings, world.tariffs, world.clock);
  /** The quote, or null when the tariff has no price for a night of it. */
  const quote = async (input: QuoteInput) => {
    try {
      return await quotes.execute(principal, input);
    } catch (error) {
      if (isDomainError(error, 'no_tariff')) return null;
      throw error;
    }
  };
  return { world, principal, quote };
}

type Campsite = Awaited<ReturnType<typeof aRandomCampsite>>;

/**
 * Checks `property` of every quote the scenarios price; a stay the tariff has no price for is skipped, but most must
 * be priced for the property to mean anything.
 */
async function forEveryPricedQuote(property: (campsite: Campsite, quoted: Quote) => Promise<void>) {
  let priced = 0;
  await fc.assert(
    fc.asyncProperty(scenario, async ({ tariff, input }) => {
      const campsite = await aRandomCampsite(tariff);
      const quoted = await campsite.quote(input);
      if (quoted === null) return;
      priced++;
      await property(campsite, quoted);
    }),
    { numRuns: RUNS },
  );
  expect(priced).toBeGreaterThan(RUNS / 5);
}

describe('Quotes over random tariffs (docs/pricing.md)', () => {
  it('charge each guest category and the pitch what the calendar shows for the nights, times the counts', async () => {
    await forEveryPricedQuote(async ({ world, principal }, quoted) => {
      const window = { from: quoted.checkInDate, to: quoted.checkOutDate };
      const calendar = new GetCalendar(world.siteTypes, world.tariffs);
      const { days } = (await calendar.execute(principal, window, { page: 1, pageSize: 50 }, quoted.siteTypeId)).results[0]!;
      const counts = { pitch: 1, adult: quoted.numAdults, youth: quoted.numYouth, child: quoted.numChildren };
      for (const kind of ['pitch', ...PERSON_CATEGORIES] as const) {
        const charged = quoted.lines.filter((line) => line.kind === kind).reduce((sum, line) => sum + line.amount, 0);
        expect(charged, kind).toBe(days.reduce((sum, day) => sum + day.terms[kind]! * counts[kind], 0));
      }
    });
  });

  it('state one total: the quote’s, the booking’s, the invoice’s, its document’s and its QR-bill’s, the sum of the lines', async () => {
    await forEveryPricedQuote(oneTotal);
  });

  it('leave a stay priced 0.00 on every line without lines, and so without an invoice', async () => {
    const freeNight = aSeason({ siteTypeId: 2, from: '2027-02-01', to: '2027-02-16', pitch: 0, adult: 543, youth: 1407, child: 345 });
    const tariff = aTariff({ seasons: [freeNight] });
    const campsite = await aRandomCampsite(tariff);
    const nobody = { ...GUEST, numAdults: 0, numYouth: 0, numChildren: 0 };
    const quoted = await campsite.quote({
      siteId: undefined,
      siteTypeId: 2,
      fields: aStay('2027-02-01', '2027-02-02', nobody),
      extras: [],
    });
    expect(quoted).toMatchObject({ total: 0, lines: [] });
    await oneTotal(campsite, quoted!);
  });
});

/** The property of one priced quote: its total on every document that states it, or no invoice when it has no lines. */
async function oneTotal({ world, principal }: Campsite, quoted: Quote): Promise<void> {
  const booking = await new CreateBooking({ ...world, random: new SeededRandom(3) }).execute(principal, fromQuote(quoted.id));
  const issuing = new IssueInvoice(world.tenants, world.bookings, world.invoices, world.clock).execute('random', booking.id);
  if (quoted.lines.length === 0) {
    // Every line was 0.00 and left out (a free pitch for nobody): nothing to invoice (docs/accounting.md).
    await expect(issuing).rejects.toMatchObject({ code: 'no_priced_lines' });
    expect([quoted.total, booking.totalPrice]).toEqual([0, 0]);
    return;
  }
  const invoice = await issuing;
  const documents = new GetInvoiceDocument(world.invoices, world.bookings, world.issuers, new JsonInvoiceRenderer());
  const document = JSON.parse(new TextDecoder().decode((await documents.execute(principal, invoice.id)).pdf)) as InvoiceDocument;
  const invoiceLines = await world.invoices.linesOf(principal.tenantId, invoice.id);

  const total = quoted.lines.reduce((sum, line) => sum + line.amount, 0);
  expect([quoted.total, booking.totalPrice, invoice.totalChf, document.total]).toEqual([total, total, total, total]);
  expect(invoiceLines.reduce((sum, line) => sum + line.amount, 0)).toBe(total);
  // Only an invoice with something to pay carries a payment part.
  expect(document.payment?.amount ?? null).toBe(total > 0 ? total : null);
  const documentVat = document.vatSummary.filter((row) => row.vatRate > 0).map((row) => ({ rate: row.vatRate, amount: row.vat }));
  expect(documentVat).toEqual(vatSharesOf(quoted.lines));
}
