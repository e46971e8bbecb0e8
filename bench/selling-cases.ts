/**
 * Selling a stay (docs/channel-managers.md) on the calendar tenant, on the main server after the write cases: the
 * calendar of every type over 366 nights against availability of the same nights and pitches, the same calendar at
 * 1M bookings (with --big), quotes by type, and bookings made from quotes.
 */
import { dayFrom } from './availability-cases';
import type { MainContext } from './case-context';
import type { GeneratedTenant } from './generate';
import { baseHeaders, request, type CaseLoad } from './harness';
import { hammer, type LoadResult } from './load';
import { API, log, options } from './options';
import { nthQuote } from './selling-fixture';

/**
 * The `n`-th request of a fresh case: `from` moves a day each request over a year of starts, and `page_size` steps up
 * from 200 after each year of starts. Every size above 200 is read as 200 (docs/pagination-and-sync.md), so each
 * request is the one page of every type (or every pitch) of a 366-night window, under a URL no request asked before:
 * none can be answered from memory.
 */
export function freshWindowQuery(n: number): string {
  const start = n % 365;
  return `from=${dayFrom(start)}&to=${dayFrom(start + 366)}&page_size=${200 + Math.floor(n / 365)}`;
}

/** The first fresh window under a URL the cases never ask (`page=1` is the default page): the checks before them. */
const CHECKED_WINDOW = `${freshWindowQuery(0)}&page=1`;

function freshLoad(path: string, headers: Record<string, string>): CaseLoad {
  let n = 0;
  return { path: `${path}?${freshWindowQuery(0)}`, headers, setupRequest: (req) => ({ ...req, path: `${path}?${freshWindowQuery(n++)}` }) };
}

async function getOk(ctx: MainContext, path: string, headers: Record<string, string>): Promise<unknown> {
  const answer = await request(ctx.server.base, path, { headers });
  if (answer.status !== 200) throw new Error(`GET ${path} gave ${answer.status}: ${answer.text.slice(0, 300)}`);
  return JSON.parse(answer.text);
}

/** Pays the key's first (cost-12) check, and fails early unless the calendar shows every type, night and price. */
async function checkCalendar(ctx: MainContext, tenant: GeneratedTenant): Promise<void> {
  const body = (await getOk(ctx, `${API}/calendar/?${CHECKED_WINDOW}`, baseHeaders(tenant.token))) as {
    results: Array<{ days: Array<{ pitch: string | null }> }>;
  };
  const nights = body.results.map((type) => type.days.length);
  const priced = body.results.every((type) => type.days.every((day) => day.pitch !== null));
  if (body.results.length !== tenant.rows.site_types || nights.some((n) => n !== 366) || !priced) {
    throw new Error(`calendar of ${tenant.slug}: ${body.results.length} types, nights ${nights.join(',')}, every night priced: ${priced}`);
  }
}

