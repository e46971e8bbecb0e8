import type { DataStamp, DataVersions, TenantStamps } from '../shared/data-versions';
import { InMemoryStore } from './in-memory-store';

/**
 * Every tenant shares the store's stamps. Tests also seed by pushing to the arrays directly, so their lengths are part
 * of them; an in-place edit that bypasses the repositories must call `store.changed()` (`store.keysChanged()` for a
 * key).
 */
export class InMemoryDataVersions implements DataVersions {
  constructor(private readonly store: InMemoryStore) {}

  async stampOf(tenantId: number): Promise<DataStamp> {
    return this.stampNow(tenantId);
  }

  async stampsOf(tenantId: number): Promise<TenantStamps> {
    return this.stampsNow(tenantId);
  }

  /** The key stamp moves with every change of a key (`store.keysChanged()`, or a key or tenant pushed by a test). */
  stampsNow(tenantId: number): TenantStamps {
    const s = this.store;
    return { data: this.stampNow(tenantId), keys: [s.keyWrites, s.tenants.length, s.apiKeys.length].join('.') };
  }

  stampNow(_tenantId: number): DataStamp {
    const s = this.store;
    return [
      s.writes,
      s.tenants.length,
      s.apiKeys.length,
      s.sites.length,
      s.users.length,
      s.bookings.length,
      s.invoices.length,
      s.invoiceLines.length,
      s.billing.size,
    ].join('.');
  }
}
