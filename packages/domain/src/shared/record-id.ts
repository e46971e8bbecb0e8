/**
 * The largest id any backend stores: ids are 32-bit signed integers on Postgres (`integer`), the narrowest storage.
 * A number outside 1..MAX_RECORD_ID names no row on any backend, so it is answered like an absent row before any
 * storage sees it (docs/security.md, "No input produces a server error").
 */
export const MAX_RECORD_ID = 2_147_483_647;

/** True for a number that can be the id of a stored row. */
export function isRecordId(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_RECORD_ID;
}
