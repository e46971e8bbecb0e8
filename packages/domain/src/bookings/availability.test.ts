import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CalendarDate, daysBetween } from '../shared/calendar-date';
import { aBooking, aSite, aStay, aTenant, SeededRandom } from '../testing';
import { aWorld, rejectionOf } from '../testing/test-world';
import { type DateRange, GetAvailability, MAX_AVAILABILITY_NIGHTS, freeRuns, readAvailabilityWindow } from './availability';
import { BOOKING_STATUSES, isOccupying } from './booking-status';
import { CreateBooking } from './create-booking';

const BASE = Date.UTC(2027, 5, 1);
/** The date `n` days after 2027-06-01. */
const day = (n: number): CalendarDate => new Date(BASE + n * 86_400_000).toISOString().slice(0, 10);

describe('readAvailabilityWindow', () => {
  const errorsOf = async (from?: string, to?: string) =>
    (await rejectionOf((async () => readAvailabilityWindow(from, to))())).details.fieldErrors;

  it('needs both dates, as real YYYY-MM-DD dates', async () => {
    expect(await errorsOf(undefined, undefined)).toEqual({ from: ['This field is required.'], to: ['This field is required.'] });
    expect(await errorsOf('', '2027-07-01')).toEqual({ from: ['This field is required.'] });
    expect(await errorsOf('2027-07-01', '2027-02-30')).toEqual({ to: ['Enter a valid date.'] });
    expect(await errorsOf('1.7.2027', '')).toEqual({ from: ['Enter a valid date.'], to: ['This field is required.'] });
  });

  it('needs `to` after `from`, at most 366 nights on', async () => {
    expect(await errorsOf('2027-07-01', '2027-07-01')).toEqual({ to: ['Must be after from.'] });
    expect(await errorsOf('2027-07-02', '2027-07-01')).toEqual({ to: ['Must be after from.'] });
    expect(await errorsOf('2027-01-01', '2028-01-03')).toEqual({ to: ['At most 366 nights from from.'] });
    expect(readAvailabilityWindow('2027-01-01', '2028-01-02')).toEqual({ from: '2027-01-01', to: '2028-01-02' });
    expect(daysBetween('2027-01-01', '2028-01-02')).toBe(MAX_AVAILABILITY_NIGHTS);
    expect(readAvailabilityWindow('2027-07-01', '2027-07-02')).toEqual({ from: '2027-07-01', to: '2027-07-02' });
  });
});

describe('freeRuns', () => {
  const window = { from: '2027-07-01', to: '2027-07-11' };
  const stay = (checkInDate: string, checkOutDate: string) => ({ siteId: 1, checkInDate, checkOutDate });

  it('is the whole window without stays, and cuts around stays that reach outside it', () => {
    expect(freeRuns(window, [])).toEqual([window]);
    expect(freeRuns(window, [stay('2027-06-20', '2027-07-03'), stay('2027-07-09', '2027-08-01')])).toEqual([
      { from: '2027-07-03', to: '2027-07-09' },
    ]);
  });

  it('merges nothing across touching stays and leaves no empty runs', () => {
    expect(
      freeRuns(window, [stay('2027-07-05', '2027-07-07'), stay('2027-07-03', '2027-07-05'), stay('2027-07-07', '2027-07-11')]),
    ).toEqual([{ from: '2027-07-01', to: '2027-07-03' }]);
    expect(freeRuns(window, [stay('2027-07-01', '2027-07-11')])).toEqual([]);
  });
});

