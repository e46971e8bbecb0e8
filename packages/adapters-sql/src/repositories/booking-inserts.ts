import {
  type Booking,
  DomainError,
  type ExtraRequest,
  type IdempotencyCompletion,
  type NewBooking,
  OCCUPYING_STATUSES,
} from '@campsite/domain';
import { type SqlExecutor, toInt } from '../sql-executor';
import type { SqlDatabase } from '../sql-database';
import { insertBookingLines } from './booking-lines';
import { completeIdempotencyClaim } from './sql-idempotency-store';
import { OCCUPYING_IN } from './row-mappers';
import { FREE_SITES_OF_TYPE } from './sql-site-type-repository';

export const BOOKING_COLUMNS = [
  'tenant_id',
  'id',
  'booking_reference',
  'guest_first_name',
  'guest_last_name',
  'guest_email',
  'site_id',
  'check_in_date',
  'check_out_date',
  'num_adults',
  'num_youth',
  'num_children',
  'status',
  'total_price',
  'created_at',
  'source',
  'updated_at',
  'customer_id',
  'quote_id',
  'extras',
] as const;

/**
 * The values of a booking row, whatever wrote them: an import has neither a quote nor lines. The site is null only
 * for a booking that a database procedure places by type.
 */
export type BookingValues = Omit<NewBooking, 'tenantId' | 'id' | 'siteId' | 'siteTypeId' | 'quoteId' | 'extras' | 'lines'> & {
  siteId: number | null;
  quoteId?: number | null;
  extras?: readonly ExtraRequest[];
  updatedAt?: Date;
};

/** A booking as a row of BOOKING_COLUMNS; `updatedAt` defaults to the creation time. */
export function bookingRow(db: SqlDatabase, tenantId: number, id: number | null, b: BookingValues): unknown[] {
  const { dialect } = db;
  return [
    tenantId,
    id,
    b.bookingReference,
    b.guestFirstName,
    b.guestLastName,
    b.guestEmail,
    b.siteId,
    b.checkInDate,
    b.checkOutDate,
    b.numAdults,
    b.numYouth,
    b.numChildren,
    b.status,
    b.totalPrice,
    dialect.time(b.createdAt),
    b.source,
    dialect.time(b.updatedAt ?? b.createdAt),
    b.customerId,
    b.quoteId ?? null,
    JSON.stringify(b.extras ?? []),
  ];
}

/** The booking a create inserted, as the API shows it: a new booking was last updated when it was made. */
function created(booking: NewBooking, id: number, site: PlacedSite): Booking {
  const { id: _given, siteTypeId: _type, lines: _lines, ...fields } = booking;
  return { ...fields, id, siteId: site.id, siteNumber: site.siteNumber, updatedAt: booking.createdAt };
}

interface PlacedSite {
  id: number;
  siteNumber: string;
}

/**
 * One try at the atomic create of BookingRepository.insertIfAvailable: lock the site, check it is active and free,
 * take the tenant's next id, insert, and complete the idempotency claim, all in one transaction.
 */
export interface BookingInserter {
  insert(booking: NewBooking, completion: IdempotencyCompletion | undefined): Promise<Booking>;
}

const ACTIVE_OF_TYPE = "SELECT id FROM sites WHERE tenant_id = ? AND site_type_id = ? AND status = 'active' ORDER BY site_number, id";

/**
 * The create as a transaction sent statement by statement (docs/api-behaviour.md §2.4, rule 7): the site's row is
 * locked (PostgreSQL: FOR UPDATE; SQLite: BEGIN IMMEDIATE), so a second create for the same site waits and then sees
 * the first one's booking in its overlap check.
 */
export class TransactionInserter implements BookingInserter {
  constructor(private readonly db: SqlDatabase) {}

  insert(booking: NewBooking, completion: IdempotencyCompletion | undefined): Promise<Booking> {
    const { db } = this;
    const { tenantId } = booking;
    return db.transaction(async (tx) => {
      if (booking.quoteId !== null) await this.lockUnusedQuote(tx, tenantId, booking.quoteId);
      const site =
        booking.siteId === null ? await this.freeSiteOfType(tx, booking) : await this.lockedFreeSite(tx, booking, booking.siteId);
      const id = await allocateId(tx, tenantId, booking.id);
      // The insert's triggers record the change and keep the totals (docs/database-rules.md §1).
      await tx.run(
        `INSERT INTO bookings (${BOOKING_COLUMNS.join(', ')}) VALUES (${BOOKING_COLUMNS.map(() => '?').join(', ')})`,
        bookingRow(db, tenantId, id, { ...booking, siteId: site.id }),
      );
      await insertBookingLines(tx, tenantId, id, booking.lines);
      if (booking.quoteId !== null) {
        await tx.run('UPDATE quotes SET booking_id = ? WHERE tenant_id = ? AND id = ?', [id, tenantId, booking.quoteId]);
      }
      if (completion) await completeIdempotencyClaim(db, tx, tenantId, id, completion);
      return created(booking, id, site);
    });
  }

  /**
   * The quote, locked before any site: of two creates from one quote, the second waits here and then finds it used
   * (`quote_used`), whatever site either would have taken. One forgotten meanwhile is `quote_not_found`.
   */
  private async lockUnusedQuote(tx: SqlExecutor, tenantId: number, quoteId: number): Promise<void> {
    const quote = await tx.get<{ booking_id: unknown }>(
      this.db.dialect.lockingRead('SELECT booking_id FROM quotes WHERE tenant_id = ? AND id = ?'),
      [tenantId, quoteId],
    );
    if (!quote) throw new DomainError('quote_not_found');
    if (quote.booking_id !== null) throw new DomainError('quote_used');
  }

