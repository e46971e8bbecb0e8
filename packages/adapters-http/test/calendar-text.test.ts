import { describe, expect, it } from 'vitest';
import type { CalendarDay, NightTerms, SiteTypeCalendar } from '@campsite/domain';
import { RandomPicks, SeededRandom } from '@campsite/domain/testing';
import { calendarPage } from '../src/calendar-bytes';
import { calendarJson } from '../src/selling-presenters';

// The calendar's answer is written out by hand (calendarPage) rather than stringified: it must stay, byte for
// byte, the UTF-8 of the page's JSON.stringify with the typed presenter, U+2028 and U+2029 escaped as every answer
// escapes them (docs/channel-managers.md, "The calendar", fixes the fields and order).

const ENVELOPE = '{"count":2,"next":null,"previous":null,"results":';

const OPEN_TERMS: NightTerms = {
  pitch: 3000,
  adult: 1000,
  youth: 600,
  child: 400,
  minStay: 1,
  maxStay: null,
  closedToArrival: false,
  closedToDeparture: false,
  stopSell: false,
};

const OPEN: CalendarDay = { date: '2027-07-01', free: 3, terms: OPEN_TERMS };

/** A day like OPEN, with some fields of its own and some terms of its own. */
const dayOf = (day: Partial<Omit<CalendarDay, 'terms'>>, terms: Partial<NightTerms> = {}): CalendarDay => ({
  ...OPEN,
  ...day,
  terms: { ...OPEN_TERMS, ...terms },
});

const calendarOf = (name: string, days: CalendarDay[], id = 7): SiteTypeCalendar => ({
  siteType: { id, tenantId: 1, name, activeSites: 3, maxOccupants: 6, updatedAt: new Date('2027-01-01T00:00:00Z') },
  days,
});

/** The page as sendJson would write it: JSON.stringify, then U+2028 and U+2029 escaped over the whole text. */
const stringified = (envelope: string, calendars: SiteTypeCalendar[]) =>
  `${envelope}[${calendars.map((calendar) => JSON.stringify(calendarJson(calendar))).join(',')}]}`
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

function expectSameBytes(calendars: SiteTypeCalendar[], envelope = ENVELOPE, message?: string) {
  const { bytes } = calendarPage(envelope, calendars);
  const expected = stringified(envelope, calendars);
  expect(bytes.toString('utf8'), message).toBe(expected);
  expect(Buffer.compare(bytes, Buffer.from(expected, 'utf8')), message).toBe(0);
}

const expectSameText = (calendar: SiteTypeCalendar) => expectSameBytes([calendar]);

describe("calendarPage's bytes", () => {
  it('escapes the name as JSON.stringify does: quotes, backslashes, control characters, lone surrogates, non-ASCII', () => {
    for (const name of [
      '',
      'Tent "Deluxe" \\ pitch',
      'tab\there\nnew line\r\u0000\u001f\u007f',
      '</script><b>&amp;',
      'Zelt für Familien ☀ 🏕️',
      'lone \ud800 and \udfff surrogates',
      // Left raw by JSON.stringify; every answer escapes them (send-json.ts), and so do these bytes.
      'line\u2028paragraph\u2029',
    ]) {
      expectSameText(calendarOf(name, [OPEN]));
    }
  });

  it('writes null prices and rules, zero, cents under ten and negative amounts, and an empty window', () => {
    expectSameText(calendarOf('Camper', []));
    expectSameText(
      calendarOf('Camper', [
        dayOf({}, { pitch: null, adult: null, youth: null, child: null, minStay: null }),
        dayOf({ date: '2027-07-02', free: 0 }, { pitch: 0, adult: 5, youth: 3005, child: -250, maxStay: 21 }),
        dayOf({ date: '2027-07-03' }, { closedToArrival: true, closedToDeparture: true, stopSell: true, minStay: 14, maxStay: 14 }),
      ]),
    );
  });

  it('rewrites a night whose price or rule differs from the night before in any one field', () => {
    const changes: Array<Partial<NightTerms>> = [
      { pitch: 3100 },
      { adult: null },
      { youth: 601 },
      { child: 0 },
      { minStay: null },
      { maxStay: 7 },
      { closedToArrival: true },
      { closedToDeparture: true },
      { stopSell: true },
    ];
    for (const change of changes) {
      const days = [OPEN, dayOf({ date: '2027-07-02' }, change), { ...OPEN, date: '2027-07-03' }];
      expectSameBytes([calendarOf('Tent', days)], ENVELOPE, JSON.stringify(change));
    }
  });

  it('writes the envelope (escaped too), every type of the page with commas between them, and an empty page', () => {
    const days = [OPEN, dayOf({ date: '2027-07-02', free: 12 }, { pitch: 3100 })];
    expectSameBytes([calendarOf('Tent', days, 1), calendarOf('Camper', [], 2), calendarOf('Zelt für \u2028', days, 3)]);
    expectSameBytes([]);
    expectSameBytes([calendarOf('Tent', days)], '{"count":9,"next":"https://ex.test/a?b=\u2029ü","previous":null,"results":');
  });

  it('equals JSON.stringify over random runs of nights drawn from a few prices and rules', () => {
    const picks = new RandomPicks(new SeededRandom(23));
    for (let run = 0; run < 200; run++) expectSameText(calendarOf(`Type ${run}`, randomDays(picks)));
  });
});

