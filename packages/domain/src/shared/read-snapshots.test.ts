import { describe, expect, it } from 'vitest';
import type { Principal } from '../api-keys/api-key';
import { ListBookings } from '../bookings/list-bookings';
import { ListCustomers } from '../customers/list-customers';
import { ListInvoices } from '../invoices/list-invoices';
import { ListSites } from '../sites/list-sites';
import type { ReadSnapshots } from './read-snapshots';

// Issue 16.5: every list reads its count and its rows inside one snapshot of the store.

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

const principal: Principal = { tenantId: 1, keyId: 1, prefix: 'ck_abcde', scopes: ['bookings:read', 'sites:read', 'customers:read', 'invoices:read'] };

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
    const bookings = { ...rows, findById: async () => null, insertIfAvailable: async () => { throw new Error('no'); }, updateStatus: async () => null, listOccupyingStays: async () => [] };
    const request = { page: 1, pageSize: 50 } as const;
    await new ListBookings(bookings, undefined, snapshots).execute(principal, {}, request);
    await new ListSites({ ...rows, findById: async () => null }, undefined, snapshots).execute(principal, request);
    await new ListCustomers({ ...rows, findById: async () => null }, undefined, snapshots).execute(principal, request);
    await new ListInvoices({ ...rows, findById: async () => null, linesOf: async () => [] }, undefined, snapshots).execute(principal, request);
    expect(snapshots.reads).toHaveLength(8);
    expect(snapshots.reads.every((read) => read.endsWith(':true'))).toBe(true);
  });
});