  /** The site, locked, if it is active and free for the stay. */
  private async lockedFreeSite(tx: SqlExecutor, booking: NewBooking, siteId: number): Promise<PlacedSite> {
    const { tenantId } = booking;
    const site = await tx.get<{ status: string; site_number: string }>(
      this.db.dialect.lockingRead('SELECT status, site_number FROM sites WHERE tenant_id = ? AND id = ?'),
      [tenantId, siteId],
    );
    if (!site || site.status !== 'active') throw new DomainError('site_unavailable');
    const clash = await tx.get(
      `SELECT 1 AS clash FROM bookings WHERE tenant_id = ? AND site_id = ? AND status IN ${OCCUPYING_IN} ` +
        'AND check_in_date < ? AND check_out_date > ? LIMIT 1',
      [tenantId, siteId, ...OCCUPYING_STATUSES, booking.checkOutDate, booking.checkInDate],
    );
    if (clash) throw new DomainError('site_unavailable');
    return { id: siteId, siteNumber: site.site_number };
  }

  /**
   * docs/channel-managers.md, "Booking from a quote": the type's active site with the lowest number that holds the
   * party and is free for the stay. Every active site of the type is locked first, in number order (the order every
   * such create locks in, so two cannot deadlock): a create for one of them that committed meanwhile is then seen by
   * the search, which runs after the locks.
   */
  private async freeSiteOfType(tx: SqlExecutor, booking: NewBooking): Promise<PlacedSite> {
    const { tenantId, siteTypeId } = booking;
    if (siteTypeId === undefined) throw new Error('a booking by type needs its siteTypeId');
    const locking = this.db.dialect.lockingRead(ACTIVE_OF_TYPE);
    // An engine whose write transaction already excludes every other writer (SQLite) has nothing to lock here.
    if (locking !== ACTIVE_OF_TYPE) await tx.all(locking, [tenantId, siteTypeId]);
    const guests = booking.numAdults + booking.numYouth + booking.numChildren;
    const free = await tx.get<{ id: unknown; site_number: string }>(
      `SELECT s.id, s.site_number ${FREE_SITES_OF_TYPE} ORDER BY s.site_number, s.id LIMIT 1`,
      [tenantId, siteTypeId, guests, ...OCCUPYING_STATUSES, booking.checkOutDate, booking.checkInDate],
    );
    if (!free) throw new DomainError('site_unavailable');
    return { id: toInt(free.id), siteNumber: free.site_number };
  }
}

/**
 * docs/database-rules.md §2: the next id within the tenant, from its counter row, which also serialises concurrent
 * creates. A given id (imports) needs nothing: the insert trigger moves the counter past it.
 */
async function allocateId(tx: SqlExecutor, tenantId: number, given: number | undefined): Promise<number> {
  if (given !== undefined) return given;
  const row = await tx.get<{ last_booking_id: unknown }>(
    'UPDATE tenant_counters SET last_booking_id = last_booking_id + 1 WHERE tenant_id = ? RETURNING last_booking_id',
    [tenantId],
  );
  if (!row) throw new Error(`tenant ${tenantId} has no counter row`);
  return Number(row.last_booking_id);
}

/** The booking columns the procedure takes (migration 018): those of a create without a quote. */
const PROCEDURE_COLUMNS = BOOKING_COLUMNS.indexOf('quote_id');

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** The procedure's arguments: the booking's columns, the occupying statuses, the claim, two results. */
const CREATE_CALL = `CALL create_booking_if_available(${placeholders(PROCEDURE_COLUMNS)}, ?, ?, ?, ?, NULL, NULL)`;

/**
 * Migration 022's: every booking column, the site type, the lines (JSON), the occupying statuses, the claim, three
 * results.
 */
const FROM_QUOTE_CALL = `CALL create_booking_from_quote(${placeholders(BOOKING_COLUMNS.length)}, ?, ?, ?, ?, ?, ?, NULL, NULL, NULL)`;

/**
 * PostgreSQL: the same transaction as one call of a database procedure (docs/database-rules.md §6), which locks,
 * checks, inserts, completes the claim and commits inside the database, so the tenant's counter row is never held
 * across a round trip (docs/performance.md, "Create procedure"): `create_booking_if_available` for a booking on a
 * site without a quote, lines or extras, `create_booking_from_quote` for any other.
 */
export class ProcedureInserter implements BookingInserter {
  constructor(private readonly db: SqlDatabase) {}

  async insert(booking: NewBooking, completion: IdempotencyCompletion | undefined): Promise<Booking> {
    const { db } = this;
    const claim = completion ? [completion.key, completion.token, db.dialect.time(completion.expiresAt)] : [null, null, null];
    const row = bookingRow(db, booking.tenantId, booking.id ?? null, booking);
    if (booking.siteId === null || booking.quoteId !== null || booking.lines.length > 0 || booking.extras.length > 0) {
      const placed = await db.get<{ booking_id: unknown; placed_site_id: unknown; site_number: string }>(FROM_QUOTE_CALL, [
        ...row,
        booking.siteTypeId ?? null,
        JSON.stringify(booking.lines),
        OCCUPYING_STATUSES,
        ...claim,
      ]);
      if (!placed) throw new Error('create_booking_from_quote answered no row');
      return created(booking, toInt(placed.booking_id), { id: toInt(placed.placed_site_id), siteNumber: placed.site_number });
    }
    const answer = await db.get<{ booking_id: unknown; site_number: string }>(CREATE_CALL, [
      ...row.slice(0, PROCEDURE_COLUMNS),
      OCCUPYING_STATUSES,
      ...claim,
    ]);
    if (!answer) throw new Error('create_booking_if_available answered no row');
    return created(booking, toInt(answer.booking_id), { id: booking.siteId, siteNumber: answer.site_number });
  }
}
