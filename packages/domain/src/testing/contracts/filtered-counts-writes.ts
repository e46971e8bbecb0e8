import fc from 'fast-check';
import { aBooking, aSite, aTenant, anInvoice } from '../mothers';
import { type AdapterSet, seedTenant, uniqueSlug } from './adapter-set';
import type { DatedFilter, RawWriter } from './raw-writer';

// What the filtered-counts contract has another program write with plain SQL, and the rows it starts from.

export const DAY = 86_400_000;
export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'completed', 'no_show'];
export const INVOICE_STATUSES = ['OFFEN', 'BEZAHLT', 'STORNIERT'];
/**
 * Check-in dates: every third day of 63 from here (three months), so that ranges and rows share days and months.
 * Bookings are made a few minutes around its start, and an update may make one the newest or the oldest of all: a list
 * that walks the creation order from the bounds its months keep (version 015) must still find it.
 */
export const CHECK_IN_START = Date.UTC(2026, 2, 1);
/** Invoices around 1970-01-01, so that a UTC day is also rounded down before the epoch. */
export const ISSUED_START = Date.UTC(1969, 11, 28);

export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const checkIn = (day: number) => isoDay(CHECK_IN_START + day * 3 * DAY);

/** One write of another program: what it does, and a number that picks the row it does it to. */
export type Op =
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

export const anOp: fc.Arbitrary<Op> = fc.oneof(
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
export function aDatedFilter(statuses: string[], day: (n: number) => string): fc.Arbitrary<DatedFilter> {
  return fc.record(
    {
      status: fc.constantFrom(...statuses, 'unknown'),
      from: fc.integer({ min: -1, max: 21 }).map(day),
      to: fc.integer({ min: -1, max: 21 }).map(day),
    },
    { requiredKeys: [] },
  );
}

/** Two tenants with the same sites, seeded by the importer; ids are unique across both, so a move never collides. */
export async function twoTenants(set: AdapterSet, seeded: number): Promise<{ tenants: [number, number]; nextId: () => number }> {
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
export async function apply(raw: RawWriter, tenants: [number, number], nextId: () => number, ops: Op[], seeded: number): Promise<void> {
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
