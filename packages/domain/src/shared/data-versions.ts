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
}

export type DataStamp = number | string;
