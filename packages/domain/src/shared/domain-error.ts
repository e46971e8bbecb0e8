import type { Principal } from '../api-keys/api-key';
import type { BookingRuleViolation } from '../bookings/booking-rule';
import type { RateLimitDecision } from '../rate-limiting/rate-limiter';

/**
 * Every failure the domain can report. The codes are stable and closed: the HTTP adapter maps each one to a status
 * and body in exactly one place, and the domain never speaks HTTP.
 */
export type DomainErrorCode =
  | 'invalid_key'
  | 'key_inactive'
  | 'permission_denied'
  /** The resource offers no operation for this request (AdmitRequest: a `null` scope); HTTP answers 405. */
  | 'no_such_operation'
  | 'not_found'
  | 'invalid_page'
  | 'invalid_cursor'
  | 'webhook_endpoint_limit'
  | 'site_not_found'
  /** A quote names a site type its tenant does not have (docs/channel-managers.md, "Quotes"). */
  | 'site_type_not_found'
  /** `quote_id` names no quote of the caller's tenant. */
  | 'quote_not_found'
  /** The quote's `expires_at` has passed. */
  | 'quote_expired'
  /** A booking was already made from the quote. */
  | 'quote_used'
  /** A field sent beside `quote_id` differs from the quote's. */
  | 'quote_mismatch'
  /** Only a pending or confirmed booking can be cancelled (docs/booking-lifecycle.md). */
  | 'not_cancellable'
  /** The operator's `invoices issue`: the booking already has an invoice that is not cancelled. */
  | 'invoice_exists'
  /** The operator's `invoices issue`: the booking has no priced lines to invoice. */
  | 'no_priced_lines'
  | 'site_unavailable'
  | 'customer_not_found'
  | 'validation_failed'
  | 'throttled'
  | 'invalid_transition'
  | 'duplicate_booking_reference'
  | 'tenant_not_found'
  | 'tenant_exists'
  /** The operator's `tenants reset`: the tenant is not a sandbox, so its data is never wiped (docs/operations.md). */
  | 'not_a_sandbox'
  | 'api_key_not_found'
  | 'invalid_idempotency_key'
  | 'idempotency_key_reused'
  | 'idempotency_key_in_use'
  /** The database could not be reached, or the connection was lost mid-request; worth trying again shortly. */
  | 'database_unavailable'
  /** A night of the stay lies in no season of the site type, so it has no price (docs/pricing.md). */
  | 'no_tariff'
  /** An extra was asked for by a code the tenant's tariff does not have; `details.extraCode` names it. */
  | 'unknown_extra'
  /** A night of the stay falls on a date closed for sale. */
  | 'stop_sell'
  /** The stay arrives on a date closed to arrival. */
  | 'closed_to_arrival'
  /** The stay departs on a date closed to departure. */
  | 'closed_to_departure'
  /** The stay has fewer nights than its arrival date's minimum. */
  | 'min_stay'
  /** The stay has more nights than its arrival date's maximum. */
  | 'max_stay';

/** Field-keyed messages, DRF-style: `{ field: [message, ...] }`, with `non_field_errors` for object-level rules. */
export type FieldErrors = Record<string, string[]>;

export interface DomainErrorDetails {
  /** For `validation_failed`: the field-keyed messages. */
  fieldErrors?: FieldErrors;
  /** For `validation_failed` of CreateBooking: the rules broken, in the order found, for the transport to word. */
  violations?: readonly BookingRuleViolation[];
  /** For `throttled`: whole seconds until a retry can succeed (at least 1). */
  retryAfterSeconds?: number;
  /**
   * For a refusal of a recognised key (`no_such_operation`, `permission_denied`, the key's own `throttled`): the key,
   * and its rate-limit standing, which the refusal shows (docs/authentication.md). Absent for refusals of no key.
   */
  refusedKey?: { principal: Principal; standing: RateLimitDecision };
  /** For `unknown_extra`: the code as it was asked for, for the transport to word. */
  extraCode?: string;
}

export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly details: DomainErrorDetails;

  /** `options.cause`: what the adapter translated (a driver error), kept for the log, never shown to a client. */
  constructor(code: DomainErrorCode, message?: string, details: DomainErrorDetails = {}, options?: { cause?: unknown }) {
    super(message ?? code, options);
    this.name = 'DomainError';
    this.code = code;
    this.details = details;
  }

  static validation(fieldErrors: FieldErrors): DomainError {
    return new DomainError('validation_failed', 'validation failed', { fieldErrors });
  }
}

export function isDomainError(error: unknown, code?: DomainErrorCode): error is DomainError {
  return error instanceof DomainError && (code === undefined || error.code === code);
}
