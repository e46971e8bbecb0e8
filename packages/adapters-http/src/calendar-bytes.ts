import { formatMoney, type CalendarDay, type SiteTypeCalendar } from '@campsite/domain';
import { escapeLineSeparators } from './send-json';

// GET /calendar/'s answer, written straight into the bytes it is sent as (docs/channel-managers.md, "The calendar"):
// a year of days of every type is hundreds of kB. Built as JavaScript strings, that text was joined from thousands of
// pieces, scanned for line separators, measured and encoded to UTF-8 once more, and its garbage cost the collector as
// much again; here each day is three copies: its date's opening (the same for every type of the page), its free
// count's digits, and the tail of prices and rules its run of nights shares. The bytes are those of the page's
// JSON.stringify(calendarJson(...)) text, U+2028 and U+2029 escaped as jsonText escapes them (the tests hold them
// equal).

const moneyText = (rappen: number | null) => (rappen === null ? 'null' : `"${formatMoney(rappen)}"`);

/** A day's fields after its free count, with the comma before them: the same from night to night within one season and one rule. */
const dayTailText = (day: CalendarDay) =>
  `,"pitch":${moneyText(day.pitch)},"adult":${moneyText(day.adult)},"youth":${moneyText(day.youth)},"child":${moneyText(day.child)},` +
  `"min_stay":${day.minStay},"max_stay":${day.maxStay},"closed_to_arrival":${day.closedToArrival},` +
  `"closed_to_departure":${day.closedToDeparture},"stop_sell":${day.stopSell}}`;

const sameTail = (a: CalendarDay, b: CalendarDay) =>
  a.pitch === b.pitch &&
  a.adult === b.adult &&
  a.youth === b.youth &&
  a.child === b.child &&
  a.minStay === b.minStay &&
  a.maxStay === b.maxStay &&
  a.closedToArrival === b.closedToArrival &&
  a.closedToDeparture === b.closedToDeparture &&
  a.stopSell === b.stopSell;

const CLOSE = Buffer.from(']}', 'latin1');
const ZERO = 48;

/**
 * `,{"date":"…","free":` of each date, made once per page: every type of a page has the same nights. A type's first
 * day is written without the comma.
 */
class DateOpenings {
  private readonly byDate = new Map<string, Buffer>();

  of(date: string): Buffer {
    let bytes = this.byDate.get(date);
    if (bytes === undefined) {
      bytes = Buffer.from(`,{"date":"${date}","free":`, 'latin1');
      this.byDate.set(date, bytes);
    }
    return bytes;
  }
}

/** The text of a site type's days once: its opening, each day's date opening, each run of nights' tail as bytes. */
interface TypeLayout {
  opening: Buffer;
  dates: Buffer[];
  tails: Buffer[];
  tailOf: Uint32Array;
  length: number;
}

/** The digits of a count; a free count is a small natural number, anything else goes through its text. */
const countLength = (count: number) =>
  Number.isInteger(count) && count >= 0 && count < 1000 ? (count < 10 ? 1 : count < 100 ? 2 : 3) : String(count).length;

function writeCount(out: Buffer, at: number, count: number): number {
  if (!(Number.isInteger(count) && count >= 0 && count < 1000)) return writeAscii(out, at, String(count));
  if (count >= 100) out[at++] = ZERO + Math.floor(count / 100);
  if (count >= 10) out[at++] = ZERO + (Math.floor(count / 10) % 10);
  out[at++] = ZERO + (count % 10);
  return at;
}

function writeAscii(out: Buffer, at: number, text: string): number {
  for (let i = 0; i < text.length; i++) out[at + i] = text.charCodeAt(i);
  return at + text.length;
}

function layoutOf({ siteType, days }: SiteTypeCalendar, first: boolean, openings: DateOpenings): TypeLayout {
  // Only the name can need escaping (JSON.stringify does it) or be other than ASCII; dates, counts, amounts, numbers,
  // booleans and null are ASCII, so their characters are their bytes.
  const opening = Buffer.from(
    `${first ? '' : ','}{"site_type_id":${siteType.id},"name":${escapeLineSeparators(JSON.stringify(siteType.name))},"days":[`,
    'utf8',
  );
  const dates = new Array<Buffer>(days.length);
  const tails: Buffer[] = [];
  const tailOf = new Uint32Array(days.length);
  // The first day's date opening goes without its comma.
  let length = opening.length + CLOSE.length - (days.length === 0 ? 0 : 1);
  let tail = CLOSE;
  for (let night = 0; night < days.length; night++) {
    const day = days[night]!;
    if (night === 0 || !sameTail(day, days[night - 1]!)) {
      tail = Buffer.from(dayTailText(day), 'latin1');
      tails.push(tail);
    }
    tailOf[night] = tails.length - 1;
    const date = openings.of(day.date);
    dates[night] = date;
    length += date.length + countLength(day.free) + tail.length;
  }
  return { opening, dates, tails, tailOf, length };
}

/** `bytes` at `at`; the typed array's own set, which costs less than Buffer's copy for pieces this small. */
function put(out: Buffer, at: number, bytes: Uint8Array): number {
  out.set(bytes, at);
  return at + bytes.length;
}

function writeDays(out: Buffer, at: number, days: readonly CalendarDay[], { opening, dates, tails, tailOf }: TypeLayout): number {
  at = put(out, at, opening);
  for (let night = 0; night < days.length; night++) {
    const date = dates[night]!;
    at = put(out, at, night === 0 ? date.subarray(1) : date);
    at = writeCount(out, at, days[night]!.free);
    at = put(out, at, tails[tailOf[night]!]!);
  }
  return put(out, at, CLOSE);
}

/**
 * The page's bytes: `envelope` is the page's JSON as JSON.stringify writes it up to its results' array (the count
 * and the links), then each type's calendar as JSON.stringify(calendarJson(...)) writes it.
 */
export function calendarPageBytes(envelope: string, calendars: readonly SiteTypeCalendar[]): Buffer {
  const head = Buffer.from(`${escapeLineSeparators(envelope)}[`, 'utf8');
  const openings = new DateOpenings();
  const layouts = calendars.map((calendar, index) => layoutOf(calendar, index === 0, openings));
  // Memory of its own, also for a small page: a slice of Buffer's shared pool, kept by the answer cache, would keep the
  // whole pool alive (send-json.ts).
  const out = Buffer.allocUnsafeSlow(layouts.reduce((sum, layout) => sum + layout.length, head.length + CLOSE.length));
  let at = put(out, 0, head);
  calendars.forEach((calendar, index) => {
    at = writeDays(out, at, calendar.days, layouts[index]!);
  });
  at = put(out, at, CLOSE);
  if (at !== out.length) throw new Error(`calendar page: wrote ${at} of ${out.length} bytes`);
  return out;
}
