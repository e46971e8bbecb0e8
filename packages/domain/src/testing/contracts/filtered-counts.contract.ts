import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateCursor } from '../../shared/pagination';
import { type AdapterSetup, useAdapterSet, useRawWriter } from './adapter-set';
import {
  BOOKING_STATUSES,
  CHECK_IN_START,
  DAY,
  INVOICE_STATUSES,
  ISSUED_START,
  aDatedFilter,
  anOp,
  apply,
  checkIn,
  isoDay,
  twoTenants,
} from './filtered-counts-writes';
import type { DatedFilter } from './raw-writer';

type Window = { offset: number; limit: number; after?: { key: string; id: number } };

/** Every page of a list of `pageSize`, by offset and by cursor, flattened: both must be the expected ids. */
async function pages<T extends { id: number }>(
  count: number,
  pageSize: number,
  list: (window: Window) => Promise<T[]>,
  cursorOf: (row: T) => { key: string; id: number },
): Promise<{ byOffset: number[]; byCursor: number[] }> {
  const byOffset: number[] = [];
  const byCursor: number[] = [];
  let after: { key: string; id: number } | undefined;
  for (let offset = 0; offset <= count; offset += pageSize) {
    byOffset.push(...(await list({ offset, limit: pageSize })).map((r) => r.id));
    const rows = await list(after ? { offset, limit: pageSize, after } : { offset, limit: pageSize });
    byCursor.push(...rows.map((r) => r.id));
    const last = rows.at(-1);
    if (last) after = cursorOf(last);
  }
  return { byOffset, byCursor };
}

/** The list's count is the rows' COUNT(*), and its pages, by offset and by cursor, show exactly the expected ids. */
async function expectList<T extends { id: number }>(
  expected: { count: number; ids: number[] },
  pageSize: number,
  filter: DatedFilter,
  read: { count: () => Promise<number>; list: (window: Window) => Promise<T[]>; cursorOf: (row: T) => { key: string; id: number } },
): Promise<void> {
  const label = JSON.stringify(filter);
  expect(await read.count(), label).toBe(expected.count);
  const seen = await pages(expected.count, pageSize, read.list, read.cursorOf);
  expect(seen.byOffset, label).toEqual(expected.ids);
  expect(seen.byCursor, label).toEqual(expected.ids);
}

/**
 * docs/database-rules.md §4: a filtered list's `count` comes from totals the database keeps per status and
 * day, and its rows from an access path chosen by those totals. Whatever another program writes with plain SQL
 * (inserts, deletes, status and date changes, moves to another tenant), every count equals COUNT(*) of the rows, and
 * every page shows exactly the rows of that position in the list's order, by offset and by cursor.
 */
export function describeFilteredCountsContract(name: string, setup: AdapterSetup): void {
  describe(`filtered counts and pages: ${name}`, () => {
    const adapters = useAdapterSet(setup);
    const rawWriter = useRawWriter(adapters);

    it('a booking that plain SQL makes the newest tops a wide check-in range at once', async () => {
      const set = adapters();
      const raw = rawWriter();
      const { tenants } = await twoTenants(set, 40);
      const [tenantId] = tenants;
      // Booking 21 checks in on the first day; made newest of all, it must lead every range that holds its stay, also
      // where the list walks the creation order from the latest creation its months hold (docs/database-rules.md §4).
      await raw.updateBooking(tenantId, 21, { createdAt: new Date(CHECK_IN_START + 60 * 60_000) });
      for (const filter of [
        { to: checkIn(19) },
        { status: BOOKING_STATUSES[21 % BOOKING_STATUSES.length], to: checkIn(19) },
        { from: checkIn(0) },
      ]) {
        const bookingFilter = { status: filter.status, checkInFrom: filter.from, checkInTo: filter.to };
        const expected = await raw.matching(tenantId, 'bookings', filter);
        expect(expected.ids[0]).toBe(21);
        await expectList(expected, 2, filter, {
          count: () => set.bookings.count(tenantId, bookingFilter),
          list: (window) => set.bookings.list(tenantId, bookingFilter, window),
          cursorOf: (b) => dateCursor(b.createdAt, b.id),
        });
      }
    });

    it('counts and pages equal COUNT(*) and the rows in order, for random plain-SQL writes and random filters', async () => {
      const set = adapters();
      const raw = rawWriter();
      const runs = Number(process.env.PROPERTY_RUNS ?? 15);
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 6 }),
          fc.array(anOp, { maxLength: 25 }),
          fc.array(fc.tuple(aDatedFilter(BOOKING_STATUSES, checkIn), fc.integer({ min: 1, max: 4 })), { minLength: 1, maxLength: 4 }),
          fc.array(
            fc.tuple(
              aDatedFilter(INVOICE_STATUSES, (n) => isoDay(ISSUED_START + (n - 1) * DAY)),
              fc.integer({ min: 1, max: 4 }),
            ),
            { minLength: 1, maxLength: 4 },
          ),
          async (seeded, ops, bookingFilters, invoiceFilters) => {
            const { tenants, nextId } = await twoTenants(set, seeded);
            await apply(raw, tenants, nextId, ops, seeded);
            for (const tenantId of tenants) {
              for (const [filter, pageSize] of bookingFilters) {
                const bookingFilter = { status: filter.status, checkInFrom: filter.from, checkInTo: filter.to };
                await expectList(await raw.matching(tenantId, 'bookings', filter), pageSize, filter, {
                  count: () => set.bookings.count(tenantId, bookingFilter),
                  list: (window) => set.bookings.list(tenantId, bookingFilter, window),
                  cursorOf: (b) => dateCursor(b.createdAt, b.id),
                });
              }
              for (const [filter, pageSize] of invoiceFilters) {
                const invoiceFilter = { status: filter.status, issuedFrom: filter.from, issuedTo: filter.to };
                await expectList(await raw.matching(tenantId, 'invoices', filter), pageSize, filter, {
                  count: () => set.invoices.count(tenantId, invoiceFilter),
                  list: (window) => set.invoices.list(tenantId, window, invoiceFilter),
                  cursorOf: (i) => dateCursor(i.issuedAt, i.id),
                });
              }
              // The unfiltered and per-status totals stay exact too (migration 005's, beside the new ones).
              expect(await set.bookings.count(tenantId, {})).toBe(await raw.countRows(tenantId, 'bookings'));
              expect(await set.invoices.count(tenantId, {})).toBe(await raw.countRows(tenantId, 'invoices'));
            }
          },
        ),
        { numRuns: runs },
      );
    });
  });
}
