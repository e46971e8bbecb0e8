import type { RawWriter } from '@campsite/domain/testing';
import {
  BOOKINGS,
  type Draw,
  EXTRAS,
  EXTRA_SLOT,
  INVOICES,
  RULES,
  RULE_SLOTS,
  SEASONS,
  SEASON_SLOTS,
  SITES,
  STATUSES,
  USERS,
  isoDay,
} from './differential-world';

// The steps of accelerators-differential.test.ts: reads drawn afresh each time, a quote's body, and writes by another
// program with plain SQL, all over the differential tenant.

export const API = '/api/v1/public';

const CODES = [...EXTRAS, EXTRA_SLOT].map((extra) => extra.code);

/** A read the sequence may make: a path with a query, drawn afresh each time. */
export function aRead(draw: Draw): string {
  const size = draw.pick([3, 7, 20, 50]);
  const page = draw.pick(['', '&page=2', '&page=3', '&page=last', `&page=${1 + draw.int(40)}`]);
  const day = () => isoDay(draw.int(420) - 20);
  switch (draw.int(15)) {
    case 0:
      return `${API}/bookings/?page_size=${size}${page}`;
    case 1:
      return `${API}/bookings/?status=${draw.pick([...STATUSES, 'unknown'])}&page_size=${size}${page}`;
    case 2: {
      const [from, to] = [day(), day()].sort();
      const status = draw.chance(0.5) ? `&status=${draw.pick(STATUSES)}` : '';
      const bounds = draw.pick([`check_in_from=${from}&check_in_to=${to}`, `check_in_from=${from}`, `check_in_to=${to}`]);
      return `${API}/bookings/?${bounds}${status}&page_size=${size}${page}`;
    }
    case 3:
      return `${API}/bookings/?customer_id=${draw.pick([2, 3, 999])}&page_size=${size}`;
    case 4:
      return `${API}/bookings/${1 + draw.int(BOOKINGS + 20)}/`;
    case 5:
      return `${API}/sites/?page_size=${size}${page}`;
    case 6:
      return `${API}/customers/?page_size=${size}${page}`;
    case 7: {
      const [from, to] = [day(), day()].sort();
      const filter = draw.pick(['', `&status=${draw.pick(['OFFEN', 'ERLEDIGT'])}`, `&issued_from=${from}&issued_to=${to}`]);
      return `${API}/invoices/?page_size=${size}${page}${filter}`;
    }
    case 8:
      return `${API}/invoices/${1 + draw.int(INVOICES + 5)}/${draw.pick(['', 'lines/', 'pdf/'])}`;
    case 9: {
      const from = draw.int(400);
      return `${API}/availability/?from=${isoDay(from)}&to=${isoDay(from + 1 + draw.int(60))}&page_size=${size}`;
    }
    case 10:
      return `${API}/site-types/?page_size=${draw.pick([1, 2, 20])}${draw.pick(['', '&page=2', '&page=last'])}`;
    case 11:
      return `${API}/extras/?page_size=${draw.pick([2, 3, 20])}${draw.pick(['', '&page=2', '&page=last'])}`;
    case 12:
    case 13:
      return aCalendar(draw);
    default:
      return `${API}/changes/?page_size=${size}`;
  }
}

/** A window of the calendar over the tariff's days, of one type or both; now and then one it refuses. */
function aCalendar(draw: Draw): string {
  const from = draw.int(330) - 10;
  const nights = draw.pick([1, 3, 7, 31, 60, draw.chance(0.2) ? draw.pick([0, 367]) : 14]);
  const type = draw.pick(['', '', '&site_type_id=1', '&site_type_id=2', '&site_type_id=9', '&site_type_id=x']);
  const paging = draw.pick(['', '', '&page_size=1', '&page_size=1&page=2']);
  return `${API}/calendar/?from=${isoDay(from)}&to=${isoDay(from + nights)}${type}${paging}`;
}

/**
 * The body of a quote: by type, by site, or both; a stay inside the tariff's days or past them, a party, and extras,
 * now and then an unknown or repeated one. Each check of the quote may answer (docs/channel-managers.md, "Quotes").
 */
