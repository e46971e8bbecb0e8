import { formatMoney, type NightTerms, type SiteTypeCalendar } from '@campsite/domain';
import { escapeLineSeparators, strongEtag } from './send-json';

// GET /calendar/'s answer, written straight into the bytes it is sent as (docs/channel-managers.md, "The calendar"):
// a year of days of every type is hundreds of kB. Built as JavaScript strings, that text was joined from thousands of
// pieces, scanned for line separators, measured and encoded to UTF-8 once more, and its garbage cost the collector as
// much again; here each day is its date and its free count's digits written byte by byte, and one copy of the tail of
// prices and rules its run of nights shares (made once per run). The bytes are those of the page's
// JSON.stringify(calendarJson(...)) text, U+2028 and U+2029 escaped as jsonText escapes them (the tests hold them
// equal).

// Its strong tag is a digest of what those bytes are written from rather than of the bytes (see calendarPage):
// hashing 700 kB took about an eighth of a fresh calendar's server CPU.

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

/**
 * A site type's text before its days, the tail of each run of nights as bytes, the length of it all, and the length
 * of its description (describeType).
 */
interface TypeLayout {
  opening: Buffer;
  tails: Buffer[];
  length: number;
  described: number;
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
  let described = opening.length + 1;
  for (let night = 0; night < days.length; night++) {
    const day = days[night]!;
    const count = countLength(day.free);
    described += day.date.length + count + 2;
    if (startsRun(days, night)) {
      tails.push(Buffer.from(dayTailText(day.terms), 'latin1'));
      described += tails[tails.length - 1]!.length + 1;
    }
    length += DATE_OPEN.length + day.date.length + DATE_CLOSE.length + count + tails[tails.length - 1]!.length;
  }
  return { opening, tails, length, described };
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
 * The bytes from which a type's part of the page is written, and nothing of what every page writes alike: its opening,
 * then per day its date, its free count and, where a run of nights starts, the run's tail. Each piece ends in a byte
 * no piece holds (JSON escapes control characters; dates, counts and tails are printable ASCII), so the bytes of the
 * page follow from its description and differing bytes have differing descriptions.
 */
function describeType(out: Buffer, at: number, days: SiteTypeCalendar['days'], { opening, tails }: TypeLayout): number {
  at = put(out, at, opening);
  out[at++] = END_OF_OPENING;
  let run = -1;
  for (let night = 0; night < days.length; night++) {
    const day = days[night]!;
    at = writeAscii(out, at, day.date);
    out[at++] = END_OF_DATE;
    at = writeCount(out, at, day.free);
    if (startsRun(days, night)) {
      out[at++] = NEW_RUN;
      at = put(out, at, tails[++run]!);
      out[at++] = END_OF_TAIL;
    } else {
      out[at++] = SAME_RUN;
    }
  }
  return at;
}

const END_OF_DATE = 0;
const NEW_RUN = 1;
const SAME_RUN = 2;
const END_OF_TAIL = 3;
const END_OF_OPENING = 4;

/**
 * What every page writes alike, hashed first: change how a page is written (its fixed texts above, or the order in
 * which calendarPage puts its pieces) and change this text with it, so that no tag of the old writing stays valid for
 * new bytes.
 */
const PAGE_FORMAT = `calendar page, format 1: ${FIRST_DATE_OPEN} ${DATE_CLOSE} ${CLOSE.toString('latin1')}\n`;

/**
 * The page's bytes and their strong tag: `envelope` is the page's JSON as JSON.stringify writes it up to its results'
 * array (the count and the links), then each type's calendar as JSON.stringify(calendarJson(...)) writes it.
 *
 * The tag is the digest every answer's is (strongEtag), taken over the envelope and each type's description
 * (describeType), about a fourteenth of the bytes: equal descriptions write equal bytes, so the tag changes whenever the
 * bytes do, and the same data gives the same tag in every process.
 */
export function calendarPage(envelope: string, calendars: readonly SiteTypeCalendar[]): { bytes: Buffer; etag: string } {
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
  return { bytes: out, etag: strongEtag(describePage(head, calendars, layouts)) };
}

function describePage(head: Buffer, calendars: readonly SiteTypeCalendar[], layouts: readonly TypeLayout[]): Buffer {
  const format = Buffer.from(PAGE_FORMAT, 'latin1');
  const length = layouts.reduce((sum, layout) => sum + layout.described, format.length + head.length + 1);
  const description = Buffer.allocUnsafe(length);
  let at = put(description, put(description, 0, format), head);
  description[at++] = END_OF_OPENING;
  calendars.forEach((calendar, index) => {
    at = describeType(description, at, calendar.days, layouts[index]!);
  });
  if (at !== length) throw new Error(`calendar page: described ${at} of ${length} bytes`);
  return description;
}
