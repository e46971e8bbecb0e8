import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateCursor } from '../../shared/pagination';
import { aBooking, aSite, aTenant, anInvoice } from '../mothers';
import { type AdapterSet, type AdapterSetup, seedTenant, uniqueSlug, useAdapterSet, useRawWriter } from './adapter-set';
import type { DatedFilter, RawWriter } from './raw-writer';

const DAY = 86_400_000;
const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'completed', 'no_show'];
const INVOICE_STATUSES = ['OFFEN', 'BEZAHLT', 'STORNIERT'];
/**
 * Check-in dates: every third day of 63 from here (three months), so that ranges and rows share days and months.
 * Bookings are made a few minutes around its start, and an update may make one the newest or the oldest of all: a list
 * that walks the creation order from the bounds its months keep (version 015) must still find it.
 */
const CHECK_IN_START = Date.UTC(2026, 2, 1);
/** Invoices around 1970-01-01, so that a UTC day is also rounded down before the epoch. */
const ISSUED_START = Date.UTC(1969, 11, 28);

type Window = { offset: number; limit: number; after?: { key: string; id: number } };

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const checkIn = (day: number) => isoDay(CHECK_IN_START + day * 3 * DAY);

/** One write of another program: what it does, and a number that picks the row it does it to. */
type Op =
  | { kind: 'insertBooking'; tenant: number; status: string; day: number; minute: number }
  | { kind: 'insertInvoice'; tenant: number; status: string; at: number }
  | { kind: 'delete'; list: 'bookings' | 'invoices'; pick: number }
  /**
   * `day` changes a booking's stay, `minute` when it was made (up to the newest of all), `at` an invoice's issued_at;
   * `move` moves the row to the other tenant.
   */
  | {
      kind: 'update';
      list: 'bookings' | 'invoices';
      pick: number;
      status?: string;
      day?: number;
      minute?: number;
      at?: number;
      move: boolean;
    };

const anInstant = fc
  .tuple(fc.integer({ min: 0, max: 9 }), fc.constantFrom(0, 1, DAY - 1, 43_200_000, 3_600_001))
  .map(([day, ms]) => ISSUED_START + day * DAY + ms);

const anOp: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('insertBooking' as const),
    tenant: fc.integer({ min: 0, max: 1 }),
    status: fc.constantFrom(...BOOKING_STATUSES),
    day: fc.integer({ min: 0, max: 20 }),
    minute: fc.integer({ min: 0, max: 5 }),
  }),
  fc.record({
    kind: fc.constant('insertInvoice' as const),
    tenant: fc.integer({ min: 0, max: 1 }),
    status: fc.constantFrom(...INVOICE_STATUSES),
    at: anInstant,
  }),
  fc.record({ kind: fc.constant('delete' as const), list: fc.constantFrom('bookings' as const, 'invoices' as const), pick: fc.nat() }),
  fc.record(
    {
      kind: fc.constant('update' as const),
      list: fc.constant('bookings' as const),
      pick: fc.nat(),
      status: fc.constantFrom(...BOOKING_STATUSES),
      day: fc.integer({ min: 0, max: 20 }),
      minute: fc.integer({ min: -5, max: 10 }),
      move: fc.boolean(),
    },
    { requiredKeys: ['kind', 'list', 'pick', 'move'] },
  ),
  fc.record(
    {
      kind: fc.constant('update' as const),
      list: fc.constant('invoices' as const),
      pick: fc.nat(),
      status: fc.constantFrom(...INVOICE_STATUSES),
      at: anInstant,
      move: fc.boolean(),
    },
    { requiredKeys: ['kind', 'list', 'pick', 'move'] },
  ),
);

