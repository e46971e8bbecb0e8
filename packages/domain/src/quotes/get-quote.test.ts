import { beforeEach, describe, expect, it } from 'vitest';
import { type SellingWorld, aQuoteInput, aSellingWorld } from '../testing/selling-world';
import { rejectionOf } from '../testing/test-world';
import { GetQuote } from './get-quote';

let s: SellingWorld;
let get: GetQuote;

beforeEach(async () => {
  s = await aSellingWorld();
  get = new GetQuote(s.quotes);
});

describe('GetQuote (docs/pricing.md, "Where the rule is applied")', () => {
  it('reads a quote of the caller’s tenant again, as it was stored', async () => {
    const first = await s.quote(aQuoteInput({ siteId: 1 }));
    const second = await s.quote(aQuoteInput({ siteTypeId: 2 }, {}, [{ code: 'dog', quantity: 2 }]));
    expect(await get.execute(s.alpine(), second.id)).toEqual(second);
    expect(await get.execute(s.alpine(), first.id)).toEqual(first);
  });

  it('gives not_found for another tenant’s quote, whose id is taken in its own tenant', async () => {
    const lakeside = s.principal('lakeside');
    const theirs = await s.createQuote.execute(lakeside, aQuoteInput({ siteId: 9 }));
    expect(await get.execute(lakeside, theirs.id)).toEqual(theirs);
    expect((await rejectionOf(get.execute(s.alpine(), theirs.id))).code).toBe('not_found');
  });

  it('gives not_found for an id no quote has', async () => {
    await s.quote(aQuoteInput({ siteId: 1 }));
    expect((await rejectionOf(get.execute(s.alpine(), 2))).code).toBe('not_found');
  });

  it.each([0, -1, 1.5, Number.NaN, 2_147_483_648])('gives not_found for the malformed id %s without asking storage', async (id) => {
    s.quotes.findById = () => Promise.reject(new Error('storage asked'));
    expect((await rejectionOf(get.execute(s.alpine(), id))).code).toBe('not_found');
  });

  it('needs bookings:write', async () => {
    const quote = await s.quote(aQuoteInput({ siteId: 1 }));
    expect((await rejectionOf(get.execute(s.alpine(['bookings:read', 'rates:read']), quote.id))).code).toBe('permission_denied');
  });
});
