import { rejectionOf } from '../rejection-of';
import { walkBothWays } from '../page-walks';
import { describe, expect, it } from 'vitest';
import { dateCursor } from '../../shared/pagination';
import { aBooking, aSite, aTenant } from '../mothers';
import { type AdapterSet, type AdapterSetup, seedTenant, uniqueSlug, useAdapterSet } from './adapter-set';
import { describeStaysAndStatus } from './booking-stays.contract';
import { aNewBooking } from './new-booking';

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

    describe('insertIfAvailable', () => {
      it('assigns the next id within the tenant, returns the stored booking and updates the counts', async () => {
        const set = adapters();
        const tenantId = await tenantWith(set, [
          aBooking({ id: 1 }),
          aBooking({ id: 7, checkInDate: '2026-01-01', checkOutDate: '2026-01-02' }),
        ]);
        // Another tenant with higher ids must not influence this tenant's numbering (docs/api-behaviour.md §3).
        await tenantWith(set, [aBooking({ id: 500 })]);
        const draft = aNewBooking(tenantId, { checkInDate: '2026-09-01', checkOutDate: '2026-09-03', totalPrice: 7000 });
        const created = await set.bookings.insertIfAvailable(draft);
        const { lines: _lines, ...fields } = draft;
        expect(created).toEqual({ ...fields, id: 8, siteNumber: 'A01', updatedAt: draft.createdAt });
        expect(await set.bookings.findById(tenantId, 8)).toEqual(created);
        expect(await set.bookings.count(tenantId, {})).toBe(3);
        expect(await set.bookings.count(tenantId, { status: 'pending' })).toBe(1);
        expect(await set.bookings.count(tenantId, { checkInFrom: '2026-09-01' })).toBe(1);
        const next = await set.bookings.insertIfAvailable(aNewBooking(tenantId, { checkInDate: '2026-10-01', checkOutDate: '2026-10-02' }));
        expect(next.id).toBe(9);
        expect((await set.bookings.list(tenantId, {}, { offset: 0, limit: 1 }))[0]?.id).toBe(9);
      });

      it('starts a tenant without bookings at id 1', async () => {
        const set = adapters();
        const tenantId = await tenantWith(set);
        expect((await set.bookings.insertIfAvailable(aNewBooking(tenantId))).id).toBe(1);
      });

      it('refuses an overlap with a pending or confirmed booking on the same site', async () => {
        const set = adapters();
        const tenantId = await tenantWith(set, [
          aBooking({ id: 1, status: 'pending', checkInDate: '2026-07-01', checkOutDate: '2026-07-05' }),
          aBooking({ id: 2, status: 'confirmed', checkInDate: '2026-07-10', checkOutDate: '2026-07-15' }),
        ]);
        for (const [checkInDate, checkOutDate] of [
          ['2026-07-01', '2026-07-05'],
          ['2026-06-28', '2026-07-02'],
          ['2026-07-04', '2026-07-11'],
          ['2026-07-11', '2026-07-12'],
          ['2026-07-09', '2026-07-20'],
        ] as const) {
          expect((await rejectionOf(set.bookings.insertIfAvailable(aNewBooking(tenantId, { checkInDate, checkOutDate })))).code).toBe(
            'site_unavailable',
          );
        }
        expect(await set.bookings.count(tenantId, {})).toBe(2);
      });

      it('accepts touching ranges on either side', async () => {
        const set = adapters();
        const tenantId = await tenantWith(set, [
          aBooking({ id: 1, status: 'confirmed', checkInDate: '2026-07-05', checkOutDate: '2026-07-10' }),
        ]);
        await set.bookings.insertIfAvailable(aNewBooking(tenantId, { checkInDate: '2026-07-01', checkOutDate: '2026-07-05' }));
        await set.bookings.insertIfAvailable(aNewBooking(tenantId, { checkInDate: '2026-07-10', checkOutDate: '2026-07-12' }));
        expect(await set.bookings.count(tenantId, {})).toBe(3);
      });

      it('is not blocked by cancelled, completed, no-show or unknown-status bookings, nor by other sites or tenants', async () => {
        const set = adapters();
        const stay = { checkInDate: '2026-07-01', checkOutDate: '2026-07-05' };
        const tenantId = await tenantWith(set, [
          aBooking({ id: 1, status: 'cancelled', ...stay }),
          aBooking({ id: 2, status: 'completed', ...stay }),
          aBooking({ id: 3, status: 'no_show', ...stay }),
          aBooking({ id: 4, status: 'legacy_hold', ...stay }),
          aBooking({ id: 5, status: 'confirmed', ...stay, siteId: 2 }),
        ]);
        const other = await tenantWith(set, [aBooking({ id: 1, status: 'confirmed', ...stay })]);
        expect((await set.bookings.insertIfAvailable(aNewBooking(tenantId, stay))).id).toBe(6);
        expect(await set.bookings.count(other, {})).toBe(1);
      });

      it('refuses an inactive or absent site', async () => {
        const set = adapters();
        const tenantId = await tenantWith(set);
        expect((await rejectionOf(set.bookings.insertIfAvailable(aNewBooking(tenantId, { siteId: 3 })))).code).toBe('site_unavailable');
        expect((await rejectionOf(set.bookings.insertIfAvailable(aNewBooking(tenantId, { siteId: 99 })))).code).toBe('site_unavailable');
        expect(await set.bookings.count(tenantId, {})).toBe(0);
      });

      it('refuses a reference taken in the tenant and stores nothing; another tenant may use it', async () => {
        const set = adapters();
        const tenantId = await tenantWith(set, [
          aBooking({ id: 1, bookingReference: 'TAKEN00001', checkInDate: '2026-01-01', checkOutDate: '2026-01-02' }),
        ]);
        const draft = aNewBooking(tenantId, { bookingReference: 'TAKEN00001', checkInDate: '2026-09-01', checkOutDate: '2026-09-02' });
        expect((await rejectionOf(set.bookings.insertIfAvailable(draft))).code).toBe('duplicate_booking_reference');
        expect(await set.bookings.count(tenantId, {})).toBe(1);
        expect(await set.bookings.count(tenantId, { status: 'pending' })).toBe(0);
        expect(await set.bookings.findById(tenantId, 2)).toBeNull();
        // The failed attempt used no id and left the dates free.
        expect((await set.bookings.insertIfAvailable({ ...draft, bookingReference: 'FRESH00001' })).id).toBe(2);

        const other = await tenantWith(set);
        expect((await set.bookings.insertIfAvailable({ ...draft, tenantId: other })).bookingReference).toBe('TAKEN00001');
      });

      it('lets exactly one of many parallel overlapping inserts succeed', async () => {
        const set = adapters();
        const tenantId = await tenantWith(set);
        const attempts = Array.from({ length: 12 }, (_, i) =>
          set.bookings.insertIfAvailable(
            aNewBooking(tenantId, { checkInDate: `2026-08-${String(10 + (i % 3)).padStart(2, '0')}`, checkOutDate: '2026-08-20' }),
          ),
        );
        const outcomes = await Promise.allSettled(attempts);
        const won = outcomes.filter((o) => o.status === 'fulfilled');
        expect(won).toHaveLength(1);
        for (const lost of outcomes.filter((o) => o.status === 'rejected')) {
          expect((lost as PromiseRejectedResult).reason).toMatchObject({ code: 'site_unavailable' });
        }
        expect(await set.bookings.count(tenantId, {})).toBe(1);
      });

      it('gives parallel non-overlapping inserts distinct consecutive ids', async () => {
        const set = adapters();
        const tenantId = await tenantWith(set, [aBooking({ id: 3, checkInDate: '2025-01-01', checkOutDate: '2025-01-02' })]);
        const created = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            set.bookings.insertIfAvailable(
              aNewBooking(tenantId, {
                checkInDate: `2026-09-${String(i + 1).padStart(2, '0')}`,
                checkOutDate: `2026-09-${String(i + 2).padStart(2, '0')}`,
              }),
            ),
          ),
        );
        expect(created.map((b) => b.id).sort((x, y) => x - y)).toEqual([4, 5, 6, 7, 8, 9, 10, 11]);
        expect(await set.bookings.count(tenantId, {})).toBe(9);
        expect(await set.bookings.count(tenantId, { status: 'pending' })).toBe(8);
      });
    });

    describeStaysAndStatus(adapters, (set, bookings) => tenantWith(set, bookings));
  });
}
