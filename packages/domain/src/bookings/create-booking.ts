import type { Principal } from '../api-keys/api-key';
import type { Scope } from '../api-keys/scopes';
import { requireScope } from '../api-keys/required-scope';
import { type CalendarDate, daysBetween } from '../shared/calendar-date';
import type { Clock } from '../shared/clock';
import { DomainError, isDomainError } from '../shared/domain-error';
import { type RandomSource, randomString } from '../shared/random-source';
import { isRecordId } from '../shared/record-id';
import type { CustomerRepository } from '../customers/customer';
import type { Site, SiteRepository } from '../sites/site';
import { BOOKING_REFERENCE_ALPHABET, BOOKING_REFERENCE_LENGTH, type Booking } from './booking';
import type { BookingRepository } from './booking-repository';
import { IDEMPOTENCY_KEY_TTL_MS, type IdempotencyCompletion, type IdempotencyStore, STALE_CLAIM_MS } from './idempotency';
import type { BookingRuleViolation } from './booking-rule';
import { placeholderPrice } from './placeholder-pricing';

/** The guest and stay fields of a create request, already type-checked by the transport. */
export interface BookingFields {
  checkInDate: CalendarDate;
  checkOutDate: CalendarDate;
  numAdults: number;
  numYouth: number;
  numChildren: number;
  guestFirstName: string;
  guestLastName: string;
  guestEmail: string;
}

/**
 * A create request with its values validated by the transport. `siteId` is null when it was missing, null or not an
 * integer; `fields` is null when the transport refused them, because docs/api-behaviour.md §2.4, rule 5 puts the site
 * check before the field errors, which the transport words itself.
 */
export interface CreateBookingInput {
  siteId: number | null;
  fields: BookingFields | null;
  /** `customer_id`: an id, or null for none; absent when it was left out (or refused with the fields). */
  customerId?: number | null;
}

/** `validation_failed` with the rules broken, for the transport to word. */
function broken(...violations: BookingRuleViolation[]): DomainError {
  return new DomainError('validation_failed', 'validation failed', { violations });
}

const UNKNOWN_CUSTOMER: BookingRuleViolation = { rule: 'unknown_customer' };

/**
 * A release that failed after a failed create: the claim still stops blocking the key once it is STALE_CLAIM_MS old,
 * so the create's own error is the one worth reporting, and this one is dropped.
 */
function reportedByTheCreate(): void {
  // See above.
}
const MAX_REFERENCE_ATTEMPTS = 8;
/** The longest stay a booking may cover. */
export const MAX_NIGHTS = 365;

/** A create request that carries an `Idempotency-Key` (docs/channel-managers.md, "Retrying safely"). */
export interface IdempotentRequest {
  key: string;
  /** Equal for equal JSON values of the body, whatever their key order or spacing (the transport computes it). */
  fingerprint: string;
}

/** The booking created now, or the one a first request with the same key created, as it was answered then. */
export interface IdempotentOutcome {
  replayed: boolean;
  booking: Booking;
}

export class CreateBooking {
  readonly scope: Scope = 'bookings:write';

  constructor(
    private readonly bookings: BookingRepository,
    private readonly sites: SiteRepository,
    private readonly clock: Clock,
    private readonly random: RandomSource,
    private readonly customers: CustomerRepository,
    private readonly idempotency?: IdempotencyStore,
  ) {}

  /** Creates a booking in the caller's tenant, or throws the first rule it breaks (see `create`). */
  async execute(principal: Principal, input: CreateBookingInput): Promise<Booking> {
    requireScope(principal, this.scope);
    return this.create(principal, input);
  }