/** A filter: any status (or one nobody has), any side of a range, the range possibly empty. */
function aDatedFilter(statuses: string[], day: (n: number) => string): fc.Arbitrary<DatedFilter> {
  return fc.record(
    {
      status: fc.constantFrom(...statuses, 'unknown'),
      from: fc.integer({ min: -1, max: 21 }).map(day),
      to: fc.integer({ min: -1, max: 21 }).map(day),
    },
    { requiredKeys: [] },
  );
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

    /** Two tenants with the same sites, seeded by the importer; ids are unique across both, so a move never collides. */
    async function twoTenants(set: AdapterSet, seeded: number): Promise<{ tenants: [number, number]; nextId: () => number }> {
      let id = 0;
      const nextId = () => ++id;
      const tenant = (slug: string) =>
        aTenant(slug, {
          sites: [aSite({ id: 1 }), aSite({ id: 2, siteNumber: 'B2' })],
          bookings: Array.from({ length: seeded }, (_, i) => {
            const bookingId = nextId();
            return aBooking({
              id: bookingId,
              siteId: 1 + (i % 2),
              status: BOOKING_STATUSES[bookingId % BOOKING_STATUSES.length],
              checkInDate: checkIn(bookingId % 21),
              checkOutDate: checkIn((bookingId % 21) + 2),
              createdAt: new Date(CHECK_IN_START - (bookingId % 4) * 60_000),
            });
          }),
          invoices: Array.from({ length: seeded }, () => {
            const invoiceId = nextId();
            return anInvoice({
              id: invoiceId,
              status: INVOICE_STATUSES[invoiceId % INVOICE_STATUSES.length],
              issuedAt: new Date(ISSUED_START + (invoiceId % 9) * DAY + (invoiceId % 3) * (DAY / 2 - 1)),
            });
          }),
        });
      const a = await seedTenant(set, tenant(uniqueSlug('counts-a')));
      const b = await seedTenant(set, tenant(uniqueSlug('counts-b')));
      return { tenants: [a, b], nextId };
    }

    /** Applies `ops` through plain SQL, skipping those with no row to act on. */
    async function apply(raw: RawWriter, tenants: [number, number], nextId: () => number, ops: Op[], seeded: number): Promise<void> {
      const bookings: Array<{ tenant: number; id: number }> = [];
      const invoices: Array<{ tenant: number; id: number }> = [];
      for (let i = 0; i < seeded; i++) bookings.push({ tenant: 0, id: i + 1 });
      for (let i = 0; i < seeded; i++) invoices.push({ tenant: 0, id: seeded + i + 1 });
      for (let i = 0; i < seeded; i++) bookings.push({ tenant: 1, id: 2 * seeded + i + 1 });
      for (let i = 0; i < seeded; i++) invoices.push({ tenant: 1, id: 3 * seeded + i + 1 });
      const other = (tenant: number) => 1 - tenant;
      for (const op of ops) {
        switch (op.kind) {
          case 'insertBooking': {
            const id = nextId();
            await raw.insertBooking(
              tenants[op.tenant]!,
              aBooking({
                id,
                siteId: 1 + (id % 2),
                status: op.status,
                checkInDate: checkIn(op.day),
                checkOutDate: checkIn(op.day + 1),
                createdAt: new Date(CHECK_IN_START + op.minute * 60_000),
              }),
            );
            bookings.push({ tenant: op.tenant, id });
            break;
          }
          case 'insertInvoice': {
            const id = nextId();
            await raw.insertInvoice(tenants[op.tenant]!, anInvoice({ id, status: op.status, issuedAt: new Date(op.at) }));
            invoices.push({ tenant: op.tenant, id });
            break;
          }
          case 'delete':
          case 'update': {
            const rows = op.list === 'bookings' ? bookings : invoices;
            if (rows.length === 0) break;
            const row = rows[op.pick % rows.length]!;
            const tenantId = tenants[row.tenant]!;
            if (op.kind === 'delete') {
              await (op.list === 'bookings' ? raw.deleteBooking(tenantId, row.id) : raw.deleteInvoice(tenantId, row.id));
              rows.splice(rows.indexOf(row), 1);
              break;
            }
            if (!op.move && op.status === undefined && op.day === undefined && op.minute === undefined && op.at === undefined) break;
            const common = {
              ...(op.status === undefined ? {} : { status: op.status }),
              ...(op.move ? { tenantId: tenants[other(row.tenant)]! } : {}),
            };
            await (op.list === 'bookings'
              ? raw.updateBooking(tenantId, row.id, {
                  ...common,
                  ...(op.day === undefined ? {} : { checkInDate: checkIn(op.day), checkOutDate: checkIn(op.day + 3) }),
                  ...(op.minute === undefined ? {} : { createdAt: new Date(CHECK_IN_START + op.minute * 60_000) }),
                })
              : raw.updateInvoice(tenantId, row.id, { ...common, ...(op.at === undefined ? {} : { issuedAt: new Date(op.at) }) }));
            if (op.move) row.tenant = other(row.tenant);
            break;
          }
        }
      }
    }

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
