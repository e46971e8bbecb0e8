/**
 * A stamp of committed data, so that a read can be reused for as long as nothing it depends on has changed.
 *
 * Contract (held by the shared contract suite for every adapter):
 * - Two reads of the stamp for one tenant return equal values only if no change to that tenant's bookings, sites,
 *   customers, invoices or API keys was committed between them, by this process or any other.
 * - A stamp never comes back once it has changed (so an old entry can never match again).
 * - The stamp is read before the data it guards: data read afterwards is at least as new as the stamp says.
 *
 * A stamp may change more often than that (for every write in the database, say); that only costs reuse.
 */
export interface DataVersions {
  stampOf(tenantId: number): Promise<DataStamp>;
  /**
   * The data stamp and, read in the same step, the tenant's key stamp: two reads of `keys` for one tenant return
   * equal values only if no API key of that tenant was added, changed (other than its last use) or removed between
   * them, by anyone. It never comes back once it has changed. A kept key row is guarded by it rather than by the data
   * stamp, so that a booking written by anyone does not make every server read its key rows again
   * (docs/architecture.md, "Admission"). It may move more often, as the data stamp may.
   */
  stampsOf(tenantId: number): Promise<TenantStamps>;
}

export type DataStamp = number | string;

/** A tenant's data stamp and key stamp, read together (DataVersions.stampsOf). */
export interface TenantStamps {
  data: DataStamp;
  keys: DataStamp;
}