  /**
   * `execute` under an idempotency key of the caller's tenant: the first request with the key runs as usual and, when
   * it creates the booking, stores its answer in the booking's own transaction. A later request with an equal body
   * gets that answer again and creates nothing.
   *
   * @throws DomainError `idempotency_key_reused` when the key was used with another body
   * @throws DomainError `idempotency_key_in_use` while the first request with the key is still running
   */
  async executeOnce(principal: Principal, input: CreateBookingInput, request: IdempotentRequest): Promise<IdempotentOutcome> {
    requireScope(principal, this.scope);
    const store = this.idempotency;
    if (!store) throw new Error('CreateBooking was built without an IdempotencyStore');
    const { tenantId } = principal;
    const now = this.clock.now();
    const claim = await store.claim(
      tenantId,
      request.key,
      request.fingerprint,
      now,
      new Date(now.getTime() - STALE_CLAIM_MS),
      new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS),
    );
    if (claim.kind !== 'claimed') {
      if (claim.fingerprint !== request.fingerprint) throw new DomainError('idempotency_key_reused');
      if (claim.kind === 'in_use') throw new DomainError('idempotency_key_in_use');
      return { replayed: true, booking: claim.booking };
    }
    const completion: IdempotencyCompletion = {
      key: request.key,
      token: claim.token,
      expiresAt: new Date(this.clock.now().getTime() + IDEMPOTENCY_KEY_TTL_MS),
    };
    try {
      return { replayed: false, booking: await this.create(principal, input, completion) };
    } catch (error) {
      // Only a created booking is remembered; after any other outcome a retry runs afresh.
      await store.release(tenantId, request.key, claim.token).catch(reportedByTheCreate);
      throw error;
    }
  }

  /** docs/api-behaviour.md §2 items 4 to 7, in that order; the first failing rule wins. */
  private async create(principal: Principal, input: CreateBookingInput, completion?: IdempotencyCompletion): Promise<Booking> {
    const site = await this.siteOf(principal, input);
    if (!site) throw new DomainError('site_not_found');

    // The customer is one more field: its "does not exist" joins the other fields' errors in one answer.
    const customerId = input.customerId ?? null;
    const unknownCustomer =
      customerId !== null && (!isRecordId(customerId) || !(await this.customers.findById(principal.tenantId, customerId)));
    const { fields } = input;
    if (fields === null || unknownCustomer) {
      throw broken(...(fields === null ? [{ rule: 'invalid_fields' } as const] : []), ...(unknownCustomer ? [UNKNOWN_CUSTOMER] : []));
    }
    if (fields.checkOutDate <= fields.checkInDate) throw broken({ rule: 'check_out_not_after_check_in' });
    // docs/security.md: a stay is at most a year, checked right after the order of the dates (same field).
    if (daysBetween(fields.checkInDate, fields.checkOutDate) > MAX_NIGHTS) throw broken({ rule: 'stay_too_long', maxNights: MAX_NIGHTS });

    const occupants = fields.numAdults + fields.numYouth + fields.numChildren;
    if (occupants > site.maxOccupants) throw broken({ rule: 'too_many_occupants', occupants, maxOccupants: site.maxOccupants });
    if (site.status !== 'active') throw new DomainError('site_unavailable');

    const draft = {
      ...fields,
      tenantId: principal.tenantId,
      siteId: site.id,
      status: 'pending',
      totalPrice: placeholderPrice(site.basePricePerNight, fields.checkInDate, fields.checkOutDate),
      createdAt: this.clock.now(),
      source: 'online',
      customerId,
    };
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.bookings.insertIfAvailable({ ...draft, bookingReference: this.newReference() }, completion);
      } catch (error) {
        // The customer stopped being one between the check above and the insert (the storage checks it again).
        if (customerId !== null && isDomainError(error, 'customer_not_found')) throw broken(UNKNOWN_CUSTOMER);
        if (!isDomainError(error, 'duplicate_booking_reference') || attempt >= MAX_REFERENCE_ATTEMPTS) throw error;
      }
    }
  }

  private siteOf(principal: Principal, input: CreateBookingInput): Promise<Site | null> {
    return input.siteId === null || !isRecordId(input.siteId)
      ? Promise.resolve(null)
      : this.sites.findById(principal.tenantId, input.siteId);
  }

  private newReference(): string {
    return randomString(this.random, BOOKING_REFERENCE_ALPHABET, BOOKING_REFERENCE_LENGTH);
  }
}