function post(ctx: MainContext, path: string, headers: Record<string, string>, body: string) {
  return request(ctx.server.base, path, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
}

const quoteIdOf = (location: string) => Number(location.match(/\/quotes\/(\d+)\/$/)?.[1] ?? Number.NaN);

/** One quote booked before any load: both must answer 201, and the booking must cost what the quote said. */
async function checkQuoteToBooking(ctx: MainContext, headers: Record<string, string>, quoteBody: string): Promise<void> {
  const quote = await post(ctx, `${API}/quotes/`, headers, quoteBody);
  if (quote.status !== 201) throw new Error(`POST /quotes/ gave ${quote.status}: ${quote.text.slice(0, 300)}`);
  const quoted = JSON.parse(quote.text) as { id: number; total_price: string };
  const booking = await post(ctx, `${API}/bookings/`, headers, bookingFromQuote(quoted.id, -1));
  if (booking.status !== 201) throw new Error(`POST /bookings/ with quote_id gave ${booking.status}: ${booking.text.slice(0, 300)}`);
  const booked = JSON.parse(booking.text) as { total_price: string };
  if (booked.total_price !== quoted.total_price) throw new Error(`quoted ${quoted.total_price}, booked ${booked.total_price}`);
  log(`quote ${quoted.id} booked at its total, ${quoted.total_price}`);
}

function bookingFromQuote(quoteId: number, n: number): string {
  return JSON.stringify({
    quote_id: quoteId,
    guest_first_name: 'Bench',
    guest_last_name: `Seller ${n}`,
    guest_email: `bench.seller${n}@example.ch`,
  });
}

/**
 * Waits (at most 15 s) until a cheap read is answered within 100 ms. A case ends with its slowest requests still in
 * flight (a calendar is hundreds of kB of JSON); the server serves them anyway, and the next case must not pay for it.
 */
async function settle(ctx: MainContext, headers: Record<string, string>): Promise<void> {
  const started = performance.now();
  for (let asked = performance.now(); performance.now() - started < 15_000; asked = performance.now()) {
    await request(ctx.server.base, `${API}/site-types/?page_size=1`, { headers });
    if (performance.now() - asked < 100) break;
  }
  const waited = performance.now() - started;
  if (waited > 1000) log(`waited ${(waited / 1000).toFixed(1)} s for the server to serve what the last case left in flight`);
}

const createdPerSecond = (result: LoadResult | undefined) => (result ? (result.statusCodes['201'] ?? 0) / result.seconds : 0);

export async function sellingCases(ctx: MainContext, calendar: GeneratedTenant, big: GeneratedTenant | null): Promise<void> {
  const headers = baseHeaders(calendar.token);
  await checkCalendar(ctx, calendar);
  const pitches = (await getOk(ctx, `${API}/availability/?${CHECKED_WINDOW}`, headers)) as { count: number; next: unknown };
  if (pitches.count !== calendar.rows.sites || pitches.next !== null) throw new Error(`availability of ${calendar.slug}: not one page`);
  const sites = calendar.rows.sites;
  const types = calendar.rows.site_types;
  const add = async (id: string, label: string, load: CaseLoad) => {
    await settle(ctx, headers);
    await ctx.add(id, label, load);
  };
  await add(
    'calendar_366_fresh',
    `GET /calendar/ 366 nights, ${types} site types of ${sites} pitches (each a new window)`,
    freshLoad(`${API}/calendar/`, headers),
  );
  await add(
    'availability_366_fresh_200',
    `GET /availability/ 366 nights, the same ${sites} pitches in one page (each a new window)`,
    freshLoad(`${API}/availability/`, headers),
  );
  if (big) {
    await checkCalendar(ctx, big);
    await add(
      'calendar_366_fresh_1m',
      `GET /calendar/ 366 nights, ${types} site types of ${sites} pitches, 1M tenant (each a new window)`,
      freshLoad(`${API}/calendar/`, baseHeaders(big.token)),
    );
  }
  await settle(ctx, headers);
  await quoteCases(ctx, headers, calendar.fewestActiveSitesOfAType);
}

/** Quotes by type under load, then bookings from quotes made beforehand, as many as the creates could use. */
async function quoteCases(ctx: MainContext, headers: Record<string, string>, perBlock: number): Promise<void> {
  let quotes = 0;
  await checkQuoteToBooking(ctx, headers, nthQuote(quotes++, perBlock));
  const made: number[] = [];
  const quoteLoad: CaseLoad = {
    path: `${API}/quotes/`,
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    setupRequest: (req) => ({ ...req, body: nthQuote(quotes++, perBlock) }),
    onLocation: (location) => {
      const id = quoteIdOf(location);
      if (Number.isInteger(id)) made.push(id);
    },
  };
  await ctx.add('quotes_create', 'POST /quotes/ (by site type, two nights, extras)', quoteLoad);

  // Enough quotes for creates at three times the plain creates' rate of this run, over the warm-up and the case: a
  // booking from a quote runs at about a plain create's rate, and a run that used up its quotes would count quote_used.
  const byId = (id: string) => ctx.cases.find((c) => c.id === id);
  const quoteRate = Math.max(1, createdPerSecond(byId('quotes_create')));
  const plainRate = createdPerSecond(byId('bookings_create')) || 2 * quoteRate;
  const needed = Math.ceil(plainRate * (options.duration + options.warmup) * 3) + options.connections;
  const started = performance.now();
  while (made.length < needed) {
    const before = made.length;
    const seconds = Math.min(30, Math.max(1, ((needed - made.length) / quoteRate) * 1.1));
    await hammer({ ...quoteLoad, url: `${ctx.server.base}${quoteLoad.path}`, duration: seconds, connections: options.connections });
    if (made.length === before) throw new Error('making quotes for the booking case: none made');
  }
  log(`${made.length} quotes ready for bookings (${needed} wanted; made ${((performance.now() - started) / 1000).toFixed(1)} s more)`);

  let used = 0;
  await ctx.add('bookings_create_from_quote', 'POST /bookings/ with quote_id (quotes made beforehand)', {
    path: `${API}/bookings/`,
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    // Past the last quote, the last one again: quote_used (400), counted against the case.
    setupRequest: (req) => ({ ...req, body: bookingFromQuote(made[Math.min(used, made.length - 1)]!, used++) }),
  });
  if (used > made.length) log(`bookings from quotes ran out of quotes after ${made.length} (${used} asked)`);
}
