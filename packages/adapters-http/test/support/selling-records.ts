import type { Change, ChangeBatch, ChangeFeedRepository, ChangePage, ChangeType, ExtraRecord } from '@campsite/domain';
import { InMemorySiteTypeRepository, type InMemoryStore } from '@campsite/domain/testing';

/**
 * The in-memory change feed with the records of the v1.2 types filled in: it looks every record up as a booking,
 * site, customer or invoice, so a `site_type` or `extra` change would carry an invoice of the same id (or nothing).
 * The SQL feed reads each type's own view; until the in-memory one does, this puts the right record in, as its list
 * renders it, so that the feed and webhook tests check the HTTP rendering of those types.
 */
export function sellingRecords(feed: ChangeFeedRepository, store: InMemoryStore): ChangeFeedRepository {
  const types = new InMemorySiteTypeRepository(store);
  const fill = async (tenantId: number, change: Change): Promise<Change> => {
    if (change.deleted || (change.type !== 'site_type' && change.type !== 'extra')) return change;
    if (change.type === 'site_type') return { ...change, record: await types.findById(tenantId, change.id) };
    const extra = store.extras.find((e) => e.tenantId === tenantId && e.id === change.id);
    return { ...change, record: extra ? ({ ...extra, compulsoryFor: [...extra.compulsoryFor] } satisfies ExtraRecord) : null };
  };
  const filled = async <P extends ChangePage>(tenantId: number, page: P): Promise<P> => ({
    ...page,
    changes: await Promise.all(page.changes.map((change) => fill(tenantId, change))),
  });
  return {
    read: async (tenantId: number, after: number, only: readonly ChangeType[], limit: number): Promise<ChangeBatch> =>
      filled(tenantId, await feed.read(tenantId, after, only, limit)),
    page: async (tenantId: number, after: number, only: readonly ChangeType[], limit: number): Promise<ChangePage> =>
      filled(tenantId, await feed.page(tenantId, after, only, limit)),
  };
}
