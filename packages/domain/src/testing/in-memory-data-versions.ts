import type { DataVersion, DataVersions } from '../shared/data-versions';
import { InMemoryStore } from './in-memory-store';

/**
 * Every tenant shares the store's version. Tests also seed by pushing to the arrays directly, so their lengths are
 * part of it; an in-place edit that bypasses the repositories must call `store.changed()`.
 */
export class InMemoryDataVersions implements DataVersions {
  constructor(private readonly store: InMemoryStore) {}

  async versionOf(_tenantId: number): Promise<DataVersion> {
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