export function aQuote(draw: Draw): Record<string, unknown> {
  const day = draw.int(330) - 10;
  const nights = 1 + draw.int(draw.chance(0.2) ? 20 : 6);
  const body: Record<string, unknown> = { check_in_date: isoDay(day), check_out_date: isoDay(day + nights), num_adults: 1 + draw.int(3) };
  if (draw.chance(0.3)) body.num_youth = draw.int(2);
  if (draw.chance(0.4)) body.num_children = draw.int(4);
  const by = draw.int(5);
  if (by < 3 || by === 4) body.site_type_id = draw.pick([1, 2, 1, 2, 3]);
  if (by >= 3) body.site_id = 1 + draw.int(SITES);
  if (draw.chance(0.6)) {
    const codes = CODES.filter(() => draw.chance(0.4));
    if (draw.chance(0.1)) codes.push(draw.pick(['sauna', codes[0] ?? 'dog']));
    body.extras = codes.map((code) => ({ code, quantity: 1 + draw.int(3) }));
  }
  return body;
}

/** What the plain writes have done so far, for the next one to undo or build on. */
export interface RawState {
  /** Bookings inserted so far. */
  inserted: number;
  /** Indexes into SEASON_SLOTS and RULE_SLOTS of the rows inserted and not removed again. */
  seasons: Set<number>;
  rules: Set<number>;
  extraSlot: boolean;
  /** Each stay rule's min_stay as it stands, by its index in RULES. */
  minStays: Array<number | null>;
  /** The kinds of write still to come before each has come once more (a shuffled deck: every kind comes soon). */
  deck: number[];
}

export const aRawState = (): RawState => ({
  inserted: 0,
  seasons: new Set(),
  rules: new Set(),
  extraSlot: false,
  minStays: RULES.map((rule) => rule.minStay),
  deck: [],
});

const WRITE_KINDS = 13;

function nextKind(draw: Draw, state: RawState): number {
  if (state.deck.length === 0) {
    const kinds = Array.from({ length: WRITE_KINDS }, (_, kind) => kind);
    while (kinds.length > 0) state.deck.push(kinds.splice(draw.int(kinds.length), 1)[0]!);
  }
  return state.deck.pop()!;
}

/** Cached reads a write may change: the calendar of a type (every season and stay rule, the slots' too) and lists. */
const calendarOf = (siteTypeId: number) => `${API}/calendar/?from=${isoDay(0)}&to=${isoDay(340)}&site_type_id=${siteTypeId}`;
const LIST = (name: string) => `${API}/${name}/?page_size=20`;
const BOTH_TYPES = `${API}/calendar/?from=${isoDay(90)}&to=${isoDay(220)}`;

/**
 * A write by another program, with plain SQL on its own connection (docs/database-rules.md), and the reads it may
 * change: the sequence asks them just before and after it, so that the answer cache holds the first answers then and
 * must not give them again.
 */
export interface RawWrite {
  reads: string[];
  run(): Promise<void>;
}

/** A season or stay rule of the slots inserted, or removed again when it is there (`taken`: the slots inserted). */
function toggled<T extends { siteTypeId: number }>(
  draw: Draw,
  slots: readonly T[],
  taken: Set<number>,
  write: { insert(row: T): Promise<void>; remove(row: T): Promise<void> },
): RawWrite {
  const slot = draw.int(slots.length);
  const row = slots[slot]!;
  const reads = [calendarOf(row.siteTypeId), LIST('site-types')];
  if (taken.delete(slot)) return { reads, run: () => write.remove(row) };
  taken.add(slot);
  return { reads, run: () => write.insert(row) };
}