const PRICES = [null, 0, 5, 3000, 3950, -100];

/** Random terms drawn from a few prices and rules: some fields of `terms` changed. */
function changedTerms(picks: RandomPicks, terms: NightTerms): NightTerms {
  return {
    ...terms,
    pitch: picks.chance(50) ? picks.pick(PRICES) : terms.pitch,
    adult: picks.chance(50) ? picks.pick(PRICES) : terms.adult,
    youth: picks.chance(30) ? picks.pick(PRICES) : terms.youth,
    child: picks.chance(30) ? picks.pick(PRICES) : terms.child,
    minStay: picks.chance(30) ? picks.pick([null, 1, 2, 14]) : terms.minStay,
    maxStay: picks.chance(30) ? picks.pick([null, 2, 21]) : terms.maxStay,
    closedToArrival: picks.chance(20) ? !terms.closedToArrival : terms.closedToArrival,
    closedToDeparture: picks.chance(20) ? !terms.closedToDeparture : terms.closedToDeparture,
    stopSell: picks.chance(20) ? !terms.stopSell : terms.stopSell,
  };
}

/**
 * Up to 40 nights in August 2027. Most nights share the night before's terms, as a season does; some get new ones
 * (one or more fields changed), and some get an equal copy, which a run may also be given.
 */
function randomDays(picks: RandomPicks): CalendarDay[] {
  let terms = OPEN_TERMS;
  return Array.from({ length: picks.between(0, 40) }, (_, night): CalendarDay => {
    if (picks.chance(30)) terms = changedTerms(picks, terms);
    else if (picks.chance(10)) terms = { ...terms };
    return { date: `2027-08-${String(night + 1).padStart(2, '0')}`, free: picks.between(0, 20), terms };
  });
}

/** One small change to a page: a count, a date, a night's terms, the name, a night or a type more or less. */
function changedPage(picks: RandomPicks, page: SiteTypeCalendar[]): SiteTypeCalendar[] {
  const copy = page.map((calendar) => ({ ...calendar, days: [...calendar.days] }));
  const target = copy[picks.between(0, copy.length - 1)]!;
  const night = picks.between(0, Math.max(0, target.days.length - 1));
  const day = target.days[night];
  const change = day === undefined ? 'add type' : picks.pick(['free', 'date', 'terms', 'name', 'drop night', 'add type', 'drop type']);
  if (change === 'free') target.days[night] = { ...day!, free: day!.free + picks.between(1, 150) };
  else if (change === 'date') target.days[night] = { ...day!, date: `2027-09-${String(night + 1).padStart(2, '0')}` };
  else if (change === 'terms') target.days[night] = { ...day!, terms: { ...day!.terms, pitch: (day!.terms.pitch ?? 0) + 5 } };
  else if (change === 'name') target.siteType = { ...target.siteType, name: `${target.siteType.name}.` };
  else if (change === 'drop night') target.days.splice(night, 1);
  else if (change === 'add type') copy.push(calendarOf('Added', [OPEN], 99));
  else copy.splice(copy.indexOf(target), 1);
  return copy;
}

describe('calendarPage', () => {
  it('gives the same page the same tag, from copies of its types and days', () => {
    const picks = new RandomPicks(new SeededRandom(5));
    for (let run = 0; run < 50; run++) {
      const page = [calendarOf('Tent', randomDays(picks), 1), calendarOf('Camper', randomDays(picks), 2)];
      const copy = page.map((calendar) => ({
        siteType: { ...calendar.siteType },
        days: calendar.days.map((day) => ({ ...day })),
      }));
      const [a, b] = [calendarPage(ENVELOPE, page), calendarPage(ENVELOPE, copy)];
      expect(a.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
      expect(b).toEqual(a);
    }
  });

  it('gives another tag whenever the bytes change: one count, date, price, name, night or type', () => {
    const picks = new RandomPicks(new SeededRandom(41));
    const seen = new Map<string, string>();
    for (let run = 0; run < 300; run++) {
      const page = Array.from({ length: picks.between(1, 3) }, (_, i) => calendarOf(`Type ${i}`, randomDays(picks), i + 1));
      const changed = changedPage(picks, page);
      const [before, after] = [calendarPage(ENVELOPE, page), calendarPage(ENVELOPE, changed)];
      expect(after.bytes.equals(before.bytes)).toBe(false);
      expect(after.etag).not.toBe(before.etag);
      for (const { bytes, etag } of [before, after]) {
        const text = bytes.toString('latin1');
        // No two different pages of the run share a tag.
        expect(seen.get(etag) ?? text).toBe(text);
        seen.set(etag, text);
      }
    }
    const page = [calendarOf('Tent', [OPEN])];
    expect(calendarPage('{"count":1,"next":null,"previous":null,"results":', page).etag).not.toBe(calendarPage(ENVELOPE, page).etag);
    // Every free count of a night, and of the night after it, a tag of its own.
    const tags = new Set<string>();
    for (let free = 0; free <= 250; free++) {
      tags.add(calendarPage(ENVELOPE, [calendarOf('Tent', [{ ...OPEN, free }])]).etag);
      tags.add(calendarPage(ENVELOPE, [calendarOf('Tent', [OPEN, { ...OPEN, date: '2027-07-02', free }])]).etag);
    }
    expect(tags.size).toBe(502);
  });
});
