/** Booking status codes named by the spec. Stored values outside this list are kept verbatim and never branched on. */
export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'completed', 'no_show'] as const;
export type KnownBookingStatus = (typeof BOOKING_STATUSES)[number];
/** A stored status: one of the known codes, or an unknown one carried through untouched. */
export type BookingStatus = KnownBookingStatus | (string & {});

/** Statuses that hold a pitch: a new booking may not overlap them (docs/api-behaviour.md §2.4, rule 8). */
export const OCCUPYING_STATUSES: readonly BookingStatus[] = ['pending', 'confirmed'];

/** The operator's transitions (docs/api-behaviour.md §5). Anything not listed, including from unknown statuses, is refused. */
const TRANSITIONS: Readonly<Record<string, readonly KnownBookingStatus[]>> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['cancelled', 'completed', 'no_show'],
};

export function canTransition(from: BookingStatus, to: BookingStatus): boolean {
  return Object.hasOwn(TRANSITIONS, from) && (TRANSITIONS[from] as readonly string[]).includes(to);
}

export function isOccupying(status: BookingStatus): boolean {
  return OCCUPYING_STATUSES.includes(status);
}
