/**
 * A tenant's data version: a value the database moves in every transaction that changes what the API shows of the
 * tenant, whoever writes (docs/performance.md, "Data version"). A rendered answer may be reused for as long as the
 * version it was read under is the tenant's current one.
 */
export type DataVersion = number | string;

/**
 * Reads a tenant's data version.
 *
 * Contract (held by the shared contract suite for every adapter):
 * - Two reads for one tenant return equal values only if no change to that tenant's bookings, sites, customers,
 *   invoices, site types, tariff or billing details was committed between them, by this process or any other.
 * - A version never comes back once it has changed, not even after the tenant's rows were deleted and imported again.
 * - It may move more often than that (an API key's change moves it too); that only costs reuse.
 */
export interface DataVersions {
  versionOf(tenantId: number): Promise<DataVersion>;
}
