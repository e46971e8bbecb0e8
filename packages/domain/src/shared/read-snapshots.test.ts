import { describe, expect, it } from 'vitest';
import type { Principal } from '../api-keys/api-key';
import { GetAvailability } from '../bookings/availability';
import { ListBookings } from '../bookings/list-bookings';
import { ListCustomers } from '../customers/list-customers';
import { GetInvoiceDocument, ListInvoiceLines } from '../invoices/get-invoice';
import { ListInvoices } from '../invoices/list-invoices';
import { ListSites } from '../sites/list-sites';
import type { ReadSnapshots } from './read-snapshots';

// docs/database-rules.md: every list reads its count and its rows inside one snapshot of the store.

function recordingSnapshots(): ReadSnapshots & { reads: string[]; inside: boolean } {
  const snapshots = {
    reads: [] as string[],
    inside: false,
    async consistent<T>(work: () => Promise<T>): Promise<T> {
      snapshots.inside = true;
      try {
        return await work();
      } finally {
        snapshots.inside = false;
      }
    },
  };
  return snapshots;
}

const principal: Principal = {
  tenantId: 1,
  keyId: 1,
  prefix: 'ck_abcde',
  scopes: ['bookings:read', 'sites:read', 'customers:read', 'invoices:read'],
};

describe('list use cases read in one snapshot', () => {
  it('counts and lists inside ReadSnapshots.consistent, for every list', async () => {
    const snapshots = recordingSnapshots();
    const rows = {
      count: async () => {
        snapshots.reads.push(`count:${snapshots.inside}`);
        return 1;
      },
      list: async () => {
        snapshots.reads.push(`list:${snapshots.inside}`);
        return [];
      },
    };
    const bookings = {
      ...rows,
      findById: async () => null,
      insertIfAvailable: async () => {
        throw new Error('no');
      },
      updateStatus: async () => null,
      listOccupyingStays: async () => [],
      linesOf: async () => [],
    };
    const request = { page: 1, pageSize: 50 } as const;
    await new ListBookings(bookings, snapshots).execute(principal, {}, request);
    await new ListSites({ ...rows, findById: async () => null }, snapshots).execute(principal, request);
    await new ListCustomers({ ...rows, findById: async () => null }, snapshots).execute(principal, request);
    await new ListInvoices(
      {
        ...rows,
        findById: async () => null,
        linesOf: async () => [],
        issue: async () => {
          throw new Error('no');
        },
      },
      snapshots,
    ).execute(principal, request);
    expect(snapshots.reads).toHaveLength(8);
    expect(snapshots.reads.every((read) => read.endsWith(':true'))).toBe(true);
  });

  it('reads availability (the sites, their count and their stays) inside one snapshot', async () => {
    const snapshots = recordingSnapshots();
    const site = {
      id: 1,
      siteNumber: 'A1',
      name: '',
      maxOccupants: 4,
      basePricePerNight: 3500,
      status: 'active',
      siteTypeId: 1,
      siteTypeName: 'Tent',
    };
    const sites = {
      count: async () => {
        snapshots.reads.push(`count:${snapshots.inside}`);
        return 1;
      },
      list: async () => {
        snapshots.reads.push(`sites:${snapshots.inside}`);
        return [site];
      },
      findById: async () => null,
    };
    const bookings = {
      count: async () => 0,
      list: async () => [],
      findById: async () => null,
      insertIfAvailable: async () => {
        throw new Error('no');
      },
      updateStatus: async () => null,
      listOccupyingStays: async () => {
        snapshots.reads.push(`stays:${snapshots.inside}`);
        return [];
      },
      linesOf: async () => [],
    };
    const window = { from: '2027-07-01', to: '2027-07-08' };
    const page = await new GetAvailability(sites as never, bookings, snapshots).execute(principal, window, {
      page: 1,
      pageSize: 50,
    });
    expect(page.results).toHaveLength(1);
    expect(snapshots.reads.sort()).toEqual(['count:true', 'sites:true', 'stays:true']);
  });

  it("reads an invoice document (invoice, lines, issuer, booking) and an invoice's lines inside one snapshot", async () => {
    const snapshots = recordingSnapshots();
    const invoice = {
      id: 1,
      tenantId: 1,
      invoiceNumber: 'R1',
      bookingId: 7,
      totalChf: 100,
      status: 'OFFEN',
      issuedAt: new Date(0),
      updatedAt: new Date(0),
    };
    const note = (read: string) => snapshots.reads.push(`${read}:${snapshots.inside}`);
    const invoices = {
      count: async () => 1,
      list: async () => [],
      findById: async () => (note('invoice'), invoice),
      linesOf: async () => (note('lines'), []),
      issue: async () => {
        throw new Error('no');
      },
    };
    const bookings = {
      count: async () => 0,
      list: async () => [],
      findById: async () => (note('booking'), null),
      insertIfAvailable: async () => {
        throw new Error('no');
      },
      updateStatus: async () => null,
      listOccupyingStays: async () => [],
      linesOf: async () => [],
    };
    const issuers = { issuerOf: async () => (note('issuer'), { tenantName: 'Camp', billing: null }) };
    const renderer = { render: async () => new Uint8Array([1]) };
    await new GetInvoiceDocument(invoices, bookings, issuers, renderer, snapshots).execute(principal, 1);
    expect(snapshots.reads.sort()).toEqual(['booking:true', 'invoice:true', 'issuer:true', 'lines:true']);
    snapshots.reads.length = 0;
    await new ListInvoiceLines(invoices, snapshots).execute(principal, 1, { page: 1, pageSize: 50 });
    expect(snapshots.reads.sort()).toEqual(['invoice:true', 'lines:true']);
  });
});