/** The model: night by night, a night is free on an active site when no occupying booking covers it. */
function modelRuns(
  window: DateRange,
  bookings: Array<{ siteId: number; status: string; checkInDate: string; checkOutDate: string }>,
  siteId: number,
): DateRange[] {
  const runs: DateRange[] = [];
  for (let n = 0; n < daysBetween(window.from, window.to); n++) {
    const night = new Date(Date.parse(`${window.from}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const next = new Date(Date.parse(`${night}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const taken = bookings.some((b) => b.siteId === siteId && isOccupying(b.status) && b.checkInDate <= night && night < b.checkOutDate);
    if (taken) continue;
    const last = runs[runs.length - 1];
    if (last && last.to === night) last.to = next;
    else runs.push({ from: night, to: next });
  }
  return runs;
}

const STATUSES = [...BOOKING_STATUSES, 'legacy_hold'];

/** Sites 1–3 (random statuses) with random bookings over ~80 days, and a random window over the same days. */
const scenario = fc
  .record({
    siteStatuses: fc.array(fc.constantFrom('active', 'active', 'inactive', 'maintenance'), { minLength: 3, maxLength: 3 }),
    bookings: fc.array(
      fc.record({
        siteId: fc.integer({ min: 1, max: 3 }),
        start: fc.integer({ min: -10, max: 70 }),
        nights: fc.integer({ min: 1, max: 20 }),
        status: fc.constantFrom(...STATUSES),
      }),
      { maxLength: 25 },
    ),
    windowStart: fc.integer({ min: 0, max: 60 }),
    windowNights: fc.integer({ min: 1, max: 40 }),
  })
  .map((s) => ({
    sites: s.siteStatuses.map((status, i) => aSite({ id: i + 1, siteNumber: `S${i + 1}`, status })),
    bookings: s.bookings.map((b, i) =>
      aBooking({ id: i + 1, siteId: b.siteId, status: b.status, checkInDate: day(b.start), checkOutDate: day(b.start + b.nights) }),
    ),
    window: { from: day(s.windowStart), to: day(s.windowStart + s.windowNights) },
  }));

describe('GetAvailability (properties against a night-by-night model)', () => {
  it('gives each site exactly the free runs of the model, and none for a site that is not active', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, fc.integer({ min: 1, max: 3 }), async ({ sites, bookings, window }, pageSize) => {
        const world = await aWorld([aTenant('camp', { sites, bookings })]);
        const useCase = new GetAvailability(world.sites, world.bookings);
        const seen = [];
        for (let page = 1; ; page++) {
          const result = await useCase.execute(world.principal('camp'), window, { page, pageSize });
          seen.push(...result.results);
          if (!result.hasNext) break;
        }
        expect(seen.map((s) => s.site.id)).toEqual([1, 2, 3]);
        for (const { site, free } of seen) {
          expect(free).toEqual(site.status === 'active' ? modelRuns(window, bookings, site.id) : []);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('agrees with the create call: a stay inside a free run is accepted, a stay over a blocked night refused', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, fc.nat(), fc.nat(), async ({ sites, bookings, window }, pick, length) => {
        const world = await aWorld([aTenant('camp', { sites, bookings })]);
        const principal = world.principal('camp');
        const create = new CreateBooking({
          bookings: world.bookings,
          sites: world.sites,
          clock: world.clock,
          random: new SeededRandom(pick + 1),
          customers: world.customers,
          quotes: world.quotes,
          tariffs: world.tariffs,
        });
        const { results } = await new GetAvailability(world.sites, world.bookings).execute(principal, window, { page: 1, pageSize: 50 });
        const stayOn = (siteId: number, from: string, nights: number) =>
          create.execute(principal, { siteId, fields: aStay(from, day(daysBetween(day(0), from) + nights)) });
        const runs = results.flatMap(({ site, free }) => free.map((run) => ({ siteId: site.id, run })));
        const blocked = results.flatMap(({ site, free }) => {
          const nights = [];
          for (let n = 0; n < daysBetween(window.from, window.to); n++) {
            const night = day(daysBetween(day(0), window.from) + n);
            if (!free.some((run) => run.from <= night && night < run.to)) nights.push({ siteId: site.id, night });
          }
          return nights;
        });
        if (blocked.length > 0) {
          const { siteId, night } = blocked[pick % blocked.length]!;
          expect((await rejectionOf(stayOn(siteId, night, 1 + (length % 3)))).code).toBe('site_unavailable');
        }
        if (runs.length > 0) {
          const { siteId, run } = runs[pick % runs.length]!;
          const span = daysBetween(run.from, run.to);
          const offset = pick % span;
          const nights = 1 + (length % (span - offset));
          const booked = await stayOn(siteId, day(daysBetween(day(0), run.from) + offset), nights);
          expect(booked.siteId).toBe(siteId);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('needs bookings:read', async () => {
    const world = await aWorld([aTenant('camp', { sites: [aSite()] })]);
    const useCase = new GetAvailability(world.sites, world.bookings);
    const error = await rejectionOf(
      useCase.execute(world.principal('camp', ['sites:read', 'bookings:write']), { from: day(0), to: day(1) }, { page: 1, pageSize: 50 }),
    );
    expect(error.code).toBe('permission_denied');
  });
});
