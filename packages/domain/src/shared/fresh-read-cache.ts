import type { DataStamp, DataVersions } from './data-versions';

/**
 * Reuse of a read while the tenant's data stamp is unchanged. Use cases call it around their repository reads; the
 * composition root decides whether reads are reused at all.
 */
export interface ReadCache {
  /**
   * The value `load` gave for `key` in the reader's tenant, when it was loaded under the tenant's current stamp
   * (the reader's own `stamp` when it brings one, see Principal); otherwise loads it now. `weight` is the value's
   * share of the cache's budget (rows, say). A failed load is not kept. `load` is handed the value still held for
   * `key` from under an earlier stamp, when there is one, so that it can reuse what did not change (a rendered
   * document whose data is the same); undefined otherwise.
   */
  read<T>(reader: Reader, key: string, weight: (value: T) => number, load: (earlier: T | undefined) => Promise<T>): Promise<T>;
}

/** Whose read it is: the tenant, and its stamp when already read for this request. */
export interface Reader {
  tenantId: number;
  stamp?: DataStamp;
}

/** Every read goes to the repositories. */
export const noReadCache: ReadCache = {
  read: (_reader, _key, _weight, load) => load(undefined),
};

interface Entry {
  stamp: DataStamp;
  value: unknown;
  weight: number;
}

export const DEFAULT_READ_CACHE_WEIGHT = 20_000;
/** How many recently read keys the doorkeeper remembers. */
export const DEFAULT_DOORKEEPER_KEYS = 4_096;

/**
 * Issue 6's "no response cache that can serve stale data after a write": an entry is served only while the tenant's
 * stamp (DataVersions) is the one read just before the entry was loaded, so the first read after any committed write,
 * from any process, loads afresh. A value may be newer than its stamp (a write committed between the stamp and the
 * load), never older.
 *
 * Entries are evicted least recently used first once their total weight passes the budget. Concurrent reads of one
 * key under one stamp share a single load, so a write under load costs one reload, not one per waiting request.
 *
 * A key is kept only from its second read on (a "doorkeeper" of recently read keys): a mirror walking every page
 * once, or a client reading random bookings, would otherwise push out the pages that are read again and again, and
 * fill the heap with entries that die unread (measured: random booking reads grew the server's heap by ~100 MB).
 */
export class FreshReadCache implements ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<unknown>>();
  private readonly readOnce = new Set<string>();
  private totalWeight = 0;

  constructor(
    private readonly versions: Pick<DataVersions, 'stampOf'>,
    private readonly maxWeight = DEFAULT_READ_CACHE_WEIGHT,
    private readonly doorkeeperKeys = DEFAULT_DOORKEEPER_KEYS,
  ) {}

  async read<T>(reader: Reader, key: string, weight: (value: T) => number, load: (earlier: T | undefined) => Promise<T>): Promise<T> {
    const { tenantId } = reader;
    const stamp = reader.stamp ?? (await this.versions.stampOf(tenantId));
    const id = `${tenantId}\u0000${key}`;
    const entry = this.entries.get(id);
    if (entry !== undefined && entry.stamp === stamp) {
      // Map order is insertion order: moving a hit to the end keeps the least recently used first.
      this.entries.delete(id);
      this.entries.set(id, entry);
      return entry.value as T;
    }
    const flight = `${id}\u0000${String(stamp)}`;
    let pending = this.loading.get(flight) as Promise<T> | undefined;
    if (pending === undefined) {
      const keep = entry !== undefined || this.admit(id);
      pending = load(entry?.value as T | undefined).then((value) => {
        if (keep) this.store(id, { stamp, value, weight: Math.max(1, weight(value)) });
        return value;
      });
      this.loading.set(flight, pending);
      const forget = () => this.loading.delete(flight);
      pending.then(forget, forget);
    }
    return pending;
  }

  /** Entries held, for tests and diagnostics. */
  get size(): number {
    return this.entries.size;
  }

  /** True for a key read recently already; otherwise remembers it for next time. A doorkeeper of 0 admits all. */
  private admit(id: string): boolean {
    if (this.doorkeeperKeys === 0 || this.readOnce.delete(id)) return true;
    if (this.readOnce.size >= this.doorkeeperKeys) {
      const oldest = this.readOnce.values().next().value;
      if (oldest !== undefined) this.readOnce.delete(oldest);
    }
    this.readOnce.add(id);
    return false;
  }

  private store(id: string, entry: Entry): void {
    const previous = this.entries.get(id);
    if (previous !== undefined) {
      this.entries.delete(id);
      this.totalWeight -= previous.weight;
    }
    if (entry.weight > this.maxWeight) return;
    this.entries.set(id, entry);
    this.totalWeight += entry.weight;
    for (const [oldest, old] of this.entries) {
      if (this.totalWeight <= this.maxWeight) break;
      this.entries.delete(oldest);
      this.totalWeight -= old.weight;
    }
  }
}
