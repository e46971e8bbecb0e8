import { walkBothWays } from '../page-walks';
import { describe, expect, it } from 'vitest';
import { dateCursor } from '../../shared/pagination';
import { aBooking, aSite, aTenant } from '../mothers';
import { type AdapterSet, type AdapterSetup, seedTenant, uniqueSlug, useAdapterSet } from './adapter-set';
import { describeInsertIfAvailable } from './booking-inserts.contract';
import { describeStaysAndStatus } from './booking-stays.contract';

const at = (iso: string) => new Date(iso);

const bookingCursor = (b: { createdAt: Date; id: number }) => dateCursor(b.createdAt, b.id);

/** The contract of `BookingRepository` (see its TSDoc). */
export function describeBookingRepositoryContract(name: string, setup: AdapterSetup): void {
  describe(`BookingRepository contract: ${name}`, () => {
    const adapters = useAdapterSet(setup);

    /** A tenant with sites 1 (active), 2 (active) and 3 (inactive), plus the given bookings. */
    async function tenantWith(set: AdapterSet, bookings: ReturnType<typeof aBooking>[] = []): Promise<number> {
      return seedTenant(
        set,
        aTenant(uniqueSlug('bookings'), {
          sites: [aSite({ id: 1 }), aSite({ id: 2, siteNumber: 'B7' }), aSite({ id: 3, status: 'inactive' })],
          bookings,
        }),
      );
    }

    describe('reading', () => {
      it('lists by createdAt descending, ties broken by id descending', async () => {
        const set = adapters();
        const same = at('2026-03-01T10:00:00.000Z');
        const tenantId = await tenantWith(set, [
          aBooking({ id: 1, createdAt: at('2026-01-01T00:00:00.000Z') }),
          aBooking({ id: 2, createdAt: same, bookingReference: 'R2' }),
          aBooking({ id: 3, createdAt: at('2026-05-01T00:00:00.000Z') }),
          aBooking({ id: 4, createdAt: same, bookingReference: 'R4' }),
          aBooking({ id: 5, createdAt: at('2026-03-01T10:00:00.001Z') }),
          aBooking({ id: 6, createdAt: same, bookingReference: 'R6' }),
        ]);
        const rows = await set.bookings.list(tenantId, {}, { offset: 0, limit: 10 });
        expect(rows.map((b) => b.id)).toEqual([3, 5, 6, 4, 2, 1]);
      });

      it('counts exactly, with and without filters; an unknown status matches nothing', async () => {
        const set = adapters();
        const tenantId = await tenantWith(set, [
          aBooking({ id: 1, status: 'pending', checkInDate: '2026-07-01', checkOutDate: '2026-07-02' }),
          aBooking({ id: 2, status: 'confirmed', checkInDate: '2026-07-05', checkOutDate: '2026-07-06' }),
          aBooking({ id: 3, status: 'confirmed', checkInDate: '2026-07-10', checkOutDate: '2026-07-12' }),
          aBooking({ id: 4, status: 'cancelled', checkInDate: '2026-07-10', checkOutDate: '2026-07-11' }),
          aBooking({ id: 5, status: 'legacy_hold', checkInDate: '2026-08-01', checkOutDate: '2026-08-02' }),
        ]);
        const { bookings } = set;
        expect(await bookings.count(tenantId, {})).toBe(5);
        expect(await bookings.count(tenantId, { status: 'confirmed' })).toBe(2);
        expect(await bookings.count(tenantId, { status: 'legacy_hold' })).toBe(1);
        expect(await bookings.count(tenantId, { status: 'no_such_status' })).toBe(0);
        expect(await bookings.list(tenantId, { status: 'no_such_status' }, { offset: 0, limit: 10 })).toEqual([]);
        // No stored status can hold a NUL (PostgreSQL text cannot): such a filter matches nothing, and is no error.
        expect(await bookings.count(tenantId, { status: 'confirmed\u0000' })).toBe(0);
        expect(await bookings.list(tenantId, { status: 'confirmed\u0000' }, { offset: 0, limit: 10 })).toEqual([]);
        expect(await bookings.count(tenantId, { status: '\u0000', checkInFrom: '2026-07-05' })).toBe(0);
        expect(await bookings.count(tenantId, { checkInFrom: '2026-07-05' })).toBe(4);
        expect(await bookings.count(tenantId, { checkInTo: '2026-07-05' })).toBe(2);
        expect(await bookings.count(tenantId, { checkInFrom: '2026-07-05', checkInTo: '2026-07-10' })).toBe(3);
        expect(await bookings.count(tenantId, { status: 'confirmed', checkInFrom: '2026-07-06' })).toBe(1);
        expect(await bookings.count(tenantId, { checkInFrom: '2026-09-01' })).toBe(0);
      });

      it('lists only the rows a filter matches, still in the fixed order', async () => {
        const set = adapters();
        const tenantId = await tenantWith(set, [
          aBooking({ id: 1, status: 'confirmed', checkInDate: '2026-07-01', checkOutDate: '2026-07-02' }),
          aBooking({ id: 2, status: 'pending', checkInDate: '2026-07-05', checkOutDate: '2026-07-06' }),
          aBooking({ id: 3, status: 'confirmed', checkInDate: '2026-07-10', checkOutDate: '2026-07-12' }),
          aBooking({ id: 4, status: 'confirmed', checkInDate: '2026-07-05', checkOutDate: '2026-07-07' }),
        ]);
        const ids = async (filter: Parameters<AdapterSet['bookings']['list']>[1]) =>
          (await set.bookings.list(tenantId, filter, { offset: 0, limit: 10 })).map((b) => b.id);
        expect(await ids({ status: 'confirmed' })).toEqual([4, 3, 1]);
        expect(await ids({ checkInFrom: '2026-07-05', checkInTo: '2026-07-05' })).toEqual([4, 2]);
        expect(await ids({ status: 'confirmed', checkInFrom: '2026-07-02' })).toEqual([4, 3]);
      });

      it('reads the same windows by offset and by cursor, with and without a filter', async () => {
        const set = adapters();
        const rows = Array.from({ length: 23 }, (_, i) =>
          aBooking({
            id: i + 1,
            // Pairs share a createdAt (ties by id) and neighbours differ by a single millisecond.
            createdAt: new Date(Date.UTC(2026, 2, 1) + Math.floor(i / 2)),
            status: i % 3 === 0 ? 'pending' : 'confirmed',
            checkInDate: `2026-07-${String((i % 20) + 1).padStart(2, '0')}`,
            checkOutDate: '2026-07-25',
          }),
        );
        const tenantId = await tenantWith(set, rows);
        for (const filter of [{}, { status: 'confirmed' }, { checkInFrom: '2026-07-04', checkInTo: '2026-07-15' }]) {
          const total = await set.bookings.count(tenantId, filter);
          const all = (await set.bookings.list(tenantId, filter, { offset: 0, limit: 100 })).map((b) => b.id);
          expect(all).toHaveLength(total);
          const { byOffset, byCursor } = await walkBothWays(total, 4, (w) => set.bookings.list(tenantId, filter, w), bookingCursor);
          expect(byCursor).toEqual(byOffset);
          expect(byOffset.flat()).toEqual(all);
        }
        const last = (await set.bookings.list(tenantId, {}, { offset: 22, limit: 5 }))[0]!;
        expect(await set.bookings.list(tenantId, {}, { offset: 23, limit: 5, after: bookingCursor(last) })).toEqual([]);
      });

      it('finds by id, or null for an absent id', async () => {
        const set = adapters();
        const tenantId = await tenantWith(set, [aBooking({ id: 4 })]);
        expect((await set.bookings.findById(tenantId, 4))?.id).toBe(4);
        expect(await set.bookings.findById(tenantId, 5)).toBeNull();
      });

      it('round-trips every field exactly: Rappen, millisecond createdAt, unknown statuses, empty strings', async () => {
        const set = adapters();
        const stored = aBooking({
          id: 9,
          bookingReference: 'K7Q2M4XZ9B',
          guestFirstName: '',
          guestLastName: '',
          guestEmail: '',
          siteId: 2,
          checkInDate: '2026-12-30',
          checkOutDate: '2027-01-02',
          numAdults: 0,
          numYouth: 3,
          numChildren: 2,
          status: 'Legacy-Status ü',
          totalPrice: 123456789,
          createdAt: at('2026-05-02T08:15:00.123Z'),
          source: 'console',
        });
        const tenantId = await tenantWith(set, [stored]);
        // Without an updated_at of its own, an imported row's is its creation time.
        const expected = { ...stored, tenantId, siteNumber: 'B7', updatedAt: stored.createdAt, quoteId: null, extras: [] };
        expect(await set.bookings.findById(tenantId, 9)).toEqual(expected);
        expect(await set.bookings.list(tenantId, {}, { offset: 0, limit: 1 })).toEqual([expected]);
        expect(await set.bookings.count(tenantId, { status: 'Legacy-Status ü' })).toBe(1);
      });

      it('keeps tenants apart even when they use the same ids', async () => {
        const set = adapters();
        const a = await tenantWith(set, [aBooking({ id: 1, guestLastName: 'A' }), aBooking({ id: 2, guestLastName: 'A' })]);
        const b = await seedTenant(
          set,
          aTenant(uniqueSlug('bookings-b'), {
            sites: [aSite({ id: 1, siteNumber: 'Z1' })],
            bookings: [aBooking({ id: 1, guestLastName: 'B', status: 'pending' })],
          }),
        );
        expect(await set.bookings.count(a, {})).toBe(2);
        expect(await set.bookings.count(b, {})).toBe(1);
        expect(await set.bookings.count(b, { status: 'confirmed' })).toBe(0);
        expect(await set.bookings.findById(b, 1)).toMatchObject({ tenantId: b, guestLastName: 'B', siteNumber: 'Z1' });
        expect(await set.bookings.findById(a, 1)).toMatchObject({ tenantId: a, guestLastName: 'A', siteNumber: 'A01' });
        expect(await set.bookings.findById(b, 2)).toBeNull();
        expect((await set.bookings.list(b, {}, { offset: 0, limit: 10 })).map((x) => x.guestLastName)).toEqual(['B']);
      });
    });

    describeInsertIfAvailable(adapters, (set, bookings) => tenantWith(set, bookings));

    describeStaysAndStatus(adapters, (set, bookings) => tenantWith(set, bookings));
  });
}
