import { InMemoryRawWriter, aBooking, aSite, aTenant, aUser, anInvoice } from '@campsite/domain/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseZonedDateTime } from '../src/schemas/list-filter.schema';
import { API, type Server, type World, seed, start } from './support/http-harness';

// docs/change-feed.md: `updated_since` on every list, and the invoice filters status, issued_from, issued_to.

let server: Server;
let world: World;
let key: string;
const LISTS = ['bookings', 'sites', 'customers', 'invoices'];

beforeAll(async () => {
  ({ server, world } = await start());
  [key] = (await seed(world, [
    aTenant('alpine', {
      sites: [aSite({ id: 1 }), aSite({ id: 2, siteNumber: 'B2' })],
      users: [aUser({ id: 1, dateJoined: new Date('2025-01-01T00:00:00Z') })],
      bookings: [
        aBooking({ id: 1, createdAt: new Date('2026-01-01T00:00:00Z') }),
        aBooking({ id: 2, createdAt: new Date('2026-02-01T00:00:00Z'), checkInDate: '2026-09-01', checkOutDate: '2026-09-02' }),
      ],
      invoices: [
        anInvoice({ id: 1, status: 'OFFEN', issuedAt: new Date('2026-03-01T23:30:00Z') }),
        anInvoice({ id: 2, status: 'ERLEDIGT', issuedAt: new Date('2026-03-02T00:00:00Z') }),
      ],
    }),
  ])) as [string];
});

const ids = async (path: string) => {
  const reply = await server.get(`${API}/${path}`, key);
  expect(reply.status, reply.text).toBe(200);
  return { count: reply.json.count as number, ids: reply.json.results.map((r: { id: number }) => r.id) as number[] };
};

describe('updated_since', () => {
  it('keeps records with updated_at at or after the instant, in Z or with an offset; empty is not applied', async () => {
    expect(await ids('bookings/?updated_since=2026-02-01T00:00:00Z')).toEqual({ count: 1, ids: [2] });
    expect(await ids('bookings/?updated_since=2026-02-01T01:00:00%2B01:00')).toEqual({ count: 1, ids: [2] });
    expect(await ids('bookings/?updated_since=2026-02-01T00:00:00.001Z')).toEqual({ count: 0, ids: [] });
    expect(await ids('bookings/?updated_since=')).toEqual({ count: 2, ids: [2, 1] });
    expect(await ids('customers/?updated_since=2025-01-01T00:00:00Z')).toEqual({ count: 1, ids: [1] });
    expect(await ids('invoices/?updated_since=2026-03-02T00:00:00Z')).toEqual({ count: 1, ids: [2] });
  });

  it('sees a change another program made, with the filters of the list', async () => {
    const tenantId = world.store.tenants.find((t) => t.slug === 'alpine')!.id;
    // The store stamps every write with the world's clock, as the SQL triggers stamp theirs with the database's.
    world.clock.advance(60_000);
    const before = world.clock.now().toISOString();
    await new InMemoryRawWriter(world.store).renameSite(tenantId, 2, 'Neu');
    expect(await ids(`sites/?updated_since=${before}`)).toEqual({ count: 1, ids: [2] });
  });

  it('answers 400 with the field for a malformed value, on every list, before paging', async () => {
    for (const list of LISTS) {
      for (const bad of ['yesterday', '2026-02-01', '2026-02-01T00:00:00', '2026-02-30T00:00:00Z', '2026-02-01T24:00:00Z']) {
        const reply = await server.get(`${API}/${list}/?updated_since=${bad}&page=999`, key);
        expect(reply.status, `${list} ${bad}`).toBe(400);
        expect(reply.text).toBe('{"updated_since":["Enter a valid date/time."]}');
      }
    }
  });

  it('reads ISO datetimes with a zone only', () => {
    expect(parseZonedDateTime('2026-06-01T12:00:00.123456Z')?.toISOString()).toBe('2026-06-01T12:00:00.123Z');
    expect(parseZonedDateTime('2026-06-01T14:00+02:00')?.toISOString()).toBe('2026-06-01T12:00:00.000Z');
    expect(parseZonedDateTime('2026-06-01T12:00:00-0130')?.toISOString()).toBe('2026-06-01T13:30:00.000Z');
    expect(parseZonedDateTime('2026-06-01 12:00:00Z')?.toISOString()).toBe('2026-06-01T12:00:00.000Z');
    expect(parseZonedDateTime('2026-06-01T12:00:00')).toBeNull();
  });
});

describe('GET /invoices/ filters', () => {
  it('filters by exact status and by the UTC date of issued_at, inclusive', async () => {
    expect(await ids('invoices/?status=OFFEN')).toEqual({ count: 1, ids: [1] });
    expect(await ids('invoices/?status=offen')).toEqual({ count: 0, ids: [] });
    expect(await ids('invoices/?issued_from=2026-03-02')).toEqual({ count: 1, ids: [2] });
    expect(await ids('invoices/?issued_to=2026-03-01')).toEqual({ count: 1, ids: [1] });
    expect(await ids('invoices/?issued_from=2026-03-01&issued_to=2026-03-02&status=')).toEqual({ count: 2, ids: [2, 1] });
  });

  it('answers 400 for malformed dates, every field at fault at once', async () => {
    const reply = await server.get(`${API}/invoices/?issued_from=3.2.2026&issued_to=x&updated_since=y`, key);
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({
      issued_from: ['Enter a valid date.'],
      issued_to: ['Enter a valid date.'],
      updated_since: ['Enter a valid date/time.'],
    });
  });

  it('answers 400 for a status holding a NUL character, as Django does, before any query runs', async () => {
    const reply = await server.get(`${API}/invoices/?status=OFFEN%00`, key);
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({ status: ['Null characters are not allowed.'] });
  });
});
