import { formatMoney, type NightTerms, type SiteTypeCalendar } from '@campsite/domain';
import { escapeLineSeparators } from './send-json';

// GET /calendar/'s answer, written straight into the bytes it is sent as (docs/channel-managers.md, "The calendar"):
// a year of days of every type is hundreds of kB. Built as JavaScript strings, that text was joined from thousands of
// pieces, scanned for line separators, measured and encoded to UTF-8 once more, and its garbage cost the collector as
// much again; here each day is its date and its free count's digits written byte by byte, and one copy of the tail of
// prices and rules its run of nights shares (made once per run). The bytes are those of the page's
// JSON.stringify(calendarJson(...)) text, U+2028 and U+2029 escaped as jsonText escapes them (the tests hold them
// equal).

const moneyText = (rappen: number | null) => (rappen === null ? 'null' : `"${formatMoney(rappen)}"`);

/** A day's fields after its free count, with the comma before them: its terms, the same for a run of nights. */
const dayTailText = (terms: NightTerms) =>
  `,"pitch":${moneyText(terms.pitch)},"adult":${moneyText(terms.adult)},` +
  `"youth":${moneyText(terms.youth)},"child":${moneyText(terms.child)},` +
  `"min_stay":${terms.minStay},"max_stay":${terms.maxStay},"closed_to_arrival":${terms.closedToArrival},` +
  `"closed_to_departure":${terms.closedToDeparture},"stop_sell":${terms.stopSell}}`;

const CLOSE = Buffer.from(']}', 'latin1');
const ZERO = 48;

/** Before and after each day's date; a type's first day goes without the comma. */
const DATE_OPEN = ',{"date":"';
const FIRST_DATE_OPEN = DATE_OPEN.slice(1);
const DATE_CLOSE = '","free":';

/** A site type's text before its days, the tail of each run of nights as bytes, and the length of it all. */
interface TypeLayout {
  opening: Buffer;
  tails: Buffer[];
  length: number;
}

/** A new terms object starts a new run (calendarDays shares one per run); equal terms in two objects give equal bytes. */
const startsRun = (days: SiteTypeCalendar['days'], night: number) => night === 0 || days[night]!.terms !== days[night - 1]!.terms;

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

function layoutOf({ siteType, days }: SiteTypeCalendar, first: boolean): TypeLayout {
  // Only the name can need escaping (JSON.stringify does it) or be other than ASCII; dates, counts, amounts, numbers,
  // booleans and null are ASCII, so their characters are their bytes.
  const opening = Buffer.from(
    `${first ? '' : ','}{"site_type_id":${siteType.id},"name":${escapeLineSeparators(JSON.stringify(siteType.name))},"days":[`,
    'utf8',
  );
  const tails: Buffer[] = [];
  // The first day's date opening goes without its comma.
  let length = opening.length + CLOSE.length - (days.length === 0 ? 0 : 1);
  for (let night = 0; night < days.length; night++) {
    const day = days[night]!;
    if (startsRun(days, night)) tails.push(Buffer.from(dayTailText(day.terms), 'latin1'));
    length += DATE_OPEN.length + day.date.length + DATE_CLOSE.length + countLength(day.free) + tails[tails.length - 1]!.length;
  }
  return { opening, tails, length };
}

/** `bytes` at `at`; the typed array's own set, which costs less than Buffer's copy for pieces this small. */
function put(out: Buffer, at: number, bytes: Uint8Array): number {
  out.set(bytes, at);
  return at + bytes.length;
}

function writeDays(out: Buffer, at: number, days: SiteTypeCalendar['days'], { opening, tails }: TypeLayout): number {
  at = put(out, at, opening);
  let run = -1;
  for (let night = 0; night < days.length; night++) {
    const day = days[night]!;
    if (startsRun(days, night)) run++;
    at = writeAscii(out, at, night === 0 ? FIRST_DATE_OPEN : DATE_OPEN);
    at = writeAscii(out, at, day.date);
    at = writeAscii(out, at, DATE_CLOSE);
    at = writeCount(out, at, day.free);
    at = put(out, at, tails[run]!);
  }
  return put(out, at, CLOSE);
}

/**
 * The page's bytes: `envelope` is the page's JSON as JSON.stringify writes it up to its results' array (the count
 * and the links), then each type's calendar as JSON.stringify(calendarJson(...)) writes it.
 */
export function calendarPageBytes(envelope: string, calendars: readonly SiteTypeCalendar[]): Buffer {
  const head = Buffer.from(`${escapeLineSeparators(envelope)}[`, 'utf8');
  const layouts = calendars.map((calendar, index) => layoutOf(calendar, index === 0));
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
