import type { Principal } from '../api-keys/api-key';
import type { Scope } from '../api-keys/scopes';
import { requireScope } from '../api-keys/required-scope';
import type { CalendarDate } from '../shared/calendar-date';
import type { Clock } from '../shared/clock';
import { DomainError, isDomainError } from '../shared/domain-error';
import { type RandomSource, randomString } from '../shared/random-source';
import { isRecordId } from '../shared/record-id';
import type { CustomerRepository } from '../customers/customer';
import type { Site, SiteRepository } from '../sites/site';
import { checkStayRules } from '../pricing/stay-rules';
import type { TariffRepository } from '../pricing/tariff-repository';
import type { QuoteRepository } from '../quotes/quote';
import { BOOKING_REFERENCE_ALPHABET, BOOKING_REFERENCE_LENGTH, type Booking, type NewBooking } from './booking';
import { type BookingGuest, type QuotedStay, bookingFromQuote } from './booking-from-quote';
import type { BookingRepository } from './booking-repository';
import { IDEMPOTENCY_KEY_TTL_MS, type IdempotencyCompletion, type IdempotencyStore, STALE_CLAIM_MS } from './idempotency';
import type { BookingRuleViolation } from './booking-rule';
import { placeholderPrice } from './placeholder-pricing';
import { stayViolations } from './stay-fields';

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
  /**
   * Set when the request named a quote (docs/channel-managers.md, "Booking from a quote"): the stay comes from it,
   * and `siteId` and `fields` are not read. `guest` is null when the transport refused the guest's fields.
   */
  quote?: { stay: QuotedStay; guest: BookingGuest | null };
}

/** What a create reads and writes through. `idempotency` is needed only by `executeOnce`. */
export interface CreateBookingPorts {
  bookings: BookingRepository;
  sites: SiteRepository;
  customers: CustomerRepository;
  quotes: QuoteRepository;
  tariffs: TariffRepository;
  idempotency?: IdempotencyStore;
  clock: Clock;
  random: RandomSource;
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

  private readonly bookings: BookingRepository;
  private readonly clock: Clock;

  constructor(private readonly ports: CreateBookingPorts) {
    this.bookings = ports.bookings;
    this.clock = ports.clock;
  }

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
    const store = this.ports.idempotency;
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

  /** A booking from a quote, or by docs/api-behaviour.md §2 items 4 to 7 (the first failing rule wins), then stored. */
  private async create(principal: Principal, input: CreateBookingInput, completion?: IdempotencyCompletion): Promise<Booking> {
    const customerId = input.customerId ?? null;
    const draft = input.quote
      ? await bookingFromQuote(
          this.ports.quotes,
          this.clock,
          principal.tenantId,
          input.quote.stay,
          input.quote.guest,
          (await this.isCustomer(principal, customerId)) ? [] : [UNKNOWN_CUSTOMER],
        )
      : await this.plainDraft(principal, input, customerId);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.bookings.insertIfAvailable({ ...draft, customerId, bookingReference: this.newReference() }, completion);
      } catch (error) {
        // The customer stopped being one between the check above and the insert (the storage checks it again).
        if (customerId !== null && isDomainError(error, 'customer_not_found')) throw broken(UNKNOWN_CUSTOMER);
        if (!isDomainError(error, 'duplicate_booking_reference') || attempt >= MAX_REFERENCE_ATTEMPTS) throw error;
      }
    }
  }

  /**
   * A booking without a quote: the site (404-like `site_not_found` first, docs/api-behaviour.md §2.4), the fields and
   * the customer, the stay's own rules, occupancy, the tenant's stay rules (docs/channel-managers.md), the site being
   * active; the placeholder price.
   */
  private async plainDraft(
    principal: Principal,
    input: CreateBookingInput,
    customerId: number | null,
  ): Promise<Omit<NewBooking, 'bookingReference' | 'customerId'>> {
    const site = await this.siteOf(principal, input);
    if (!site) throw new DomainError('site_not_found');
    // The customer is one more field: its "does not exist" joins the other fields' errors in one answer.
    const unknownCustomer = !(await this.isCustomer(principal, customerId));
    const { fields } = input;
    if (fields === null || unknownCustomer) {
      throw broken(...(fields === null ? [{ rule: 'invalid_fields' } as const] : []), ...(unknownCustomer ? [UNKNOWN_CUSTOMER] : []));
    }
    const stay = stayViolations(fields);
    if (stay) throw broken(stay);

    const occupants = fields.numAdults + fields.numYouth + fields.numChildren;
    if (occupants > site.maxOccupants) throw broken({ rule: 'too_many_occupants', occupants, maxOccupants: site.maxOccupants });
    const restrictions = await this.ports.tariffs.restrictionsOf(principal.tenantId, site.siteTypeId);
    checkStayRules(restrictions, site.siteTypeId, fields.checkInDate, fields.checkOutDate);
    if (site.status !== 'active') throw new DomainError('site_unavailable');
    return {
      ...fields,
      tenantId: principal.tenantId,
      siteId: site.id,
      status: 'pending',
      totalPrice: placeholderPrice(site.basePricePerNight, fields.checkInDate, fields.checkOutDate),
      createdAt: this.clock.now(),
      source: 'online',
      quoteId: null,
      extras: [],
      lines: [],
    };
  }

  /** No customer at all, or a `customer` user of the caller's tenant. */
  private async isCustomer(principal: Principal, customerId: number | null): Promise<boolean> {
    return (
      customerId === null || (isRecordId(customerId) && (await this.ports.customers.findById(principal.tenantId, customerId)) !== null)
    );
  }

  private siteOf(principal: Principal, input: CreateBookingInput): Promise<Site | null> {
    return input.siteId === null || !isRecordId(input.siteId)
      ? Promise.resolve(null)
      : this.ports.sites.findById(principal.tenantId, input.siteId);
  }

  private newReference(): string {
    return randomString(this.ports.random, BOOKING_REFERENCE_ALPHABET, BOOKING_REFERENCE_LENGTH);
  }
}