export function aRawWrite(draw: Draw, raw: RawWriter, tenantId: number, state: RawState): RawWrite {
  const booking = 1 + draw.int(BOOKINGS);
  const bookings = [LIST('bookings'), `${API}/bookings/${booking}/`, BOTH_TYPES];
  switch (nextKind(draw, state)) {
    case 0: {
      const status = draw.pick(STATUSES);
      return { reads: bookings, run: () => raw.setBookingStatus(tenantId, booking, status) };
    }
    case 1: {
      const [site, number] = [1 + draw.int(SITES), `R${draw.int(1000)}`];
      return { reads: [LIST('sites'), LIST('bookings')], run: () => raw.renumberSite(tenantId, site, number) };
    }
    case 2: {
      // Far from every seeded and created stay, as a console takes a booking by phone. The API's next ids follow the
      // highest one, so these leave room for the creates that come after each.
      const day = 900 + state.inserted * 3;
      const row = {
        id: 100_000 + 1000 * state.inserted++,
        bookingReference: `RAW${String(state.inserted).padStart(7, '0')}`,
        guestFirstName: 'Raw',
        guestLastName: 'Writer',
        guestEmail: '',
        siteId: 1 + draw.int(SITES),
        checkInDate: isoDay(day),
        checkOutDate: isoDay(day + 2),
        numAdults: 1,
        numYouth: 0,
        numChildren: 0,
        status: draw.pick(STATUSES),
        totalPrice: 4200,
        createdAt: new Date(Date.UTC(2026, 4, 1) + state.inserted * 60_000),
        source: 'admin',
        customerId: null,
      };
      return { reads: [LIST('bookings')], run: () => raw.insertBooking(tenantId, row) };
    }
    case 3: {
      const change = { checkInDate: isoDay(draw.int(400)), checkOutDate: isoDay(410) };
      return { reads: bookings, run: () => raw.updateBooking(tenantId, booking, change) };
    }
    case 4: {
      const [invoice, status] = [1 + draw.int(INVOICES), draw.pick(['OFFEN', 'ERLEDIGT', 'STORNIERT'])];
      return { reads: [LIST('invoices'), `${API}/invoices/${invoice}/`], run: () => raw.updateInvoice(tenantId, invoice, { status }) };
    }
    case 5: {
      const [user, role] = [2 + draw.int(USERS - 1), draw.pick(['customer', 'staff'] as const)];
      return { reads: [LIST('customers')], run: () => raw.setUserRole(tenantId, user, role) };
    }
    // The admin console's tariff writes (docs/pricing.md), each one statement.
    case 6:
      return toggled(draw, SEASON_SLOTS, state.seasons, {
        insert: (season) => raw.insertSeason(tenantId, season),
        remove: (season) => raw.deleteSeason(tenantId, season.siteTypeId, season.from),
      });
    case 7: {
      const [season, pitch] = [draw.pick(SEASONS), 100 * (15 + draw.int(30))];
      return {
        reads: [calendarOf(season.siteTypeId), BOTH_TYPES],
        run: () => raw.setSeasonPitch(tenantId, season.siteTypeId, season.from, pitch),
      };
    }
    case 8:
      return toggled(draw, RULE_SLOTS, state.rules, {
        insert: (rule) => raw.insertRestriction(tenantId, rule),
        remove: (rule) => raw.deleteRestriction(tenantId, rule.siteTypeId, rule.from),
      });
    case 9: {
      const index = draw.int(RULES.length);
      const [rule, minStay] = [RULES[index]!, draw.pick([null, 1, 2, 4].filter((nights) => nights !== state.minStays[index]))];
      state.minStays[index] = minStay;
      return {
        reads: [calendarOf(rule.siteTypeId), BOTH_TYPES],
        run: () => raw.setRestrictionMinStay(tenantId, rule.siteTypeId, rule.from, minStay),
      };
    }
    case 10: {
      if (draw.chance(0.3)) {
        state.extraSlot = !state.extraSlot;
        const run = state.extraSlot ? () => raw.insertExtra(tenantId, EXTRA_SLOT) : () => raw.deleteExtra(tenantId, EXTRA_SLOT.id);
        return { reads: [LIST('extras')], run };
      }
      const [extra, price] = [draw.pick(EXTRAS).id, 50 * draw.int(200)];
      return { reads: [LIST('extras')], run: () => raw.setExtraPrice(tenantId, extra, price) };
    }
    case 11: {
      // The tax shows in no answer that is kept, only in quotes: what is read around it is the rest of the tariff.
      const tax = { adult: 10 * draw.int(40), youth: 10 * draw.int(20), child: draw.pick([0, 50]), maxNights: draw.pick([null, 3, 7]) };
      const next = draw.chance(0.15) ? null : tax;
      return { reads: [LIST('extras'), BOTH_TYPES], run: () => raw.setTouristTax(tenantId, next) };
    }
    default: {
      const [type, name] = [1 + draw.int(2), draw.pick(['Tent', 'Camper', 'Tent pitch', 'Caravan'])];
      return { reads: [LIST('site-types'), LIST('sites'), calendarOf(type)], run: () => raw.renameSiteType(tenantId, type, name) };
    }
  }
}
