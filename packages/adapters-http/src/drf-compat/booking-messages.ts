import { type BookingRuleViolation, DomainError, type FieldErrors, isDomainError } from '@campsite/domain';

/** What the words of a refused create request need from the request as it was read (create-booking.schema.ts). */
export interface BookingWording {
  /** The transport's own field errors, in DRF's order (`invalid_fields`). */
  fieldErrors: FieldErrors;
  /** `customer_id` as the client wrote it (`5`, `5.0`), for "does not exist". */
  customerShown?: string;
}

/**
 * The broken rules of a booking or quote request in the old service's words: DRF's field-keyed messages, joined in the
 * order the rules were found (docs/api-behaviour.md §2.4); two rules on one field give both messages. Anything else
 * is handed back unchanged.
 */
export function wordedBookingRefusal(error: unknown, wording: BookingWording): unknown {
  if (!isDomainError(error, 'validation_failed') || !error.details.violations) return error;
  const errors: FieldErrors = {};
  for (const violation of error.details.violations) {
    for (const [field, messages] of Object.entries(wordsOf(violation, wording))) errors[field] = [...(errors[field] ?? []), ...messages];
  }
  return new DomainError('validation_failed', 'validation failed', { fieldErrors: errors }, { cause: error });
}

/** An extra the tenant's tariff does not have (docs/channel-managers.md, "Quotes"). */
export function unknownExtraMessage(code: string): string {
  return `Unknown extra: ${code}.`;
}

function wordsOf(violation: BookingRuleViolation, wording: BookingWording): FieldErrors {
  switch (violation.rule) {
    case 'invalid_fields':
      return wording.fieldErrors;
    case 'unknown_customer':
      return { customer_id: [`Invalid pk "${wording.customerShown ?? ''}" - object does not exist.`] };
    case 'check_out_not_after_check_in':
      return { check_out_date: ['Check-out date must be after check-in date.'] };
    case 'stay_too_long':
      return { check_out_date: [`Stays are limited to ${violation.maxNights} nights.`] };
    case 'too_many_occupants':
      return {
        non_field_errors: [`Total occupants (${violation.occupants}) exceed the maximum of ${violation.maxOccupants} for this site.`],
      };
    case 'unknown_extra':
      return { extras: [unknownExtraMessage(violation.code)] };
    case 'site_type_mismatch':
      return { site_type_id: ["Does not match the site's type."] };
  }
}
