import type { ChangeBatch, ChangeFeedRepository, ChangePage, ChangeType, ChangedRecord } from '../changes/change-feed';
import { InMemoryStore } from './in-memory-store';

/** The change log of the store, with each record as its repository renders it. */
export class InMemoryChangeFeed implements ChangeFeedRepository {
  constructor(private readonly store: InMemoryStore) {}

  async read(tenantId: number, after: number, types: readonly ChangeType[], limit: number): Promise<ChangeBatch> {
    const { store } = this;
    if (!store.tenants.some((t) => t.id === tenantId)) throw new Error(`no tenant ${tenantId}`);
    const visible = store.changeLog(tenantId).filter((c) => c.position > after && types.includes(c.type));
    const changes = visible.slice(0, limit).map((c) => ({ ...c, record: c.deleted ? null : this.recordOf(tenantId, c.type, c.id) }));
    return { token: store.feedToken(tenantId), count: visible.length, changes };
  }

  async page(tenantId: number, after: number, types: readonly ChangeType[], limit: number): Promise<ChangePage> {
    const { count: _count, ...page } = await this.read(tenantId, after, types, limit);
    return page;
  }

  private recordOf(tenantId: number, type: ChangeType, id: number): ChangedRecord | null {
    const { store } = this;
    const mine = <T extends { tenantId: number; id: number }>(rows: T[]) => rows.find((r) => r.tenantId === tenantId && r.id === id);
    if (type === 'booking') {
      const booking = mine(store.bookings);
      return booking ? store.bookingView(booking) : null;
    }
    if (type === 'site') {
      const site = mine(store.sites);
      return site ? store.siteView(site) : null;
    }
    if (type === 'customer') {
      const user = mine(store.users);
      if (!user || user.role !== 'customer') return null;
      const { role: _role, ...customer } = user;
      return customer;
    }
    if (type === 'site_type') {
      const siteType = mine(store.siteTypes);
      return siteType ? store.siteTypeView(siteType) : null;
    }
    if (type === 'extra') {
      const extra = mine(store.extras);
      return extra ? { ...extra, compulsoryFor: [...extra.compulsoryFor] } : null;
    }
    const invoice = mine(store.invoices);
    return invoice ? { ...invoice } : null;
  }
}
