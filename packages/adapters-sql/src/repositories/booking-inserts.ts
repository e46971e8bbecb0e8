import { type Booking, DomainError, type IdempotencyCompletion, type NewBooking, OCCUPYING_STATUSES } from '@campsite/domain';
import { type SqlExecutor, toInt } from '../sql-executor';
import type { SqlDatabase } from '../sql-database';
import { completeIdempotencyClaim } from './sql-idempotency-store';

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
] as const;

/** A booking as a row of BOOKING_COLUMNS; `updatedAt` defaults to the creation time. */
export function bookingRow(
  db: SqlDatabase,
  tenantId: number,
  id: number | null,
  b: Omit<NewBooking, 'tenantId' | 'id'> & { updatedAt?: Date },
): unknown[] {
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
  ];
}

/** The booking a create inserted, as the API shows it: a new booking was last updated when it was made. */
function created(booking: NewBooking, id: number, siteNumber: string): Booking {
  const { id: _given, ...fields } = booking;
  return { ...fields, id, siteNumber, updatedAt: booking.createdAt };
}

/**
 * One try at the atomic create of BookingRepository.insertIfAvailable: lock the site, check it is active and free,
 * take the tenant's next id, insert, and complete the idempotency claim, all in one transaction.
 */
export interface BookingInserter {
  insert(booking: NewBooking, completion: IdempotencyCompletion | undefined): Promise<Booking>;
}

const OCCUPYING_IN = `(${OCCUPYING_STATUSES.map(() => '?').join(', ')})`;

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
      const site = await tx.get<{ status: string; site_number: string }>(
        db.dialect.lockingRead('SELECT status, site_number FROM sites WHERE tenant_id = ? AND id = ?'),
        [tenantId, booking.siteId],
      );
      if (!site || site.status !== 'active') throw new DomainError('site_unavailable');
      const clash = await tx.get(
        `SELECT 1 AS clash FROM bookings WHERE tenant_id = ? AND site_id = ? AND status IN ${OCCUPYING_IN} ` +
          'AND check_in_date < ? AND check_out_date > ? LIMIT 1',
        [tenantId, booking.siteId, ...OCCUPYING_STATUSES, booking.checkOutDate, booking.checkInDate],
      );
      if (clash) throw new DomainError('site_unavailable');
      const id = await allocateId(tx, tenantId, booking.id);
      // The insert's triggers record the change and keep the totals (docs/database-rules.md §1).
      await tx.run(
        `INSERT INTO bookings (${BOOKING_COLUMNS.join(', ')}) VALUES (${BOOKING_COLUMNS.map(() => '?').join(', ')})`,
        bookingRow(db, tenantId, id, booking),
      );
      if (completion) await completeIdempotencyClaim(db, tx, tenantId, id, completion);
      return created(booking, id, site.site_number);
    });
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

/** The procedure's arguments (migration 018): a row of BOOKING_COLUMNS, the occupying statuses, the claim, two results. */
const CREATE_CALL = `CALL create_booking_if_available(${BOOKING_COLUMNS.map(() => '?').join(', ')}, ?, ?, ?, ?, NULL, NULL)`;

/**
 * PostgreSQL: the same transaction as one call of the database's procedure `create_booking_if_available`
 * (docs/database-rules.md §6), which locks, checks, inserts, completes the claim and commits inside the database, so
 * the tenant's counter row is never held across a round trip (docs/performance.md, "Create procedure").
 */
export class ProcedureInserter implements BookingInserter {
  constructor(private readonly db: SqlDatabase) {}

  async insert(booking: NewBooking, completion: IdempotencyCompletion | undefined): Promise<Booking> {
    const { db } = this;
    const claim = completion ? [completion.key, completion.token, db.dialect.time(completion.expiresAt)] : [null, null, null];
    const row = await db.get<{ booking_id: unknown; site_number: string }>(CREATE_CALL, [
      ...bookingRow(db, booking.tenantId, booking.id ?? null, booking),
      OCCUPYING_STATUSES,
      ...claim,
    ]);
    if (!row) throw new Error('create_booking_if_available answered no row');
    return created(booking, toInt(row.booking_id), row.site_number);
  }
}
