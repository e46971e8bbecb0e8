/**
 * A rule of a create request (a booking or a quote) that was broken (docs/api-behaviour.md §2.4, rules 6 and 7), as the
 * domain knows it:
 * which rule, and the numbers it was broken by. The transport words it (DRF's field-keyed messages over HTTP).
 */
export type BookingRuleViolation =
  /** The transport refused the stay and guest fields; its own messages say why. */
  | { rule: 'invalid_fields' }
  /** `customer_id` names no customer of the tenant (docs/accounting.md, "Customers on bookings"). */
  | { rule: 'unknown_customer' }
  | { rule: 'check_out_not_after_check_in' }
  | { rule: 'stay_too_long'; maxNights: number }
  | { rule: 'too_many_occupants'; occupants: number; maxOccupants: number }
  /** A quote's extra names a code the tariff has no extra for (docs/channel-managers.md, "Quotes"). */
  | { rule: 'unknown_extra'; code: string }
  /** A quote names both a site and a site type, and the site is of another type. */
  | { rule: 'site_type_mismatch' };
