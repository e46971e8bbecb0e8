import { describe, expect, it } from 'vitest';
import { CHANGE_TYPES, type Change } from '../../changes/change-feed';
import { aBooking, aSite, aTenant, aUser, anInvoice } from '../mothers';
import { type AdapterSet, type AdapterSetup, seedTenant, uniqueSlug, useAdapterSet, useRawWriter } from './adapter-set';

const brief = (changes: Change[]) => changes.map((c) => `${c.type}:${c.id}${c.deleted ? ':deleted' : ''}`);

/**
 * The contract of `ChangeFeedRepository` (docs/change-feed.md): every record once at its latest change, in commit
 * order, whoever wrote it, deletions included, records as their lists render them, tenants apart.
 */
export function describeChangeFeedContract(name: string, setup: AdapterSetup): void {
  describe(`ChangeFeedRepository contract: ${name}`, () => {
    const adapters = useAdapterSet(setup);
    const rawWriter = useRawWriter(adapters);

    function aWorld(set: AdapterSet): Promise<number> {
      return seedTenant(
        set,
        aTenant(uniqueSlug('feed'), {
          sites: [aSite({ id: 1 }), aSite({ id: 2, siteNumber: 'B2' })],
          users: [aUser({ id: 1 }), aUser({ id: 2 }), aUser({ id: 3, role: 'staff' })],
          bookings: [aBooking({ id: 1, siteId: 1, status: 'pending' }), aBooking({ id: 2, siteId: 2, status: 'confirmed' })],
          invoices: [anInvoice({ id: 1, bookingId: 1 })],
        }),
      );
    }

    const lastPosition = async (set: AdapterSet, tenantId: number) => {
      const all = await set.changes.read(tenantId, 0, CHANGE_TYPES, 1000);
      return all.changes.at(-1)?.position ?? 0;
    };

    it('starts with every imported record once (staff are not customers), with the records as the lists render them', async () => {
      const set = adapters();
      const tenantId = await aWorld(set);
      const batch = await set.changes.read(tenantId, 0, CHANGE_TYPES, 50);
      expect(batch.count).toBe(8);
      expect(brief(batch.changes).sort()).toEqual([
        'booking:1',
        'booking:2',
        'customer:1',
        'customer:2',
        'invoice:1',
        'site:1',
        'site:2',
        'site_type:1',
      ]);
      const positions = batch.changes.map((c) => c.position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      const booking = batch.changes.find((c) => c.type === 'booking' && c.id === 2)!;
      expect(booking.record).toEqual(await set.bookings.findById(tenantId, 2));
      expect(batch.token).toMatch(/^[0-9a-f]{32}$/);
    });

    it("records another program's writes after the last position, in commit order, each record once at its latest change", async () => {
      const set = adapters();
      const tenantId = await aWorld(set);
      const mark = await lastPosition(set, tenantId);

      await rawWriter().setBookingStatus(tenantId, 1, 'confirmed');
      await rawWriter().deleteBooking(tenantId, 2);
      await rawWriter().setUserRole(tenantId, 2, 'staff');
      await rawWriter().insertSite(tenantId, aSite({ id: 3, siteNumber: 'C3' }));
      await rawWriter().setBookingStatus(tenantId, 1, 'cancelled');

      const batch = await set.changes.read(tenantId, mark, CHANGE_TYPES, 50);
      expect(brief(batch.changes)).toEqual(['booking:2:deleted', 'customer:2:deleted', 'site:3', 'booking:1']);
      expect(batch.count).toBe(4);
      expect(batch.changes[3]!.record).toMatchObject({ id: 1, status: 'cancelled' });
      expect(batch.changes[3]!.changedAt).toEqual((await set.bookings.findById(tenantId, 1))!.updatedAt);
      expect(batch.changes[0]!.record).toBeNull();
      // A renumbered site changes how its bookings render: both come again.
      const next = batch.changes.at(-1)!.position;
      await rawWriter().renumberSite(tenantId, 1, 'Z1');
      expect(brief((await set.changes.read(tenantId, next, CHANGE_TYPES, 50)).changes).sort()).toEqual(['booking:1', 'site:1']);
    });

    it('shows only the types asked for, and pages by position', async () => {
      const set = adapters();
      const tenantId = await aWorld(set);
      const sites = await set.changes.read(tenantId, 0, ['site'], 50);
      expect(brief(sites.changes)).toEqual(['site:1', 'site:2']);
      expect(sites.count).toBe(2);

      const first = await set.changes.read(tenantId, 0, CHANGE_TYPES, 3);
      expect(first.changes).toHaveLength(3);
      expect(first.count).toBe(8);
      const rest = await set.changes.read(tenantId, first.changes.at(-1)!.position, CHANGE_TYPES, 50);
      expect(rest.count).toBe(5);
      expect([...brief(first.changes), ...brief(rest.changes)].sort()).toEqual(
        brief((await set.changes.read(tenantId, 0, CHANGE_TYPES, 50)).changes).sort(),
      );
    });

    it('gives the same page without its count (the sender reads a backlog that way)', async () => {
      const set = adapters();
      const tenantId = await aWorld(set);
      for (const [after, types, limit] of [
        [0, CHANGE_TYPES, 3],
        [0, ['site'], 50],
        [2, ['booking', 'invoice'], 2],
      ] as const) {
        const { count: _count, ...counted } = await set.changes.read(tenantId, after, types, limit);
        expect(await set.changes.page(tenantId, after, types, limit)).toEqual(counted);
      }
      await expect(set.changes.page(tenantId + 999, 0, CHANGE_TYPES, 5)).rejects.toThrow();
    });

    it('keeps tenants apart: own log, own token', async () => {
      const set = adapters();
      const a = await aWorld(set);
      const b = await seedTenant(set, aTenant(uniqueSlug('feed-b'), { sites: [aSite({ id: 9 })] }));
      await rawWriter().renameSite(a, 1, 'Only A');
      const fromB = await set.changes.read(b, 0, CHANGE_TYPES, 50);
      expect(brief(fromB.changes)).toEqual(['site_type:1', 'site:9']);
      expect(fromB.token).not.toBe((await set.changes.read(a, 0, CHANGE_TYPES, 1)).token);
    });
  });
}
